"""One outbox for every channel: messages say their ``channel`` (sms/email) and ``address``. A SQLite
database made before ``records_0014_outbox_channel`` and Firestore documents stored before it read
the same, and nothing pending is lost."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.codec import to_document, to_row
from adapters.firestore.personal_data import FirestorePersonalDataStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS, OUTBOX_RENAMED, SqliteStore
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.privacy.data_requests import ERASED_TEXT
from agency_core.privacy.model import Person
from agency_core.records import Channel, OutboxMessage, OutboxStatus
from tests.adapters.backends import BACKENDS, open_stores
from tests.support.sealing import new_sealer
from tests.support.writes import enqueue

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
SMS = outbox_messages.sms(
    id="VA1-status-processing", source_id="VA1", kind="status", phone="+233241234567", text="Dear Ama", now=T0
)
MAIL = outbox_messages.email(
    id="VA1-mail", source_id="VA1", mail=Email("ama@example.com", "Your application", "Dear Ama"), now=T0
)
SENT = replace(
    outbox_messages.sms(
        id="VA1-received", source_id="VA1", kind="received", phone="+233241234567", text="Received", now=T0
    ),
    status=OutboxStatus.DELIVERED,
)


def _before_channels(message: OutboxMessage) -> dict[str, object]:
    """The message as the release before stored it: the address under ``phone``, no channel."""
    stored = {("phone" if k == "address" else k): v for k, v in to_document(message).items()}
    del stored["channel"]
    return stored


@pytest.mark.parametrize("backend", BACKENDS)
async def test_each_message_says_its_channel_and_address(
    request: pytest.FixtureRequest, tmp_path: Path, backend: str
) -> None:
    request.param = backend  # type: ignore[attr-defined]
    async with open_stores(request, tmp_path) as s:
        await enqueue(s.records, [SMS, MAIL])
        sms, mail = await s.records.outbox.get(SMS.id), await s.records.outbox.get(MAIL.id)
    assert sms is not None
    assert mail is not None
    assert (sms.channel, sms.address) == (Channel.SMS, "+233241234567")
    assert (mail.channel, mail.address, mail.kind) == (Channel.EMAIL, "ama@example.com", "email")


async def test_a_database_made_before_the_migration_keeps_every_message_and_its_pending_ones(tmp_path: Path) -> None:
    path = tmp_path / "agency.sqlite3"
    db = Database(path)
    await db.migrate([m for m in MIGRATIONS if m.name not in ("records_0014_outbox_channel", OUTBOX_RENAMED)])
    await db.close()
    with sqlite3.connect(path) as conn:
        for message in (SMS, MAIL, SENT):
            row = {("phone" if k == "address" else k): v for k, v in to_row(message).items() if k != "channel"}
            conn.execute(
                f"INSERT INTO sms_outbox ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", list(row.values())
            )
    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    assert await store.outbox.list("VA1") == [MAIL, SENT, SMS]  # read as stored, each with its channel
    claimed = await store.outbox.claim(T0 + timedelta(seconds=1), T0 + timedelta(minutes=1), 10, "worker")
    assert sorted((m.id, m.channel, m.address) for m in claimed) == [
        (MAIL.id, Channel.EMAIL, "ama@example.com"),
        (SMS.id, Channel.SMS, "+233241234567"),
    ]  # the pending ones are still due
    with sqlite3.connect(path) as conn:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(outbox)")]
    assert ("address" in columns, "channel" in columns, "phone" in columns) == (True, True, False)
    await db.close()


@pytest.mark.emulator
@pytest.mark.parametrize("backend", ["firestore"])
async def test_firestore_documents_stored_before_channels_still_read_and_erase(
    request: pytest.FixtureRequest, tmp_path: Path, backend: str
) -> None:
    request.param = backend  # type: ignore[attr-defined]
    async with open_stores(request, tmp_path) as s:
        assert s.firestore is not None
        outbox = s.firestore.client.collection(s.prefix + "outbox")
        for message in (SMS, MAIL, SENT):
            await outbox.document(message.id).set(_before_channels(message))
        assert await s.records.outbox.list("VA1") == [MAIL, SENT, SMS]
        claimed = await s.records.outbox.claim(T0 + timedelta(seconds=1), T0 + timedelta(minutes=1), 10, "w")
        assert sorted(m.id for m in claimed) == [MAIL.id, SMS.id]

        people = FirestorePersonalDataStore(s.firestore.client, s.prefix, sealer=s.sealer)
        found = await people.find(Person(phone="+233241234567"))
        assert sorted(m.id for m in found.sms) == [SENT.id, SMS.id]
        async with s.records.unit_of_work() as uow:
            await uow.personal_data.erase(found)
        erased = (await outbox.document(SMS.id).get()).to_dict()
    assert erased is not None
    assert (erased["channel"], erased["text"]) == ("sms", ERASED_TEXT)
    assert "1234567" not in erased["address"]
    assert "1234567" not in erased["phone"]  # the old field holds no number in clear either
