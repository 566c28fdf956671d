"""Blog posts as the admin area edits them (drafts too) and the post form."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from agency_core.records import BlogPost
from app.admin.schemas.common import UNSET, Body, Flag, Text, Words, documented, from_object
from app.blog_post_body import BlogPostOut


class AdminBlogPost(BlogPostOut):
    """A post as the public blog gives it, drafts too, with whether it is published and when it changed."""

    published: bool
    updated_at: datetime


class BlogPostIn(Body):
    """The post form: 422 with a message per field that breaks its rule."""

    title: Text = UNSET
    excerpt: Text = UNSET
    image: Text = UNSET
    """An https:// address or a path on this site (``/media/blog/...`` from an upload)."""
    author: Text = UNSET
    date: Text = UNSET
    """``YYYY-MM-DD``."""
    content: Text = UNSET
    """HTML; sanitised before it is stored."""
    category: Text = UNSET
    tags: Words = UNSET
    read_time: Text = UNSET
    featured: Flag = UNSET
    published: Flag = UNSET


class ImageUpload(Body):
    """multipart/form-data: the image file (.jpg, .jpeg, .png, .webp; at most 2MB). Anything else
    in ``image`` (no file, a text field) is a 422 with the core's message."""

    image: Annotated[Any, documented({"type": "string", "format": "binary"})] = None


class UploadedImage(Body):
    url: str
    """Where the public site serves it (``/media/blog/{name}``)."""


def admin_blog_post(post: BlogPost) -> AdminBlogPost:
    return from_object(AdminBlogPost, post)
