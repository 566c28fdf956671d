"""Blog posts as the admin area edits them (drafts too) and the post form."""

from __future__ import annotations

from datetime import datetime

from litestar.datastructures import UploadFile

from agency_core.records import BlogPost
from app.admin.schemas.common import UNSET, Body, from_object
from app.blog_post_body import BlogPostOut


class AdminBlogPost(BlogPostOut):
    """A post as the public blog gives it, drafts too, with whether it is published and when it changed."""

    published: bool
    updated_at: datetime


class BlogPostIn(Body, kw_only=True):
    """The post form: 422 with a message per field that breaks its rule."""

    title: str
    excerpt: str
    image: str = UNSET
    """An https:// address or a path on this site (``/media/blog/...`` from an upload)."""
    author: str
    date: str
    """``YYYY-MM-DD``."""
    content: str
    """HTML; sanitised before it is stored."""
    category: str
    tags: list[str] = UNSET
    read_time: str
    featured: bool = UNSET
    published: bool = UNSET


class ImageUpload(Body):
    """multipart/form-data: the image file (.jpg, .jpeg, .png, .webp; at most 2MB). Anything else
    in ``image`` (no file, a text field) is a 422 with the core's message."""

    image: UploadFile = UNSET


class UploadedImage(Body):
    url: str
    """Where the public site serves it (``/media/blog/{name}``)."""


def admin_blog_post(post: BlogPost) -> AdminBlogPost:
    return from_object(AdminBlogPost, post)
