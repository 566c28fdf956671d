"""``HEAD`` answered wherever ``GET`` is, as RFC 9110 (9.3.2) asks of every general-purpose server.

Litestar routes a method only to handlers that declare it, so every ``HEAD`` was a 405: an uptime
monitor or load balancer that checks ``/healthz`` with ``HEAD``, a link checker, a cache
revalidating a page. Here a ``HEAD`` request runs as the ``GET`` it stands for (the same handler,
guards, rate limit and headers: ``Content-Length``, ``ETag``, the security headers) and its body is
not sent. Once the head of the answer is out, the handler reads a disconnect, so a long answer stops
instead of being produced for nobody. The access log still names the method the client sent
(:func:`method_sent`).
"""

from __future__ import annotations

from typing import cast

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send

_SENT_AS_HEAD = "agency.sent_as_head"


def method_sent(scope: Scope) -> str:
    """The request's method as the client sent it (``HEAD`` runs as ``GET`` inside the app)."""
    return "HEAD" if scope.get(_SENT_AS_HEAD) else str(scope.get("method", ""))


def head_as_get(app: ASGIApp) -> ASGIApp:
    async def answer(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope["method"] != "HEAD":
            await app(scope, receive, send)
            return
        as_get = cast("Scope", {**scope, "method": "GET", _SENT_AS_HEAD: True})
        head_sent = False

        async def without_body(message: Message) -> None:
            nonlocal head_sent
            if message["type"] == "http.response.start":
                head_sent = True
                await send(message)
                await send({"type": "http.response.body", "body": b"", "more_body": False})
            # Body messages (and anything after the head) are dropped.

        async def until_head_sent() -> ReceiveMessage:
            if head_sent:
                return {"type": "http.disconnect"}
            return await receive()

        await app(as_get, until_head_sent, without_body)

    return answer
