"""Saved message templates in the embedded SQLite file: every version a row, the latest in force.

Implements :class:`agency_core.messaging.template_store.TemplateStore` (reads) and the unit of
work's template writes (:func:`add_version`: an insert that must find its version number free).
"""

from __future__ import annotations

import sqlite3

from adapters.codec import from_row, to_row
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import insert
from agency_core.messaging.template_store import TemplateVersion
from agency_core.unit_of_work import PreconditionFailed

MIGRATION = Migration(
    "records_0013_message_templates",
    """
    CREATE TABLE message_templates (
        key TEXT NOT NULL,
        version INTEGER NOT NULL,
        text TEXT NOT NULL,
        author TEXT NOT NULL,
        created_at TEXT NOT NULL,
        restored_from INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key, version)
    )
    """,
)


def add_version(conn: sqlite3.Connection, version: TemplateVersion) -> None:
    if not insert(conn, "message_templates", to_row(version), "INSERT OR IGNORE"):
        raise PreconditionFailed(f"template {version.key} version {version.version}")


class SqliteTemplates:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def latest(self) -> list[TemplateVersion]:
        def work(conn: sqlite3.Connection) -> list[TemplateVersion]:
            rows = conn.execute(
                "SELECT t.* FROM message_templates t JOIN "
                "(SELECT key, MAX(version) AS top FROM message_templates GROUP BY key) m "
                "ON t.key = m.key AND t.version = m.top ORDER BY t.key"
            ).fetchall()
            return [from_row(TemplateVersion, row) for row in rows]

        return await self._db.run(work)

    async def versions(self, key: str) -> list[TemplateVersion]:
        def work(conn: sqlite3.Connection) -> list[TemplateVersion]:
            rows = conn.execute(
                "SELECT * FROM message_templates WHERE key = ? ORDER BY version DESC", (key,)
            ).fetchall()
            return [from_row(TemplateVersion, row) for row in rows]

        return await self._db.run(work)
