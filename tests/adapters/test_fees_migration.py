"""records_0012_fees_receipts_refunds on a database made before it: nothing is lost."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.payments import SqlitePayments, SqliteRefunds
from adapters.sqlite.store import SqliteStore
from agency_core.payments.model import Payment
from agency_core.records import Application, PaymentState
from agency_core.spec.forms import ApplicationForm, form_of
from tests.support.sealing import new_sealer
from tests.support.writes import add_application, commits

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
PAID = Payment(PaymentState.PAID, "VA1-aaaaaa", 5000, "USD", "card", T0, T0)


def application(app_id: str) -> Application:
    data = {"email": f"{app_id}@example.com", "jobCategory": "Construction", "preferredCountry": "Qatar"}
    return Application(app_id, form_of(ApplicationForm, data), (), T0)


SEALER = new_sealer()


async def open_stores(path: Path) -> tuple[Database, SqliteStore, SqlitePayments]:
    db = Database(path)
    sealer = SEALER
    store = SqliteStore(db, sealer)
    await store.start()
    await SqliteAdminStore(db, sealer).start()
    return db, store, SqlitePayments(db, sealer)


async def test_a_paid_application_from_before_fees_and_receipts_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "agency.sqlite3"
    db, store, _ = await open_stores(path)
    await add_application(store, application("VA1"), [], T0)
    assert await commits(store, lambda uow: (uow.payments.set("VA1", Payment(), PAID),))
    await db.close()
    # as a database of the release before: without the migration's columns, index and record
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE refunds")
        conn.execute("DROP INDEX applications_receipt_number")
        conn.execute("ALTER TABLE applications DROP COLUMN fee")
        conn.execute("ALTER TABLE applications DROP COLUMN payment_receipt_number")
        conn.execute("DELETE FROM schema_migrations WHERE name = 'records_0012_fees_receipts_refunds'")
    db, store, payments = await open_stores(path)
    loaded = await payments.load("VA1")
    assert loaded is not None
    assert loaded[0] == application("VA1")  # no fee decided: the configured fee applies
    assert loaded[1] == PAID  # paid, without a receipt number (paid before receipts were numbered)
    assert await payments.next_receipt_number() == 1
    assert await SqliteRefunds(db).refunds_of("VA1") == []
    await db.close()
