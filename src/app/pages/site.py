"""Serves the public pages: pre-rendered static routes and record pages, with head tags, compressed.

Static routes come from ``client/dist/_pages/pages.json`` (written by the pre-render from
``client/src/app/public-routes.json``); their documents are assembled once per origin and kept with
their brotli and gzip bodies. Record pages (``/blog/{id}``) are filled per request from the store.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec
from litestar import Request, Response

from agency_core.jobs.board import JobBoard
from agency_core.jobs.rules import JobSearch
from agency_core.records import JobStatus
from agency_core.submissions.service import AgencyService
from app.api.jobs import board_json, public_job_json
from app.api.legal import legal_facts
from app.blog_post_body import blog_post_json, blog_post_summary_json
from app.pages import blog_list, blog_listing, blog_post, job, job_filters, job_list
from app.pages.document import Encoded, Head, Shell, read_built
from app.pages.fee_policy import FEE_POLICY_TOKEN, TERMS_PATH
from app.public_url import public_origin
from app.settings import Settings
from app.site_settings import SiteSettings

HTML = "text/html"
AGENCY_NAME = "Vandy Travel and Recruitment Services"
# Client-rendered pages that are served with their head but kept out of search and the sitemap:
# Paystack's return page depends on the payment reference in its query.
NOINDEX: dict[str, tuple[str, str]] = {
    "/payment/callback": ("Payment", "The result of your processing fee payment."),
    "/payment/start": ("Pay the processing fee", "Pay the processing fee of your application."),
}


@dataclass(frozen=True, slots=True, eq=False)
class Built:
    """The built pages (hashed by identity: one instance per build, cached)."""

    shell: Shell
    pages: dict[str, Any]
    dir: Path

    def body(self, entry: dict[str, Any]) -> str:
        return read_built(self.dir / entry["file"])


def built(dist: Path, site: SiteSettings | None = None) -> Built | None:
    """The built pages; with ``site``, their shell fills the site's facts into every page."""
    pages_json = dist / "_pages" / "pages.json"
    index = dist / "index.html"
    if not pages_json.is_file() or not index.is_file():
        return None
    return _built(dist, site, pages_json.stat().st_mtime_ns, index.stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _built(dist: Path, site: SiteSettings | None, *_mtimes: int) -> Built:
    shell = Shell.parse(read_built(dist / "index.html"))
    if site is not None:
        shell = shell.with_site(msgspec.to_builtins(legal_facts(site)))
    return Built(shell, json.loads(read_built(dist / "_pages" / "pages.json")), dist / "_pages")


def origin_of(request: Request[Any, Any, Any], settings: Settings) -> str:
    """``AGENCY_SITE_URL``, else the request's origin (see :mod:`app.public_url`)."""
    return public_origin(request, settings)


def organisation_ld(origin: str) -> dict[str, Any]:
    return {
        "@context": "https://schema.org",
        "@type": "TravelAgency",
        "name": AGENCY_NAME,
        "url": origin + "/",
        "logo": origin + "/images/brand/logo.svg",
        "areaServed": ["Ghana", "United Arab Emirates"],
    }


def static_head(path: str, entry: dict[str, Any], origin: str) -> Head:
    return Head(
        title=entry.get("title") or AGENCY_NAME,
        description=entry.get("description") or "",
        path=path,
        extra=entry.get("head") or "",
        json_ld=[organisation_ld(origin)] if path == "/" else [],
    )


@lru_cache(maxsize=64)
def _static_document(site: Built, path: str, origin: str) -> Encoded:
    entry = site.pages["static"][path]
    return Encoded.of(site.shell.document(static_head(path, entry, origin), origin, site.body(entry)))


def respond(request: Request[Any, Any, Any], page: Encoded, status: int = 200) -> Response[bytes]:
    accepted = request.headers.get("accept-encoding", "").lower()
    headers = {"Vary": "Accept-Encoding", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
    if "br" in accepted:
        body, headers["Content-Encoding"] = page.br, "br"
    elif "gzip" in accepted:
        body, headers["Content-Encoding"] = page.gzip, "gzip"
    else:
        body = page.identity
    return Response(content=body, status_code=status, media_type=HTML, headers=headers)


async def public_page(
    request: Request[Any, Any, Any],
    settings: Settings,
    agency: AgencyService,
    board: JobBoard,
    path: str,
    fee_policy: Callable[[], Awaitable[str]] | None = None,
) -> Response[bytes] | None:
    """The pre-rendered answer for ``path``, or None when it is a client-only route (admin...).
    ``fee_policy`` gives the fee policy's HTML, which ``/terms`` shows as it is now."""
    site = built(settings.client_dist.resolve(), settings.site)
    if site is None:
        return None
    origin = origin_of(request, settings)
    normalised = "/" + path.strip("/")
    if normalised == TERMS_PATH and fee_policy is not None and normalised in site.pages["static"]:
        entry = site.pages["static"][normalised]
        body = site.body(entry).replace(FEE_POLICY_TOKEN, await fee_policy())
        return respond(request, Encoded.of(site.shell.document(static_head(normalised, entry, origin), origin, body)))
    if normalised == blog_list.PATH and blog_list.KIND in site.pages["records"]:
        return await _blog_list_page(request, agency, site, origin)
    if normalised in NOINDEX:
        title, description = NOINDEX[normalised]
        head = Head(title=f"{title} | {AGENCY_NAME}", description=description, path=normalised, robots="noindex")
        # An empty #root: the client renders it (main.tsx), from the reference in the query.
        response = respond(request, Encoded.of(site.shell.document(head, origin, "")))
        response.headers["X-Robots-Tag"] = "noindex"
        return response
    if normalised == job_list.PATH and job_list.KIND in site.pages["records"]:
        return await _job_list_page(request, board, site, origin)
    if normalised in site.pages["static"]:
        return respond(request, _static_document(site, normalised, origin))
    parts = normalised.split("/")
    if len(parts) == 3 and parts[1] == "blog" and parts[2] and "blog-post" in site.pages["records"]:
        return await _blog_post_page(request, agency, site, parts[2], normalised, origin)
    listing_kind = {"category": blog_listing.CATEGORY, "tag": blog_listing.TAG}.get(parts[2] if len(parts) == 4 else "")
    if listing_kind is not None and parts[1] == "blog" and listing_kind in site.pages["records"] and parts[3]:
        return await _blog_listing_page(request, agency, site, blog_listing.Listing(listing_kind, parts[3]), origin)
    if len(parts) == 3 and parts[1] == "jobs" and parts[2] and job.KIND in site.pages["records"]:
        return await _job_page(request, board, site, parts[2], normalised, origin)
    return None


async def _job_page(
    request: Request[Any, Any, Any], board: JobBoard, site: Built, job_id: str, path: str, origin: str
) -> Response[bytes]:
    templates = site.pages["records"][job.KIND]
    found = await board.public_job(job_id)
    if found is None:
        # A draft or an unknown id: the not-found text, with 404.
        missing = templates["missing"]
        head = replace(job.not_found_head(path), extra=missing.get("head") or "")
        document = site.shell.document(head, origin, site.body(missing), job.data(path, origin, None))
        return respond(request, Encoded.of(document), status=404)
    status = found.status_on(board.today())
    closed = status is not JobStatus.OPEN
    entry = templates["closed" if closed else "found"]
    head = replace(job.head(found, origin, closed=closed), extra=entry.get("head") or "")
    body = job.fill(site.body(entry), found)
    record = public_job_json(found, status)
    return respond(request, Encoded.of(site.shell.document(head, origin, body, job.data(path, origin, record))))


async def _job_list_page(request: Request[Any, Any, Any], board: JobBoard, site: Built, origin: str) -> Response[bytes]:
    templates = site.pages["records"][job_list.KIND]
    entry = templates["found"]
    head = Head(
        title=entry.get("title") or AGENCY_NAME,
        description=entry.get("description") or "",
        path=job_list.PATH,
        extra=entry.get("head") or "",
    )
    filters = job_filters.JobFilters.of(request.query_params)
    if filters:
        return await _filtered_job_list_page(request, board, site, origin, filters)
    result = await board.search(JobSearch())
    if result.items:
        body = job_list.fill(site.body(entry), result.items, result.by_country, result.by_category)
    else:
        body = job_list.fill(site.body(templates["empty"]), [], result.by_country, result.by_category)
    data = job_list.data(board_json(result), origin)
    return respond(request, Encoded.of(site.shell.document(head, origin, body, data)))


async def _filtered_job_list_page(
    request: Request[Any, Any, Any], board: JobBoard, site: Built, origin: str, filters: job_filters.JobFilters
) -> Response[bytes]:
    """``/jobs?country=...``: the board as filtered, served ready (see :mod:`app.pages.job_filters`)."""
    templates = site.pages["records"][job_list.KIND]
    result = await board.search(filters.search())
    name = "found" if result.items else "empty-more" if result.total_open else "empty"
    entry = templates[name]
    template = job_filters.set_filters(site.body(entry), filters, result.total_open)
    body = job_list.fill(template, result.items, result.by_country, result.by_category)
    head = job_filters.head(templates["found"], filters)
    data = job_filters.data(board_json(result), filters, origin)
    response = respond(request, Encoded.of(site.shell.document(head, origin, body, data)))
    if head.robots:
        response.headers["X-Robots-Tag"] = head.robots
    return response


async def _blog_post_page(
    request: Request[Any, Any, Any], agency: AgencyService, site: Built, post_id: str, path: str, origin: str
) -> Response[bytes]:
    templates = site.pages["records"][blog_post.KIND]
    post = await agency.blog_post(post_id)
    if post is None:
        entry = templates["missing"]
        head = replace(blog_post.not_found_head(path), extra=entry.get("head") or "")
        document = site.shell.document(head, origin, site.body(entry), blog_post.data(None, path, origin, None))
        return respond(request, Encoded.of(document), status=404)
    entry = templates["found"]
    record: dict[str, Any] = msgspec.to_builtins(blog_post_json(post))
    head = blog_post.head(post, origin)
    head = replace(head, extra=blog_post.fill(entry.get("head") or "", post, origin))
    body = blog_post.fill(site.body(entry), post, origin)
    return respond(
        request, Encoded.of(site.shell.document(head, origin, body, blog_post.data(post, path, origin, record)))
    )


async def _blog_listing_page(
    request: Request[Any, Any, Any], agency: AgencyService, site: Built, listing: blog_listing.Listing, origin: str
) -> Response[bytes]:
    """``/blog/category/{slug}`` and ``/blog/tag/{tag}`` with their posts (see :mod:`app.pages.blog_listing`)."""
    templates = site.pages["records"][listing.kind]
    posts = [p for p in await agency.blog_posts() if listing.matches(p)]
    entry = templates["found" if posts else "empty"]
    head = listing.head(templates["found"], posts)
    body = blog_listing.fill(site.body(entry), listing, posts, origin)
    records = [msgspec.to_builtins(blog_post_summary_json(p)) for p in posts]
    document = site.shell.document(head, origin, body, blog_listing.data(listing, records, origin))
    response = respond(request, Encoded.of(document))
    if head.robots:
        response.headers["X-Robots-Tag"] = head.robots
    return response


async def _blog_list_page(
    request: Request[Any, Any, Any], agency: AgencyService, site: Built, origin: str
) -> Response[bytes]:
    templates = site.pages["records"][blog_list.KIND]
    posts = await agency.blog_posts()
    chosen = blog_list.layout(posts)
    entry = templates["found"]
    head = Head(
        title=entry.get("title") or AGENCY_NAME, description=entry.get("description") or "", path=blog_list.PATH
    )
    if chosen is None or not chosen[1]:
        # Fewer than two posts: the page as it loads (the client fetches the list), not a guess.
        entry = templates["missing"]
        document = site.shell.document(replace(head, extra=entry.get("head") or ""), origin, site.body(entry))
        return respond(request, Encoded.of(document))
    featured, others = chosen
    records = [msgspec.to_builtins(blog_post_summary_json(p)) for p in posts]
    head = replace(head, extra=blog_post.fill(entry.get("head") or "", featured, origin))
    body = blog_list.fill(site.body(entry), featured, others, origin)
    return respond(request, Encoded.of(site.shell.document(head, origin, body, blog_list.data(records, origin))))
