"""CV packs and the employers' decisions in the embedded SQLite file.

Implements :class:`agency_core.employers.packs_ports.PackStore`. A pack is a row of
``employer_packs`` (its candidates as JSON text, its link only as the token's SHA-256, unique), an
answer one of ``pack_decisions`` keyed by ``(pack_id, code)`` (migration ``records_0023_cv_packs``).
Each write is one ``BEGIN IMMEDIATE`` transaction with its audit entry: two answers at once are
written one after the other, and the second reads the first.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import datetime
from typing import Any

from adapters.codec import from_row, timestamp, to_document
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import add_audit, insert
from agency_core.audit import AuditEntry
from agency_core.employers.packs_model import Decision, Pack
from agency_core.unit_of_work import PreconditionFailed

MIGRATIONS = (
    Migration(
        "records_0023_cv_packs",
        """
        CREATE TABLE employer_packs (
            id TEXT PRIMARY KEY,
            order_id TEXT NOT NULL,
            employer_id TEXT NOT NULL,
            contact_name TEXT NOT NULL,
            contact_email TEXT NOT NULL,
            token_hash TEXT NOT NULL UNIQUE,
            candidates TEXT NOT NULL,
            sent_by TEXT NOT NULL,
            sent_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            version INTEGER NOT NULL,
            revoked_by TEXT NOT NULL DEFAULT '',
            revoked_at TEXT
        );
        CREATE INDEX employer_packs_order ON employer_packs (order_id, sent_at);
        CREATE INDEX employer_packs_employer ON employer_packs (employer_id, sent_at);
        CREATE TABLE pack_decisions (
            pack_id TEXT NOT NULL,
            code TEXT NOT NULL,
            application_id TEXT NOT NULL,
            order_id TEXT NOT NULL,
            employer_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            comment TEXT NOT NULL,
            times TEXT NOT NULL,
            at TEXT NOT NULL,
            first_at TEXT NOT NULL,
            client_address TEXT NOT NULL,
            stage_note TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (pack_id, code)
        );
        CREATE INDEX pack_decisions_order ON pack_decisions (order_id);
        CREATE INDEX pack_decisions_employer ON pack_decisions (employer_id)
        """,
    ),
)


def _json_time(value: object) -> str:
    if isinstance(value, datetime):
        return timestamp(value)
    raise TypeError(type(value).__name__)


def _row(record: Pack | Decision) -> dict[str, Any]:
    """Nested records and lists as JSON text with their times as ISO 8601 UTC text."""
    row: dict[str, Any] = {}
    for name, value in to_document(record).items():
        if isinstance(value, list | dict):
            row[name] = json.dumps(value, default=_json_time, ensure_ascii=False, separators=(",", ":"))
        else:
            row[name] = timestamp(value) if isinstance(value, datetime) else value
    return row


def _save(conn: sqlite3.Connection, pack: Pack, audit: AuditEntry) -> None:
    row = conn.execute("SELECT version FROM employer_packs WHERE id = ?", (pack.id,)).fetchone()
    if (0 if row is None else int(row["version"])) != pack.version - 1:
        raise PreconditionFailed(f"employer_packs {pack.id}")
    insert(conn, "employer_packs", _row(pack), "INSERT OR REPLACE")
    add_audit(conn, audit)


def _decide(conn: sqlite3.Connection, decision: Decision, audit: AuditEntry) -> Decision | None:
    row = conn.execute(
        "SELECT * FROM pack_decisions WHERE pack_id = ? AND code = ?", (decision.pack_id, decision.code)
    ).fetchone()
    before = None if row is None else from_row(Decision, row)
    kept = decision if before is None else replace(decision, first_at=before.first_at, stage_note=before.stage_note)
    insert(conn, "pack_decisions", _row(kept), "INSERT OR REPLACE")
    add_audit(conn, audit)
    return before


class SqlitePacks:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def save_pack(self, pack: Pack, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _save(conn, pack, audit))

    async def _one(self, column: str, value: str) -> Pack | None:
        def work(conn: sqlite3.Connection) -> Pack | None:
            row = conn.execute(f"SELECT * FROM employer_packs WHERE {column} = ?", (value,)).fetchone()  # noqa: S608
            return None if row is None else from_row(Pack, row)

        return await self.database.run(work)

    async def pack(self, pack_id: str) -> Pack | None:
        return await self._one("id", pack_id)

    async def pack_by_token(self, token_hash: str) -> Pack | None:
        return await self._one("token_hash", token_hash)

    async def packs(self, *, order_id: str | None = None, employer_id: str | None = None) -> list[Pack]:
        column, value = ("order_id", order_id) if order_id is not None else ("employer_id", employer_id)

        def work(conn: sqlite3.Connection) -> list[Pack]:
            if value is None:
                rows = conn.execute("SELECT * FROM employer_packs ORDER BY sent_at DESC, id DESC").fetchall()
            else:
                rows = conn.execute(
                    f"SELECT * FROM employer_packs WHERE {column} = ? ORDER BY sent_at DESC, id DESC",  # noqa: S608
                    (value,),
                ).fetchall()
            return [from_row(Pack, row) for row in rows]

        return await self.database.run(work)

    async def decide(self, decision: Decision, audit: AuditEntry) -> Decision | None:
        return await self.database.transaction(lambda conn: _decide(conn, decision, audit))

    async def set_stage_note(self, pack_id: str, code: str, note: str) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE pack_decisions SET stage_note = ? WHERE pack_id = ? AND code = ?", (note, pack_id, code)
            )

        await self.database.transaction(work)

    async def decisions(
        self, *, pack_id: str | None = None, order_id: str | None = None, employer_id: str | None = None
    ) -> list[Decision]:
        given = [(c, v) for c, v in (("pack_id", pack_id), ("order_id", order_id), ("employer_id", employer_id)) if v]
        where = " AND ".join(f"{c} = ?" for c, _ in given) or "1 = 1"

        def work(conn: sqlite3.Connection) -> list[Decision]:
            rows = conn.execute(
                f"SELECT * FROM pack_decisions WHERE {where} ORDER BY pack_id, code",  # noqa: S608 - fixed columns
                tuple(v for _, v in given),
            ).fetchall()
            return [from_row(Decision, row) for row in rows]

        return await self.database.run(work)

    async def audit(self, entry: AuditEntry) -> None:
        await self.database.transaction(lambda conn: add_audit(conn, entry))
