"""Prometheus metrics at ``/metrics`` (``docs/observability.md``).

- Requests and their latency by **route template** (``/api/track/{reference}``, never the raw path):
  Litestar's :class:`~litestar.plugins.prometheus.PrometheusMiddleware` with ``group_path=True``.
- The outbox, read from the store when scraped (at most once per :data:`OUTBOX_CACHE_S`, whichever
  process answers, so every worker process tells the same): messages pending by channel, the age of
  the oldest one due, the reminders due.
- Counted as they happen: send attempts by channel and outcome, messages given up on, sign-in refusals.

With ``PROMETHEUS_MULTIPROC_DIR`` set (several worker processes), the counters and histograms are
kept in files there and every process answers with the sum of all of them (``prometheus_client``'s
multiprocess mode; the folder must be emptied before the processes start).
"""

from __future__ import annotations

import hmac
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from litestar import Request, Response, get
from litestar.handlers import HTTPRouteHandler
from litestar.middleware.base import DefineMiddleware
from litestar.plugins.prometheus import PrometheusConfig
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from agency_core.clock import Clock
from agency_core.messaging.notifications import SmsKind
from agency_core.ports import Outbox
from agency_core.records import Channel, OutboxMessage, OutboxStatus

METRICS_PATH: Final = "/metrics"
PREFIX: Final = "agency"
OUTBOX_CACHE_S: Final = 10.0
"""How long one read of the outbox answers the scrapes (one scrape a second must not read it each time)."""
REMINDER_KINDS: Final = frozenset((SmsKind.APPOINTMENT_REMINDER.value, SmsKind.ID_REMINDER.value))
TOKEN_REFUSED: Final = "A valid metrics token is required."  # noqa: S105 - the refusal's words, no secret

SENDS: Final = Counter(
    f"{PREFIX}_outbox_sends", "Send attempts of the outbox by channel and outcome", ("channel", "outcome")
)
DELIVERY_FAILURES: Final = Counter(
    f"{PREFIX}_delivery_failures", "Messages the outbox gave up on (attempts spent)", ("channel",)
)
SIGN_IN_REFUSALS: Final = Counter(f"{PREFIX}_sign_in_refusals", "Admin sign-ins refused, by reason", ("reason",))


def count_send(channel: str, outcome: str) -> None:
    """One send attempt's outcome (``sent``, ``retry``, ``unsettled``, ``failed``)."""
    SENDS.labels(channel, outcome).inc()
    if outcome == "failed":
        DELIVERY_FAILURES.labels(channel).inc()


def count_sign_in_refusal(reason: str) -> None:
    SIGN_IN_REFUSALS.labels(reason).inc()


@dataclass(frozen=True, slots=True)
class OutboxFigures:
    pending: dict[str, int]
    """Pending messages by channel (every channel present, zero included)."""
    oldest_due_age_s: float
    """How long the oldest pending message has been due (0 when none is)."""
    reminders_due: int


def outbox_figures(messages: Sequence[OutboxMessage], now: datetime) -> OutboxFigures:
    pending = [m for m in messages if m.status is OutboxStatus.PENDING]
    due = [m for m in pending if m.next_attempt_at <= now]
    oldest = min((m.next_attempt_at for m in due), default=now)
    return OutboxFigures(
        pending={channel.value: sum(1 for m in pending if m.channel is channel) for channel in Channel},
        oldest_due_age_s=max((now - oldest).total_seconds(), 0.0),
        reminders_due=sum(1 for m in due if m.kind in REMINDER_KINDS),
    )


class OutboxGauges:
    """The outbox's figures, read at scrape time and kept :data:`OUTBOX_CACHE_S` seconds."""

    def __init__(self, outbox: Outbox, clock: Clock, cache_s: float | None = None) -> None:
        self._outbox = outbox
        self._clock = clock
        self._cache_s = cache_s
        self._read_at = -float("inf")
        self._figures: OutboxFigures | None = None

    async def figures(self) -> OutboxFigures:
        cache_s = OUTBOX_CACHE_S if self._cache_s is None else self._cache_s
        if self._figures is None or time.monotonic() - self._read_at >= cache_s:
            self._figures = outbox_figures(await self._outbox.list(), self._clock())
            self._read_at = time.monotonic()
        return self._figures


class _Fixed(Collector):
    def __init__(self, figures: OutboxFigures) -> None:
        self._figures = figures

    def collect(self) -> list[GaugeMetricFamily]:
        pending = GaugeMetricFamily(f"{PREFIX}_outbox_pending", "Messages waiting in the outbox", labels=("channel",))
        for channel, count in sorted(self._figures.pending.items()):
            pending.add_metric((channel,), count)
        return [
            pending,
            GaugeMetricFamily(
                f"{PREFIX}_outbox_oldest_due_age_seconds",
                "How long the oldest message due has waited",
                value=self._figures.oldest_due_age_s,
            ),
            GaugeMetricFamily(
                f"{PREFIX}_reminders_due", "Reminders due and not yet sent", value=self._figures.reminders_due
            ),
        ]


def _process_registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return registry
    return REGISTRY


def _token_ok(authorization: str | None, token: str) -> bool:
    if not token:
        return True
    scheme, _, given = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


def metrics_route(gauges: OutboxGauges, token: str) -> HTTPRouteHandler:
    """``GET /metrics``: the text format; with a token set, only to ``Authorization: Bearer <token>``."""

    @get(METRICS_PATH, include_in_schema=False, name="metrics")
    async def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
        if not _token_ok(request.headers.get("authorization"), token):
            return Response(
                TOKEN_REFUSED.encode(),
                status_code=401,
                media_type="text/plain",
                headers={"WWW-Authenticate": "Bearer", "Cache-Control": "no-store"},
            )
        figures = await gauges.figures()
        outbox = CollectorRegistry()
        outbox.register(_Fixed(figures))
        body = generate_latest(_process_registry()) + generate_latest(outbox)
        return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})

    return metrics


def prometheus_middleware() -> DefineMiddleware:
    """Requests and latency by route template; ``/metrics`` itself is not counted."""
    config = PrometheusConfig(app_name=PREFIX, prefix=PREFIX, group_path=True, exclude=[f"^{METRICS_PATH}$"])
    return config.middleware
