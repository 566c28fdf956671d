"""Notes on an applicant, its owner, the staff list, and a contact message's thread of replies."""

from __future__ import annotations

from datetime import datetime

from agency_core.records import OutboxStatus
from agency_core.staff.notes import Note, ReplyChannel, StaffMember
from agency_core.staff.notes_service import MessageThread as CoreThread
from agency_core.staff.records import ApplicationRecord
from app.admin.schemas.common import UNSET, Body, from_object
from app.admin.schemas.messages import AdminMessage, admin_message
from app.admin.schemas.whatsapp import ThreadWhatsApp, thread_whatsapp


class NoteText(Body):
    """A note's text: plain text, at most 2000 characters."""

    text: str


class AdminNote(Body):
    id: str
    application_id: str
    author: str
    """The author's e-mail."""
    author_name: str
    text: str
    created_at: datetime
    edited_at: datetime | None
    edited_by: str
    version: int


class NoteList(Body):
    """The applicant's notes, oldest first (deleted ones left out)."""

    items: list[AdminNote]


class OwnerChange(Body):
    """A staff member's id (from ``GET /api/admin/staff``); "" or null gives the applicant to nobody."""

    owner_id: str | None = UNSET


class Owner(Body):
    application_id: str
    owner_id: str
    owner_name: str


class AdminStaffMember(Body):
    id: str
    name: str


class StaffList(Body):
    """The staff members (admins of the role directory), by name."""

    items: list[AdminStaffMember]


class ReplyRequest(Body, kw_only=True):
    """``email`` (default when the message has an address), ``sms``, ``whatsapp`` (free text inside the
    24-hour window) or ``whatsapp-template`` (the template's text; ``text`` is not used), and the text."""

    channel: ReplyChannel = UNSET
    text: str


class ThreadReply(Body):
    id: str
    channel: ReplyChannel
    recipient: str
    subject: str
    text: str
    sender: str
    sender_name: str
    sent_at: datetime
    delivery: OutboxStatus | None
    """The outbox's state of its send: pending, delivered or failed."""


class MessageThread(Body):
    message: AdminMessage
    replies: list[ThreadReply]
    whatsapp: ThreadWhatsApp | None = None
    """The sender wrote on WhatsApp (and the channel is on): what the reply box may offer."""


def admin_note(note: Note) -> AdminNote:
    return from_object(AdminNote, note)


def owner_of(record: ApplicationRecord) -> Owner:
    return Owner(application_id=record.id, owner_id=record.owner_id, owner_name=record.owner_name)


def staff_member(member: StaffMember) -> AdminStaffMember:
    return AdminStaffMember(id=member.id, name=member.name)


def message_thread(thread: CoreThread) -> MessageThread:
    replies = [
        ThreadReply(
            id=e.reply.id,
            channel=e.reply.channel,
            recipient=e.reply.recipient,
            subject=e.reply.subject,
            text=e.reply.text,
            sender=e.reply.sender,
            sender_name=e.reply.sender_name,
            sent_at=e.reply.sent_at,
            delivery=e.delivery,
        )
        for e in thread.replies
    ]
    return MessageThread(
        message=admin_message(thread.record),
        replies=replies,
        whatsapp=thread_whatsapp(thread.whatsapp, thread.whatsapp_template),
    )
