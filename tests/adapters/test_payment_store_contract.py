"""One contract for the processing fee's store: SQLite and Firestore (on the emulator)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.admin_store import FirestoreAdminStore
from adapters.firestore.payments import FirestorePayments, FirestoreRefunds
from adapters.firestore.store import FirestoreStore
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.payments import SqlitePayments, SqliteRefunds
from adapters.sqlite.store import SqliteStore
from agency_core.audit import AuditEntry
from agency_core.messaging import outbox_messages
from agency_core.paging import PageRequest
from agency_core.payments.model import Payment, PaymentStore
from agency_core.payments.refunds import RefundStore
from agency_core.ports import Store
from agency_core.records import Application, FeeDue, OutboxMessage, PaymentState
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.ports import AdminStore
from agency_core.staff.query import ApplicationQuery
from tests.support.firestore_emulator import FirestoreEmulator
from tests.support.sealing import new_sealer
from tests.support.writes import add_application, commits


async def pay(
    stores: Stores, application_id: str, before: Payment, after: Payment, outbox: list[OutboxMessage], entry: AuditEntry
) -> bool:
    """A payment change as the service writes it: the payment, its receipt and its audit entry."""
    return await commits(
        stores.records,
        lambda uow: (
            uow.payments.set(application_id, before, after),
            uow.outbox.enqueue(outbox),
            uow.audit.add(entry),
        ),
    )


T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


@dataclass
class Stores:
    records: Store
    admin: AdminStore
    payments: PaymentStore
    refunds: RefundStore


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        sealer = new_sealer()
        sqlite = SqliteStore(db, sealer)
        await sqlite.start()
        admin = SqliteAdminStore(db, sealer)
        await admin.start()
        yield Stores(sqlite, admin, SqlitePayments(db, sealer), SqliteRefunds(db))
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        prefix = f"t{secrets.token_hex(4)}_"
        firestore = FirestoreStore.connect(emulator.project_id, prefix=prefix, sealer=new_sealer())
        yield Stores(
            firestore,
            FirestoreAdminStore(firestore.client, prefix, sealer=firestore.sealer),
            FirestorePayments(firestore.client, prefix, sealer=firestore.sealer),
            FirestoreRefunds(firestore.client, prefix),
        )
        await firestore.close()


def application(app_id: str) -> Application:
    data = {
        "firstName": "Ama",
        "lastName": "Owusu",
        "email": f"{app_id.lower()}@example.com",
        "phone": "+233241234567",
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
    }
    return Application(app_id, form_of(ApplicationForm, data), (), T0)


def audit(n: int, action: str) -> AuditEntry:
    return AuditEntry(f"AU{n:04d}", "paystack", action, f"t{n}", T0 + timedelta(seconds=n))


PENDING = Payment(PaymentState.PENDING, "VA1-aaaaaa", 5000, "USD", None, None, T0)
PAID = Payment(PaymentState.PAID, "VA1-aaaaaa", 5000, "USD", "card", T0 + timedelta(minutes=1), T0)


def receipt(now: datetime = T0) -> OutboxMessage:
    return outbox_messages.sms(
        id="VA1-payment-receipt",
        source_id="VA1",
        kind="payment_receipt",
        phone="+233241234567",
        text="receipt",
        now=now,
    )


async def test_unpaid_until_saved_then_compare_and_set(stores: Stores) -> None:
    assert await add_application(stores.records, application("VA1"), [], T0) is None
    assert await stores.payments.load("nobody") is None
    loaded = await stores.payments.load("VA1")
    assert loaded is not None
    assert loaded[0].id == "VA1"
    assert loaded[1] == Payment()
    assert await pay(stores, "VA1", Payment(), PENDING, [], audit(1, "payment.start"))
    # a stale "before" writes nothing
    assert not await pay(stores, "VA1", Payment(), PAID, [receipt()], audit(2, "payment.paid"))
    assert await pay(stores, "VA1", PENDING, PAID, [receipt()], audit(3, "payment.paid"))
    loaded = await stores.payments.load("VA1")
    assert loaded is not None
    assert loaded[1] == PAID
    assert [m.id for m in await stores.records.outbox.list("VA1")] == ["VA1-payment-receipt"]
    log = await stores.admin.audit_log(PageRequest(1, 10))
    assert [e.action for e in log.items] == ["payment.paid", "payment.start"]
    record = await stores.admin.application("VA1")
    assert record is not None
    assert record.payment == PAID


async def test_racing_confirmations_commit_once(stores: Stores) -> None:
    assert await add_application(stores.records, application("VA1"), [], T0) is None
    assert await pay(stores, "VA1", Payment(), PENDING, [], audit(1, "payment.start"))
    results = await asyncio.gather(
        *(pay(stores, "VA1", PENDING, PAID, [receipt()], audit(10 + i, "payment.paid")) for i in range(5))
    )
    assert sum(results) == 1
    assert len(await stores.records.outbox.list("VA1")) == 1


async def test_the_admin_list_filters_by_payment(stores: Stores) -> None:
    for app_id in ("VA1", "VA2"):
        assert await add_application(stores.records, application(app_id), [], T0) is None
    assert await pay(stores, "VA1", Payment(), PENDING, [], audit(1, "payment.start"))
    assert await commits(stores.records, lambda uow: (uow.audit.add(audit(2, "payment.mismatch")),))
    for state, expected in ((PaymentState.PENDING, ["VA1"]), (PaymentState.UNPAID, ["VA2"]), (PaymentState.PAID, [])):
        page = await stores.admin.applications(ApplicationQuery(payment=state), PageRequest())
        assert [r.id for r in page.items] == expected
    assert (await stores.admin.audit_log(PageRequest())).total == 2


# -- the fee decided at submission, and receipt numbers (records_0012_fees_receipts_refunds) --


def paid_with(number: int, app_id: str) -> Payment:
    return Payment(PaymentState.PAID, f"{app_id}-aaaaaa", 5000, "USD", "card", T0, T0, number)


async def test_the_fee_decided_at_submission_is_kept_with_the_application(stores: Stores) -> None:
    due = FeeDue(0, "USD", "country:United Arab Emirates", "No fee: the employer pays all recruitment costs")
    assert await add_application(stores.records, replace(application("VA1"), fee=due), [], T0) is None
    assert await add_application(stores.records, application("VA2"), [], T0) is None
    loaded = await stores.payments.load("VA1")
    assert loaded is not None
    assert loaded[0].fee == due
    other = await stores.payments.load("VA2")
    assert other is not None
    assert other[0].fee is None
    record = await stores.admin.application("VA1")
    assert record is not None
    assert record.application.fee == due


async def test_receipt_numbers_are_taken_in_order_once_each(stores: Stores) -> None:
    for app_id in ("VA1", "VA2", "VA3"):
        assert await add_application(stores.records, application(app_id), [], T0) is None
    assert await stores.payments.next_receipt_number() == 1
    # a number that is not the next one is refused, and writes nothing
    assert not await pay(stores, "VA1", Payment(), paid_with(2, "VA1"), [], audit(1, "payment.paid"))
    assert await pay(stores, "VA1", Payment(), paid_with(1, "VA1"), [], audit(2, "payment.paid"))
    assert await stores.payments.next_receipt_number() == 2
    # two payments that read the same next number: one commits, the other takes the following one
    results = await asyncio.gather(
        pay(stores, "VA2", Payment(), paid_with(2, "VA2"), [], audit(3, "payment.paid")),
        pay(stores, "VA3", Payment(), paid_with(2, "VA3"), [], audit(4, "payment.paid")),
    )
    assert sorted(results) == [False, True]
    loser = "VA3" if results[0] else "VA2"
    assert await stores.payments.next_receipt_number() == 3
    assert await pay(stores, loser, Payment(), paid_with(3, loser), [], audit(5, "payment.paid"))
    numbers = []
    for app_id in ("VA1", "VA2", "VA3"):
        loaded = await stores.payments.load(app_id)
        assert loaded is not None
        numbers.append(loaded[1].receipt_number)
    assert sorted(n or 0 for n in numbers) == [1, 2, 3]
    # a write that keeps its number (a later change of a paid payment) needs no new number
    assert await stores.payments.next_receipt_number() == 4


# -- refunds -------------------------------------------------------------------------------------


async def test_refunds_are_stored_once_per_number_and_move_by_compare_and_set(stores: Stores) -> None:
    from agency_core.ids import IdTaken
    from agency_core.payments.refunds import Refund, RefundState

    refunds = stores.refunds
    first = Refund("VA1-refund-1", "VA1", 2000, "USD", "Part of the fee", "staff@x.com", T0, updated_at=T0)
    assert await commits(stores.records, lambda uow: (uow.refunds.add(first),))
    assert await refunds.refunds_of("VA1") == [first]
    assert await refunds.refunds_of("VA2") == []
    # the same number again: refused, nothing written
    with pytest.raises(IdTaken):
        async with stores.records.unit_of_work() as uow:
            await uow.refunds.add(replace(first, amount_minor=3000))
    named = replace(first, gateway_id="RF1", updated_at=T0 + timedelta(seconds=1))
    done = replace(named, state=RefundState.PROCESSED, updated_at=T0 + timedelta(seconds=2))
    assert await commits(stores.records, lambda uow: (uow.refunds.move(first, named),))
    assert not await commits(stores.records, lambda uow: (uow.refunds.move(first, done),))  # stale before
    assert await commits(stores.records, lambda uow: (uow.refunds.move(named, done),))
    second = Refund("VA1-refund-2", "VA1", 3000, "USD", "The rest", "staff@x.com", T0 + timedelta(minutes=1))
    assert await commits(stores.records, lambda uow: (uow.refunds.add(second),))
    assert await refunds.refunds_of("VA1") == [done, second]
