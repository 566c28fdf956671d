"""Phones to confirm: stored local numbers that may be another agency country's, and staff's pick."""

from __future__ import annotations

from agency_core.errors import Conflict
from agency_core.paging import ALL
from agency_core.spec.phone_numbers import ReadPhone
from agency_core.staff.context import StaffContext
from agency_core.staff.phone_confirmations import ALREADY_CONFIRMED, PhoneToConfirm, chosen_reading, phone_to_confirm
from agency_core.staff.query import ApplicationQuery
from agency_core.unit_of_work import PreconditionFailed


class PhonesAdmin:
    def __init__(self, context: StaffContext) -> None:
        self.context = context

    async def phones_to_confirm(self) -> list[PhoneToConfirm]:
        """Applications whose stored phone may be another agency country's, newest first (reads
        every application: a list that only shrinks, as staff confirm and new forms keep regions)."""
        records = (await self.context.store.applications(ApplicationQuery(), ALL)).items
        return [item for item in map(phone_to_confirm, records) if item is not None]

    async def confirm_phone(self, actor: str, application_id: str, raw_region: object) -> ReadPhone:
        """Keep the reading of the application's phone in the region staff picked, with its audit
        entry; :class:`Conflict` when it awaits no confirming (or was confirmed meanwhile)."""
        record = await self.context.application(application_id)
        item = phone_to_confirm(record)
        if item is None:
            raise Conflict(ALREADY_CONFIRMED)
        chosen = chosen_reading(item, raw_region)
        changed = "kept" if chosen.e164 == item.phone else "changed to the other country's reading"
        entry = self.context.audit(actor, "application.phone.confirm", f"{application_id}: {chosen.region} ({changed})")
        try:
            async with self.context.uow() as uow:
                await uow.applications.confirm_phone(record.application, chosen.e164, chosen.region)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise Conflict(ALREADY_CONFIRMED) from None
        return chosen


__all__ = ["PhonesAdmin"]
