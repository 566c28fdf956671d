"""The HTML document of a public page: the built shell + head tags + pre-rendered body + data block."""

from __future__ import annotations

import gzip
import html
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]

AGENCY_NAME = "Vandy Travel and Recruitment Services"
DEFAULT_IMAGE = "/images/hero-poster.webp"


@dataclass(frozen=True, slots=True)
class Head:
    """Everything of one page's ``<head>`` that differs between pages. URLs are site-relative."""

    title: str
    description: str
    path: str
    image: str = DEFAULT_IMAGE
    og_type: str = "website"
    json_ld: list[dict[str, Any]] = field(default_factory=list)
    extra: str = ""
    """Pre-rendered tags from the build (image preloads, the page's own inline stylesheets), already HTML."""
    robots: str | None = None


def absolute(origin: str, url: str) -> str:
    return url if url.startswith(("http://", "https://")) else origin + url


def script_json(value: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</script>``, no ``<!--``)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def head_html(head: Head, origin: str) -> str:
    e = html.escape
    url = absolute(origin, head.path)
    image = absolute(origin, head.image)
    tags = [
        f"<title>{e(head.title)}</title>",
        f'<meta name="description" content="{e(head.description)}" />',
        f'<link rel="canonical" href="{e(url)}" />',
        f'<meta property="og:type" content="{e(head.og_type)}" />',
        f'<meta property="og:site_name" content="{AGENCY_NAME}" />',
        f'<meta property="og:title" content="{e(head.title)}" />',
        f'<meta property="og:description" content="{e(head.description)}" />',
        f'<meta property="og:url" content="{e(url)}" />',
        f'<meta property="og:image" content="{e(image)}" />',
        '<meta name="twitter:card" content="summary_large_image" />',
        f'<meta name="twitter:title" content="{e(head.title)}" />',
        f'<meta name="twitter:description" content="{e(head.description)}" />',
        f'<meta name="twitter:image" content="{e(image)}" />',
    ]
    if head.robots:
        tags.append(f'<meta name="robots" content="{e(head.robots)}" />')
    tags += [f'<script type="application/ld+json">{script_json(item)}</script>' for item in head.json_ld]
    return "\n    ".join(tags) + head.extra


SITE_FACT_MARK = "__SITE_{}__"
"""How the pre-render writes a site fact (``client/src/entry-server.tsx``): ``__SITE_LABOURLICENCE__``."""


def site_tokens(facts: Mapping[str, object]) -> tuple[tuple[str, str], ...]:
    """``(token, escaped value)`` for every fact, nested ones by their own key (``retention.alertsDays``)."""
    pairs: list[tuple[str, str]] = []
    for key, value in facts.items():
        if isinstance(value, Mapping):
            pairs += site_tokens(value)
        else:
            pairs.append((SITE_FACT_MARK.format(key.upper()), html.escape(str(value))))
    return tuple(pairs)


@dataclass(frozen=True, slots=True)
class Shell:
    """The built ``index.html`` split where a page's head tags and body go, with the site's facts
    (the legal facts of the footer and the privacy notice, from settings) that fill every page."""

    before_head: str
    before_body: str
    after_body: str
    site_data: str = ""
    """The facts as JSON, for the ``site-data`` block the client reads on its first render."""
    tokens: tuple[tuple[str, str], ...] = ()

    def with_site(self, facts: Mapping[str, object]) -> Shell:
        return replace(self, site_data=script_json(facts), tokens=site_tokens(facts))

    def fill_site(self, body: str) -> str:
        for token, value in self.tokens:
            body = body.replace(token, value)
        return body

    @classmethod
    def parse(cls, text: str) -> Shell:
        # The shell's own <title> and description are the fallback of client-only routes; pages
        # replace them with their own.
        start, end = text.index("<title>"), text.index("</title>") + len("</title>")
        text = text[:start] + "<!--head-->" + text[end:]
        desc_start = text.index('<meta name="description"')
        desc_end = text.index(">", desc_start) + 1
        text = text[:desc_start] + text[desc_end:]
        root = '<div id="root"></div>'
        head_at = text.index("<!--head-->")
        root_at = text.index(root)
        return cls(text[:head_at], text[head_at + len("<!--head-->") : root_at], text[root_at + len(root) :])

    def document(self, head: Head, origin: str, body: str, data: object | None = None) -> str:
        block = "" if data is None else f'<script type="application/json" id="route-data">{script_json(data)}</script>'
        if self.site_data:
            block += f'<script type="application/json" id="site-data">{self.site_data}</script>'
        return (
            f"{self.before_head}{head_html(head, origin)}{self.before_body}"
            f'<div id="root">{self.fill_site(body)}</div>{block}{self.after_body}'
        )


@dataclass(frozen=True, slots=True)
class Encoded:
    """One page body in every encoding the server offers."""

    identity: bytes
    br: bytes
    gzip: bytes

    @classmethod
    def of(cls, text: str) -> Encoded:
        raw = text.encode("utf-8")
        return cls(raw, brotli.compress(raw, quality=5), gzip.compress(raw, compresslevel=6))


@lru_cache(maxsize=8)
def _read(path: Path, mtime_ns: int) -> str:
    del mtime_ns  # part of the cache key: a rebuilt client is read again
    return path.read_text(encoding="utf-8")


def read_built(path: Path) -> str:
    return _read(path, path.stat().st_mtime_ns)
