"""Prometheus metrics at ``/metrics`` (``docs/observability.md``).

- Requests and their latency by **route template** (``/api/track/{reference}``, never the raw path):
  Litestar's :class:`~litestar.plugins.prometheus.PrometheusMiddleware` with ``group_path=True``.
- The figures read from the store when scraped, the same as the admin area's operations page
  (:mod:`app.operations`, at most once per :data:`app.operations.CACHE_S`, whichever process answers,
  so every worker process tells the same): messages pending and given up on by channel, the age of
  the oldest one due, the reminders due, today's deliveries and failures, the instances seen, the
  last backup's time, size and files.
- Counted as they happen: send attempts by channel and outcome, messages given up on, sign-in refusals.

With ``PROMETHEUS_MULTIPROC_DIR`` set (several worker processes), the counters and histograms are
kept in files there and every process answers with the sum of all of them (``prometheus_client``'s
multiprocess mode; the folder must be emptied before the processes start).
"""

from __future__ import annotations

import hmac
import os
from typing import Any, Final

from litestar import Request, Response, get
from litestar.handlers import HTTPRouteHandler
from litestar.middleware.base import DefineMiddleware
from litestar.plugins.prometheus import PrometheusConfig
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from app.operations import Operations, OperationsFigures

METRICS_PATH: Final = "/metrics"
PREFIX: Final = "agency"
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


class _Fixed(Collector):
    """The figures read from the store (:class:`app.operations.OperationsFigures`) as gauges."""

    def __init__(self, figures: OperationsFigures) -> None:
        self._figures = figures

    def collect(self) -> list[GaugeMetricFamily]:
        figures = self._figures
        pending = GaugeMetricFamily(f"{PREFIX}_outbox_pending", "Messages waiting in the outbox", labels=("channel",))
        for channel, count in sorted(figures.outbox.pending.items()):
            pending.add_metric((channel,), count)
        failed = GaugeMetricFamily(
            f"{PREFIX}_outbox_failed", "Messages the outbox gave up on, still in it", labels=("channel",)
        )
        for channel, count in sorted(figures.failed.items()):
            failed.add_metric((channel,), count)
        today = GaugeMetricFamily(
            f"{PREFIX}_outbox_settled_today", "Messages delivered or given up on today", labels=("outcome",)
        )
        today.add_metric(("delivered",), figures.delivered_today)
        today.add_metric(("failed",), figures.failed_today)
        families = [
            pending,
            GaugeMetricFamily(
                f"{PREFIX}_outbox_oldest_due_age_seconds",
                "How long the oldest message due has waited",
                value=figures.outbox.oldest_due_age_s,
            ),
            GaugeMetricFamily(
                f"{PREFIX}_reminders_due", "Reminders due and not yet sent", value=figures.outbox.reminders_due
            ),
            failed,
            today,
            GaugeMetricFamily(
                f"{PREFIX}_instances_seen", "App instances whose heartbeat is recent", value=len(figures.instances)
            ),
        ]
        backup = figures.last_backup
        if backup is not None:  # no sample before the first backup (and on Firestore)
            families.append(
                GaugeMetricFamily(
                    f"{PREFIX}_last_backup_timestamp_seconds",
                    "When agency backup last wrote an archive (Unix time)",
                    value=backup.at.timestamp(),
                )
            )
            if backup.size_bytes is not None:
                families.append(
                    GaugeMetricFamily(
                        f"{PREFIX}_last_backup_size_bytes", "The last backup archive's size", value=backup.size_bytes
                    )
                )
            if backup.files is not None:
                families.append(
                    GaugeMetricFamily(f"{PREFIX}_last_backup_files", "Files in the last backup", value=backup.files)
                )
        return families


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


def metrics_route(operations: Operations, token: str) -> HTTPRouteHandler:
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
        figures = await operations.figures()
        outbox = CollectorRegistry()
        outbox.register(_Fixed(figures))
        body = generate_latest(_process_registry()) + generate_latest(outbox)
        return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})

    return metrics


def prometheus_middleware() -> DefineMiddleware:
    """Requests and latency by route template; ``/metrics`` itself is not counted."""
    config = PrometheusConfig(app_name=PREFIX, prefix=PREFIX, group_path=True, exclude=[f"^{METRICS_PATH}$"])
    return config.middleware
