"""WhatsApp opt-ins and the inbound messages taken, in the embedded SQLite file.

Implements :class:`agency_core.whatsapp.model.OptInStore` (one row per phone in ``whatsapp_optins``:
its latest opt-in, with ``opted_out_at`` once it stopped) and
:class:`agency_core.whatsapp.inbound.InboundLog` (one row per WhatsApp message id in
``whatsapp_inbound``: a repeat is kept once). Tables from the ``records_0020_whatsapp_optins`` migration.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from adapters.codec import moment, timestamp
from adapters.sqlite.database import Database, Migration
from agency_core.whatsapp.model import InboundMessage, InboundSeen, OptIn

MIGRATIONS = (
    Migration(
        "records_0020_whatsapp_optins",
        """
        CREATE TABLE whatsapp_optins (
            phone TEXT PRIMARY KEY,
            opted_in_at TEXT NOT NULL,
            source TEXT NOT NULL,
            wording_version TEXT NOT NULL,
            opted_out_at TEXT
        );
        CREATE TABLE whatsapp_inbound (
            wa_message_id TEXT PRIMARY KEY,
            phone TEXT NOT NULL,
            at TEXT NOT NULL
        );
        CREATE INDEX whatsapp_inbound_phone ON whatsapp_inbound (phone, at)
        """,
    ),
)


def _opt_in(row: sqlite3.Row) -> OptIn:
    opted_in_at = moment(row["opted_in_at"])
    assert opted_in_at is not None
    return OptIn(row["phone"], opted_in_at, row["source"], row["wording_version"], moment(row["opted_out_at"]))


class SqliteOptIns:
    """Implements ``OptInStore``, ``InboundLog`` and ``PhoneRecords``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def record(self, opt_in: OptIn) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT OR REPLACE INTO whatsapp_optins (phone, opted_in_at, source, wording_version, opted_out_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (
                    opt_in.phone,
                    timestamp(opt_in.opted_in_at),
                    opt_in.source,
                    opt_in.wording_version,
                    None if opt_in.opted_out_at is None else timestamp(opt_in.opted_out_at),
                ),
            )

        await self.database.transaction(work)

    async def opt_out(self, phone: str, at: datetime) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE whatsapp_optins SET opted_out_at = ? WHERE phone = ? AND opted_out_at IS NULL",
                (timestamp(at), phone),
            )

        await self.database.transaction(work)

    async def current(self, phone: str) -> OptIn | None:
        def work(conn: sqlite3.Connection) -> OptIn | None:
            row = conn.execute("SELECT * FROM whatsapp_optins WHERE phone = ?", (phone,)).fetchone()
            return None if row is None else _opt_in(row)

        return await self.database.run(work)

    async def claim(self, message: InboundMessage) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            cursor = conn.execute(
                "INSERT OR IGNORE INTO whatsapp_inbound (wa_message_id, phone, at) VALUES (?, ?, ?)",
                (message.wa_message_id, message.phone, timestamp(message.at)),
            )
            return cursor.rowcount == 1

        return await self.database.transaction(work)

    async def forget(self, wa_message_id: str) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM whatsapp_inbound WHERE wa_message_id = ?", (wa_message_id,))

        await self.database.transaction(work)

    async def last_inbound(self, phone: str) -> datetime | None:
        def work(conn: sqlite3.Connection) -> datetime | None:
            row = conn.execute("SELECT MAX(at) AS last FROM whatsapp_inbound WHERE phone = ?", (phone,)).fetchone()
            return None if row is None else moment(row["last"])

        return await self.database.run(work)

    async def inbound(self, phone: str) -> list[InboundSeen]:
        def work(conn: sqlite3.Connection) -> list[InboundSeen]:
            rows = conn.execute(
                "SELECT wa_message_id, at FROM whatsapp_inbound WHERE phone = ? ORDER BY at, wa_message_id", (phone,)
            ).fetchall()
            return [InboundSeen(row["wa_message_id"], phone, _at(row["at"])) for row in rows]

        return await self.database.run(work)

    async def erase(self, phone: str) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM whatsapp_optins WHERE phone = ?", (phone,))
            conn.execute("DELETE FROM whatsapp_inbound WHERE phone = ?", (phone,))

        await self.database.transaction(work)


def _at(raw: str) -> datetime:
    at = moment(raw)
    assert at is not None
    return at
