"""``HitCounter`` on the embedded SQLite file: one row per key and open window, incremented with
an upsert in one ``BEGIN IMMEDIATE`` transaction; ended windows are deleted first, so a hit after
its key's window ended opens a new one."""

from __future__ import annotations

import sqlite3

from adapters.sqlite.database import Database, Migration
from agency_core.submissions.rate_limits import WindowCount

MIGRATIONS = (
    Migration(
        "rate_limit_001_windows",
        """
        CREATE TABLE rate_limit_windows (
            key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at REAL NOT NULL
        );
        CREATE INDEX rate_limit_windows_expires_at ON rate_limit_windows (expires_at)
        """,
    ),
)


class SqliteHitCounter:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def hit(self, key: str, at: float, window_s: float) -> WindowCount:
        def work(conn: sqlite3.Connection) -> WindowCount:
            conn.execute("DELETE FROM rate_limit_windows WHERE expires_at <= ?", (at,))
            count, end = conn.execute(
                "INSERT INTO rate_limit_windows (key, count, expires_at) VALUES (?, 1, ?) "
                "ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count, expires_at",
                (key, at + window_s),
            ).fetchone()
            return WindowCount(int(count), float(end))

        return await self.database.transaction(work)
