"""Spans of the stores' writes for OpenTelemetry, when the app traces (``app/tracing.py``).

The spans go to the process's tracer provider: without one installed (no
``OTEL_EXPORTER_OTLP_ENDPOINT``) OpenTelemetry's API makes them non-recording, and on the slim
install of the scripts, without the package at all, :func:`span` is an empty context.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

try:
    from opentelemetry import trace
except ImportError:  # the scripts' slim install
    trace = None  # type: ignore[assignment]


@contextmanager
def span(name: str, **attributes: int | str) -> Iterator[None]:
    """A child span of the current one (the request's), named ``name``."""
    if trace is None:
        yield
        return
    with trace.get_tracer("agency.store").start_as_current_span(name, attributes=attributes):
        yield
