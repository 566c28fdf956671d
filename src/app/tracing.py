"""OpenTelemetry traces when ``OTEL_EXPORTER_OTLP_ENDPOINT`` is set (``docs/observability.md``).

Litestar's :class:`~litestar.plugins.opentelemetry.OpenTelemetryPlugin` makes one server span per
request, named by its route template; the stores add ``store.commit`` and ``outbox.enqueue`` under it
(:mod:`adapters.tracing`). The spans are batched to the endpoint over OTLP/HTTP (the
``OTEL_EXPORTER_OTLP_*`` variables configure the exporter as OpenTelemetry documents them). A tracer
provider already installed in the process (the platform's auto-instrumentation, a test's in-memory
exporter) is used as it is. Without the endpoint nothing here is imported and no middleware is added.
"""

from __future__ import annotations

from typing import Final

from litestar.plugins import PluginProtocol

from app.metrics import METRICS_PATH

NOT_TRACED: Final = [f"^{METRICS_PATH}$", "^/livez$", "^/readyz$", "^/api/health$"]
"""Probes and scrapes: many a minute, nothing to learn from their traces."""


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
    config = OpenTelemetryConfig(tracer_provider=trace.get_tracer_provider(), exclude=NOT_TRACED)
    return [OpenTelemetryPlugin(config)]
