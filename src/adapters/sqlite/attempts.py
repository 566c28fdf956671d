"""``AttemptCounter`` on the embedded SQLite file: one row per attempt, written and counted in
one ``BEGIN IMMEDIATE`` transaction on the database thread, so concurrent attempts are serialised."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from adapters.sqlite.database import Database, Migration
from agency_core.signin.throttle import KeyCount

MIGRATIONS = (
    Migration(
        "sign_in_001_attempts",
        """
        CREATE TABLE sign_in_attempts (key TEXT NOT NULL, at REAL NOT NULL);
        CREATE INDEX sign_in_attempts_key_at ON sign_in_attempts (key, at)
        """,
    ),
)


class SqliteAttemptCounter:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def add(self, keys: Sequence[str], at: float, window_s: float) -> list[KeyCount]:
        cutoff = at - window_s

        def work(conn: sqlite3.Connection) -> list[KeyCount]:
            counts = []
            for key in keys:
                conn.execute("DELETE FROM sign_in_attempts WHERE key = ? AND at <= ?", (key, cutoff))
                conn.execute("INSERT INTO sign_in_attempts (key, at) VALUES (?, ?)", (key, at))
                count, oldest = conn.execute(
                    "SELECT COUNT(*), MIN(at) FROM sign_in_attempts WHERE key = ?", (key,)
                ).fetchone()
                counts.append(KeyCount(int(count), float(oldest)))
            return counts

        return await self.database.transaction(work)

    async def remove(self, keys: Sequence[str], at: float) -> None:
        def work(conn: sqlite3.Connection) -> None:
            for key in keys:
                conn.execute(
                    "DELETE FROM sign_in_attempts WHERE rowid = "
                    "(SELECT rowid FROM sign_in_attempts WHERE key = ? AND at = ? LIMIT 1)",
                    (key, at),
                )

        await self.database.transaction(work)

    async def clear(self, key: str) -> None:
        await self.database.transaction(lambda conn: conn.execute("DELETE FROM sign_in_attempts WHERE key = ?", (key,)))

    async def count(self, key: str) -> int:
        """Attempts recorded under ``key`` (for tests and operators; not part of the port)."""
        row = await self.database.run(
            lambda conn: conn.execute("SELECT COUNT(*) FROM sign_in_attempts WHERE key = ?", (key,)).fetchone()
        )
        return int(row[0])
