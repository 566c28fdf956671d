"""``GET /jobs/{id}``: the built ``index.html`` with the job's head tags (see :mod:`app.pages.job_page`).

A draft or unknown job answers 404 (with the app's page, which says so); a closed one keeps its
page and its head, without ``JobPosting``.
"""

from __future__ import annotations

from typing import Any

from litestar import MediaType, Request, Response, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.params import FromPath

from agency_core.admin import JobStatus
from app.container import Container
from app.pages.job_page import inject_head, job_head
from app.spa import NO_CACHE


@get(["/jobs", "/jobs/{job_id:str}"], include_in_schema=False)
async def job_page(
    container: NamedDependency[Container], request: Request[Any, Any, Any], job_id: FromPath[str | None] = None
) -> Response[str]:
    """``/jobs`` is registered here too: Litestar would not fall back to the SPA route below ``/jobs``."""
    index = container.settings.client_dist.resolve() / "index.html"
    if not index.is_file():
        raise NotFoundException(detail="The client is not built: run `make build`.")
    page = index.read_text(encoding="utf-8")
    headers = {"Cache-Control": NO_CACHE, "X-Content-Type-Options": "nosniff"}
    if job_id is None:
        return Response(page, media_type=MediaType.HTML, headers=headers)
    board = container.job_board
    job = await board.public_job(job_id)
    if job is None:
        return Response(page, status_code=404, media_type=MediaType.HTML, headers=headers)
    site = container.settings.site_url or str(request.base_url).rstrip("/")
    closed = job.status_on(board.today()) is not JobStatus.OPEN
    return Response(inject_head(page, job_head(job, site, closed=closed)), media_type=MediaType.HTML, headers=headers)
