"""Reads ``blog_posts.json`` (the built-in posts) into :class:`BlogPost` records."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from agency_core.records import BlogPost


def blog_post_from_json(item: dict[str, Any], updated_at: datetime) -> BlogPost:
    return BlogPost(
        id=str(item["id"]),
        title=item["title"],
        excerpt=item["excerpt"],
        image=item["image"],
        author=item["author"],
        date=item["date"],
        content=item["content"],
        category=item["category"],
        tags=tuple(item.get("tags") or ()),
        read_time=str(item["readTime"]),
        featured=bool(item.get("featured", False)),
        published=bool(item.get("published", True)),
        updated_at=updated_at,
    )


def seed_blog_posts(now: datetime | None = None) -> list[BlogPost]:
    text = resources.files("adapters.seed").joinpath("blog_posts.json").read_text(encoding="utf-8")
    moment = now or datetime.now(UTC)
    return [blog_post_from_json(item, moment) for item in json.loads(text)]
