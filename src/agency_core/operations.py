"""What the operator's figures name beyond the outbox (issue 47 items 4 and 8): the app instances that are
running (each writes a heartbeat every :data:`HEARTBEAT_EVERY_S`; the operations page and ``/metrics``
count those seen lately) and the last backup."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Protocol

HEARTBEAT_EVERY_S: Final = 60.0
"""How often a running instance writes its heartbeat."""
SEEN_WITHIN: Final = timedelta(minutes=5)
"""An instance counts as running while its last heartbeat is this recent (several missed beats)."""
FORGET_AFTER: Final = timedelta(days=1)
"""Heartbeats older than this are deleted by the next beat of any instance."""


@dataclass(frozen=True, slots=True)
class LastBackup:
    """What ``last-backup.json`` says of the last archive ``agency backup`` wrote (``size_bytes``,
    ``files``: None when an older version wrote it)."""

    at: datetime
    size_bytes: int | None = None
    files: int | None = None


@dataclass(frozen=True, slots=True)
class InstanceSeen:
    instance_id: str
    """The instance's own random id (the outbox worker's lease owner)."""
    started_at: datetime
    seen_at: datetime
    """Its last heartbeat."""


class Heartbeats(Protocol):
    """One record per instance: written by :meth:`beat`, read by :meth:`seen_since`."""

    async def migrate(self) -> None: ...

    async def beat(self, instance_id: str, started_at: datetime, at: datetime) -> None:
        """Record that ``instance_id`` (running since ``started_at``) is alive at ``at``."""
        ...

    async def seen_since(self, since: datetime) -> list[InstanceSeen]:
        """Every instance whose last heartbeat is at or after ``since``, by id."""
        ...

    async def forget_before(self, before: datetime) -> int:
        """Delete the heartbeats older than ``before``; returns how many."""
        ...
