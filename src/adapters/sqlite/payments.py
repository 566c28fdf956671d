"""The processing fee in the embedded SQLite file: implements :class:`agency_core.payments.PaymentStore`.

The payment lives in columns of ``applications`` (migration ``payments_0001``, appended to the
admin store's list); a change is a compare-and-set on state and reference, written with its
audit entry and receipt SMS in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from adapters.sqlite.database import Database, Migration
from adapters.sqlite.store import _application, _enqueue, ts
from agency_core.admin import AuditEntry
from agency_core.payments import Payment, PaymentState
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


def _dt(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def payment_of(row: sqlite3.Row) -> Payment:
    """The payment columns of an ``applications`` row (unpaid when the row predates them)."""
    if "payment_state" not in row.keys():  # noqa: SIM118 - a Row iterates its values
        return Payment()
    return Payment(
        PaymentState(row["payment_state"]),
        row["payment_reference"],
        row["payment_amount"],
        row["payment_currency"],
        row["payment_channel"],
        _dt(row["payment_paid_at"]),
        _dt(row["payment_updated_at"]),
    )


class SqlitePayments:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        def work(conn: sqlite3.Connection) -> tuple[Application, Payment] | None:
            row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            return None if row is None else (_application(row), payment_of(row))

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
            changed = conn.execute(
                "UPDATE applications SET payment_state = ?, payment_reference = ?, payment_amount = ?, "
                "payment_currency = ?, payment_channel = ?, payment_paid_at = ?, payment_updated_at = ? "
                "WHERE id = ? AND payment_state = ? AND payment_reference IS ?",
                (
                    after.state.value,
                    after.reference,
                    after.amount_minor,
                    after.currency,
                    after.channel,
                    None if after.paid_at is None else ts(after.paid_at),
                    None if after.updated_at is None else ts(after.updated_at),
                    application_id,
                    before.state.value,
                    before.reference,
                ),
            ).rowcount
            if not changed:
                return False
            _enqueue(conn, outbox)
            _audit(conn, audit)
            return True

        return await self._db.transaction(work)

    async def note(self, audit: AuditEntry) -> None:
        await self._db.transaction(lambda conn: _audit(conn, audit))


def _audit(conn: sqlite3.Connection, entry: AuditEntry) -> None:
    conn.execute(
        "INSERT INTO audit_log (id, actor, action, target, at) VALUES (?, ?, ?, ?, ?)",
        (entry.id, entry.actor, entry.action, entry.target, ts(entry.at)),
    )
