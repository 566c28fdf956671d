"""A blog post as the API gives it: the public blog's body, which the admin area's extends, and
the summary a list of posts gives (everything but the content, which only the post's page shows).

Outside :mod:`app.api` and :mod:`app.admin` so that both import it without importing each other.
"""

from __future__ import annotations

import msgspec

from agency_core.records import BlogPost


class BlogPostSummaryOut(msgspec.Struct, rename="camel", kw_only=True):
    id: str
    title: str
    excerpt: str
    image: str
    author: str
    date: str
    category: str
    tags: list[str]
    read_time: str
    featured: bool


class BlogPostOut(BlogPostSummaryOut, kw_only=True):
    content: str


def blog_post_json(post: BlogPost) -> BlogPostOut:
    """What a visitor may see of a published post (the API's answer and the page's route data)."""
    return msgspec.convert(post, BlogPostOut, from_attributes=True)


def blog_post_summary_json(post: BlogPost) -> BlogPostSummaryOut:
    """A post in a list (the API's list, the blog's list and listing pages' route data): a list
    never shows a post's content, and seven posts' content was most of `/blog`'s data block."""
    return msgspec.convert(post, BlogPostSummaryOut, from_attributes=True)
