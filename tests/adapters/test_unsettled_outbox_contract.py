"""A text whose answer was lost, on both backends: held (not claimed, by a worker or a script) until
its delivery report settles it or the settle wait ends; the report's gateway id checked in the same
transaction; the hold written only by the worker holding the lease."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agency_core.messaging import outbox_messages
from agency_core.records import OutboxMessage, OutboxStatus, ReportedDelivery
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.writes import enqueue

T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
WAIT = timedelta(minutes=15)
LEASE = timedelta(seconds=30)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


async def held_after_a_lost_answer(stores: Stores, message_id: str = "VA1-0") -> OutboxMessage:
    """Enqueued, claimed by worker-a, its answer lost at T0."""
    outbox = stores.records.outbox
    await enqueue(
        stores.records,
        [
            outbox_messages.sms(
                id=message_id, source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0
            )
        ],
    )
    (claimed,) = await outbox.claim(T0, T0 + LEASE, 10, "worker-a")
    assert claimed.id == message_id
    assert await outbox.mark_unsettled(message_id, "RemoteProtocolError", T0, WAIT, "worker-a")
    message = await outbox.get(message_id)
    assert message is not None
    return message


async def test_a_lost_answer_holds_the_message_unleased_until_the_settle_wait(stores: Stores) -> None:
    held = await held_after_a_lost_answer(stores)
    assert (held.status, held.unsettled_since, held.next_attempt_at) == (OutboxStatus.PENDING, T0, T0 + WAIT)
    assert (held.lease_owner, held.lease_until, held.last_error) == (None, None, "RemoteProtocolError")


async def test_a_held_message_is_claimed_by_no_worker_and_no_script_before_the_settle_wait(stores: Stores) -> None:
    await held_after_a_lost_answer(stores)
    outbox, early = stores.records.outbox, T0 + WAIT - timedelta(seconds=1)
    assert await outbox.claim(early, early + LEASE, 10, "worker-b") == []
    assert await outbox.claim_message("VA1-0", early, early + LEASE, "script-1") is None
    (resent,) = await outbox.claim(T0 + WAIT, T0 + WAIT + LEASE, 10, "worker-b")
    assert (resent.id, resent.attempts, resent.lease_owner) == ("VA1-0", 2, "worker-b")


async def test_a_script_may_claim_a_held_message_once_the_settle_wait_has_passed(stores: Stores) -> None:
    await held_after_a_lost_answer(stores)
    claimed = await stores.records.outbox.claim_message("VA1-0", T0 + WAIT, T0 + WAIT + LEASE, "script-1")
    assert claimed is not None
    assert claimed.lease_owner == "script-1"


async def test_only_the_worker_holding_the_lease_may_hold_the_message(stores: Stores) -> None:
    outbox = stores.records.outbox
    await enqueue(
        stores.records,
        [outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0)],
    )
    await outbox.claim(T0, T0 + LEASE, 10, "worker-a")
    assert not await outbox.mark_unsettled("VA1-0", "ReadTimeout", T0, WAIT, "worker-b")
    message = await outbox.get("VA1-0")
    assert message is not None
    assert (message.unsettled_since, message.lease_owner) == (None, "worker-a")


async def test_a_delivered_report_settles_a_held_message_as_sent_with_the_reported_gateway_id(stores: Stores) -> None:
    await held_after_a_lost_answer(stores)
    outbox = stores.records.outbox
    assert await outbox.record_report("VA1-0", ReportedDelivery.DELIVERED, "DELIVERED", "gw-9", T0 + LEASE)
    settled = await outbox.get("VA1-0")
    assert settled is not None
    assert (settled.status, settled.delivered_at, settled.gateway_id) == (OutboxStatus.DELIVERED, T0, "gw-9")
    assert (settled.delivery_report, settled.unsettled_since) == (ReportedDelivery.DELIVERED, None)
    assert await outbox.claim(T0 + WAIT * 2, T0 + WAIT * 2 + LEASE, 10, "worker-b") == []


async def test_a_failed_report_makes_a_held_message_due_at_once(stores: Stores) -> None:
    await held_after_a_lost_answer(stores)
    outbox, at = stores.records.outbox, T0 + timedelta(minutes=1)
    assert await outbox.record_report("VA1-0", ReportedDelivery.FAILED, "UNDELIVERABLE", "gw-9", at)
    (resent,) = await outbox.claim(at, at + LEASE, 10, "worker-b")
    assert resent.id == "VA1-0"


async def test_a_delivered_report_that_came_before_the_lost_answer_settles_it_at_once(stores: Stores) -> None:
    outbox = stores.records.outbox
    await enqueue(
        stores.records,
        [outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0)],
    )
    await outbox.claim(T0, T0 + LEASE, 10, "worker-a")
    assert await outbox.record_report("VA1-0", ReportedDelivery.DELIVERED, "DELIVERED", "gw-3", T0)
    assert await outbox.mark_unsettled("VA1-0", "ReadTimeout", T0 + timedelta(seconds=1), WAIT, "worker-a")
    settled = await outbox.get("VA1-0")
    assert settled is not None
    assert (settled.status, settled.gateway_id, settled.unsettled_since) == (OutboxStatus.DELIVERED, "gw-3", None)


async def test_a_report_without_the_stored_gateway_id_changes_nothing(stores: Stores) -> None:
    outbox = stores.records.outbox
    await enqueue(
        stores.records,
        [outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0)],
    )
    await outbox.claim(T0, T0 + LEASE, 10, "worker-a")
    assert await outbox.mark_delivered("VA1-0", T0, "worker-a", gateway_id="gw-1")
    assert not await outbox.record_report("VA1-0", ReportedDelivery.FAILED, "FAILED", "", T0 + LEASE)
    assert not await outbox.record_report("VA1-0", ReportedDelivery.FAILED, "FAILED", "gw-2", T0 + LEASE)
    message = await outbox.get("VA1-0")
    assert message is not None
    assert (message.delivery_report, message.reported_at) == (None, None)


async def test_the_answer_of_a_resend_clears_the_hold(stores: Stores) -> None:
    await held_after_a_lost_answer(stores)
    outbox = stores.records.outbox
    await outbox.claim(T0 + WAIT, T0 + WAIT + LEASE, 10, "worker-b")
    assert await outbox.mark_delivered("VA1-0", T0 + WAIT, "worker-b", gateway_id="gw-4")
    sent = await outbox.get("VA1-0")
    assert sent is not None
    assert (sent.status, sent.unsettled_since, sent.gateway_id) == (OutboxStatus.DELIVERED, None, "gw-4")
