"""The processing fee in the embedded SQLite file: implements :class:`agency_core.payments.PaymentStore`.

The payment lives in columns of ``applications`` (migration ``payments_0001``, appended to the
admin store's list); a change is a compare-and-set on state and reference, written with its
audit entry and receipt SMS in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from adapters.codec import from_row
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import add_audit, enqueue, payment_of, payment_row
from agency_core.admin import AuditEntry
from agency_core.payments import Payment
from agency_core.records import Application, OutboxMessage

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
    def __init__(self, db: Database) -> None:
        self._db = db

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        def work(conn: sqlite3.Connection) -> tuple[Application, Payment] | None:
            row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            return None if row is None else (from_row(Application, row), payment_of(row))

        return await self._db.run(work)

    async def save(
        self,
        application_id: str,
        before: Payment,
        after: Payment,
        outbox: Sequence[OutboxMessage],
        audit: AuditEntry,
    ) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            cells = payment_row(after)
            changed = conn.execute(
                f"UPDATE applications SET {', '.join(f'{name} = ?' for name in cells)} "  # noqa: S608 - fixed names
                "WHERE id = ? AND payment_state = ? AND payment_reference IS ?",
                (*cells.values(), application_id, before.state.value, before.reference),
            ).rowcount
            if not changed:
                return False
            enqueue(conn, outbox)
            add_audit(conn, audit)
            return True

        return await self._db.transaction(work)

    async def note(self, audit: AuditEntry) -> None:
        await self._db.transaction(lambda conn: add_audit(conn, audit))
