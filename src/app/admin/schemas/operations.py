"""The operations page's body: the same figures as ``/metrics`` (:mod:`app.operations`)."""

from __future__ import annotations

from datetime import datetime

from app.admin.schemas.common import Body
from app.operations import OperationsFigures


class OutboxNow(Body):
    pending: dict[str, int]
    """Messages waiting, by channel (``sms``, ``email``)."""
    failed: dict[str, int]
    """Messages the outbox gave up on, by channel, still in the outbox (a withdrawn one is not counted)."""
    oldest_due_age_seconds: float
    """How long the oldest message due has waited (0 when none is due)."""
    reminders_due: int


class DeliveriesToday(Body):
    delivered: int
    failed: int
    rate: float | None
    """delivered / (delivered + failed), null when nothing settled today (the office's day)."""


class BackupNow(Body):
    at: datetime
    size_bytes: int | None
    files: int | None


class InstanceNow(Body):
    instance_id: str
    started_at: datetime
    seen_at: datetime


class OperationsPage(Body):
    read_at: datetime
    outbox: OutboxNow
    today: DeliveriesToday
    last_backup: BackupNow | None
    """null before the first ``agency backup`` (and on Firestore, whose backups Google Cloud keeps)."""
    instances_seen_minutes: int
    """The window of ``instances``: heartbeats at most this many minutes old."""
    instances: list[InstanceNow]


def operations_body(figures: OperationsFigures, seen_within_minutes: int) -> OperationsPage:
    backup = figures.last_backup
    return OperationsPage(
        read_at=figures.read_at,
        outbox=OutboxNow(
            pending=figures.outbox.pending,
            failed=figures.failed,
            oldest_due_age_seconds=figures.outbox.oldest_due_age_s,
            reminders_due=figures.outbox.reminders_due,
        ),
        today=DeliveriesToday(
            delivered=figures.delivered_today, failed=figures.failed_today, rate=figures.delivery_rate_today
        ),
        last_backup=None
        if backup is None
        else BackupNow(at=backup.at, size_bytes=backup.size_bytes, files=backup.files),
        instances_seen_minutes=seen_within_minutes,
        instances=[
            InstanceNow(instance_id=i.instance_id, started_at=i.started_at, seen_at=i.seen_at)
            for i in figures.instances
        ],
    )
