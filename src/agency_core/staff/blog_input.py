"""A blog post as staff send it (``{title, excerpt, author, category, readTime, date, image, content,
tags, featured, published}``), read once and checked into the :class:`PostChange` the use cases take."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Final

from agency_core.errors import Rejected
from agency_core.records import BlogPost
from agency_core.spec.inputs import ABSENT, input_of
from agency_core.staff.html_sanitiser import SRC_SCHEMES, safe_url, sanitise_html

REQUIRED: Final = "{label} is required"
TOO_LONG: Final = "{label} must be at most {max} characters"
SHORT: Final = 200
LONG: Final = 100_000
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)


@dataclass(frozen=True, slots=True)
class PostInput:
    title: object = None
    excerpt: object = None
    author: object = None
    category: object = None
    read_time: object = None
    date: object = None
    image: object = None
    content: object = None
    tags: object = ABSENT
    """Left out: no tags (``null`` is refused)."""
    featured: object = False
    published: object = False


@dataclass(frozen=True, slots=True)
class PostChange:
    """The command to create or replace a post: everything but its id and the time of the change."""

    title: str
    excerpt: str
    image: str
    author: str
    date: str
    content: str
    """Sanitised HTML."""
    category: str
    tags: tuple[str, ...]
    read_time: str
    featured: bool
    published: bool

    def post(self, post_id: str, at: datetime) -> BlogPost:
        return BlogPost(
            id=post_id,
            title=self.title,
            excerpt=self.excerpt,
            image=self.image,
            author=self.author,
            date=self.date,
            content=self.content,
            category=self.category,
            tags=self.tags,
            read_time=self.read_time,
            featured=self.featured,
            published=self.published,
            updated_at=at,
        )


def _field(raw: object, errors: dict[str, str], name: str, label: str, *, required: bool, max_len: int = SHORT) -> str:
    if raw is not None and not isinstance(raw, str):
        errors[name] = "Enter text"
        return ""
    value = raw.strip() if isinstance(raw, str) else ""
    if required and not value:
        errors[name] = REQUIRED.format(label=label)
    elif len(value) > max_len:
        errors[name] = TOO_LONG.format(label=label, max=max_len)
    return value


def _post_date(day: str, errors: dict[str, str]) -> str:
    if day and "date" not in errors:
        try:
            date.fromisoformat(day) if _DATE.match(day) else date.fromisoformat("x")
        except ValueError:
            errors["date"] = "Enter a date as YYYY-MM-DD"
    return day


def _post_image(image: str, errors: dict[str, str]) -> str:
    if image and "image" not in errors and safe_url(image, SRC_SCHEMES) is None:
        errors["image"] = "Image must be an https:// address or a path on this site"
    return image


def _post_content(raw: object, errors: dict[str, str]) -> str:
    """The sanitised HTML; the raw text's length is what the limit counts."""
    if not isinstance(raw, str) or not raw.strip():
        errors["content"] = REQUIRED.format(label="Content")
    elif len(raw) > LONG:
        errors["content"] = TOO_LONG.format(label="Content", max=LONG)
    return sanitise_html(raw) if isinstance(raw, str) else ""


def _post_tags(raw: object, errors: dict[str, str]) -> tuple[str, ...]:
    if raw is ABSENT:
        return ()
    if isinstance(raw, str):
        raw = raw.split(",")
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        errors["tags"] = "Tags must be a list of words"
        return ()
    tags = tuple(dict.fromkeys(t.strip() for t in raw if t.strip()))
    if any(len(t) > 50 for t in tags) or len(tags) > 20:
        errors["tags"] = "At most 20 tags of at most 50 characters"
    return tags


def _post_flag(raw: object, name: str, errors: dict[str, str]) -> bool:
    if not isinstance(raw, bool):
        errors[name] = "Must be true or false"
        return False
    return raw


def parse_post(data: Mapping[str, object]) -> PostChange:
    """The command of the post staff sent; ``Rejected`` with a message per field otherwise."""
    sent = input_of(PostInput, data)
    errors: dict[str, str] = {}
    title = _field(sent.title, errors, "title", "Title", required=True)
    excerpt = _field(sent.excerpt, errors, "excerpt", "Excerpt", required=True, max_len=1000)
    author = _field(sent.author, errors, "author", "Author", required=True)
    category = _field(sent.category, errors, "category", "Category", required=True)
    read_time = _field(sent.read_time, errors, "readTime", "Read time", required=True, max_len=50)
    day = _post_date(_field(sent.date, errors, "date", "Date", required=True, max_len=10), errors)
    image = _post_image(_field(sent.image, errors, "image", "Image", required=False, max_len=1000), errors)
    content = _post_content(sent.content, errors)
    tags = _post_tags(sent.tags, errors)
    featured = _post_flag(sent.featured, "featured", errors)
    published = _post_flag(sent.published, "published", errors)
    if errors:
        raise Rejected(errors)
    return PostChange(title, excerpt, image, author, day, content, category, tags, read_time, featured, published)
