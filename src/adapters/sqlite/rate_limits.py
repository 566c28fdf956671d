"""``HitCounter`` on the embedded SQLite file: one row per key and window, counted with one upsert
statement (atomic without a ``BEGIN``/``COMMIT`` round of its own); a hit after its key's window
ended reopens it in place, and other keys' ended windows are deleted at most once a window."""

from __future__ import annotations

import sqlite3
from typing import Final

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


_HIT: Final = """
    INSERT INTO rate_limit_windows (key, count, expires_at) VALUES (?1, 1, ?3)
    ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN expires_at <= ?2 THEN 1 ELSE count + 1 END,
        expires_at = CASE WHEN expires_at <= ?2 THEN excluded.expires_at ELSE expires_at END
    RETURNING count, expires_at
"""
"""One statement, atomic on its own: a key's ended window is reopened in place (count 1)."""


class SqliteHitCounter:
    def __init__(self, database: Database) -> None:
        self.database = database
        self._swept_at = float("-inf")

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def hit(self, key: str, at: float, window_s: float) -> WindowCount:
        sweep = at - self._swept_at >= window_s
        if sweep:
            self._swept_at = at

        def work(conn: sqlite3.Connection) -> WindowCount:
            if sweep:  # other keys' ended windows, at most once a window: they only take room
                conn.execute("DELETE FROM rate_limit_windows WHERE expires_at <= ?", (at,))
            # fetchall: the statement runs to its end, so its implicit transaction commits here.
            ((count, end),) = conn.execute(_HIT, (key, at, at + window_s)).fetchall()
            return WindowCount(int(count), float(end))

        return await self.database.run(work)
