"""The admin settings staff read and save (audited), and the audit log."""

from __future__ import annotations

from agency_core.admin_settings import AdminSettings, SettingsChange
from agency_core.audit import AuditEntry
from agency_core.paging import Page, PageRequest
from agency_core.staff.context import StaffContext


class SettingsAdmin:
    def __init__(self, context: StaffContext) -> None:
        self.context = context

    async def get_settings(self) -> AdminSettings:
        return await self.context.settings.current()

    async def put_settings(self, actor: str, change: SettingsChange) -> AdminSettings:
        """Save the settings staff sent (checked by :func:`~agency_core.admin_settings.parse_settings`)."""
        before = await self.context.settings.current()
        saved = change.applied_to(before)
        changed = [
            name
            for name, old, new in (
                ("adminPhones", before.admin_phones, saved.admin_phones),
                ("smsSender", before.sms_sender, saved.sms_sender),
                ("statusSms", dict(before.status_sms), dict(saved.status_sms)),
                ("appointmentCapacity", before.appointment_capacity, saved.appointment_capacity),
                ("closedDates", before.closed_dates, saved.closed_dates),
                ("smsMaxParts", before.sms_max_parts, saved.sms_max_parts),
            )
            if old != new
        ]
        entry = self.context.audit(actor, "settings.update", ", ".join(changed) or "no change")
        async with self.context.uow() as uow:
            await uow.settings.put(saved, entry.at)
            await uow.audit.add(entry)
        self.context.settings.updated(saved)
        return saved

    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        return await self.context.store.audit_log(page)


__all__ = ["SettingsAdmin"]
