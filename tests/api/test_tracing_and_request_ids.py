"""Traces and logs (issue 47 item 5): with ``OTEL_EXPORTER_OTLP_ENDPOINT`` set, one trace covers a
submission, its store write and its outbox enqueue (read from OpenTelemetry's in-memory exporter);
every answer carries an ``X-Request-ID`` and every log line of its request the same id."""

from __future__ import annotations

import json
import logging

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from structlog.stdlib import ProcessorFormatter

from app.tracing import tracing_plugins
from tests.api.conftest import APPOINTMENT, AppFactory

_EXPORTER = InMemorySpanExporter()


@pytest.fixture
def spans() -> InMemorySpanExporter:
    """The process's tracer provider (one per process: OpenTelemetry allows no second), with the
    in-memory exporter on it, emptied for this test."""
    provider = trace.get_tracer_provider()
    if not isinstance(provider, TracerProvider):
        provider = TracerProvider()
        trace.set_tracer_provider(provider)
    if not getattr(provider, "_agency_in_memory", False):
        provider.add_span_processor(SimpleSpanProcessor(_EXPORTER))
        provider._agency_in_memory = True  # type: ignore[attr-defined]
    _EXPORTER.clear()
    return _EXPORTER


def _ancestors(span: ReadableSpan, by_id: dict[int, ReadableSpan]) -> list[str]:
    names = []
    parent = span.parent
    while parent is not None and parent.span_id in by_id:
        names.append(by_id[parent.span_id].name)
        parent = by_id[parent.span_id].parent
    return names


async def test_one_trace_covers_a_submission_its_store_write_and_its_outbox_enqueue(
    make_app: AppFactory, spans: InMemorySpanExporter
) -> None:
    async with AsyncTestClient(make_app(OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:9")) as client:
        answer = await client.post("/api/appointments", json=APPOINTMENT)
        assert answer.status_code == 201
    finished = spans.get_finished_spans()
    (server,) = [s for s in finished if s.kind is trace.SpanKind.SERVER and s.name.startswith("POST /api/appointments")]
    in_trace = [s for s in finished if s.context.trace_id == server.context.trace_id]
    by_id = {s.context.span_id: s for s in in_trace}
    names = {s.name for s in in_trace}
    assert {"store.commit", "outbox.enqueue"} <= names
    for name in ("store.commit", "outbox.enqueue"):
        span = next(s for s in in_trace if s.name == name)
        assert server.name in _ancestors(span, by_id)  # under the request's span, not a trace of its own
    enqueue = next(s for s in in_trace if s.name == "outbox.enqueue")
    assert enqueue.attributes is not None
    assert int(str(enqueue.attributes["messages"])) >= 1


async def test_probes_and_scrapes_are_not_traced(make_app: AppFactory, spans: InMemorySpanExporter) -> None:
    async with AsyncTestClient(make_app(OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:9")) as client:
        assert (await client.get("/livez")).status_code == 200
        assert (await client.get("/metrics")).status_code == 200
    assert not [s for s in spans.get_finished_spans() if s.kind is trace.SpanKind.SERVER]


async def test_no_span_keeps_a_link_token_or_a_query_string(make_app: AppFactory, spans: InMemorySpanExporter) -> None:
    secret = "Dw5bdxekvYLhNSyp3hoEwmsC"
    async with AsyncTestClient(make_app(OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:9")) as client:
        await client.get(f"/welfare/{secret}")
        await client.get(f"/employer/packs/{secret}")
        await client.get(f"/api/jobs?token={secret}")
    servers = [s for s in spans.get_finished_spans() if s.kind is trace.SpanKind.SERVER]
    assert len(servers) == 3
    for span in servers:
        assert secret not in json.dumps(dict(span.attributes or {})) + span.name
    targets = {str((s.attributes or {}).get("http.target")) for s in servers}
    assert targets == {"/welfare/***", "/employer/packs/***", "/api/jobs"}
    assert {s.name for s in servers} == {"GET /welfare/***", "GET /employer/packs/***", "GET /api/jobs"}


def test_without_an_endpoint_no_plugin_is_added() -> None:
    assert tracing_plugins("") == []


async def test_every_answer_carries_a_request_id_and_its_log_lines_the_same(
    client: AsyncTestClient[Litestar], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        first = await client.get("/api/health")
        second = await client.get("/no/such/page/at/all.json")
    ids = [first.headers["x-request-id"], second.headers["x-request-id"]]
    assert all(len(i) == 32 for i in ids)
    assert ids[0] != ids[1]
    (formatter,) = [h.formatter for h in logging.getLogger().handlers if isinstance(h.formatter, ProcessorFormatter)]
    lines = [json.loads(formatter.format(r)) for r in caplog.records if r.name == "app.access"]
    assert [line["request_id"] for line in lines] == ids  # the line as written out (app/logging.py)


async def test_a_plain_request_id_from_the_proxy_is_kept_and_a_strange_one_replaced(
    client: AsyncTestClient[Litestar],
) -> None:
    kept = await client.get("/api/health", headers={"X-Request-ID": "lb-1234abcd"})
    assert kept.headers["x-request-id"] == "lb-1234abcd"
    replaced = await client.get("/api/health", headers={"X-Request-ID": "bad id\twith spaces"})
    assert replaced.headers["x-request-id"] != "bad id\twith spaces"
    assert len(replaced.headers["x-request-id"]) == 32
