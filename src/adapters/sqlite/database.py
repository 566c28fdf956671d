"""One SQLite database file, used from async code through a single worker thread.

Every adapter that keeps data in the embedded default registers its :class:`Migration`\\s
and runs its queries through :meth:`Database.run`, so all writes are serialised on one
connection (WAL mode lets readers elsewhere go on).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from adapters.private_files import open_private, private_dir, private_file

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Migration:
    """A named, append-only schema step. Names are unique across the whole database. ``fill``, when
    given, runs after ``sql`` in the same transaction: values only Python can compute (a search key)."""

    name: str
    sql: str
    fill: Callable[[sqlite3.Connection], object] | None = None


class Database:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._conn: sqlite3.Connection | None = None
        self._closed = False
        self._opened: tuple[int, int] | None = None
        """The device and inode of the file the connection opened (:meth:`ping` compares them)."""

    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            private_dir(self.path.parent)
            if not self.path.exists():
                with contextlib.suppress(FileExistsError), open_private(self.path, exclusive=True):
                    pass  # created 0600 before SQLite opens it; its -wal and -shm files take this mode
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            for path in (self.path, Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
                private_file(path)  # an older version's world-readable file
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA busy_timeout=5000")
            conn.execute("PRAGMA synchronous=NORMAL")
            opened = os.stat(self.path)
            self._opened = (opened.st_dev, opened.st_ino)
            self._conn = conn
        return self._conn

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(connection)`` on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: work(self._connect()))

    async def ping(self) -> None:
        """Raises unless the database answers **and** its file is still where it was opened: an open
        connection goes on answering from a file whose directory was removed or unmounted (the inode
        lives while it is open), so ``SELECT 1`` alone would call a lost volume ready."""

        def check(conn: sqlite3.Connection) -> None:
            conn.execute("SELECT 1").fetchone()
            found = os.stat(self.path)  # FileNotFoundError when the file or its directory is gone
            if (found.st_dev, found.st_ino) != self._opened:
                raise OSError(f"{self.path} is no longer the file the database opened")

        await self.run(check)

    async def transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` inside one transaction: all of it is written, or none."""

        def wrapped(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

        return await self.run(wrapped)

    async def migrate(self, migrations: Sequence[Migration]) -> list[str]:
        """Apply the migrations not applied yet, in order; returns the names applied now."""

        def apply(conn: sqlite3.Connection) -> list[str]:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(name TEXT PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')))"
            )
            done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
            applied = []
            for migration in migrations:
                if migration.name in done:
                    continue
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _statements(migration.sql):
                        conn.execute(statement)
                    if migration.fill is not None:
                        migration.fill(conn)
                    conn.execute("INSERT INTO schema_migrations (name) VALUES (?)", (migration.name,))
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
                applied.append(migration.name)
            return applied

        return await self.run(apply)

    async def close(self) -> None:
        def close(_: sqlite3.Connection) -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        if self._conn is not None and not self._closed:
            await self.run(close)
        self._closed = True
        self._executor.shutdown(wait=True)
        if self._conn is not None:  # a query queued before the shutdown opened it again: a second close ends it
            self._conn.close()
            self._conn = None


def _statements(sql: str) -> list[str]:
    """Split a migration script on ``;`` (migrations hold no literal semicolons)."""
    return [part.strip() for part in sql.split(";") if part.strip()]
