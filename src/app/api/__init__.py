"""The public JSON API: forms (rate limited per client address), the blog, error handlers."""

from __future__ import annotations

from typing import Any

from litestar import Request, Router
from litestar.middleware.rate_limit import RateLimitConfig

from app.api.blog import BlogPosts
from app.api.errors import exception_handlers
from app.api.forms import PublicForms
from app.api.legal import legal
from app.api.tracking import Tracking
from app.settings import Settings

__all__ = ["build_api_router", "exception_handlers"]


def client_address(request: Request[Any, Any, Any]) -> str:
    """The direct peer's address. Behind a reverse proxy, run uvicorn with
    ``--proxy-headers --forwarded-allow-ips=<proxy>`` so this is the visitor's address."""
    return request.client.host if request.client else "unknown"


def build_api_router(settings: Settings) -> Router:
    limit = settings.api.rate_limit_per_minute
    forms = Router(
        path="/",
        route_handlers=[PublicForms, Tracking],
        middleware=[RateLimitConfig(rate_limit=("minute", limit), identifier_for_request=client_address).middleware]
        if limit > 0
        else [],
    )
    return Router(path="/", route_handlers=[forms, BlogPosts, legal])
