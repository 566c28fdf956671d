"""The outbox's table (SQLite) and collection (Firestore) were ``sms_outbox``; they are ``outbox``.

A store made before the rename, holding queued messages of every sort (an SMS due now, an e-mail
with its calendar invitation, a reminder scheduled for later, and one already sent), keeps them all
after the migration, and the worker sends each queued one, the scheduled one at its time. On
Firestore the move runs at every start, several instances at once, and never overwrites a message
already moved.
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.codec import to_document, to_row
from adapters.firestore.outbox_move import NEW_COLLECTION, OLD_COLLECTION, move_old_outbox
from adapters.firestore.store import FirestoreStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS, OUTBOX_RENAMED, SqliteStore
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Attachment, Email
from agency_core.messaging.outbox import OutboxWorker
from agency_core.ports import Outbox, SendResult
from agency_core.records import OutboxMessage, OutboxStatus
from tests.adapters.backends import open_stores
from tests.support.sealing import new_sealer

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(hours=3)
PHONE = "+233241234567"
INVITATION = Attachment("appointment.ics", "text/calendar; method=REQUEST", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
MAIL = Email("ama@example.com", "Your appointment", "Dear Ama", attachments=(INVITATION,))
QUEUED = (
    outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone=PHONE, text="Received", now=T0),
    outbox_messages.email(id="VA1-mail", source_id="VA1", mail=MAIL, now=T0),
    outbox_messages.scheduled_sms(
        id="VA1-reminder", source_id="VA1", kind="appointment_reminder", phone=PHONE, text="Tomorrow", now=T0, at=LATER
    ),
)
SENT = replace(
    outbox_messages.sms(id="VA1-sent", source_id="VA1", kind="status", phone=PHONE, text="Sent", now=T0),
    status=OutboxStatus.DELIVERED,
    delivered_at=T0,
    attempts=1,
)
ALL = sorted((*QUEUED, SENT), key=lambda m: m.id)


class Gateway:
    """Takes every text (the port, not a client library)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str | None]] = []

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        self.sent.append((phone, message, idempotency_key))
        return SendResult(True, "Sent")


class Mailer:
    def __init__(self) -> None:
        self.sent: list[tuple[Email, str]] = []

    async def send(self, email: Email, message_id: str) -> None:
        self.sent.append((email, message_id))


async def _worker_sends_every_queued_one(outbox: Outbox) -> None:
    now = [T0 + timedelta(seconds=1)]
    gateway, mailer = Gateway(), Mailer()
    worker = OutboxWorker(outbox, gateway, clock=lambda: now[0], email=mailer, owner="w1")
    assert await worker.run_once() == 2  # the SMS and the e-mail; the reminder waits for its time
    assert gateway.sent == [(PHONE, "Received", "VA1-0")]
    assert mailer.sent == [(MAIL, "VA1-mail")]  # subject, text and the invitation, whole
    assert await worker.run_once() == 0
    now[0] = LATER + timedelta(seconds=1)
    assert await worker.run_once() == 1
    assert gateway.sent[1:] == [(PHONE, "Tomorrow", "VA1-reminder")]
    stored = {m.id: m for m in await outbox.list("VA1")}
    assert {i: (m.status, m.attempts) for i, m in stored.items()} == {
        "VA1-0": (OutboxStatus.DELIVERED, 1),
        "VA1-mail": (OutboxStatus.DELIVERED, 1),
        "VA1-reminder": (OutboxStatus.DELIVERED, 1),
        "VA1-sent": (OutboxStatus.DELIVERED, 1),  # sent before the rename: not sent again
    }


def _tables(path: Path) -> tuple[set[str], set[str]]:
    with sqlite3.connect(path) as conn:
        # the outbox's own names (another table's index may name its outbox column: whatsapp_messages_outbox)
        rows = conn.execute(
            "SELECT type, name FROM sqlite_master WHERE name LIKE 'outbox%' OR name LIKE 'sms_outbox%'"
        ).fetchall()
    # the primary key's own index (sqlite_autoindex_<table>_1) follows the table's name by itself
    return {n for t, n in rows if t == "table"}, {n for t, n in rows if t == "index" and not n.startswith("sqlite_")}


async def test_a_sqlite_database_made_before_the_rename_keeps_every_queued_message(tmp_path: Path) -> None:
    path = tmp_path / "agency.sqlite3"
    db = Database(path)
    await db.migrate([m for m in MIGRATIONS if m.name != OUTBOX_RENAMED])
    await db.close()
    with sqlite3.connect(path) as conn:
        for message in ALL:
            row = to_row(message)
            marks = ", ".join("?" * len(row))
            conn.execute(f"INSERT INTO sms_outbox ({', '.join(row)}) VALUES ({marks})", list(row.values()))
    assert _tables(path)[0] == {"sms_outbox"}

    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    try:
        tables, indexes = _tables(path)
        assert tables == {"outbox"}
        assert indexes == {"outbox_due", "outbox_source", "outbox_lease_owner", "outbox_sent"}
        assert sorted(await store.outbox.list("VA1"), key=lambda m: m.id) == ALL
        assert outbox_messages.email_of(await store.outbox.get("VA1-mail")) == MAIL  # type: ignore[arg-type]
        await _worker_sends_every_queued_one(store.outbox)
    finally:
        await db.close()


async def _old_documents(store: FirestoreStore, prefix: str, messages: tuple[OutboxMessage, ...]) -> None:
    old = store.client.collection(prefix + OLD_COLLECTION)
    for message in messages:
        await old.document(message.id).set(to_document(message))


@pytest.mark.emulator
async def test_firestore_documents_move_to_the_new_collection_at_start_once_with_several_instances(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    request.param = "firestore"  # type: ignore[attr-defined]
    async with open_stores(request, tmp_path) as s:
        assert s.firestore is not None
        store, prefix = s.firestore, s.prefix
        await _old_documents(store, prefix, tuple(ALL))
        others = [FirestoreStore(store.client, prefix, sealer=s.sealer) for _ in range(2)]
        await asyncio.gather(store.start(), *(other.start() for other in others))  # three instances start at once
        assert [d.id async for d in store.client.collection(prefix + OLD_COLLECTION).stream()] == []
        moved = sorted([d.id async for d in store.client.collection(prefix + NEW_COLLECTION).stream()])
        assert moved == [m.id for m in ALL]
        assert await move_old_outbox(store.client, prefix) == 0  # the next start finds nothing to move
        assert sorted(await store.outbox.list("VA1"), key=lambda m: m.id) == ALL
        await _worker_sends_every_queued_one(store.outbox)


@pytest.mark.emulator
async def test_firestore_a_message_moved_and_sent_already_is_not_overwritten_by_a_late_copy(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    request.param = "firestore"  # type: ignore[attr-defined]
    async with open_stores(request, tmp_path) as s:
        assert s.firestore is not None
        store, prefix = s.firestore, s.prefix
        pending = QUEUED[0]
        delivered = replace(pending, status=OutboxStatus.DELIVERED, delivered_at=T0, attempts=1)
        await store.client.collection(prefix + NEW_COLLECTION).document(pending.id).set(to_document(delivered))
        await _old_documents(store, prefix, (pending,))
        assert await move_old_outbox(store.client, prefix) == 0
        assert await store.outbox.get(pending.id) == delivered
        assert [d.id async for d in store.client.collection(prefix + OLD_COLLECTION).stream()] == []
