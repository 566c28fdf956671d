"""A request id in every log line of a request and in its answer's ``X-Request-ID`` header.

The id is the request's own ``X-Request-ID`` when it is a plain token (a proxy's id then follows the
request through), else a new random one. It is bound in structlog's context variables for the whole
request, so every line logged meanwhile, by structlog or the standard library (``app/logging.py``
merges them into both), carries ``request_id``. It wraps the app outside everything else
(:meth:`app.outer_guard.AgencyApp.guard`), so the 400 of a bad Host and the last-resort 500 carry it too.
"""

from __future__ import annotations

import re
import uuid
from typing import Final, cast

import structlog
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

HEADER: Final = b"x-request-id"
_TOKEN: Final = re.compile(rb"[A-Za-z0-9._:-]{8,128}")


def request_id_of(scope: Scope) -> str:
    """The request's own id when it is a plain token of 8 to 128 characters, else a new one."""
    given = [value for name, value in scope.get("headers", ()) if name.lower() == HEADER]
    if len(given) == 1 and _TOKEN.fullmatch(given[0]):
        return given[0].decode("ascii")
    return uuid.uuid4().hex


def request_ids(app: ASGIApp) -> ASGIApp:
    async def with_id(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        request_id = request_id_of(scope)
        header = (HEADER, request_id.encode("ascii"))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(n, v) for n, v in message.get("headers", ()) if n.lower() != HEADER]
                message = cast("Message", {**message, "headers": [*headers, header]})
            await send(message)

        bound = structlog.contextvars.bind_contextvars(request_id=request_id)
        try:
            await app(scope, receive, sending)
        finally:
            structlog.contextvars.reset_contextvars(**bound)

    return with_id
