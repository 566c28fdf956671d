"""The public JSON API: forms (rate limited per client address), the blog, error handlers."""

from __future__ import annotations

from litestar import Router
from litestar.middleware.rate_limit import RateLimitConfig

from app.api.blog import BlogPosts
from app.api.errors import exception_handlers
from app.api.forms import PublicForms
from app.api.job_alerts import JobAlertUnsubscribe
from app.api.jobs import PublicJobs
from app.api.legal import legal
from app.api.payments import PaymentInfo, PaymentStart
from app.api.tracking import Tracking
from app.client_address import client_address
from app.settings import Settings

__all__ = ["build_api_router", "exception_handlers"]


def build_api_router(settings: Settings) -> Router:
    limit = settings.api.rate_limit_per_minute
    forms = Router(
        path="/",
        route_handlers=[PublicForms, PaymentStart, Tracking],
        middleware=[RateLimitConfig(rate_limit=("minute", limit), identifier_for_request=client_address).middleware]
        if limit > 0
        else [],
    )
    return Router(path="/", route_handlers=[forms, BlogPosts, PaymentInfo, PublicJobs, JobAlertUnsubscribe, legal])
