"""``/track``'s "Stop WhatsApp updates": the tracked application's phone opted out, on the same proof
``/track`` asks for (the application's ID plus its phone or e-mail). A stranger (unknown ID, wrong
pair) gets ``None``, which the route answers exactly as ``/track`` answers it: nothing is learnt.
"""

from __future__ import annotations

from agency_core.staff.ports import AdminStore
from agency_core.submissions.tracking import contact_matches
from agency_core.whatsapp.optins import OptIns


class WhatsAppStop:
    def __init__(self, store: AdminStore, opt_ins: OptIns) -> None:
        self.store = store
        self.opt_ins = opt_ins

    async def _phone(self, application_id: str, contact: str) -> str | None:
        record = await self.store.application(application_id.strip())
        if record is None or not contact_matches(record.application.data, contact):
            return None
        return record.application.data.phone.strip()

    async def updates_on(self, application_id: str, contact: str) -> bool | None:
        """Whether the application's phone gets WhatsApp updates (``None``: no such application for this pair)."""
        phone = await self._phone(application_id, contact)
        return None if phone is None else await self.opt_ins.may_message(phone)

    async def stop(self, application_id: str, contact: str) -> bool | None:
        """Opt the application's phone out; whether an opt-in stood (``None``: no such application for this pair)."""
        phone = await self._phone(application_id, contact)
        return None if phone is None else await self.opt_ins.stop(phone)
