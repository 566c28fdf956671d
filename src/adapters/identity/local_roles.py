"""The embedded role directory: the "users" records in the app's SQLite file."""

from __future__ import annotations

import sqlite3

from adapters.sqlite.database import Database, Migration
from agency_core.signin.identity import ADMIN_ROLE, DEFAULT_ADMIN_NAME, RoleLookupFailed, RoleRecord
from agency_core.staff.notes import StaffMember

MIGRATIONS = (
    Migration(
        "roles_001_users",
        """
        CREATE TABLE roles_users (
            user_id TEXT PRIMARY KEY,
            name TEXT,
            role TEXT,
            updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        )
        """,
    ),
)


class SqliteRoleDirectory:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def get(self, user_id: str) -> RoleRecord | None:
        def read(conn: sqlite3.Connection) -> RoleRecord | None:
            row = conn.execute("SELECT name, role FROM roles_users WHERE user_id = ?", (user_id,)).fetchone()
            return None if row is None else RoleRecord(name=row["name"], role=row["role"])

        try:
            return await self.database.run(read)
        except sqlite3.Error as exc:
            raise RoleLookupFailed(str(exc)) from exc

    async def staff(self) -> list[StaffMember]:
        """The admins (:class:`agency_core.staff.notes.StaffDirectory`), by name."""

        def read(conn: sqlite3.Connection) -> list[StaffMember]:
            rows = conn.execute("SELECT user_id, name FROM roles_users WHERE role = ?", (ADMIN_ROLE,)).fetchall()
            return [StaffMember(r["user_id"], (r["name"] or "").strip() or DEFAULT_ADMIN_NAME) for r in rows]

        members = await self.database.run(read)
        return sorted(members, key=lambda m: (m.name.casefold(), m.id))

    async def put(self, user_id: str, name: str, role: str = ADMIN_ROLE) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO roles_users (user_id, name, role) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET "
                "name = excluded.name, role = excluded.role, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')",
                (user_id, name, role),
            )

        await self.database.run(write)

    async def delete(self, user_id: str) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM roles_users WHERE user_id = ?", (user_id,))

        await self.database.run(write)
