"""The use cases of notes, owners and replies, on fakes: what each writes in its one unit of work
(the change, its outbox message and its audit entry together), and what each refuses."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.admin_settings import LiveSettings
from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging.reply_texts import reply_subject
from agency_core.records import Application, ContactMessage
from agency_core.spec.forms import ApplicationForm, ContactForm, form_of
from agency_core.staff.context import StaffContext
from agency_core.staff.notes import (
    NOTE_CHANGED,
    NOTE_MAX_LENGTH,
    NOTE_REQUIRED,
    NOTE_TOO_LONG,
    OWNER_MUST_BE_STAFF,
    Author,
    Note,
    NoteInput,
    OwnerInput,
    Reply,
    ReplyChannel,
    ReplyInput,
    StaffMember,
)
from agency_core.staff.notes_service import NotesService
from agency_core.staff.records import ApplicationRecord, MessageRecord
from agency_core.unit_of_work import PreconditionFailed
from tests.core.fakes import FakeAdminStore, FakeOutbox, FakeSettings, FakeUnitOfWork, Write

NOW = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
AMA = Author("ama@vandytravel.com", "Ama Owusu")


class FakeNotes:
    def __init__(self) -> None:
        self.stored: dict[str, Note] = {}
        self.thread: list[Reply] = []

    async def notes(self, application_id: str) -> list[Note]:
        return [n for n in self.stored.values() if n.application_id == application_id]

    async def note(self, note_id: str) -> Note | None:
        return self.stored.get(note_id)

    async def replies(self, _message_id: str) -> list[Reply]:
        return self.thread


class FakeStaff:
    async def staff(self) -> list[StaffMember]:
        return [StaffMember("u-ama", "Ama Owusu"), StaffMember("u-kofi", "Kofi Mensah")]


class Harness:
    def __init__(self) -> None:
        self.uow = FakeUnitOfWork()
        self.admin = FakeAdminStore()
        self.notes = FakeNotes()
        data = {"firstName": "Akosua", "lastName": "Ɔdɔm"}
        self.admin.applications["VA1"] = ApplicationRecord(Application("VA1", form_of(ApplicationForm, data), (), NOW))
        self.enqueued = 0
        settings = FakeSettings()
        context = StaffContext(
            self.admin,  # type: ignore[arg-type]
            FakeOutbox(),  # type: ignore[arg-type]
            LiveSettings(settings, settings.settings),
            IdGenerator(lambda: 1_780_000_000_000),
            self.uow,
            clock=lambda: NOW,
            on_enqueue=self.wake,
        )
        self.service = NotesService(self.notes, FakeStaff(), context)  # type: ignore[arg-type]

    def wake(self) -> None:
        self.enqueued += 1

    def add_message(self, **data: str) -> None:
        self.admin.messages["M1"] = MessageRecord(
            ContactMessage("M1", form_of(ContactForm, {"name": "Abena", **data}), NOW)
        )

    def unit(self, n: int = -1) -> list[Write]:
        return self.uow.committed[n]

    def audit(self, n: int = -1) -> AuditEntry:
        (entry,) = [w.args[0] for w in self.unit(n) if w.repository == "audit"]
        assert isinstance(entry, AuditEntry)
        return entry


async def test_a_note_is_written_with_its_audit_entry_in_one_commit() -> None:
    h = Harness()
    note = await h.service.add_note(AMA, "VA1", NoteInput("  Passport expires in March  "))
    assert (note.text, note.author, note.author_name, note.created_at, note.version) == (
        "Passport expires in March",
        AMA.email,
        "Ama Owusu",
        NOW,
        1,
    )
    assert [(w.repository, w.method) for w in h.unit()] == [("notes", "add"), ("audit", "add")]
    assert (h.audit().actor, h.audit().action, h.audit().target) == (
        AMA.email,
        "application.note.add",
        f"VA1: {note.id}",
    )


@pytest.mark.parametrize(
    ("raw", "message"), [("", NOTE_REQUIRED), ("   ", NOTE_REQUIRED), (None, NOTE_REQUIRED), (3, NOTE_REQUIRED)]
)
async def test_an_empty_note_is_refused_and_nothing_is_written(raw: object, message: str) -> None:
    h = Harness()
    with pytest.raises(Rejected) as refused:
        await h.service.add_note(AMA, "VA1", NoteInput(raw))
    assert refused.value.errors == {"text": message}
    assert h.uow.committed == []


@given(st.text(min_size=1, max_size=NOTE_MAX_LENGTH + 50))
async def test_a_note_is_bounded(text: str) -> None:
    h = Harness()
    trimmed = text.strip()
    if not trimmed:
        return
    if len(trimmed) > NOTE_MAX_LENGTH:
        with pytest.raises(Rejected) as refused:
            await h.service.add_note(AMA, "VA1", NoteInput(text))
        assert refused.value.errors == {"text": NOTE_TOO_LONG}
    else:
        assert (await h.service.add_note(AMA, "VA1", NoteInput(text))).text == trimmed


async def test_a_note_on_an_unknown_applicant_or_another_applicants_note_is_not_found() -> None:
    h = Harness()
    with pytest.raises(NotFound, match="Application not found"):
        await h.service.add_note(AMA, "VA9", NoteInput("x"))
    h.notes.stored["NT1"] = Note("NT1", "VA2", AMA.email, AMA.name, "x", NOW)
    with pytest.raises(NotFound, match="Note not found"):
        await h.service.edit_note(AMA, "VA1", "NT1", NoteInput("y"))
    with pytest.raises(NotFound, match="Note not found"):
        await h.service.delete_note(AMA, "VA1", "NT1")
    assert h.uow.committed == []


async def test_an_edit_bumps_the_version_on_condition_and_a_delete_keeps_a_tombstone() -> None:
    h = Harness()
    h.notes.stored["NT1"] = Note("NT1", "VA1", "kofi@vandytravel.com", "Kofi", "old", NOW)
    edited = await h.service.edit_note(AMA, "VA1", "NT1", NoteInput("new"))
    assert (edited.text, edited.version, edited.edited_by, edited.edited_at, edited.author) == (
        "new",
        2,
        AMA.email,
        NOW,
        "kofi@vandytravel.com",
    )
    (write,) = [w for w in h.unit() if w.repository == "notes"]
    assert (write.method, write.args) == ("replace", (edited, 1))
    assert h.audit().action == "application.note.edit"

    await h.service.delete_note(AMA, "VA1", "NT1")
    (gone,) = [w for w in h.unit() if w.repository == "notes"]
    assert (gone.args[0].deleted_at, gone.args[0].deleted_by, gone.args[1]) == (NOW, AMA.email, 1)
    assert h.audit().action == "application.note.delete"

    h.uow.fail_next.append(PreconditionFailed("note NT1"))
    with pytest.raises(Conflict, match=NOTE_CHANGED):
        await h.service.edit_note(AMA, "VA1", "NT1", NoteInput("lost"))


async def test_an_owner_must_be_staff_and_each_change_is_audited() -> None:
    h = Harness()
    for raw in ("u-nobody", 7, ["u-ama"]):
        with pytest.raises(Rejected) as refused:
            await h.service.set_owner(AMA.email, "VA1", OwnerInput(raw))
        assert refused.value.errors == {"ownerId": OWNER_MUST_BE_STAFF}
    record = await h.service.set_owner(AMA.email, "VA1", OwnerInput("u-kofi"))
    assert (record.owner_id, record.owner_name) == ("u-kofi", "Kofi Mensah")
    (write,) = [w for w in h.unit() if w.repository == "owners"]
    assert (write.method, write.args) == ("set", ("VA1", "u-kofi", "Kofi Mensah"))
    assert (h.audit().action, h.audit().target) == ("application.owner", "VA1: nobody -> Kofi Mensah")

    h.admin.applications["VA1"] = record
    assert await h.service.set_owner(AMA.email, "VA1", OwnerInput("u-kofi")) == record  # no change, nothing written
    assert len(h.uow.committed) == 1
    await h.service.set_owner(AMA.email, "VA1", OwnerInput(None))
    assert h.audit().target == "VA1: Kofi Mensah -> nobody"


async def test_an_email_reply_goes_through_the_outbox_with_its_thread_entry_and_audit() -> None:
    h = Harness()
    h.add_message(email="abena@example.com", phone="+233241234567", subject="Visa", message="How long?")
    await h.service.reply(AMA, "M1", ReplyInput(None, "Two weeks."))
    writes = {w.repository: w.args[0] for w in h.unit()}
    reply, (mail,) = writes["replies"], writes["outbox"]
    assert (reply.channel, reply.recipient, reply.subject, reply.sender, reply.outbox_id) == (
        ReplyChannel.EMAIL,
        "abena@example.com",
        "Re: Visa",
        AMA.email,
        mail.id,
    )
    assert (mail.kind, mail.address, mail.source_id, mail.id) == (
        "email",
        "abena@example.com",
        "M1",
        f"{reply.id}-reply-mail",
    )
    body = json.loads(mail.text)
    assert body["subject"] == "Re: Visa"
    assert body["text"].startswith("Dear Abena,\n\nTwo weeks.\n")
    assert "> How long?" in body["text"]
    assert (h.audit().action, h.audit().target) == ("message.reply", f"M1: email {reply.id}")
    assert h.enqueued == 1


async def test_an_sms_reply_when_only_a_phone_was_given() -> None:
    h = Harness()
    h.add_message(phone="024 123 4567")
    await h.service.reply(AMA, "M1", ReplyInput("", "Please call us."))
    (sms,) = next(w.args[0] for w in h.unit() if w.repository == "outbox")
    assert (sms.kind, sms.address, sms.text) == ("reply", "+233241234567", "Please call us.")


def test_the_reply_subject_says_re_once() -> None:
    assert reply_subject("Visa  question") == "Re: Visa question"
    assert reply_subject("RE: Visa") == "RE: Visa"
    assert reply_subject("") == "Re: your message to Vandy Travel and Recruitment Services"
