"""Serves the built client: files from ``client/dist``, else ``index.html`` for client routes."""

from __future__ import annotations

import mimetypes
from pathlib import Path, PurePosixPath

from litestar import get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File

from app.container import Container

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


def _serve(path: Path, cache: str) -> File:
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return File(
        path,
        filename=path.name,
        media_type=media_type,
        content_disposition_type="inline",
        headers={"Cache-Control": cache, "X-Content-Type-Options": "nosniff"},
    )


@get(["/", "/{path:path}"], include_in_schema=False, sync_to_thread=False)
def spa(container: NamedDependency[Container], path: FromPath[str] = "/") -> File:
    relative = path.lstrip("/")
    if relative == "api" or relative.startswith("api/"):
        raise NotFoundException(detail="Not Found")
    dist = container.settings.client_dist.resolve()
    found = _resolve(dist, relative) if relative else None
    if found is not None:
        return _serve(found, IMMUTABLE if relative.startswith("assets/") else NO_CACHE)
    if PurePosixPath(relative).suffix:
        # A missing file (a stale hashed asset, an image) is a 404, not the app's HTML page.
        raise NotFoundException(detail="Not Found")
    index = dist / "index.html"
    if not index.is_file():
        raise NotFoundException(detail="The client is not built: run `make build`.")
    return _serve(index, NO_CACHE)
