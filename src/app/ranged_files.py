"""A file of the built client served whole or by byte range (``Accept-Ranges: bytes``), so media seeks.

Only a file served as stored (no compressed twin, as the build leaves fonts, images and video)
takes ranges: a range of a ``gzip`` answer would count bytes of the compressed body, which a player
cannot seek in. ``HEAD`` is answered as the whole file (a range is defined for ``GET`` only), and an
``If-Range`` that no longer matches the file (it was rebuilt) gets the whole new file.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from email.utils import formatdate
from pathlib import Path
from typing import Any

import anyio
from litestar import Request, Response
from litestar.datastructures import ETag
from litestar.enums import MediaType
from litestar.response import File, Stream
from litestar.status_codes import HTTP_206_PARTIAL_CONTENT, HTTP_416_REQUESTED_RANGE_NOT_SATISFIABLE

from app.byte_ranges import UNSATISFIABLE, ByteRange, requested_range, unsatisfied_content_range
from app.head_requests import method_sent

CHUNK_BYTES = 64 * 1024


async def _window(path: Path, wanted: ByteRange) -> AsyncIterator[bytes]:
    async with await anyio.open_file(path, "rb") as file:
        await file.seek(wanted.first)
        remaining = wanted.length
        while remaining > 0:
            chunk = await file.read(min(CHUNK_BYTES, remaining))
            if not chunk:
                return  # the file shrank under us; the client sees a short body and asks again
            remaining -= len(chunk)
            yield chunk


def _range_applies(request: Request[Any, Any, Any], etag: str, last_modified: str) -> bool:
    if method_sent(request.scope) != "GET":
        return False
    if_range = request.headers.get("if-range")
    return if_range is None or if_range.strip() in {etag, last_modified}


def ranged_file(
    request: Request[Any, Any, Any], path: Path, media_type: str, headers: dict[str, str]
) -> File | Stream | Response[bytes]:
    """``path`` whole (``200``), the one range asked for (``206``), or ``416`` when no byte of it was."""
    stat = path.stat()
    tag = ETag(value=f"{stat.st_mtime_ns:x}-{stat.st_size:x}")
    last_modified = formatdate(stat.st_mtime, usegmt=True)
    headers = {**headers, "Accept-Ranges": "bytes"}
    wanted = (
        requested_range(request.headers.get("range"), stat.st_size)
        if _range_applies(request, tag.to_header(), last_modified)
        else None
    )
    if wanted is None:
        return File(
            path,
            filename=path.name,
            media_type=media_type,
            content_disposition_type="inline",
            headers=headers,
            etag=tag,
            stat_result=stat,
        )
    validators = {"ETag": tag.to_header(), "Last-Modified": last_modified}
    if wanted == UNSATISFIABLE:
        return Response(
            b"",
            status_code=HTTP_416_REQUESTED_RANGE_NOT_SATISFIABLE,
            media_type=MediaType.TEXT,
            headers={**headers, **validators, "Content-Range": unsatisfied_content_range(stat.st_size)},
        )
    return Stream(
        _window(path, wanted),
        status_code=HTTP_206_PARTIAL_CONTENT,
        media_type=media_type,
        headers={
            **headers,
            **validators,
            "Content-Range": wanted.content_range,
            "Content-Length": str(wanted.length),
        },
    )
