"""The use cases of notes, owners and replies: each change written with its audit entry in one
unit of work; refusals from :mod:`agency_core.errors`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final

from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.messaging import outbox_messages
from agency_core.messaging.phones import phone_for_sms
from agency_core.messaging.reply_texts import reply_email, reply_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import render
from agency_core.records import OutboxMessage, OutboxStatus
from agency_core.spec import constants as c
from agency_core.spec.validation import DEFAULT_PHONE_REGION
from agency_core.staff.context import StaffContext
from agency_core.staff.notes import (
    NOTE_CHANGED,
    OWNER_MUST_BE_STAFF,
    Author,
    Note,
    NoteInput,
    NotesStore,
    OwnerInput,
    Reply,
    ReplyChannel,
    ReplyInput,
    StaffDirectory,
    StaffMember,
    check_note_text,
    check_reply,
)
from agency_core.staff.records import ApplicationRecord, MessageRecord
from agency_core.unit_of_work import PreconditionFailed
from agency_core.whatsapp.replies import TEMPLATE_KEY, ThreadWindow, WhatsAppReplyRule

WHATSAPP_OFF: Final = "WhatsApp is not set up: reply by e-mail or SMS."
REPLY_KIND: Final = "reply"
"""The outbox kind of an SMS reply (an e-mail reply has the e-mail kind)."""


@dataclass(frozen=True, slots=True)
class ThreadEntry:
    reply: Reply
    delivery: OutboxStatus | None
    """The outbox's state of its send (``None`` when the outbox no longer has it)."""


@dataclass(frozen=True, slots=True)
class MessageThread:
    record: MessageRecord
    replies: list[ThreadEntry]
    whatsapp: ThreadWindow | None = None
    """The sender wrote on WhatsApp: the window and opt-in its reply box offers by."""
    whatsapp_template: str = ""
    """The text of the template message (staff-editable, :data:`TEMPLATE_KEY`)."""


