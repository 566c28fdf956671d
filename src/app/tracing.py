"""OpenTelemetry traces when ``OTEL_EXPORTER_OTLP_ENDPOINT`` is set (``docs/observability.md``).

Litestar's :class:`~litestar.plugins.opentelemetry.OpenTelemetryPlugin` makes one server span per
request, named by method and path with a link's token masked (:func:`_masked_name`), its address
without the token or the query string (:func:`_without_secrets`); the stores add ``store.commit``
and ``outbox.enqueue`` under it (:mod:`adapters.tracing`). The spans are batched to the endpoint over OTLP/HTTP (the
``OTEL_EXPORTER_OTLP_*`` variables configure the exporter as OpenTelemetry documents them). A tracer
provider already installed in the process (the platform's auto-instrumentation, a test's in-memory
exporter) is used as it is. Without the endpoint nothing here is imported and no middleware is added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from litestar.plugins import PluginProtocol

from app.access_log import logged_path
from app.metrics import METRICS_PATH

if TYPE_CHECKING:
    from opentelemetry.trace import Span

NOT_TRACED: Final = [f"^{METRICS_PATH}$", "^/livez$", "^/readyz$", "^/api/health$"]
"""Probes and scrapes: many a minute, nothing to learn from their traces."""


def _without_secrets(span: Span, scope: dict[str, Any]) -> None:
    """The server span's address as the access log keeps it: a link's token in the path masked and no
    query string (an unsubscribe or receipt link carries its token there). OpenTelemetry's ASGI
    middleware has already set them from the raw request; these overwrite them."""
    if not span.is_recording():
        return
    path = logged_path(scope.get("path", ""))
    host = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), "")
    span.set_attributes({"http.target": path, "url.path": path, "url.query": ""})
    span.set_attribute("http.url", f"{scope.get('scheme', 'http')}://{host}{path}")


def _masked_name(scope: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The span's name and ``http.route``: method and path as the access log keeps it. The span
    starts before routing, so the route's template is not known yet; Litestar's default is the raw
    path, which may carry a link's token."""
    path = logged_path(scope.get("path", ""))
    return f"{scope.get('method', '')} {path}".strip(), {"http.route": path}


def tracing_plugins(otlp_endpoint: str, service_name: str = "vandy-agency") -> list[PluginProtocol]:
    if not otlp_endpoint:
        return []
    from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin
    from opentelemetry import trace
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    if not isinstance(trace.get_tracer_provider(), TracerProvider):
        provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
        trace.set_tracer_provider(provider)
    config = OpenTelemetryConfig(
        tracer_provider=trace.get_tracer_provider(),
        exclude=NOT_TRACED,
        server_request_hook_handler=_without_secrets,
        scope_span_details_extractor=_masked_name,  # type: ignore[arg-type]  # a Scope is a dict
    )
    return [OpenTelemetryPlugin(config)]
