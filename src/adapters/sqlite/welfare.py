"""The welfare check-ins, cases and expiry notices in the embedded SQLite file.

Implements :class:`agency_core.pipeline.welfare_ports.WelfareStore`. A check-in is a row of
``welfare_check_ins`` (its id is one per applicant and day; the token only as its SHA-256, unique),
a case one of ``welfare_cases``, a notice one of ``expiry_notices`` keyed by the document version,
each change of the expiry windows one of ``expiry_window_changes`` (migration ``records_0025_expiry_windows``).
Each write is one ``BEGIN IMMEDIATE`` transaction with the outbox messages and audit entry it carries.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from adapters.codec import from_row, to_row
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import add_audit, enqueue, insert
from agency_core.audit import AuditEntry
from agency_core.pipeline.documents import DocumentVersion
from agency_core.pipeline.expiry_settings import WindowsChange
from agency_core.pipeline.welfare_ports import CheckIn, ExpiryNotice, WelfareCase
from agency_core.records import OutboxMessage
from agency_core.unit_of_work import PreconditionFailed

MIGRATIONS = (
    Migration(
        "records_0020_welfare",
        """
        CREATE TABLE welfare_check_ins (
            id TEXT PRIMARY KEY,
            application_id TEXT NOT NULL,
            day INTEGER NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            sent_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            answer TEXT,
            answered_at TEXT,
            message TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX welfare_check_ins_application ON welfare_check_ins (application_id);
        CREATE TABLE welfare_cases (
            id TEXT PRIMARY KEY,
            application_id TEXT NOT NULL,
            check_in_id TEXT NOT NULL,
            message TEXT NOT NULL,
            owner_id TEXT NOT NULL,
            owner_name TEXT NOT NULL,
            created_at TEXT NOT NULL,
            opened_at TEXT,
            opened_by TEXT NOT NULL DEFAULT '',
            closed_at TEXT,
            closed_by TEXT NOT NULL DEFAULT '',
            close_note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX welfare_cases_application ON welfare_cases (application_id);
        CREATE TABLE expiry_notices (
            version_id TEXT PRIMARY KEY,
            application_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            expires_on TEXT NOT NULL,
            owner_id TEXT NOT NULL,
            owner_name TEXT NOT NULL,
            at TEXT NOT NULL,
            texted INTEGER NOT NULL
        );
        CREATE INDEX expiry_notices_application ON expiry_notices (application_id)
        """,
    ),
    Migration(
        "records_0025_expiry_windows",
        """
        CREATE TABLE expiry_window_changes (
            id TEXT PRIMARY KEY,
            version INTEGER NOT NULL UNIQUE,
            before TEXT NOT NULL,
            after TEXT NOT NULL,
            actor TEXT NOT NULL,
            at TEXT NOT NULL
        )
        """,
    ),
)


def _add_check_in(conn: sqlite3.Connection, check_in: CheckIn, messages: Sequence[OutboxMessage]) -> bool:
    if insert(conn, "welfare_check_ins", to_row(check_in), "INSERT OR IGNORE") == 0:
        return False
    enqueue(conn, messages)
    return True


def _answer(conn: sqlite3.Connection, answered: CheckIn, case: WelfareCase | None) -> None:
    row = to_row(answered)
    updated = conn.execute(
        "UPDATE welfare_check_ins SET answer = ?, answered_at = ?, message = ? WHERE id = ? AND answer IS NULL",
        (row["answer"], row["answered_at"], row["message"], answered.id),
    ).rowcount
    if updated != 1:
        raise PreconditionFailed(f"check-in {answered.id}")
    if case is not None:
        insert(conn, "welfare_cases", to_row(case))


def _update_case(conn: sqlite3.Connection, before: WelfareCase, after: WelfareCase, audit: AuditEntry) -> None:
    old, new = to_row(before), to_row(after)
    updated = conn.execute(
        "UPDATE welfare_cases SET opened_at = ?, opened_by = ?, closed_at = ?, closed_by = ?, close_note = ? "
        "WHERE id = ? AND opened_at IS ? AND closed_at IS ?",
        (
            new["opened_at"],
            new["opened_by"],
            new["closed_at"],
            new["closed_by"],
            new["close_note"],
            before.id,
            old["opened_at"],
            old["closed_at"],
        ),
    ).rowcount
    if updated != 1:
        raise PreconditionFailed(f"welfare case {before.id}")
    add_audit(conn, audit)


def _add_notice(conn: sqlite3.Connection, notice: ExpiryNotice, messages: Sequence[OutboxMessage]) -> bool:
    if insert(conn, "expiry_notices", to_row(notice), "INSERT OR IGNORE") == 0:
        return False
    enqueue(conn, messages, "INSERT OR IGNORE")
    return True


def _change_windows(conn: sqlite3.Connection, change: WindowsChange, audit: AuditEntry) -> None:
    last = conn.execute("SELECT MAX(version) FROM expiry_window_changes").fetchone()[0]
    if (last or 0) != change.version - 1:
        raise PreconditionFailed(f"expiry windows {change.version}")
    insert(conn, "expiry_window_changes", to_row(change))
    add_audit(conn, audit)


def _erase(conn: sqlite3.Connection, application_id: str) -> None:
    for table in ("welfare_check_ins", "welfare_cases", "expiry_notices"):
        conn.execute(f"DELETE FROM {table} WHERE application_id = ?", (application_id,))  # noqa: S608


class SqliteWelfare:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def add_check_in(self, check_in: CheckIn, messages: Sequence[OutboxMessage]) -> bool:
        return await self.database.transaction(lambda conn: _add_check_in(conn, check_in, messages))

    async def check_in_by_hash(self, token_hash: str) -> CheckIn | None:
        def work(conn: sqlite3.Connection) -> CheckIn | None:
            row = conn.execute("SELECT * FROM welfare_check_ins WHERE token_hash = ?", (token_hash,)).fetchone()
            return None if row is None else from_row(CheckIn, row)

        return await self.database.run(work)

    async def check_ins(self, application_id: str) -> list[CheckIn]:
        def work(conn: sqlite3.Connection) -> list[CheckIn]:
            rows = conn.execute(
                "SELECT * FROM welfare_check_ins WHERE application_id = ? ORDER BY day", (application_id,)
            ).fetchall()
            return [from_row(CheckIn, row) for row in rows]

        return await self.database.run(work)

    async def answer(self, answered: CheckIn, case: WelfareCase | None) -> None:
        await self.database.transaction(lambda conn: _answer(conn, answered, case))

    async def cases(self, application_id: str | None = None) -> list[WelfareCase]:
        def work(conn: sqlite3.Connection) -> list[WelfareCase]:
            if application_id is None:
                rows = conn.execute("SELECT * FROM welfare_cases ORDER BY created_at DESC, id DESC").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM welfare_cases WHERE application_id = ? ORDER BY created_at DESC, id DESC",
                    (application_id,),
                ).fetchall()
            return [from_row(WelfareCase, row) for row in rows]

        return await self.database.run(work)

    async def update_case(self, before: WelfareCase, after: WelfareCase, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _update_case(conn, before, after, audit))

    async def current_documents(self) -> list[DocumentVersion]:
        def work(conn: sqlite3.Connection) -> list[DocumentVersion]:
            rows = conn.execute(
                "SELECT * FROM pipeline_documents WHERE state = 'current' ORDER BY application_id, kind"
            ).fetchall()
            return [from_row(DocumentVersion, row) for row in rows]

        return await self.database.run(work)

    async def add_notice(self, notice: ExpiryNotice, messages: Sequence[OutboxMessage]) -> bool:
        return await self.database.transaction(lambda conn: _add_notice(conn, notice, messages))

    async def notices(self, application_id: str | None = None) -> list[ExpiryNotice]:
        def work(conn: sqlite3.Connection) -> list[ExpiryNotice]:
            if application_id is None:
                rows = conn.execute("SELECT * FROM expiry_notices ORDER BY at DESC, version_id").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM expiry_notices WHERE application_id = ? ORDER BY at DESC, version_id",
                    (application_id,),
                ).fetchall()
            return [from_row(ExpiryNotice, row) for row in rows]

        return await self.database.run(work)

    async def window_changes(self) -> list[WindowsChange]:
        def work(conn: sqlite3.Connection) -> list[WindowsChange]:
            rows = conn.execute("SELECT * FROM expiry_window_changes ORDER BY version DESC").fetchall()
            return [from_row(WindowsChange, row) for row in rows]

        return await self.database.run(work)

    async def change_windows(self, change: WindowsChange, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _change_windows(conn, change, audit))

    async def erase(self, application_id: str) -> None:
        await self.database.transaction(lambda conn: _erase(conn, application_id))
