"""Serves the built client: files from ``client/dist``, the public pages, the admin client's shell,
and for any other path the not-found page with 404 (:mod:`app.pages.not_found`)."""

from __future__ import annotations

import mimetypes
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File, Stream

from agency_core.jobs.board import JobBoard
from agency_core.staff.fee_policy import FeePolicyService
from agency_core.submissions.service import AgencyService
from app.api.fees import policy_out
from app.pages.admin_shell import admin_shell
from app.pages.fee_policy import fee_policy_html
from app.pages.not_found import is_admin_client, not_found_page
from app.pages.site import public_page
from app.ranged_files import ranged_file
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


def _variant(path: Path, cache: str, accept_encoding: str) -> tuple[Path, dict[str, str]]:
    headers = {"Cache-Control": cache, "X-Content-Type-Options": "nosniff"}
    # Text assets are compressed once at build time (client/scripts/prerender.mjs): .br, .gz beside them.
    if path.with_name(path.name + ".gz").is_file():
        headers["Vary"] = "Accept-Encoding"
        accepted = accept_encoding.lower()
        for token, suffix in (("br", ".br"), ("gzip", ".gz")):
            candidate = path.with_name(path.name + suffix)
            if token in accepted and candidate.is_file():
                return candidate, {**headers, "Content-Encoding": token}
    return path, headers


def _media_type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def _file(path: Path, served: Path, headers: dict[str, str]) -> File:
    """``served`` (``path`` or its compressed twin) streamed as ``path``."""
    return File(
        served, filename=path.name, media_type=_media_type(path), content_disposition_type="inline", headers=headers
    )


def _serve(path: Path, cache: str, accept_encoding: str = "") -> File:
    return _file(path, *_variant(path, cache, accept_encoding))


def _serve_static(request: Request[Any, Any, Any], path: Path) -> File | Stream | Response[bytes]:
    """A file of the build outside ``/assets/``; one stored as is (media, images) takes byte ranges."""
    served, headers = _variant(path, NO_CACHE, request.headers.get("accept-encoding", ""))
    if "Vary" in headers:  # it has compressed twins: a range would count bytes of the encoding sent
        return _file(path, served, headers)
    return ranged_file(request, path, _media_type(path), headers)


ASSET_IN_MEMORY_BYTES = 512 * 1024


@lru_cache(maxsize=512)
def _asset_bytes(path: Path, mtime_ns: int) -> bytes:
    del mtime_ns  # part of the key: a rebuilt client is read again
    return path.read_bytes()


def _serve_asset(path: Path, accept_encoding: str) -> File | Response[bytes]:
    """A hashed file of the build (``/assets/``), cached for a year and never revalidated. Up to
    :data:`ASSET_IN_MEMORY_BYTES` (every file the build makes now) it is sent from memory without
    ``ETag``, ``Last-Modified`` or ``Content-Disposition``: a page loads a dozen of these on a first
    visit, and each header line is on the phone's wire. A larger one is streamed as a file."""
    served, headers = _variant(path, IMMUTABLE, accept_encoding)
    stat = served.stat()
    if stat.st_size > ASSET_IN_MEMORY_BYTES:
        return _file(path, served, headers)
    return Response(_asset_bytes(served, stat.st_mtime_ns), media_type=_media_type(path), headers=headers)


@get(["/", "/{path:path}"], include_in_schema=False)
async def spa(
    request: Request[Any, Any, Any],
    settings: NamedDependency[Settings],
    agency: NamedDependency[AgencyService],
    job_board: NamedDependency[JobBoard],
    fee_policy: NamedDependency[FeePolicyService],
    path: FromPath[str] = "/",
) -> File | Stream | Response[bytes]:
    relative = path.lstrip("/")
    if relative == "api" or relative.startswith("api/"):
        raise NotFoundException(detail="Not Found")
    dist = settings.client_dist.resolve()
    encoding = request.headers.get("accept-encoding", "")
    found = _resolve(dist, relative) if relative else None
    if found is not None and not relative.startswith("_pages/") and found.suffix not in {".br", ".gz"}:
        if relative.startswith("assets/"):
            return _serve_asset(found, encoding)
        return _serve_static(request, found)

    async def terms_fees() -> str:
        return fee_policy_html(await policy_out(await fee_policy.policy(), job_board))

    page = await public_page(request, settings, agency, job_board, "/" + relative, terms_fees)
    if page is not None:
        return page
    if PurePosixPath(relative).suffix:
        # A missing file (a stale hashed asset, an image) is a 404, not the app's HTML page.
        raise NotFoundException(detail="Not Found")
    if not is_admin_client(relative):
        missing = not_found_page(request, settings, relative)
        if missing is not None:
            return missing
    # An admin route's shell names its modules, for the starter to request them with the entry.
    index = admin_shell(dist, relative) or dist / "index.html"
    if not index.is_file():
        raise NotFoundException(detail="The client is not built: run `make build`.")
    return _serve(index, NO_CACHE, encoding)
