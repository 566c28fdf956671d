"""What every admin use case shares: the stores, the clock, the unit of work and the audit log.

Each subject of the admin area has its own use-case class (:mod:`agency_core.staff.applications`,
:mod:`~agency_core.staff.appointments`, :mod:`~agency_core.staff.jobs_admin`...); they all take one
:class:`StaffContext`, built once by the composition root.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from agency_core.admin_settings import LiveSettings
from agency_core.audit import AuditEntry
from agency_core.clock import Clock, utc_now
from agency_core.errors import NotFound
from agency_core.ids import IdGenerator
from agency_core.ports import Outbox
from agency_core.spec import constants as c
from agency_core.staff.ports import AdminStore
from agency_core.staff.records import ApplicationRecord
from agency_core.staff.views import Day, office_day
from agency_core.unit_of_work import UnitOfWork


def _nothing() -> None:
    return None


@dataclass(frozen=True, slots=True)
class StaffContext:
    store: AdminStore
    outbox: Outbox
    settings: LiveSettings
    ids: IdGenerator
    uow: Callable[[], UnitOfWork]
    """A new unit of work per change: the change, its messages and its audit entry commit together."""
    clock: Clock = utc_now
    on_enqueue: Callable[[], None] = _nothing
    """Wakes the outbox worker after a change queued messages."""
    office_zone: str = c.AGENCY_TIME_ZONE
    """The office's IANA zone: "today" of the quick views and the dashboard's figures."""

    def audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), actor, action, target, self.clock())

    async def record(self, entry: AuditEntry) -> None:
        """An audit entry on its own (a read worth recording)."""
        async with self.uow() as uow:
            await uow.audit.add(entry)

    async def record_export(self, actor: str, what: str, target: str) -> None:
        await self.record(self.audit(actor, f"{what}.export", target))

    def office_day(self) -> Day:
        """Today in the office's zone, as UTC instants."""
        return office_day(self.clock(), self.office_zone)

    async def application(self, application_id: str) -> ApplicationRecord:
        record = await self.store.application(application_id)
        if record is None:
            raise NotFound("Application")
        return record


__all__ = ["StaffContext"]
