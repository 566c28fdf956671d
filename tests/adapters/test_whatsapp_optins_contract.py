"""WhatsApp opt-ins and inbound ids on both backends (SQLite and the Firestore emulator): a phone's
latest opt-in read back whole, an opt-out kept once (a second stop keeps the first time), a new
opt-in after a stop stands again; an inbound id claimed once (also when claimed at once by many),
forgotten on request, and the phone's last inbound time (issue 48 items 1, 2, 4)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.firestore.whatsapp_optins import FirestoreOptIns
from adapters.sqlite.database import Database
from adapters.sqlite.whatsapp_optins import SqliteOptIns
from agency_core.whatsapp.model import InboundMessage, InboundSeen, OptIn
from tests.adapters.backends import BACKENDS, open_stores
from tests.support.clock import NOW

PHONE = "+233241234567"


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SqliteOptIns | FirestoreOptIns]:
    async with open_stores(request, tmp_path) as stores:
        if stores.database is not None:
            made: SqliteOptIns | FirestoreOptIns = SqliteOptIns(stores.database)
        else:
            assert stores.firestore is not None
            made = FirestoreOptIns(stores.firestore.client, stores.prefix)
        await made.migrate()
        yield made


async def test_opt_in_read_back_then_stopped_once(store: SqliteOptIns | FirestoreOptIns) -> None:
    assert await store.current(PHONE) is None
    opt_in = OptIn(PHONE, NOW, "apply", "whatsapp-opt-in-v1")
    await store.record(opt_in)
    assert await store.current(PHONE) == opt_in
    await store.opt_out(PHONE, NOW + timedelta(hours=1))
    await store.opt_out(PHONE, NOW + timedelta(hours=2))
    stopped = await store.current(PHONE)
    assert stopped is not None
    assert stopped.opted_out_at == NOW + timedelta(hours=1)
    assert not stopped.active
    await store.opt_out("+233200000000", NOW)  # never opted in: nothing
    assert await store.current("+233200000000") is None
    again = OptIn(PHONE, NOW + timedelta(days=1), "contact", "whatsapp-opt-in-v1")
    await store.record(again)
    assert await store.current(PHONE) == again


async def test_inbound_claimed_once_and_last_time_by_phone(store: SqliteOptIns | FirestoreOptIns) -> None:
    first = InboundMessage("wamid.A", PHONE, NOW, "text", "hi")
    later = InboundMessage("wamid.B", PHONE, NOW + timedelta(minutes=5), "text", "still there?")
    assert await store.last_inbound(PHONE) is None
    claims = await asyncio.gather(*(store.claim(first) for _ in range(5)))
    assert sorted(claims) == [False, False, False, False, True]
    assert await store.claim(later)
    assert await store.last_inbound(PHONE) == later.at
    assert await store.last_inbound("+233200000000") is None
    await store.forget("wamid.B")
    assert await store.last_inbound(PHONE) == first.at
    assert await store.claim(later)


async def test_a_phones_inbound_read_back_and_erased_with_its_opt_in(store: SqliteOptIns | FirestoreOptIns) -> None:
    other = "+233200000000"
    await store.record(OptIn(PHONE, NOW, "apply", "whatsapp-opt-in-v1"))
    await store.record(OptIn(other, NOW, "book", "whatsapp-opt-in-v1"))
    assert await store.claim(InboundMessage("wamid.B", PHONE, NOW + timedelta(minutes=5), "text", "later"))
    assert await store.claim(InboundMessage("wamid.A", PHONE, NOW, "text", "first"))
    assert await store.claim(InboundMessage("wamid.C", other, NOW, "text", "someone else"))
    assert await store.inbound(PHONE) == [
        InboundSeen("wamid.A", PHONE, NOW),
        InboundSeen("wamid.B", PHONE, NOW + timedelta(minutes=5)),
    ]
    await store.erase(PHONE)
    assert await store.current(PHONE) is None
    assert await store.inbound(PHONE) == []
    assert await store.last_inbound(PHONE) is None
    assert await store.claim(InboundMessage("wamid.A", PHONE, NOW, "text", "first"))  # its id is forgotten too
    assert (await store.current(other)) == OptIn(other, NOW, "book", "whatsapp-opt-in-v1")
    assert [s.wa_message_id for s in await store.inbound(other)] == ["wamid.C"]
    await store.erase("+233209999999")  # nothing held: nothing happens


async def test_migration_runs_once(tmp_path: Path) -> None:
    db = Database(tmp_path / "agency.sqlite3")
    await SqliteOptIns(db).migrate()
    await SqliteOptIns(db).migrate()
    applied = await db.run(
        lambda conn: [r[0] for r in conn.execute("SELECT name FROM schema_migrations WHERE name LIKE '%whatsapp%'")]
    )
    assert applied == ["records_0020_whatsapp_optins"]
    await db.close()
