"""What staff's side gives the WhatsApp inbox: the applications a sender's phone belongs to, and
the owners told.

:class:`ApplicantsFromAdmin` implements :class:`agency_core.whatsapp.inbound.ApplicantsByPhone` on the
admin store's search (which finds a phone in any format) narrowed to the exact E.164 number.
:class:`OwnerNotes` implements :class:`agency_core.whatsapp.inbound.OwnersTold` as an employer's
answer tells the applicant's owner (``agency_core.employers.packs_employer``): a note on each matched
record, written with the inbox message.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from agency_core.errors import NotFound
from agency_core.ids import IdGenerator
from agency_core.paging import PageRequest
from agency_core.spec import constants as c
from agency_core.staff.notes import NOTE_MAX_LENGTH, Note
from agency_core.staff.ports import AdminStore
from agency_core.staff.query import ApplicationQuery
from agency_core.unit_of_work import UnitOfWork
from agency_core.whatsapp.inbound import Applicant, thread_text
from agency_core.whatsapp.model import InboundMessage
from agency_core.whatsapp.optins import OptIns, OptInView

MATCHES: int = 20
"""At most this many applications are named for one phone (newest first)."""


class ApplicantsFromAdmin:
    def __init__(self, admin: AdminStore) -> None:
        self.admin = admin

    async def by_phone(self, phone: str) -> list[Applicant]:
        if not phone:
            return []
        found = await self.admin.applications(ApplicationQuery(q=phone), PageRequest(1, MATCHES))
        return [
            Applicant(r.id, r.application.data.applicant_name, r.application.data.email, r.owner_name)
            for r in found.items
            if r.application.data.phone == phone
        ]


NOTE_AUTHOR_NAME: Final = "WhatsApp"


def owner_note_text(inbox_id: str, message: InboundMessage) -> str:
    """The note: who wrote, what, and where to answer it."""
    head = f"WhatsApp message from {message.phone} (answer it in the inbox: /admin/messages/{inbox_id}):\n"
    return (head + thread_text(message))[:NOTE_MAX_LENGTH]


class OwnerNotes:
    def __init__(self, ids: IdGenerator) -> None:
        self.ids = ids

    async def tell(self, uow: UnitOfWork, inbox_id: str, message: InboundMessage, matched: Sequence[Applicant]) -> None:
        text = owner_note_text(inbox_id, message)
        for applicant in matched:
            stem = self.ids.next_id().removeprefix(c.ID_PREFIX)
            await uow.notes.add(
                Note("NT" + stem, applicant.application_id, message.phone, NOTE_AUTHOR_NAME, text, message.at)
            )


@dataclass(frozen=True, slots=True)
class RecordChannel:
    """What the application's page shows: the phone's opt-in (``None``: never opted in) and the
    channel its texts go by now."""

    opt_in: OptInView | None
    channel: str
    """``whatsapp`` (an opt-in stands and the channel is on) or ``sms``."""


class WhatsAppOnRecords:
    """The WhatsApp line of an application's page (issue 48 item 1, the staff side)."""

    def __init__(self, admin: AdminStore, opt_ins: OptIns) -> None:
        self.admin = admin
        self.opt_ins = opt_ins

    async def of(self, application_id: str, *, channel_on: bool) -> RecordChannel:
        record = await self.admin.application(application_id)
        if record is None:
            raise NotFound("Application")
        view = await self.opt_ins.view(record.application.data.phone.strip())
        goes_by_whatsapp = channel_on and view is not None and view.opted_out_at is None
        return RecordChannel(view, "whatsapp" if goes_by_whatsapp else "sms")
