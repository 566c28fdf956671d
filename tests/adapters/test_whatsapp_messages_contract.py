"""WhatsApp message states on both backends (SQLite and the Firestore emulator): forward only
(sent → delivered → read, delivered skipped, failed final and never over a delivery), a status
replayed or raced by many writers changes the state once, a status before the send's own write keeps
its state when the send is recorded (issue 48 items 2-3)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.firestore.whatsapp_messages import FirestoreWhatsAppMessages
from adapters.sqlite.whatsapp_messages import SqliteWhatsAppMessages
from agency_core.whatsapp.model import MessageState
from tests.adapters.backends import BACKENDS, open_stores
from tests.support.clock import NOW

S = MessageState
PHONE = "+233241234567"
Messages = SqliteWhatsAppMessages | FirestoreWhatsAppMessages


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Messages]:
    async with open_stores(request, tmp_path) as stores:
        if stores.database is not None:
            made: Messages = SqliteWhatsAppMessages(stores.database)
        else:
            assert stores.firestore is not None
            made = FirestoreWhatsAppMessages(stores.firestore.client, stores.prefix)
        await made.migrate()
        yield made


async def test_a_sent_message_moves_forward_only(store: Messages) -> None:
    assert await store.state_of("app-1-0") is None
    await store.sent("app-1-0", "wamid.A", PHONE, NOW)
    assert await store.state_of("app-1-0") is S.SENT
    assert await store.outbox_id_of("wamid.A") == "app-1-0"
    assert await store.report("wamid.A", S.DELIVERED, NOW + timedelta(seconds=1))
    assert not await store.report("wamid.A", S.SENT, NOW + timedelta(seconds=2))
    assert not await store.report("wamid.A", S.FAILED, NOW + timedelta(seconds=3))
    assert await store.report("wamid.A", S.READ, NOW + timedelta(seconds=4))
    assert not await store.report("wamid.A", S.DELIVERED, NOW + timedelta(seconds=5))
    assert await store.state_of("app-1-0") is S.READ


async def test_failed_is_final(store: Messages) -> None:
    await store.sent("app-2-0", "wamid.B", PHONE, NOW)
    assert await store.report("wamid.B", S.FAILED, NOW)
    assert not await store.report("wamid.B", S.READ, NOW)
    assert await store.state_of("app-2-0") is S.FAILED


async def test_a_status_before_the_sends_own_write_keeps_its_state(store: Messages) -> None:
    assert await store.report("wamid.C", S.DELIVERED, NOW)
    assert await store.outbox_id_of("wamid.C") is None
    await store.sent("app-3-0", "wamid.C", PHONE, NOW)
    assert await store.state_of("app-3-0") is S.DELIVERED
    assert await store.outbox_id_of("wamid.C") == "app-3-0"


async def test_a_status_replayed_ten_times_at_once_changes_the_state_once(store: Messages) -> None:
    await store.sent("app-4-0", "wamid.D", PHONE, NOW)
    changed = await asyncio.gather(*(store.report("wamid.D", S.DELIVERED, NOW) for _ in range(10)))
    assert changed.count(True) == 1
    assert await store.state_of("app-4-0") is S.DELIVERED


async def test_racing_delivered_and_read_end_at_read(store: Messages) -> None:
    await store.sent("app-5-0", "wamid.E", PHONE, NOW)
    reports = [S.DELIVERED, S.READ] * 5
    changed = await asyncio.gather(*(store.report("wamid.E", state, NOW) for state in reports))
    assert 1 <= changed.count(True) <= 2
    assert await store.state_of("app-5-0") is S.READ
