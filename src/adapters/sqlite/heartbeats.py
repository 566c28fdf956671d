"""``Heartbeats`` in the embedded SQLite file: rows ``instance:<id>`` of the key/value ``settings``
table (made by the admin store's migrations), the value holding the start time, ``updated_at`` the
last heartbeat. No table of its own, so no migration: processes sharing one data directory (several
uvicorn workers) each have their row."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Final

from adapters.codec import timestamp
from adapters.sqlite.database import Database
from agency_core.operations import InstanceSeen

KEY_PREFIX: Final = "instance:"
_LIKE: Final = "instance:%"


class SqliteHeartbeats:
    """Implements :class:`agency_core.operations.Heartbeats`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def migrate(self) -> None:
        """The ``settings`` table comes with :class:`adapters.sqlite.admin_store.SqliteAdminStore`."""
        return

    async def beat(self, instance_id: str, started_at: datetime, at: datetime) -> None:
        value = json.dumps({"startedAt": timestamp(started_at)})

        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (KEY_PREFIX + instance_id, value, timestamp(at)),
            )

        await self._db.run(write)

    async def seen_since(self, since: datetime) -> list[InstanceSeen]:
        def read(conn: sqlite3.Connection) -> list[InstanceSeen]:
            rows = conn.execute(
                "SELECT key, value, updated_at FROM settings WHERE key LIKE ? AND updated_at >= ? ORDER BY key",
                (_LIKE, timestamp(since)),
            ).fetchall()
            return [
                InstanceSeen(
                    row["key"].removeprefix(KEY_PREFIX),
                    datetime.fromisoformat(json.loads(row["value"])["startedAt"]),
                    datetime.fromisoformat(row["updated_at"]),
                )
                for row in rows
            ]

        return await self._db.run(read)

    async def forget_before(self, before: datetime) -> int:
        def delete(conn: sqlite3.Connection) -> int:
            return conn.execute(
                "DELETE FROM settings WHERE key LIKE ? AND updated_at < ?", (_LIKE, timestamp(before))
            ).rowcount

        return await self._db.run(delete)
