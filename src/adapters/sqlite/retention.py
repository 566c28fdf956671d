"""Retention on the embedded SQLite file: implements :class:`agency_core.privacy.retention.RetentionStore`."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

from adapters.codec import from_row, timestamp, to_row
from adapters.sealing import PassportSealer
from adapters.sqlite.database import Database
from adapters.sqlite.rows import application_record
from agency_core.privacy.retention import RECORD_KINDS
from agency_core.records import Application
from agency_core.staff.records import ApplicationRecord

_ID_COLUMN = {"contact_messages": "id", "appointments": "reference", "job_alerts": "id"}

Step = Callable[[sqlite3.Connection], object]


def _kind(kind: str) -> str:
    if kind not in RECORD_KINDS:
        raise ValueError(f"unknown record kind {kind!r}")
    return kind


class SqliteRetentionStore:
    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self._db = db
        self._sealer = sealer

    async def applications_with_files_before(self, before: datetime) -> list[ApplicationRecord]:
        def work(conn: sqlite3.Connection) -> list[ApplicationRecord]:
            rows = conn.execute(
                "SELECT * FROM applications WHERE created_at < ? AND files != '[]' ORDER BY created_at, id",
                (timestamp(before),),
            ).fetchall()
            return [application_record(r, self._sealer) for r in rows]

        return await self._db.run(work)

    async def records_before(self, kind: str, before: datetime) -> list[str]:
        table = _kind(kind)
        column = _ID_COLUMN[table]

        def work(conn: sqlite3.Connection) -> list[str]:
            sql = f"SELECT {column} FROM {table} WHERE created_at < ? ORDER BY created_at"  # noqa: S608 - fixed names
            return [r[0] for r in conn.execute(sql, (timestamp(before),))]

        return await self._db.run(work)


def _drop_files(conn: sqlite3.Connection, application_id: str, note: str) -> None:
    row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
    if row is None:
        return
    application = from_row(Application, row)
    cells = to_row(replace(application, data=replace(application.data, files_removed=note), files=()))
    conn.execute(
        "UPDATE applications SET files = ?, data = ? WHERE id = ?", (cells["files"], cells["data"], application_id)
    )


def _delete_records(conn: sqlite3.Connection, table: str, ids: Sequence[str]) -> None:
    column = _ID_COLUMN[table]
    for record_id in ids:
        conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (record_id,))  # noqa: S608 - fixed names
        if table == "appointments":
            conn.execute("DELETE FROM admin_notifications WHERE id = ?", (f"{record_id}-admin",))
            conn.execute("DELETE FROM outbox WHERE source_id = ? AND status != 'pending'", (record_id,))


class RetentionWrites:
    """The unit of work's retention deletions (:class:`agency_core.unit_of_work.RetentionWrites`)."""

    def __init__(self, steps: list[Step]) -> None:
        self._steps = steps

    async def drop_files(self, application_id: str, note: str) -> None:
        self._steps.append(lambda conn: _drop_files(conn, application_id, note))

    async def delete_records(self, kind: str, ids: Sequence[str]) -> None:
        table = _kind(kind)
        wanted = list(ids)
        self._steps.append(lambda conn: _delete_records(conn, table, wanted))
