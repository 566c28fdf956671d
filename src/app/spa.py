"""Serves the built client: files from ``client/dist``, else ``index.html`` for client routes."""

from __future__ import annotations

from pathlib import Path

from litestar import get
from litestar.exceptions import NotFoundException
from litestar.response import File

from app.container import Container

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"


def _resolve(dist: Path, path: str) -> Path | None:
    candidate = (dist / path).resolve()
    if candidate.is_file() and candidate.is_relative_to(dist):
        return candidate
    return None


@get(["/", "/{path:path}"], include_in_schema=False, sync_to_thread=False)
def spa(container: Container, path: str = "/") -> File:
    relative = path.lstrip("/")
    if relative == "api" or relative.startswith("api/"):
        raise NotFoundException(detail="Not Found")
    dist = container.settings.client_dist
    found = _resolve(dist, relative) if relative else None
    if found is not None:
        cache = IMMUTABLE if relative.startswith("assets/") else NO_CACHE
        return File(found, content_disposition_type="inline", headers={"Cache-Control": cache})
    index = dist / "index.html"
    if not index.is_file():
        raise NotFoundException(detail="The client is not built: run `make build`.")
    return File(index, content_disposition_type="inline", headers={"Cache-Control": NO_CACHE})
