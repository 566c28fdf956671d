"""Retention: personal data kept no longer than needed (Act 843).

Documents (CV, passport copy, photo) of applications that were rejected, or that are still
``received`` and were never opened, are deleted once older than the documents period; the
application keeps a note that its files were removed. Contact messages, appointments and job
alerts are deleted after their own periods. :meth:`RetentionService.run` with ``dry_run`` only
reports what it would remove.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final, Protocol

from agency_core.audit import AuditEntry
from agency_core.ids import IdGenerator
from agency_core.ports import FileStore
from agency_core.records import ApplicationStatus
from agency_core.spec import constants as c
from agency_core.staff.records import ApplicationRecord
from agency_core.unit_of_work import UnitOfWork

FILES_REMOVED_FIELD: Final = "filesRemoved"
"""The note an application keeps once its files were removed (in its data)."""
RETENTION_ACTOR: Final = "system:retention"
RECORD_KINDS: Final = ("contact_messages", "appointments", "job_alerts")

logger = logging.getLogger("agency.retention")


@dataclass(frozen=True, slots=True)
class RetentionPeriods:
    documents_days: int = 365
    messages_days: int = 365
    appointments_days: int = 365
    alerts_days: int = 730


def documents_expired(record: ApplicationRecord, before: datetime) -> bool:
    """Its files go: created before ``before``, has files, and rejected or received-and-never-opened."""
    if not record.application.files or record.application.created_at >= before:
        return False
    if record.status is ApplicationStatus.REJECTED:
        return True
    return record.status is ApplicationStatus.RECEIVED and record.opened_at is None


class RetentionStore(Protocol):
    """What retention reads; its deletions, each with its audit entry, go through a unit of work
    (:class:`~agency_core.unit_of_work.RetentionWrites`)."""

    async def applications_with_files_before(self, before: datetime) -> list[ApplicationRecord]:
        """Applications created before ``before`` that still have files (any status)."""
        ...

    async def records_before(self, kind: str, before: datetime) -> list[str]:
        """IDs of ``kind`` (one of :data:`RECORD_KINDS`) created before ``before``."""
        ...


@dataclass(slots=True)
class RetentionReport:
    dry_run: bool
    at: datetime
    documents: list[str] = field(default_factory=list)
    """Application IDs whose files are (or would be) removed."""
    files: int = 0
    removed: dict[str, list[str]] = field(default_factory=dict)
    """Record IDs removed per kind."""

    def counts(self) -> dict[str, int]:
        return {
            "applications": len(self.documents),
            "files": self.files,
            **{kind: len(self.removed.get(kind, [])) for kind in RECORD_KINDS},
        }

    @property
    def empty(self) -> bool:
        return not any(self.counts().values())


class RetentionService:
    def __init__(
        self,
        store: RetentionStore,
        files: FileStore,
        uow: Callable[[], UnitOfWork],
        ids: IdGenerator,
        periods: RetentionPeriods,
        clock: Callable[[], datetime],
    ) -> None:
        self.store = store
        self.files = files
        self.uow = uow
        self.ids = ids
        self.periods = periods
        self.clock = clock

    def _audit(self, action: str, target: str, at: datetime) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), RETENTION_ACTOR, action, target, at)

    async def run(self, dry_run: bool = False) -> RetentionReport:
        now = self.clock()
        report = RetentionReport(dry_run, now)
        p = self.periods
        documents_before = now - timedelta(days=p.documents_days)
        for record in await self.store.applications_with_files_before(documents_before):
            if not documents_expired(record, documents_before):
                continue
            report.documents.append(record.id)
            report.files += len(record.application.files)
            if dry_run:
                continue
            note = (
                f"Files ({', '.join(f.field for f in record.application.files)}) removed on "
                f"{now.date().isoformat()} after {p.documents_days} days ({record.status.value})"
            )
            async with self.uow() as uow:
                await uow.retention.drop_files(record.id, note)
                await uow.audit.add(self._audit("retention.files_removed", f"{record.id}: {note}", now))
            # After the commit: a failed one leaves the application with the files it names.
            for item in record.application.files:
                await self.files.delete(item.key)
        periods = {
            "contact_messages": p.messages_days,
            "appointments": p.appointments_days,
            "job_alerts": p.alerts_days,
        }
        for kind, days in periods.items():
            ids = await self.store.records_before(kind, now - timedelta(days=days))
            report.removed[kind] = ids
            if ids and not dry_run:
                async with self.uow() as uow:
                    await uow.retention.delete_records(kind, ids)
                    await uow.audit.add(
                        self._audit(f"retention.{kind}_deleted", f"{len(ids)} older than {days} days", now)
                    )
        logger.info("retention run", extra={"dry_run": dry_run, **report.counts()})
        return report
