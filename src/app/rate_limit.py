"""The public rate limit as Litestar middleware, counted in the shared store.

Every request to a route under the middleware counts once against its client address (see
:mod:`app.client_address`) and route group in the container's :class:`RateLimiter` (SQLite in
the embedded default, Firestore with ``AGENCY_STORE=firestore``, so N instances enforce one
limit). Over the limit: ``429`` (the API's JSON ``{"message"}``) with ``Retry-After``; every
answer carries the ``RateLimit-*`` headers, as Litestar's in-memory limiter did.
"""

from __future__ import annotations

from typing import Any, Final

from litestar import Request
from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.exceptions import TooManyRequestsException
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from agency_core.submissions.rate_limits import RateDecision, RateLimiter
from app.client_address import client_address


def rate_limit_headers(decision: RateDecision, window_s: float) -> dict[str, str]:
    return {
        "RateLimit-Policy": f"{decision.limit}; w={int(window_s)}",
        "RateLimit-Limit": str(decision.limit),
        "RateLimit-Remaining": str(decision.remaining),
        "RateLimit-Reset": str(decision.reset_s),
    }


RATE_LIMITER: Final = "rate_limiter"
"""The ``app.state`` key of the container's :class:`RateLimiter` (set by :func:`app.dependencies.state_of`)."""
REPORT_RATE_LIMITER: Final = "report_rate_limiter"
"""The ``app.state`` key of the delivery reports' own limiter, sized for a gateway, not a person."""


class SharedRateLimitMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)

    def __init__(self, group: str, limiter_key: str = RATE_LIMITER) -> None:
        self.group = group
        self.limiter_key = limiter_key

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        limiter: RateLimiter = scope["litestar_app"].state[self.limiter_key]
        if not limiter.enabled:
            await next_app(scope, receive, send)
            return
        request: Request[Any, Any, Any] = Request(scope)
        decision = await limiter.hit(self.group, client_address(request))
        headers = rate_limit_headers(decision, limiter.window_s)
        if not decision.allowed:
            raise TooManyRequestsException(headers={**headers, "Retry-After": str(decision.retry_after_s)})

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                mutable = MutableScopeHeaders(message)
                for name, value in headers.items():
                    mutable[name] = value
            await send(message)

        await next_app(scope, receive, send_with_headers)


def shared_rate_limit(group: str, limiter_key: str = RATE_LIMITER) -> SharedRateLimitMiddleware:
    """The middleware for one route group (its routes share one count per address), counted by the
    limiter at ``app.state[limiter_key]``."""
    return SharedRateLimitMiddleware(group, limiter_key)
