"""Serves the built client: files from ``client/dist``, else ``index.html`` for client routes."""

from __future__ import annotations

import mimetypes
from pathlib import Path, PurePosixPath
from typing import Any

from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File

from agency_core.jobs.board import JobBoard
from agency_core.staff.fee_policy import FeePolicyService
from agency_core.submissions.service import AgencyService
from app.api.fees import policy_out
from app.pages.fee_policy import fee_policy_html
from app.pages.site import public_page
from app.settings import Settings

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"
mimetypes.add_type("image/webp", ".webp")
mimetypes.add_type("video/webm", ".webm")
mimetypes.add_type("text/javascript", ".js")


def _resolve(dist: Path, path: str) -> Path | None:
    candidate = (dist / path).resolve()
    if candidate.is_file() and candidate.is_relative_to(dist):
        return candidate
    return None


def _serve(path: Path, cache: str, accept_encoding: str = "") -> File:
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    headers = {"Cache-Control": cache, "X-Content-Type-Options": "nosniff"}
    served = path
    # Text assets are compressed once at build time (client/scripts/prerender.mjs): .br, .gz beside them.
    if path.with_name(path.name + ".gz").is_file():
        headers["Vary"] = "Accept-Encoding"
        accepted = accept_encoding.lower()
        for token, suffix in (("br", ".br"), ("gzip", ".gz")):
            candidate = path.with_name(path.name + suffix)
            if token in accepted and candidate.is_file():
                served, headers["Content-Encoding"] = candidate, token
                break
    return File(
        served,
        filename=path.name,
        media_type=media_type,
        content_disposition_type="inline",
        headers=headers,
    )


@get(["/", "/{path:path}"], include_in_schema=False)
async def spa(
    request: Request[Any, Any, Any],
    settings: NamedDependency[Settings],
    agency: NamedDependency[AgencyService],
    job_board: NamedDependency[JobBoard],
    fee_policy: NamedDependency[FeePolicyService],
    path: FromPath[str] = "/",
) -> File | Response[bytes]:
    relative = path.lstrip("/")
    if relative == "api" or relative.startswith("api/"):
        raise NotFoundException(detail="Not Found")
    dist = settings.client_dist.resolve()
    encoding = request.headers.get("accept-encoding", "")
    found = _resolve(dist, relative) if relative else None
    if found is not None and not relative.startswith("_pages/") and found.suffix not in {".br", ".gz"}:
        return _serve(found, IMMUTABLE if relative.startswith("assets/") else NO_CACHE, encoding)

    async def terms_fees() -> str:
        return fee_policy_html(await policy_out(await fee_policy.policy(), job_board))

    page = await public_page(request, settings, agency, job_board, "/" + relative, terms_fees)
    if page is not None:
        return page
    if PurePosixPath(relative).suffix:
        # A missing file (a stale hashed asset, an image) is a 404, not the app's HTML page.
        raise NotFoundException(detail="Not Found")
    index = dist / "index.html"
    if not index.is_file():
        raise NotFoundException(detail="The client is not built: run `make build`.")
    return _serve(index, NO_CACHE, encoding)
