"""Reads the admin area's ``audit_log`` table by target.

Implements :class:`agency_core.submissions.tracking.AuditTrail`.
"""

from __future__ import annotations

import sqlite3

from adapters.codec import from_row
from adapters.sqlite.database import Database
from agency_core.audit import AuditEntry


def _prefix_like(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class SqliteAuditTrail:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def entries_for(self, target_prefix: str) -> list[AuditEntry]:
        def work(conn: sqlite3.Connection) -> list[AuditEntry]:
            rows = conn.execute(
                "SELECT * FROM audit_log WHERE target LIKE ? ESCAPE '\\' AND substr(target, 1, ?) = ? ORDER BY at, id",
                (_prefix_like(target_prefix), len(target_prefix), target_prefix),
            ).fetchall()
            return [from_row(AuditEntry, r) for r in rows]

        return await self._db.run(work)
