"""The last line of defence around every HTTP request, outside Litestar's own error handling.

- **Host**: a ``Host`` header that is not ``host[:port]`` by RFC 9110 (a port above 65535, not
  ASCII digits, two ports, spaces, non-ASCII, two Host headers) answers 400 ``{"message"}`` before
  anything reads it: Litestar's URL parsing raised on ``x:99999`` inside the error handler itself,
  and uvicorn answered a plain-text 500.
- **Anything that escapes** (an error handler that raises, a ``before_send`` hook, middleware)
  answers 500 ``{"message"}`` as long as nothing was sent yet.

Both answers carry the security headers (:mod:`app.security_headers`) themselves, since they do
not pass Litestar's ``before_send`` hooks.
"""

from __future__ import annotations

import json
import logging
import re

from litestar import Litestar
from litestar.enums import ScopeType
from litestar.openapi.spec import OpenAPI
from litestar.types import ASGIApp, LifeSpanReceive, LifeSpanScope, LifeSpanSend, Message, Receive, Scope, Send

from app.api.errors import INTERNAL_ERROR
from app.head_requests import head_as_get
from app.openapi_conformance import ConformedOpenAPIPlugin
from app.request_id import request_ids
from app.security_headers import security_headers

logger = logging.getLogger("agency.api")

INVALID_HOST = "The Host header is not a valid host name and port."
MAX_PORT = 65535
_HOST = re.compile(
    r"(?P<name>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::(?P<port>[0-9]{1,5}))?",
)


def valid_host(value: bytes) -> bool:
    """``host[:port]``: a reg-name, IPv4 or bracketed IPv6 literal, and a port of ASCII digits up to 65535."""
    try:
        text = value.decode("ascii")
    except UnicodeDecodeError:
        return False
    match = _HOST.fullmatch(text)
    if match is None:
        return False
    port = match.group("port")
    return port is None or int(port) <= MAX_PORT


def _host_ok(scope: Scope) -> bool:
    hosts = [value for name, value in scope.get("headers", ()) if name.lower() == b"host"]
    return not hosts or (len(hosts) == 1 and valid_host(hosts[0]))


async def _send_json(send: Send, status: int, message: str, headers: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"message": message}).encode()
    start: Message = {
        "type": "http.response.start",
        "status": status,
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *headers,
        ],
    }
    await send(start)
    await send({"type": "http.response.body", "body": body, "more_body": False})


def outer_guard(app: ASGIApp, *, production: bool) -> ASGIApp:
    """Wraps the whole Litestar app (its ``before_send`` hooks included)."""
    headers = security_headers(production=production)

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        if not _host_ok(scope):
            await _send_json(send, 400, INVALID_HOST, headers)
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await app(scope, receive, tracked)
        except Exception:
            logger.exception("unhandled error outside the handlers", extra={"path": scope.get("path", "")})
            if started:
                raise
            await _send_json(send, 500, INTERNAL_ERROR, headers)

    return guarded


class AgencyApp(Litestar):
    """The Litestar app behind :func:`outer_guard` and :func:`app.head_requests.head_as_get`, inside
    :func:`app.request_id.request_ids` (uvicorn and the test client call it the same way)."""

    _guarded: ASGIApp | None = None

    @property
    def openapi_schema(self) -> OpenAPI:
        """The conformed document (:class:`app.openapi_conformance.ConformedOpenAPIPlugin` stands in for
        Litestar's plugin, which Litestar's own property looks up by its exact type)."""
        return self.plugins.get(ConformedOpenAPIPlugin).provide_openapi()

    def guard(self, *, production: bool) -> AgencyApp:
        async def litestar(scope: Scope, receive: Receive, send: Send) -> None:
            await Litestar.__call__(self, scope, receive, send)

        self._guarded = request_ids(outer_guard(head_as_get(litestar), production=production))
        return self

    async def __call__(
        self,
        scope: Scope | LifeSpanScope,
        receive: Receive | LifeSpanReceive,
        send: Send | LifeSpanSend,
    ) -> None:
        if self._guarded is None or scope["type"] != ScopeType.HTTP:
            await super().__call__(scope, receive, send)
            return
        await self._guarded(scope, receive, send)  # type: ignore[arg-type]
