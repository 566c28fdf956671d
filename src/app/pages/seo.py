"""``/robots.txt`` and ``/sitemap.xml``: every public route, published post and open job, with lastmod."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from xml.sax.saxutils import escape

from litestar import Request, Response, get
from litestar.di import NamedDependency

from agency_core.jobs.board import JobBoard
from agency_core.jobs.rules import JobSearch
from agency_core.submissions.service import AgencyService
from app.pages import blog_list, blog_post, job, job_list
from app.pages.site import built, origin_of
from app.settings import Settings


@get("/robots.txt", include_in_schema=False)
async def robots_txt(request: Request[Any, Any, Any], settings: NamedDependency[Settings]) -> Response[str]:
    origin = origin_of(request, settings)
    text = f"User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: {origin}/sitemap.xml\n"
    return Response(text, media_type="text/plain; charset=utf-8", headers={"Cache-Control": "no-cache"})


@get("/sitemap.xml", include_in_schema=False)
async def sitemap_xml(
    request: Request[Any, Any, Any],
    settings: NamedDependency[Settings],
    agency: NamedDependency[AgencyService],
    job_board: NamedDependency[JobBoard],
) -> Response[str]:
    origin = origin_of(request, settings)
    entries: list[tuple[str, str]] = []
    dist = settings.client_dist.resolve()
    site = built(dist)
    if site is not None:
        stamp = datetime.fromtimestamp((dist / "_pages" / "pages.json").stat().st_mtime, UTC).date().isoformat()
        entries += [(path, stamp) for path in site.pages["static"]]
    posts = await agency.blog_posts()
    if site is not None and blog_list.KIND in site.pages["records"]:
        newest = max((p.updated_at.date().isoformat() for p in posts), default=None)
        entries.append((blog_list.PATH, newest or stamp))
    for post in posts:
        entries.append((blog_post.path_of(post.id), post.updated_at.date().isoformat()))
    if site is not None and job_list.KIND in site.pages["records"]:
        # Open jobs only: a closed job keeps its page but leaves the sitemap; drafts are not public.
        jobs = (await job_board.search(JobSearch())).items
        newest_job = max((j.updated_at.date().isoformat() for j in jobs), default=None)
        entries.append((job_list.PATH, newest_job or stamp))
        entries += [(job.path_of(j.id), j.updated_at.date().isoformat()) for j in jobs]
    urls = "".join(
        f"<url><loc>{escape(origin + path)}</loc><lastmod>{lastmod}</lastmod></url>" for path, lastmod in entries
    )
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>\n'
    )
    return Response(xml, media_type="application/xml; charset=utf-8", headers={"Cache-Control": "no-cache"})
