"""Refuse request paths no route can serve before they reach a handler or the file system.

A NUL byte (``/%00``) or a segment longer than a file name may be (255 bytes) made the file
lookups of the client's static files raise (500). Such paths answer 404 ``{"message": "Not Found"}``.
"""

from __future__ import annotations

import json

from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPResponseBodyEvent, HTTPResponseStartEvent, Receive, Scope, Send

MAX_SEGMENT_BYTES = 255
NOT_FOUND = json.dumps({"message": "Not Found"}).encode()


def _impossible(path: str) -> bool:
    if "\x00" in path:
        return True
    return any(len(segment.encode("utf-8", "surrogatepass")) > MAX_SEGMENT_BYTES for segment in path.split("/"))


def path_guard(app: ASGIApp) -> ASGIApp:
    """Litestar app-level middleware (it runs for every routed request, the client's files included)."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP and _impossible(scope.get("path", "")):
            start: HTTPResponseStartEvent = {
                "type": "http.response.start",
                "status": 404,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(NOT_FOUND)).encode())],
            }
            body: HTTPResponseBodyEvent = {"type": "http.response.body", "body": NOT_FOUND, "more_body": False}
            await send(start)
            await send(body)
            return
        await app(scope, receive, send)

    return guarded
