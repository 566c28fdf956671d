"""Bulk actions stored on both backends: written in the unit of work with their messages, read back
whole, a repeated confirmation refused with nothing written, an undo marked once; and the SQLite
migration and old Firestore documents."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.codec import from_document
from adapters.firestore.bulk import FirestoreBulkStore
from adapters.sqlite.bulk import SqliteBulkStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS, SqliteStore
from agency_core.bulk.model import BulkAction, BulkItem, BulkKind, BulkStore
from agency_core.messaging import outbox_messages
from agency_core.records import ApplicationStatus, OutboxMessage, OutboxStatus
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer

T0 = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


def bulk_store(stores: Stores) -> BulkStore:
    if stores.database is not None:
        return SqliteBulkStore(stores.database)
    assert stores.firestore is not None
    return FirestoreBulkStore(stores.firestore.client, stores.prefix)


def action(bulk_id: str = "BK1") -> BulkAction:
    return BulkAction(
        bulk_id,
        BulkKind.STATUS,
        "staff@example.com",
        T0,
        "filter status=received",
        (
            BulkItem("VA1", f"{bulk_id}-VA1-sms", ApplicationStatus.RECEIVED),
            BulkItem("VA2", error="The application is already approved; its status cannot change."),
        ),
        ApplicationStatus.PROCESSING,
        undo_until=T0 + timedelta(seconds=30),
    )


def message(bulk_id: str, app_id: str) -> OutboxMessage:
    return outbox_messages.sms(
        id=f"{bulk_id}-{app_id}-sms", source_id=app_id, kind="bulk_message", phone="+233241234567", text="Hi", now=T0
    )


async def add_with_message(stores: Stores, bulk: BulkAction, sms: OutboxMessage) -> None:
    async with stores.records.unit_of_work() as uow:
        await uow.bulk_actions.add(bulk)
        await uow.outbox.enqueue([sms])


async def mark_undone(stores: Stores, bulk_id: str, at: datetime) -> None:
    async with stores.records.unit_of_work() as uow:
        await uow.bulk_actions.mark_undone(bulk_id, at, "staff@example.com")


async def test_a_bulk_action_reads_back_whole_and_is_stored_once(stores: Stores) -> None:
    bulks = bulk_store(stores)
    assert await bulks.bulk_action("BK1") is None
    await add_with_message(stores, action(), message("BK1", "VA1"))
    assert await bulks.bulk_action("BK1") == action()

    with pytest.raises(PreconditionFailed):
        await add_with_message(stores, action(), message("BK1", "VA9"))
    assert await stores.records.outbox.get("BK1-VA9-sms") is None  # the repeat wrote nothing
    assert await bulks.bulk_action("BK1") == action()


async def test_an_undo_is_marked_once(stores: Stores) -> None:
    bulks = bulk_store(stores)
    await add_with_message(stores, action("BK2"), message("BK2", "VA1"))
    later = T0 + timedelta(seconds=5)
    async with stores.records.unit_of_work() as uow:
        await uow.outbox.withdraw(["BK2-VA1-sms"], "withdrawn: the status change was undone")
        await uow.bulk_actions.mark_undone("BK2", later, "other@example.com")
    stored = await bulks.bulk_action("BK2")
    assert stored is not None
    assert (stored.undone_at, stored.undone_by) == (later, "other@example.com")
    withdrawn = await stores.records.outbox.get("BK2-VA1-sms")
    assert withdrawn is not None
    assert withdrawn.status is OutboxStatus.FAILED
    with pytest.raises(PreconditionFailed):
        await mark_undone(stores, "BK2", later)
    with pytest.raises(PreconditionFailed):
        await mark_undone(stores, "BK404", later)


async def test_the_migration_keeps_what_was_stored_before(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    before = [m for m in MIGRATIONS if m.name != "records_0009_bulk_sends"]
    await db.migrate(before)
    store = SqliteStore(db, new_sealer())
    async with store.unit_of_work() as uow:
        await uow.outbox.enqueue([message("VA1", "VA1")])
    await store.start()  # runs records_0009_bulk_sends
    assert await store.outbox.get("VA1-VA1-sms") == message("VA1", "VA1")
    async with store.unit_of_work() as uow:
        await uow.bulk_actions.add(action("BK3"))
    assert await SqliteBulkStore(db).bulk_action("BK3") == action("BK3")
    await db.close()


def test_a_document_without_the_optional_fields_reads_with_defaults() -> None:
    doc = {
        "id": "BK4",
        "kind": "message",
        "actor": "staff@example.com",
        "created_at": T0,
        "selection": "2 selected",
        "items": [{"application_id": "VA1", "message_id": "BK4-VA1-sms"}],
    }
    read = from_document(BulkAction, doc)
    assert read.items == (BulkItem("VA1", "BK4-VA1-sms"),)
    assert (read.status, read.text, read.undo_until, read.undone_at, read.undone_by) == (None, "", None, None, "")
