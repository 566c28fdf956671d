"""Record pages of kind ``blog-post`` (``/blog/{id}``): head tags and the filled template.

A new record kind (a job, ``/jobs/{id}``) is a module like this one: ``head`` for the page's
title, description, canonical, Open Graph/Twitter image and JSON-LD, ``fill`` for the content
(the template's ``__RECORD_*__`` tokens, see ``client/scripts/prerender.mjs``), and ``data`` for
the JSON block the client hydrates from (the record as the API returns it).
"""

from __future__ import annotations

import html
import re
from datetime import date
from typing import Any
from urllib.parse import quote

from agency_core.records import BlogPost
from app.pages.document import AGENCY_NAME, DEFAULT_IMAGE, Head, absolute

KIND = "blog-post"
NOT_FOUND_TITLE = "Blog Post Not Found"
NOT_FOUND_DESCRIPTION = "The blog post you're looking for could not be found."


def path_of(post_id: str) -> str:
    return f"/blog/{encode_uri_component(post_id)}"


def encode_uri_component(text: str) -> str:
    """JavaScript's ``encodeURIComponent``."""
    return quote(text, safe="-_.!~*'()")


def display_date(iso: str) -> str:
    """``formatDate`` of ``client/src/lib/slug.ts``: ``10 November 2026`` (en-GB, UTC)."""
    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    months = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ]
    return f"{day.day} {months[day.month - 1]} {day.year}"


def head(post: BlogPost, origin: str) -> Head:
    path = path_of(post.id)
    return Head(
        title=f"{post.title} | {AGENCY_NAME}",
        description=post.excerpt,
        path=path,
        image=post.image or DEFAULT_IMAGE,
        og_type="article",
        json_ld=[
            {
                "@context": "https://schema.org",
                "@type": "BlogPosting",
                "headline": post.title,
                "description": post.excerpt,
                "image": absolute(origin, post.image),
                "datePublished": post.date,
                "dateModified": post.updated_at.date().isoformat(),
                "author": {"@type": "Person", "name": post.author},
                "publisher": {"@type": "Organization", "name": AGENCY_NAME},
                "mainEntityOfPage": absolute(origin, path),
                "articleSection": post.category,
                "keywords": ", ".join(post.tags),
            }
        ],
    )


def not_found_head(path: str) -> Head:
    return Head(
        title=f"{NOT_FOUND_TITLE} | {AGENCY_NAME}", description=NOT_FOUND_DESCRIPTION, path=path, robots="noindex"
    )


# A card of `BlogCard` in a listing's template: `later-on-phone` when the page marks it as below the
# first screen on a phone (client/src/lib/later-sections.ts).
CARD = re.compile(r'<article class="card blog-card(?: later-on-phone)?">.*?</article>', re.DOTALL)
_LATER_CARD = ('<article class="card blog-card">', '<article class="card blog-card later-on-phone">')


def fill_cards(template: str, posts: list[BlogPost], origin: str) -> str:
    """The template's card filled for each post. The cards after the first are below the first
    screen on a phone, so marked `later-on-phone` (as ``BlogPage`` and ``BlogListingPage`` do;
    ``/blog``'s template card already is, its list coming after the featured post)."""

    def cards(match: re.Match[str]) -> str:
        card = match.group(0)
        later = card.replace(*_LATER_CARD, 1)
        return "".join(fill(later if i else card, post, origin) for i, post in enumerate(posts))

    text, found = CARD.subn(cards, template, count=1)
    if posts and not found:
        raise ValueError("the template has no blog card: the client build and the app disagree")
    return text


_TAG_ITEM = re.compile(r'(<ul class="tag-list" aria-label="Tags">)(<li>.*?__RECORD_TAG__.*?</li>)(</ul>)', re.DOTALL)


def fill(template: str, post: BlogPost, origin: str) -> str:
    """The template with the post's fields, escaped for where each token stands."""
    e = html.escape
    url = absolute(origin, path_of(post.id))

    def tags(match: re.Match[str]) -> str:
        item = match.group(2)
        items = "".join(
            item.replace("/blog/tag/__RECORD_TAG__", "/blog/tag/" + e(encode_uri_component(t))).replace(
                "__RECORD_TAG__", e(t)
            )
            for t in post.tags
        )
        return match.group(1) + items + match.group(3)

    text = _TAG_ITEM.sub(tags, template, count=1)
    # URL parameters first (encodeURIComponent, then HTML-escaped), then text and attributes.
    text = text.replace("u=__RECORD_URL__", "u=" + e(encode_uri_component(url)))
    text = text.replace("url=__RECORD_URL__", "url=" + e(encode_uri_component(url)))
    text = text.replace("text=__RECORD_TITLE__", "text=" + e(encode_uri_component(post.title)))
    text = text.replace('dateTime="__RECORD_DATE__"', f'dateTime="{e(post.date)}"')
    text = text.replace('datetime="__RECORD_DATE__"', f'datetime="{e(post.date)}"')
    values = {
        "__RECORD_ID__": e(post.id),
        "__RECORD_TITLE__": e(post.title),
        "__RECORD_EXCERPT__": e(post.excerpt),
        "__RECORD_IMAGE__": e(post.image),
        "__RECORD_AUTHOR__": e(post.author),
        "__RECORD_DATE__": e(display_date(post.date)),
        "__RECORD_CATEGORY__": e(post.category),
        "__RECORD_READTIME__": e(post.read_time),
        "__RECORD_URL__": e(url),
        # Stored HTML, sanitised when saved; the client renders the same string (innerHTML).
        "__RECORD_CONTENT__": post.content,
    }
    return re.sub(r"__RECORD_[A-Z]+__", lambda m: values.get(m.group(0), m.group(0)), text)


def data(post: BlogPost | None, path: str, origin: str, record: dict[str, Any] | None) -> dict[str, Any]:
    return {"kind": KIND, "path": path, "url": absolute(origin, path), "record": record if post else None}
