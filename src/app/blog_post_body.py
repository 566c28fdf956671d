"""A blog post as the API gives it: the public blog's body, which the admin area's extends.

Outside :mod:`app.api` and :mod:`app.admin` so that both import it without importing each other.
"""

from __future__ import annotations

import msgspec

from agency_core.records import BlogPost


class BlogPostOut(msgspec.Struct, rename="camel", kw_only=True):
    id: str
    title: str
    excerpt: str
    image: str
    author: str
    date: str
    content: str
    category: str
    tags: list[str]
    read_time: str
    featured: bool


def blog_post_json(post: BlogPost) -> BlogPostOut:
    """What a visitor may see of a published post (the API's answer and the page's route data)."""
    return msgspec.convert(post, BlogPostOut, from_attributes=True)
