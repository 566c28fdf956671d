"""Reads the stored bulk actions (table ``bulk_actions``): implements :class:`agency_core.bulk.model.BulkStore`."""

from __future__ import annotations

import sqlite3

from adapters.codec import from_row
from adapters.sqlite.database import Database
from agency_core.bulk.model import BulkAction


class SqliteBulkStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def bulk_action(self, bulk_id: str) -> BulkAction | None:
        def work(conn: sqlite3.Connection) -> BulkAction | None:
            row = conn.execute("SELECT * FROM bulk_actions WHERE id = ?", (bulk_id,)).fetchone()
            return None if row is None else from_row(BulkAction, row)

        return await self._db.run(work)
