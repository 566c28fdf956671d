"""The operator's figures, computed once for both ``/metrics`` and the admin area's operations page
(issue 47 items 4 and 8; ``docs/operations.md``): the outbox's depth, failures and oldest due
message, today's delivery rate, the last backup and the instances seen lately.

:func:`operations_figures` computes them from what is read; :class:`Operations` reads the outbox,
the instances' heartbeats and ``last-backup.json`` and keeps the answer :data:`CACHE_S` seconds for
the scrapes (the page asks for a fresh read). :meth:`Operations.keep_beating` is each instance's
heartbeat task.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.clock import Clock
from agency_core.messaging.notifications import SmsKind
from agency_core.messaging.withdrawal import is_withdrawn
from agency_core.operations import (
    FORGET_AFTER,
    HEARTBEAT_EVERY_S,
    SEEN_WITHIN,
    Heartbeats,
    InstanceSeen,
    LastBackup,
)
from agency_core.ports import Outbox
from agency_core.records import Channel, OutboxMessage, OutboxStatus
from agency_core.spec.constants import AGENCY_TIME_ZONE

log = logging.getLogger("agency.operations")

CACHE_S: Final = 10.0
"""How long one read answers the scrapes (one scrape a second must not read the outbox each time)."""
REMINDER_KINDS: Final = frozenset((SmsKind.APPOINTMENT_REMINDER.value, SmsKind.ID_REMINDER.value))
COUNTED_CHANNELS: Final = tuple(Channel)
"""The channels the figures name (each present, zero included)."""


@dataclass(frozen=True, slots=True)
class OutboxFigures:
    pending: dict[str, int]
    """Pending messages by channel (every channel present, zero included)."""
    oldest_due_age_s: float
    """How long the oldest pending message has been due (0 when none is)."""
    reminders_due: int


@dataclass(frozen=True, slots=True)
class OperationsFigures:
    outbox: OutboxFigures
    failed: dict[str, int]
    """Messages the outbox gave up on, by channel, still in the outbox (a withdrawn one is not a failure)."""
    delivered_today: int
    """Accepted by the gateway today (the office's day)."""
    failed_today: int
    """Given up on today (their last attempt was today)."""
    instances: tuple[InstanceSeen, ...]
    """The instances whose heartbeat is at most :data:`agency_core.operations.SEEN_WITHIN` old."""
    last_backup: LastBackup | None
    read_at: datetime

    @property
    def delivery_rate_today(self) -> float | None:
        """Of today's settled messages, the share delivered (None when none settled today)."""
        settled = self.delivered_today + self.failed_today
        return self.delivered_today / settled if settled else None


def outbox_figures(messages: Sequence[OutboxMessage], now: datetime) -> OutboxFigures:
    pending = [m for m in messages if m.status is OutboxStatus.PENDING]
    due = [m for m in pending if m.next_attempt_at <= now]
    oldest = min((m.next_attempt_at for m in due), default=now)
    return OutboxFigures(
        pending={channel.value: sum(1 for m in pending if m.channel is channel) for channel in COUNTED_CHANNELS},
        oldest_due_age_s=max((now - oldest).total_seconds(), 0.0),
        reminders_due=sum(1 for m in due if m.kind in REMINDER_KINDS),
    )


def operations_figures(
    messages: Sequence[OutboxMessage],
    now: datetime,
    *,
    instances: Sequence[InstanceSeen] = (),
    last_backup: LastBackup | None = None,
    office_zone: str = AGENCY_TIME_ZONE,
) -> OperationsFigures:
    """The one computation behind ``/metrics`` and ``GET /api/admin/operations``."""
    zone = ZoneInfo(office_zone)
    today = now.astimezone(zone).date()
    failed = [m for m in messages if m.status is OutboxStatus.FAILED and not is_withdrawn(m)]
    return OperationsFigures(
        outbox=outbox_figures(messages, now),
        failed={channel.value: sum(1 for m in failed if m.channel is channel) for channel in COUNTED_CHANNELS},
        delivered_today=sum(
            1
            for m in messages
            if m.status is OutboxStatus.DELIVERED
            and m.delivered_at is not None
            and m.delivered_at.astimezone(zone).date() == today
        ),
        failed_today=sum(1 for m in failed if m.next_attempt_at.astimezone(zone).date() == today),
        instances=tuple(instances),
        last_backup=last_backup,
        read_at=now,
    )


class Operations:
    """Reads the figures (at most once per :data:`CACHE_S` unless asked for a fresh read) and writes
    this instance's heartbeat."""

    def __init__(
        self,
        outbox: Outbox,
        clock: Clock,
        heartbeats: Heartbeats | None = None,
        last_backup: Callable[[], LastBackup | None] | None = None,
        *,
        office_zone: str = AGENCY_TIME_ZONE,
        cache_s: float | None = None,
        instance_id: str | None = None,
    ) -> None:
        self._outbox = outbox
        self._clock = clock
        self._heartbeats = heartbeats
        self._last_backup = last_backup
        self._office_zone = office_zone
        self._cache_s = cache_s
        self.instance_id = instance_id or secrets.token_hex(6)
        self.started_at = clock()
        self._read_at = -float("inf")
        self._figures: OperationsFigures | None = None

    async def figures(self, *, fresh: bool = False) -> OperationsFigures:
        cache_s = CACHE_S if self._cache_s is None else self._cache_s
        if fresh or self._figures is None or time.monotonic() - self._read_at >= cache_s:
            now = self._clock()
            seen = await self._heartbeats.seen_since(now - SEEN_WITHIN) if self._heartbeats is not None else []
            backup = self._last_backup() if self._last_backup is not None else None
            messages = await self._outbox.list()
            self._figures = operations_figures(
                messages, now, instances=seen, last_backup=backup, office_zone=self._office_zone
            )
            self._read_at = time.monotonic()
        return self._figures

    async def beat(self) -> None:
        """This instance's heartbeat; the heartbeats older than a day go with it."""
        if self._heartbeats is None:
            return
        now = self._clock()
        await self._heartbeats.beat(self.instance_id, self.started_at, now)
        await self._heartbeats.forget_before(now - FORGET_AFTER)

    async def keep_beating(self, every_s: float = HEARTBEAT_EVERY_S) -> None:
        """A heartbeat now and every ``every_s`` seconds until cancelled; a failed one is logged."""
        while True:
            try:
                await self.beat()
            except Exception:
                log.warning("heartbeat not written", exc_info=True)
            await asyncio.sleep(every_s)
