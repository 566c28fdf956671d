"""One contract for notes, owners and replies: SQLite and Firestore (on the emulator); the SQLite
migration ``records_0011_notes_owners`` from a database made before it, and old Firestore documents."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.documents import application_record
from adapters.firestore.notes import FirestoreNotesStore
from adapters.firestore.personal_data import FirestorePersonalDataStore
from adapters.sqlite.admin_store import MIGRATIONS as ADMIN_MIGRATIONS
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.notes import SqliteNotesStore
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from adapters.sqlite.store import MIGRATIONS as RECORD_MIGRATIONS
from adapters.sqlite.store import SqliteStore
from agency_core.paging import PageRequest
from agency_core.privacy.data_requests import PersonalDataStore, export_json
from agency_core.privacy.model import Person
from agency_core.records import Application, ContactMessage
from agency_core.spec.forms import ApplicationForm, ContactForm, form_of
from agency_core.staff.notes import Note, NotesStore, Reply, ReplyChannel
from agency_core.staff.query import ApplicationQuery
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer
from tests.support.writes import add_application, add_contact_message, commits

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@dataclass
class Backend:
    stores: Stores
    notes: NotesStore


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        if s.database is not None:
            notes: NotesStore = SqliteNotesStore(s.database)
        else:
            assert s.firestore is not None
            notes = FirestoreNotesStore(s.firestore.client, s.prefix)
        yield Backend(s, notes)


def application(app_id: str, at: datetime = T0) -> Application:
    data = {
        "firstName": "Akosua",
        "lastName": "Ɔdɔm",
        "email": f"{app_id.lower()}@example.com",
        "phone": "+233241234567",
        "jobCategory": "Hospitality",
        "preferredCountry": "Qatar",
    }
    return Application(app_id, form_of(ApplicationForm, data), (), at)


def note(note_id: str, app_id: str, minutes: int, text: str = "Passport expires in March") -> Note:
    return Note(note_id, app_id, "ama@vandytravel.com", "Ama", text, T0 + timedelta(minutes=minutes))


async def test_notes_are_kept_edited_on_condition_and_deleted_as_tombstones(backend: Backend) -> None:
    records = backend.stores.records
    await add_application(records, application("VTR1"))
    await add_application(records, application("VTR2"))
    first, second, other = note("NT1", "VTR1", 1), note("NT2", "VTR1", 2, "<b>call</b> back"), note("NT3", "VTR2", 3)
    assert await commits(records, lambda uow: [uow.notes.add(n) for n in (second, first, other)])
    assert await backend.notes.notes("VTR1") == [first, second]
    assert await backend.notes.note("NT2") == second

    edited = replace(
        first, text="Passport renewed", edited_at=T0 + timedelta(hours=1), edited_by="kofi@x.com", version=2
    )
    assert await commits(records, lambda uow: [uow.notes.replace(edited, 1)])
    assert await backend.notes.note("NT1") == edited
    stale = replace(first, text="lost update", version=2)
    assert not await commits(records, lambda uow: [uow.notes.replace(stale, 1)])
    assert await backend.notes.note("NT1") == edited

    gone = replace(second, deleted_at=T0 + timedelta(hours=2), deleted_by="ama@vandytravel.com", version=2)
    assert await commits(records, lambda uow: [uow.notes.replace(gone, 1)])
    assert not await commits(records, lambda uow: [uow.notes.replace(replace(gone, version=3), 2)])
    assert [n.id for n in await backend.notes.notes("VTR1")] == ["NT1", "NT2"]
    assert (await backend.notes.note("NT2")) == gone
    # The last note's date counts live notes only: NT2 (the newest) is deleted.
    assert await backend.notes.last_note_dates(["VTR1", "VTR2", "VTR9"]) == {
        "VTR1": first.created_at,
        "VTR2": other.created_at,
    }


async def test_an_owner_is_set_on_condition_and_filters_the_list(backend: Backend) -> None:
    records, admin = backend.stores.records, backend.stores.admin
    for n in range(3):
        await add_application(records, application(f"VTR{n}", T0 + timedelta(minutes=n)))
    assert await commits(records, lambda uow: [uow.owners.set("VTR1", "u-ama", "Ama Owusu")])
    assert await commits(records, lambda uow: [uow.owners.set("VTR2", "u-kofi", "Kofi")])
    assert not await commits(records, lambda uow: [uow.owners.set("VTR9", "u-ama", "Ama Owusu")])
    record = await admin.application("VTR1")
    assert record is not None
    assert (record.owner_id, record.owner_name) == ("u-ama", "Ama Owusu")
    mine = await admin.applications(ApplicationQuery(owner="u-ama"), PageRequest())
    assert [r.id for r in mine.items] == ["VTR1"]
    assert await commits(records, lambda uow: [uow.owners.set("VTR1", "", "")])
    assert (await admin.applications(ApplicationQuery(owner="u-ama"), PageRequest())).total == 0
    nobody = await admin.application("VTR0")
    assert nobody is not None
    assert (nobody.owner_id, nobody.owner_name) == ("", "")


async def test_replies_are_kept_in_their_thread(backend: Backend) -> None:
    records = backend.stores.records
    await add_contact_message(
        records, ContactMessage("MS1", form_of(ContactForm, {"name": "Yaw", "email": "yaw@example.com"}), T0)
    )
    replies = [
        Reply(
            f"RP{n}",
            "MS1" if n < 2 else "MS2",
            ReplyChannel.EMAIL if n else ReplyChannel.SMS,
            "yaw@example.com",
            "Re: Visa" if n else "",
            f"Answer {n}",
            "ama@vandytravel.com",
            "Ama",
            T0 + timedelta(minutes=5 - n),
            f"RP{n}-reply-mail",
        )
        for n in range(3)
    ]
    assert await commits(records, lambda uow: [uow.replies.add(r) for r in replies])
    assert await backend.notes.replies("MS1") == [replies[1], replies[0]]
    assert await backend.notes.replies("MS9") == []


async def test_a_person_s_notes_and_replies_are_exported_and_erased_with_them(backend: Backend) -> None:
    s = backend.stores
    records = s.records
    await add_application(records, application("VTR1"))
    await add_application(records, application("VTR2"))
    await add_contact_message(
        records, ContactMessage("MS1", form_of(ContactForm, {"name": "Akosua", "email": "vtr1@example.com"}), T0)
    )
    reply = Reply("RP1", "MS1", ReplyChannel.EMAIL, "vtr1@example.com", "Re: x", "Hi", "a@x.com", "A", T0, "RP1-m")
    writes = [note("NT1", "VTR1", 1), note("NT2", "VTR2", 2)]
    assert await commits(records, lambda uow: [*(uow.notes.add(n) for n in writes), uow.replies.add(reply)])
    people: PersonalDataStore
    if s.database is not None:
        people = SqlitePersonalDataStore(s.database, s.sealer)
    else:
        assert s.firestore is not None
        people = FirestorePersonalDataStore(s.firestore.client, s.prefix, sealer=s.sealer)
    found = await people.find(Person(email="vtr1@example.com"))
    # the access export has what staff wrote about the person, and nothing about others
    assert (found.notes, found.replies) == ([writes[0]], [reply])
    exported = export_json(found)
    assert [(n["id"], n["applicationId"], n["text"]) for n in exported["notes"]] == [("NT1", "VTR1", writes[0].text)]
    assert [(r["id"], r["messageId"], r["subject"]) for r in exported["replies"]] == [("RP1", "MS1", "Re: x")]
    async with records.unit_of_work() as uow:
        await uow.personal_data.erase(found)
    assert await backend.notes.notes("VTR1") == []
    assert await backend.notes.replies("MS1") == []
    assert [n.id for n in await backend.notes.notes("VTR2")] == ["NT2"]


async def test_the_sqlite_migration_keeps_every_application(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    sealer = new_sealer()
    before = [m for m in RECORD_MIGRATIONS if m.name != "records_0011_notes_owners"]
    await db.migrate(before)
    await db.migrate(ADMIN_MIGRATIONS)
    old = SqliteStore(db, sealer)
    await add_application(old, application("VTR1"))
    store = SqliteStore(db, sealer)
    await store.start()
    admin = SqliteAdminStore(db, sealer)
    await admin.start()
    record = await admin.application("VTR1")
    assert record is not None
    assert (record.application.data.last_name, record.owner_id, record.owner_name) == ("Ɔdɔm", "", "")
    assert await SqliteNotesStore(db).notes("VTR1") == []
    await db.close()


def test_an_old_firestore_application_reads_as_owned_by_nobody() -> None:
    sealer = new_sealer()
    doc = {"id": "VTR1", "data": {"email": "a@example.com"}, "files": [], "created_at": T0, "status": "processing"}
    record = application_record(doc, sealer)
    assert (record.owner_id, record.owner_name, record.status.value) == ("", "", "processing")
