"""The record page of kind ``blog-list`` (``/blog``): the published posts in the HTML.

The build renders ``/blog`` with two placeholder posts (a featured one and a card); the featured
article is filled with :func:`app.pages.blog_post.fill` and the card repeated for each of the next
six posts with :func:`app.pages.blog_post.fill_cards`, exactly as ``BlogPage`` lays them out.
"""

from __future__ import annotations

import re
from typing import Any

from agency_core.records import BlogPost
from app.pages import blog_post
from app.pages.document import absolute

KIND = "blog-list"
PATH = "/blog"
LATEST = 6

_FEATURED = re.compile(r'<article class="card featured-post">.*?</article>', re.DOTALL)


def layout(posts: list[BlogPost]) -> tuple[BlogPost, list[BlogPost]] | None:
    """``BlogPage``'s choice: the first featured post (else the newest) and the next six."""
    if not posts:
        return None
    featured = next((p for p in posts if p.featured), posts[0])
    return featured, [p for p in posts if p is not featured][:LATEST]


def fill(template: str, featured: BlogPost, others: list[BlogPost], origin: str) -> str:
    text = _FEATURED.sub(lambda m: blog_post.fill(m.group(0), featured, origin), template, count=1)
    return blog_post.fill_cards(text, others, origin)


def data(records: list[dict[str, Any]] | None, origin: str) -> dict[str, Any]:
    return {"kind": KIND, "path": PATH, "url": absolute(origin, PATH), "record": records}
