"""Delivery reports on both backends: the gateway id kept with the "sent" write, reports kept through
the unit of work in any order (before "sent" too), forward only, repeats harmless; the texts awaiting
a report; old rows and documents (before ``records_0007_delivery_reports``) still read and send."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS, OUTBOX_RENAMED, SqliteStore
from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import DeliveryState, delivery_state, report_of
from agency_core.records import OutboxMessage, OutboxStatus, ReportedDelivery
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer
from tests.support.writes import enqueue

T0 = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


def sms(message_id: str, kind: str = "status") -> OutboxMessage:
    return outbox_messages.sms(id=message_id, source_id="VA1", kind=kind, phone="+233241234567", text="Hello", now=T0)


async def report(stores: Stores, message_id: str, word: str, at: datetime) -> None:
    reported = report_of(word)
    assert reported is not None
    async with stores.records.unit_of_work() as uow:
        await uow.outbox.record_report(message_id, reported, word, at)


async def stored(stores: Stores, message_id: str) -> OutboxMessage:
    message = await stores.records.outbox.get(message_id)
    assert message is not None
    return message


async def test_the_sent_write_keeps_the_gateway_id(stores: Stores) -> None:
    await enqueue(stores.records, [sms("VA1-0")])
    assert await stores.records.outbox.mark_delivered("VA1-0", T0, gateway_id="gw-7")
    message = await stored(stores, "VA1-0")
    assert (message.status, message.gateway_id, message.delivered_at) == (OutboxStatus.DELIVERED, "gw-7", T0)
    assert delivery_state(message) is DeliveryState.SENT


@pytest.mark.parametrize(
    "order",
    list(itertools.permutations(["sent", "FAILED", "DELIVERED", "DELIVERED"])),
)
async def test_any_order_ends_delivered_and_only_moves_forward(stores: Stores, order: tuple[str, ...]) -> None:
    await enqueue(stores.records, [sms("VA1-0")])
    rank = [DeliveryState.PENDING, DeliveryState.SENT, DeliveryState.FAILED, DeliveryState.DELIVERED]
    seen = [DeliveryState.PENDING]
    for i, step in enumerate(order):
        at = T0 + timedelta(seconds=i)
        if step == "sent":
            assert await stores.records.outbox.mark_delivered("VA1-0", at, gateway_id="gw-1")
        else:
            await report(stores, "VA1-0", step, at)
        seen.append(delivery_state(await stored(stores, "VA1-0")))
    assert [rank.index(s) for s in seen] == sorted(rank.index(s) for s in seen)
    final = await stored(stores, "VA1-0")
    assert (final.status, final.gateway_id, final.delivery_report) == (
        OutboxStatus.DELIVERED,
        "gw-1",
        ReportedDelivery.DELIVERED,
    )
    assert final.report_status == "DELIVERED"


async def test_a_repeat_keeps_the_first_arrival(stores: Stores) -> None:
    await enqueue(stores.records, [sms("VA1-0")])
    await stores.records.outbox.mark_delivered("VA1-0", T0, gateway_id="gw-1")
    await report(stores, "VA1-0", "UNDELIVERABLE", T0 + timedelta(minutes=1))
    await report(stores, "VA1-0", "FAILED", T0 + timedelta(minutes=2))
    message = await stored(stores, "VA1-0")
    assert (message.delivery_report, message.reported_at, message.report_status) == (
        ReportedDelivery.FAILED,
        T0 + timedelta(minutes=1),
        "UNDELIVERABLE",
    )


async def test_a_report_for_an_unknown_message_writes_nothing(stores: Stores) -> None:
    await report(stores, "nobody", "DELIVERED", T0)
    assert await stores.records.outbox.get("nobody") is None


async def test_awaiting_delivery_lists_sent_texts_without_a_delivered_report(stores: Stores) -> None:
    outbox = stores.records.outbox
    await enqueue(stores.records, [sms(f"VA1-{i}") for i in range(5)])
    await outbox.mark_delivered("VA1-0", T0, gateway_id="gw-0")  # awaiting
    await outbox.mark_delivered("VA1-1", T0, gateway_id="gw-1")  # delivered
    await report(stores, "VA1-1", "DELIVERED", T0)
    await outbox.mark_delivered("VA1-2", T0, gateway_id="gw-2")  # failed: still not delivered
    await report(stores, "VA1-2", "FAILED", T0)
    await outbox.mark_delivered("VA1-3", T0)  # no gateway id: nobody will report
    await outbox.mark_delivered("VA1-4", T0 - timedelta(days=8), gateway_id="gw-4")  # too old
    waiting = await outbox.awaiting_delivery(T0 - timedelta(days=7))
    assert [m.id for m in waiting] == ["VA1-0", "VA1-2"]


async def test_a_report_in_the_same_unit_of_work_as_other_writes_is_discarded_with_them(stores: Stores) -> None:
    await enqueue(stores.records, [sms("VA1-0")])
    unit = stores.records.unit_of_work()
    uow = await unit.__aenter__()
    await uow.outbox.record_report("VA1-0", ReportedDelivery.DELIVERED, "DELIVERED", T0)
    await unit.__aexit__(RuntimeError, RuntimeError("the use case failed"), None)
    assert (await stored(stores, "VA1-0")).delivery_report is None


async def test_sqlite_rows_from_before_the_migration_keep_their_state_and_still_send(tmp_path: Path) -> None:
    path = tmp_path / "agency.sqlite3"
    skipped = ("records_0007_delivery_reports", "records_0014_outbox_channel", OUTBOX_RENAMED)
    before = [m for m in MIGRATIONS if m.name not in skipped]
    db = Database(path)
    await db.migrate(before)

    def old_rows(conn: sqlite3.Connection) -> None:
        # As the version before delivery reports wrote them: no gateway id, no report columns.
        for message_id, status, sent_at in (("VA1-pending", "pending", None), ("VA1-sent", "delivered", T0)):
            conn.execute(
                "INSERT INTO sms_outbox (id, source_id, kind, phone, text, status, attempts, next_attempt_at, "
                "created_at, delivered_at) VALUES (?, 'VA1', 'status', '+233241234567', 'Hello', ?, 0, ?, ?, ?)",
                (message_id, status, T0.isoformat(), T0.isoformat(), sent_at and sent_at.isoformat()),
            )

    await db.run(old_rows)
    await db.close()

    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    try:
        pending, sent = await store.outbox.get("VA1-pending"), await store.outbox.get("VA1-sent")
        assert pending is not None
        assert sent is not None
        assert (pending.status, pending.gateway_id, pending.delivery_report) == (OutboxStatus.PENDING, None, None)
        assert delivery_state(sent) is DeliveryState.SENT
        claimed = await store.outbox.claim(T0, T0 + timedelta(seconds=30), 10, "w")
        assert [m.id for m in claimed] == ["VA1-pending"]
        assert await store.outbox.mark_delivered("VA1-pending", T0, "w", gateway_id="gw-1")
        assert (await store.outbox.get("VA1-pending")).gateway_id == "gw-1"  # type: ignore[union-attr]
    finally:
        await db.close()


@pytest.mark.emulator
async def test_firestore_documents_without_the_new_fields_read_with_defaults(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    request.param = "firestore"  # type: ignore[attr-defined]
    async with open_stores(request, tmp_path) as stores:
        assert stores.firestore is not None
        doc = {
            "id": "VA1-old",
            "source_id": "VA1",
            "kind": "status",
            "phone": "+233241234567",
            "text": "Hello",
            "created_at": T0,
            "next_attempt_at": T0,
            "status": "delivered",
            "attempts": 1,
            "delivered_at": T0,
        }
        await stores.firestore.client.collection(stores.prefix + "outbox").document("VA1-old").set(doc)
        message = await stored(stores, "VA1-old")
        assert (message.gateway_id, message.delivery_report) == (None, None)
        assert delivery_state(message) is DeliveryState.SENT
        await report(stores, "VA1-old", "DELIVERED", T0)
        assert delivery_state(await stored(stores, "VA1-old")) is DeliveryState.DELIVERED