class NotesService:
    def __init__(
        self,
        notes: NotesStore,
        staff: StaffDirectory,
        context: StaffContext,
        *,
        phone_region: str = DEFAULT_PHONE_REGION,
        templates: TemplateSource = NO_EDITS,
        whatsapp: WhatsAppReplyRule | None = None,
    ) -> None:
        """``context`` gives the admin store, the outbox, the ids, the clock and the unit of work."""
        self.templates = templates
        self.whatsapp = whatsapp
        """``None``: the WhatsApp channel is off (no thread offers it)."""
        self.store = notes
        self.directory = staff
        self.admin, self.outbox, self.ids, self.uow = context.store, context.outbox, context.ids, context.uow
        self.clock, self.on_enqueue = context.clock, context.on_enqueue
        self.phone_region = phone_region

    def _id(self, prefix: str) -> str:
        return prefix + self.ids.next_id().removeprefix(c.ID_PREFIX)

    def _audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry(self._id("AU"), actor, action, target, self.clock())

    async def _application(self, application_id: str) -> ApplicationRecord:
        record = await self.admin.application(application_id)
        if record is None:
            raise NotFound("Application")
        return record

    # -- notes ----------------------------------------------------------------------------

    async def notes(self, application_id: str) -> list[Note]:
        """The application's notes that are not deleted, oldest first."""
        await self._application(application_id)
        return [n for n in await self.store.notes(application_id) if n.deleted_at is None]

    async def last_note_dates(self, application_ids: Sequence[str]) -> dict[str, datetime]:
        """The newest live note's time by application (the CSV's last note date)."""
        return await self.store.last_note_dates(application_ids)

    async def add_note(self, author: Author, application_id: str, sent: NoteInput) -> Note:
        await self._application(application_id)
        text = check_note_text(sent.text)
        note = Note(self._id("NT"), application_id, author.email, author.name, text, self.clock())
        async with self.uow() as uow:
            await uow.notes.add(note)
            await uow.audit.add(self._audit(author.email, "application.note.add", f"{application_id}: {note.id}"))
        return note

    async def _live_note(self, application_id: str, note_id: str) -> Note:
        note = await self.store.note(note_id)
        if note is None or note.application_id != application_id or note.deleted_at is not None:
            raise NotFound("Note")
        return note

    async def edit_note(self, author: Author, application_id: str, note_id: str, sent: NoteInput) -> Note:
        note = await self._live_note(application_id, note_id)
        text = check_note_text(sent.text)
        if text == note.text:
            return note
        now = self.clock()
        edited = replace(note, text=text, edited_at=now, edited_by=author.email, version=note.version + 1)
        await self._replace(
            note, edited, self._audit(author.email, "application.note.edit", f"{application_id}: {note_id}")
        )
        return edited

    async def delete_note(self, author: Author, application_id: str, note_id: str) -> None:
        note = await self._live_note(application_id, note_id)
        deleted = replace(note, deleted_at=self.clock(), deleted_by=author.email, version=note.version + 1)
        entry = self._audit(author.email, "application.note.delete", f"{application_id}: {note_id}")
        await self._replace(note, deleted, entry)

    async def _replace(self, before: Note, after: Note, entry: AuditEntry) -> None:
        try:
            async with self.uow() as uow:
                await uow.notes.replace(after, before.version)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise Conflict(NOTE_CHANGED) from None

    # -- owners ---------------------------------------------------------------------------

    async def staff(self) -> list[StaffMember]:
        return await self.directory.staff()

    async def set_owner(self, actor: str, application_id: str, sent: OwnerInput) -> ApplicationRecord:
        """Give the application to a staff member of the directory (``""`` or ``None``: to nobody)."""
        record = await self._application(application_id)
        owner_id = sent.owner_id.strip() if isinstance(sent.owner_id, str) else sent.owner_id
        member: StaffMember | None = None
        if owner_id not in (None, ""):
            member = next((m for m in await self.directory.staff() if m.id == owner_id), None)
            if member is None:
                raise Rejected({"ownerId": OWNER_MUST_BE_STAFF})
        new_id, new_name = (member.id, member.name) if member else ("", "")
        if record.owner_id == new_id:
            return record
        before = record.owner_name or "nobody"
        entry = self._audit(actor, "application.owner", f"{application_id}: {before} -> {new_name or 'nobody'}")
        try:
            async with self.uow() as uow:
                await uow.owners.set(application_id, new_id, new_name)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise NotFound("Application") from None
        return replace(record, owner_id=new_id, owner_name=new_name)

    # -- replies --------------------------------------------------------------------------

    async def _message(self, message_id: str) -> MessageRecord:
        record = await self.admin.message(message_id)
        if record is None:
            raise NotFound("Message")
        return record

    async def thread(self, message_id: str) -> MessageThread:
        record = await self._message(message_id)
        sends = {m.id: m.status for m in await self.outbox.list(message_id)}
        entries = [ThreadEntry(r, sends.get(r.outbox_id)) for r in await self.store.replies(message_id)]
        window = None if self.whatsapp is None else await self.whatsapp.window(record.message.data.phone.strip())
        if window is None:
            return MessageThread(record, entries)
        return MessageThread(record, entries, window, render(TEMPLATE_KEY, {}, await self.templates.texts()))

    async def reply(self, author: Author, message_id: str, sent: ReplyInput) -> MessageThread:
        """Send ``sent.text`` to the message's sender by e-mail (from the agency's address, "Re:
        <subject>") or by SMS, through the outbox, and keep it in the thread; audited."""
        record = await self._message(message_id)
        data = record.message.data
        email, phone = data.email.strip(), data.phone.strip()
        channel, text = check_reply(sent.channel, sent.text, bool(email), bool(phone))
        reply_id = self._id("RP")
        now = self.clock()
        if channel in (ReplyChannel.WHATSAPP, ReplyChannel.WHATSAPP_TEMPLATE):
            to, subject = phone, ""
            text, send = await self._whatsapp(channel, phone, text, f"{reply_id}-reply-wa", message_id)
        elif channel is ReplyChannel.EMAIL:
            mail = reply_email(
                email,
                data.name.strip(),
                data.subject.strip(),
                text,
                data.message.strip(),
                record.message.created_at,
                await self.templates.texts(),
            )
            send = outbox_messages.email(id=f"{reply_id}-reply-mail", source_id=message_id, mail=mail, now=now)
            to, subject = email, mail.subject
        else:
            to = phone_for_sms(phone, None, self.phone_region)
            send = outbox_messages.sms(
                id=f"{reply_id}-reply-sms",
                source_id=message_id,
                kind=REPLY_KIND,
                phone=to,
                text=reply_sms(text),
                now=now,
            )
            subject = ""
        reply = Reply(reply_id, message_id, channel, to, subject, text, author.email, author.name, now, send.id)
        entry = self._audit(author.email, "message.reply", f"{message_id}: {channel.value} {reply_id}")
        async with self.uow() as uow:
            await uow.replies.add(reply)
            await uow.outbox.enqueue([send])
            await uow.audit.add(entry)
        self.on_enqueue()
        return await self.thread(message_id)

    async def _whatsapp(
        self, channel: ReplyChannel, phone: str, text: str, send_id: str, message_id: str
    ) -> tuple[str, OutboxMessage]:
        """The WhatsApp send of a reply, held to the rule first: free text only inside the 24-hour
        window, the template (its staff-edited text) only to a standing opt-in; 409 otherwise."""
        rule = self.whatsapp
        if rule is None:
            raise Conflict(WHATSAPP_OFF)
        if channel is ReplyChannel.WHATSAPP:
            await rule.free_text(phone)
        else:
            await rule.template(phone)
            text = render(TEMPLATE_KEY, {}, await self.templates.texts())
        kind = REPLY_KIND
        return text, outbox_messages.whatsapp(
            id=send_id, source_id=message_id, kind=kind, phone=phone, text=text, now=self.clock()
        )
