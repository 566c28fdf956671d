"""Replies reach staff: each inbound WhatsApp message lands in the inbox staff use for contact messages.

:class:`WhatsAppInbox` implements :class:`~agency_core.whatsapp.model.InboundHandler`. A message is
matched to the applicant(s) by its E.164 phone (the forms store phones in E.164, ``docs/phones.md``)
and stored as a new, unread contact message whose thread staff answer from (``/admin/messages/<id>``):
its subject names the applicant, the application(s) and their owner; an unknown phone lands as a
plain contact message from that number. The same ``wa_message_id`` reported twice is stored once
(:meth:`InboundLog.claim`). "STOP" (any case, trimmed) opts the phone out and shows in the thread.
A media message is not downloaded: the thread shows :data:`MEDIA_REFUSED` (the applicant is sent
nothing automatically). Staff may answer in free text only inside the 24-hour window after the
phone's last inbound message (:func:`check_window`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Protocol

from agency_core.errors import Conflict
from agency_core.masking import mask_phone
from agency_core.records import ContactMessage
from agency_core.spec.forms import ContactForm
from agency_core.spec.phone_numbers import region_of
from agency_core.unit_of_work import UnitOfWork, Writes
from agency_core.whatsapp.model import InboundMessage
from agency_core.whatsapp.optins import OptIns, is_stop

WINDOW: Final = timedelta(hours=24)
"""WhatsApp's customer-service window: free-form messages only this long after the user's last message."""
OUTSIDE_WINDOW: Final = (
    "The applicant's last WhatsApp message is more than 24 hours old: WhatsApp allows only an approved "
    "template now, not a free-text reply."
)
NO_WHATSAPP_MESSAGE: Final = "The applicant has not written on WhatsApp: there is nothing to reply to there."
MEDIA_REFUSED: Final = "Media messages are not accepted here; please send text or use the upload link"
STOPPED: Final = "The applicant replied STOP: WhatsApp updates to this number are stopped."
SUBJECT: Final = "WhatsApp message"
UNKNOWN_SENDER: Final = "Unknown WhatsApp sender"

logger = logging.getLogger("agency.whatsapp")


@dataclass(frozen=True, slots=True)
class Applicant:
    """An application whose phone is the sender's."""

    application_id: str
    name: str
    email: str
    owner_name: str = ""


class ApplicantsByPhone(Protocol):
    async def by_phone(self, phone: str) -> Sequence[Applicant]:
        """The applications stored with exactly this E.164 phone, newest first."""
        ...


class InboundLog(Protocol):
    """Which inbound messages were taken (by WhatsApp's id), and when each phone last wrote."""

    async def claim(self, message: InboundMessage) -> bool:
        """Keep the message's id, phone and time; ``False`` when its id was kept before (atomic:
        of two instances claiming the same id, one gets ``True``)."""
        ...

    async def forget(self, wa_message_id: str) -> None:
        """Undo a claim whose message could not be stored (the webhook's retry stores it)."""
        ...

    async def last_inbound(self, phone: str) -> datetime | None:
        """When the phone's newest inbound message was sent (``None``: it never wrote)."""
        ...


class OwnersTold(Protocol):
    """How the matched applications' owners hear of an inbound message (``agency_core.staff.whatsapp``:
    a note on each record, as an employer's answer tells the owner)."""

    async def tell(self, uow: UnitOfWork, inbox_id: str, message: InboundMessage, matched: Sequence[Applicant]) -> None:
        """Written in the inbox message's own unit of work ``uow``: both are stored, or neither."""
        ...


def thread_text(message: InboundMessage) -> str:
    """What the thread shows of an inbound message: its text; a media message refused with a note."""
    if message.kind != "text":
        caption = message.text.strip()
        return f"{MEDIA_REFUSED}\n\n({message.kind}{': ' + caption if caption else ''})"
    if is_stop(message.text):
        return f"{message.text.strip()}\n\n{STOPPED}"
    return message.text


def subject_for(matched: Sequence[Applicant]) -> str:
    if not matched:
        return SUBJECT
    ids = ", ".join(a.application_id for a in matched)
    owner = next((a.owner_name for a in matched if a.owner_name), "")
    return f"{SUBJECT} ({ids}{'; owner ' + owner if owner else ''})"


def inbox_message(message_id: str, message: InboundMessage, matched: Sequence[Applicant]) -> ContactMessage:
    """The inbox's new, unread message for ``message`` from the ``matched`` applicants (none: unknown)."""
    first = matched[0] if matched else None
    form = ContactForm(
        name=first.name if first else UNKNOWN_SENDER,
        email=first.email if first else "",
        phone=message.phone,
        phone_region=region_of(message.phone),
        subject=subject_for(matched)[:200],
        message=thread_text(message),
    )
    return ContactMessage(message_id, form, message.at)


def check_window(last_inbound: datetime | None, now: datetime) -> None:
    """A free-text WhatsApp reply may go only within 24 hours of the phone's last message (409 otherwise)."""
    if last_inbound is None:
        raise Conflict(NO_WHATSAPP_MESSAGE)
    if now - last_inbound >= WINDOW:
        raise Conflict(OUTSIDE_WINDOW)


class WhatsAppInbox:
    """Implements :class:`~agency_core.whatsapp.model.InboundHandler`."""

    def __init__(
        self,
        log: InboundLog,
        applicants: ApplicantsByPhone,
        opt_ins: OptIns,
        writes: Writes,
        owners: OwnersTold | None = None,
    ) -> None:
        self.log = log
        self.owners = owners
        self.applicants = applicants
        self.opt_ins = opt_ins
        self.writes = writes

    async def received(self, message: InboundMessage) -> None:
        if not await self.log.claim(message):
            logger.info("whatsapp inbound repeated", extra={"wa_message_id": message.wa_message_id})
            return
        try:
            if message.kind == "text" and is_stop(message.text):
                await self.opt_ins.stop(message.phone)
            matched = list(await self.applicants.by_phone(message.phone))
            record = inbox_message(self.writes.ids.next_id(), message, matched)
            async with self.writes.uow() as uow:
                await uow.contact_messages.add(record)
                if self.owners is not None:
                    await self.owners.tell(uow, record.id, message, matched)
        except BaseException:
            await self.log.forget(message.wa_message_id)
            raise
        self.writes.on_enqueue()
        logger.info(
            "whatsapp inbound stored",
            extra={"id": record.id, "phone": mask_phone(message.phone), "matched": len(matched), "kind": message.kind},
        )

    async def window_open(self, phone: str, now: datetime) -> bool:
        """Whether a free-text reply to ``phone`` may go now."""
        last = await self.log.last_inbound(phone)
        return last is not None and now - last < WINDOW
