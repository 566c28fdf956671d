"""Server-side admin sessions in SQLite: an opaque random id in the cookie, its hash in the table.

Sessions expire after ``ttl_s`` seconds without use (idle expiry); each use slides the
expiry forward (written at most once a minute). Deleting the row ends the session.
"""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Callable

from adapters.sqlite.database import Database, Migration
from agency_core.signin.identity import AdminUser
from agency_core.signin.sessions import Session, session_key, slid_expiry

__all__ = ["MIGRATIONS", "Session", "SqliteSessionStore"]

MIGRATIONS = (
    Migration(
        "sessions_001_admin_sessions",
        """
        CREATE TABLE sessions_admin (
            id_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            email TEXT NOT NULL,
            name TEXT NOT NULL,
            csrf_token TEXT NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL
        );
        CREATE INDEX sessions_admin_expires ON sessions_admin (expires_at);
        CREATE INDEX sessions_admin_user ON sessions_admin (user_id)
        """,
    ),
)

_hash = session_key


class SqliteSessionStore:
    """Implements :class:`agency_core.signin.sessions.SessionStore` in the embedded database."""

    def __init__(self, database: Database, ttl_s: float, clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.ttl_s = ttl_s
        self.clock = clock

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def create(self, user: AdminUser, csrf_token: str) -> Session:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        expires = now + self.ttl_s

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM sessions_admin WHERE expires_at <= ?", (now,))
            conn.execute(
                "INSERT INTO sessions_admin (id_hash, user_id, email, name, csrf_token, created_at, expires_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (_hash(token), user.id, user.email, user.name, csrf_token, now, expires),
            )

        await self.database.run(write)
        return Session(token, user, csrf_token, expires)

    async def get(self, token: str) -> Session | None:
        """The live session for this cookie value, sliding its expiry; None if unknown or expired."""
        key = _hash(token)
        now = self.clock()

        def read(conn: sqlite3.Connection) -> Session | None:
            row = conn.execute(
                "SELECT user_id, email, name, csrf_token, expires_at FROM sessions_admin WHERE id_hash = ?", (key,)
            ).fetchone()
            if row is None:
                return None
            if row["expires_at"] <= now:
                conn.execute("DELETE FROM sessions_admin WHERE id_hash = ?", (key,))
                return None
            expires = row["expires_at"]
            slid = slid_expiry(expires, now, self.ttl_s)
            if slid is not None:
                expires = slid
                conn.execute("UPDATE sessions_admin SET expires_at = ? WHERE id_hash = ?", (expires, key))
            user = AdminUser(row["user_id"], row["email"], row["name"])
            return Session(token, user, row["csrf_token"], expires)

        return await self.database.run(read)

    async def delete(self, token: str) -> None:
        key = _hash(token)

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM sessions_admin WHERE id_hash = ?", (key,))

        await self.database.run(write)

    async def delete_user(self, user_id: str) -> None:
        """End every session of one user (their record is gone or no longer admin)."""

        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM sessions_admin WHERE user_id = ?", (user_id,))

        await self.database.run(write)
