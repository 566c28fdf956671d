"""The WhatsApp messages the product sent and their states, in the embedded SQLite file.

Implements :class:`agency_core.whatsapp.channel.WhatsAppMessages`: one row per WhatsApp message id in
``whatsapp_messages`` (migration ``records_0021_whatsapp_messages``), with the outbox row it was sent
for. A status moves the state forward only (:func:`agency_core.whatsapp.model.next_state`), written
``UPDATE … WHERE state = <the state read>`` inside one ``BEGIN IMMEDIATE`` transaction, so a status
reported twice, late or by two instances changes it once. A status that arrives before the send's own
write makes the row (no outbox id yet); the send's write then names its outbox row and keeps the state.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from adapters.codec import timestamp
from adapters.sqlite.database import Database, Migration
from agency_core.whatsapp.model import MessageState, next_state

MIGRATIONS = (
    Migration(
        "records_0021_whatsapp_messages",
        """
        CREATE TABLE whatsapp_messages (
            wa_message_id TEXT PRIMARY KEY,
            outbox_id TEXT,
            phone TEXT NOT NULL DEFAULT '',
            state TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX whatsapp_messages_outbox ON whatsapp_messages (outbox_id)
        """,
    ),
)


def _move(conn: sqlite3.Connection, wa_message_id: str, state: MessageState, at: datetime) -> bool:
    conn.execute(
        "INSERT OR IGNORE INTO whatsapp_messages (wa_message_id, state, updated_at) VALUES (?, ?, ?)",
        (wa_message_id, MessageState.QUEUED.value, timestamp(at)),
    )
    row = conn.execute("SELECT state FROM whatsapp_messages WHERE wa_message_id = ?", (wa_message_id,)).fetchone()
    current = MessageState(row["state"])
    moved = next_state(current, state)
    if moved is None:
        return False
    cursor = conn.execute(
        "UPDATE whatsapp_messages SET state = ?, updated_at = ? WHERE wa_message_id = ? AND state = ?",
        (moved.value, timestamp(at), wa_message_id, current.value),
    )
    return cursor.rowcount == 1


class SqliteWhatsAppMessages:
    """Implements ``WhatsAppMessages``."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def sent(self, outbox_id: str, wa_message_id: str, phone: str, at: datetime) -> None:
        def work(conn: sqlite3.Connection) -> None:
            _move(conn, wa_message_id, MessageState.SENT, at)
            conn.execute(
                "UPDATE whatsapp_messages SET outbox_id = ?, phone = ? WHERE wa_message_id = ?",
                (outbox_id, phone, wa_message_id),
            )

        await self.database.transaction(work)

    async def report(self, wa_message_id: str, state: MessageState, at: datetime) -> bool:
        return await self.database.transaction(lambda conn: _move(conn, wa_message_id, state, at))

    async def state_of(self, outbox_id: str) -> MessageState | None:
        def work(conn: sqlite3.Connection) -> MessageState | None:
            row = conn.execute("SELECT state FROM whatsapp_messages WHERE outbox_id = ?", (outbox_id,)).fetchone()
            return None if row is None else MessageState(row["state"])

        return await self.database.run(work)

    async def outbox_id_of(self, wa_message_id: str) -> str | None:
        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT outbox_id FROM whatsapp_messages WHERE wa_message_id = ?", (wa_message_id,)
            ).fetchone()
            return None if row is None or not row["outbox_id"] else str(row["outbox_id"])

        return await self.database.run(work)
