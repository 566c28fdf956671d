"""``HitCounter`` on the embedded SQLite file: one row per key and window, incremented with an
upsert in one ``BEGIN IMMEDIATE`` transaction (ended windows are deleted on the way)."""

from __future__ import annotations

import sqlite3

from adapters.sqlite.database import Database, Migration
from agency_core.rate_limits import WindowCount, window_start

MIGRATIONS = (
    Migration(
        "rate_limit_001_windows",
        """
        CREATE TABLE rate_limit_windows (
            key TEXT NOT NULL, window_start REAL NOT NULL, count INTEGER NOT NULL, expires_at REAL NOT NULL,
            PRIMARY KEY (key, window_start)
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
        start = window_start(at, window_s)
        end = start + window_s

        def work(conn: sqlite3.Connection) -> WindowCount:
            conn.execute("DELETE FROM rate_limit_windows WHERE expires_at <= ?", (start,))
            (count,) = conn.execute(
                "INSERT INTO rate_limit_windows (key, window_start, count, expires_at) VALUES (?, ?, 1, ?) "
                "ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count",
                (key, start, end),
            ).fetchone()
            return WindowCount(int(count), end)

        return await self.database.transaction(work)
