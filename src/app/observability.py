"""What :func:`app.main.create_app` adds for metrics, traces and error reports (``docs/observability.md``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from litestar.handlers import HTTPRouteHandler
from litestar.middleware.base import DefineMiddleware
from litestar.plugins import PluginProtocol

from app.error_reports import start_error_reports
from app.metrics import metrics_route, prometheus_middleware
from app.observability_settings import ObservabilitySettings
from app.operations import Operations
from app.tracing import tracing_plugins


@dataclass(frozen=True, slots=True)
class Observability:
    routes: list[HTTPRouteHandler] = field(default_factory=list)
    middleware: list[DefineMiddleware] = field(default_factory=list)
    plugins: list[PluginProtocol] = field(default_factory=list)

    @classmethod
    def of(cls, settings: ObservabilitySettings, env_name: str, operations: Operations) -> Observability:
        """Sentry started (before the app is built), the metrics route and middleware, the tracing plugin."""
        if settings.sentry_dsn:
            start_error_reports(settings.sentry_dsn, env_name)
        metrics = settings.metrics
        return cls(
            routes=[metrics_route(operations, settings.metrics_token)] if metrics else [],
            middleware=[prometheus_middleware()] if metrics else [],
            plugins=tracing_plugins(settings.otlp_endpoint),
        )
