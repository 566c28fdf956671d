"""The processing fee in the embedded SQLite file: implements :class:`agency_core.payments.model.PaymentStore`.

The payment lives in columns of ``applications`` (migration ``payments_0001``, appended to the
admin store's list); a change is a compare-and-set on state and reference, written by the unit
of work (``uow.payments.set``) with its audit entry and receipt SMS in one transaction.
"""

from __future__ import annotations

import sqlite3

from adapters.codec import from_row
from adapters.sealing import PassportSealer
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import application_of, last_receipt_number, payment_of
from agency_core.payments.model import Payment
from agency_core.payments.refunds import Refund
from agency_core.records import Application

MIGRATION = Migration(
    "payments_0001",
    """
    ALTER TABLE applications ADD COLUMN payment_state TEXT NOT NULL DEFAULT 'unpaid';
    ALTER TABLE applications ADD COLUMN payment_reference TEXT;
    ALTER TABLE applications ADD COLUMN payment_amount INTEGER;
    ALTER TABLE applications ADD COLUMN payment_currency TEXT;
    ALTER TABLE applications ADD COLUMN payment_channel TEXT;
    ALTER TABLE applications ADD COLUMN payment_paid_at TEXT;
    ALTER TABLE applications ADD COLUMN payment_updated_at TEXT;
    CREATE INDEX applications_payment ON applications (payment_state, created_at)
    """,
)


class SqlitePayments:
    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self._db = db
        self._sealer = sealer

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        def work(conn: sqlite3.Connection) -> tuple[Application, Payment] | None:
            row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            return None if row is None else (application_of(row, self._sealer), payment_of(row))

        return await self._db.run(work)

    async def next_receipt_number(self) -> int:
        return await self._db.run(lambda conn: last_receipt_number(conn) + 1)


class SqliteRefunds:
    """Implements :class:`agency_core.payments.refunds.RefundStore` (table ``refunds``)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def refunds_of(self, application_id: str) -> list[Refund]:
        def work(conn: sqlite3.Connection) -> list[Refund]:
            rows = conn.execute(
                "SELECT * FROM refunds WHERE application_id = ? ORDER BY created_at, id", (application_id,)
            ).fetchall()
            return [from_row(Refund, row) for row in rows]

        return await self._db.run(work)
