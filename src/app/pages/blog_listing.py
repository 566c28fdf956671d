"""Record pages of kinds ``blog-category`` and ``blog-tag`` (``/blog/category/{slug}``, ``/blog/tag/{tag}``).

The build renders ``BlogListingPage`` at ``/blog/category/__RECORD_LABEL__`` (and the tag's) with one
placeholder card (``found``) and with no post (``empty``: "No articles here yet"). Here the label
is filled (the category's name, or the tag as written), and the card is repeated for every
published post of the category or tag with :func:`app.pages.blog_post.fill_cards`, chosen as the page
chooses them (category by slug, tag in any case). The data block carries those posts.

Head: a category of the blog's list and a tag, each with posts, are pages of their own, indexed
under one URL (the canonical: a category's slug, a tag as its newest post writes it, whatever case
the visitor typed); an unknown category and a listing without posts are ``noindex`` (links
followed).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from agency_core.records import BlogPost
from agency_core.spec.constants import BLOG_CATEGORIES
from app.pages import blog_post
from app.pages.document import AGENCY_NAME, Head, absolute

CATEGORY = "blog-category"
TAG = "blog-tag"
LABEL = "__RECORD_LABEL__"


def slugify(text: str) -> str:
    """``slugify`` of ``client/src/lib/slug.ts``."""
    return re.sub(r"^-+|-+$", "", re.sub(r"[^a-z0-9]+", "-", text.lower().replace("&", "and")))


@dataclass(frozen=True, slots=True)
class Listing:
    """One category or tag listing, as ``BlogListingPage`` reads it from its URL."""

    kind: str
    value: str

    @property
    def category_name(self) -> str | None:
        if self.kind != CATEGORY:
            return None
        return next((c.name for c in BLOG_CATEGORIES if slugify(c.name) == self.value), None)

    @property
    def label(self) -> str:
        return self.category_name or self.value

    @property
    def path(self) -> str:
        segment = "category" if self.kind == CATEGORY else "tag"
        return f"/blog/{segment}/{blog_post.encode_uri_component(self.value)}"

    def matches(self, post: BlogPost) -> bool:
        if self.kind == CATEGORY:
            return slugify(post.category) == slugify(self.value)
        return any(t.lower() == self.value.lower() for t in post.tags)

    def canonical(self, posts: list[BlogPost]) -> Listing:
        """The listing under its one URL: a category by its slug, a tag as its newest post writes it."""
        if self.kind == CATEGORY:
            return replace(self, value=slugify(self.value))
        spelling = next((t for p in posts for t in p.tags if t.lower() == self.value.lower()), self.value)
        return replace(self, value=spelling)

    def head(self, entry: Mapping[str, Any], posts: list[BlogPost]) -> Head:
        title = f"Category: {self.label}" if self.kind == CATEGORY else f"Tag: {self.label}"
        own_page = bool(posts) and (self.kind == TAG or self.category_name is not None)
        return Head(
            title=f"{title} | {AGENCY_NAME}",
            description=(entry.get("description") or "").replace(LABEL, self.label),
            path=self.canonical(posts).path,
            extra=entry.get("head") or "",
            robots=None if own_page else "noindex, follow",
        )


def fill(template: str, listing: Listing, posts: list[BlogPost], origin: str) -> str:
    # The label first: the cards' own tokens are the posts' (blog_post.fill replaces every token).
    text = template.replace(LABEL, html.escape(listing.label))
    return blog_post.fill_cards(text, posts, origin)


def data(listing: Listing, records: list[dict[str, Any]], origin: str) -> dict[str, Any]:
    return {"kind": listing.kind, "path": listing.path, "url": absolute(origin, listing.path), "record": records}
