"""Employers, their job orders and the jobs linked to an order in the embedded SQLite file.

Implements :class:`agency_core.employers.ports.EmployerStore`. An employer is a row of
``employers``, an order one of ``job_orders`` (positions, benefits, approval, override and files as
JSON text), a job's link to its order one of ``order_jobs``. Each write is one ``BEGIN IMMEDIATE``
transaction with its audit entry, on condition that the stored version is the one the record was
made from.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from adapters.codec import from_row, timestamp, to_document, to_row
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import add_audit, insert
from agency_core.audit import AuditEntry
from agency_core.employers.model import Employer, JobLink, JobOrder
from agency_core.unit_of_work import PreconditionFailed

MIGRATIONS = (
    Migration(
        "records_0019_employers",
        """
        CREATE TABLE employers (
            id TEXT PRIMARY KEY,
            company TEXT NOT NULL,
            country TEXT NOT NULL,
            city TEXT NOT NULL,
            licence_number TEXT NOT NULL,
            contacts TEXT NOT NULL,
            notes TEXT NOT NULL,
            search_key TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_by TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE job_orders (
            id TEXT PRIMARY KEY,
            employer_id TEXT NOT NULL,
            positions TEXT NOT NULL,
            benefits TEXT NOT NULL,
            contract_months INTEGER NOT NULL,
            valid_until TEXT NOT NULL,
            domestic_work INTEGER NOT NULL,
            version INTEGER NOT NULL,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_by TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            approval TEXT,
            override TEXT,
            files TEXT NOT NULL DEFAULT '[]'
        );
        CREATE INDEX job_orders_employer ON job_orders (employer_id, created_at);
        CREATE TABLE order_jobs (
            job_id TEXT PRIMARY KEY,
            order_id TEXT NOT NULL,
            linked_by TEXT NOT NULL,
            linked_at TEXT NOT NULL
        );
        CREATE INDEX order_jobs_order ON order_jobs (order_id)
        """,
    ),
)


def _json_time(value: object) -> str:
    if isinstance(value, datetime):
        return timestamp(value)
    raise TypeError(type(value).__name__)


def _row(record: Employer | JobOrder) -> dict[str, Any]:
    """The row of ``record``: nested records as JSON text with their times as ISO 8601 UTC text (the
    codec's row writes the times of a row's own cells only)."""
    row: dict[str, Any] = {}
    for name, value in to_document(record).items():
        if isinstance(value, list | dict):
            row[name] = json.dumps(value, default=_json_time, ensure_ascii=False, separators=(",", ":"))
        else:
            row[name] = timestamp(value) if isinstance(value, datetime) else value
    return row


def _save(conn: sqlite3.Connection, table: str, record: Employer | JobOrder, audit: AuditEntry) -> None:
    row = conn.execute(f"SELECT version FROM {table} WHERE id = ?", (record.id,)).fetchone()  # noqa: S608 - fixed
    if (0 if row is None else int(row["version"])) != record.version - 1:
        raise PreconditionFailed(f"{table} {record.id}")
    insert(conn, table, _row(record), "INSERT OR REPLACE")
    add_audit(conn, audit)


def _link(conn: sqlite3.Connection, link: JobLink, audit: AuditEntry) -> None:
    insert(conn, "order_jobs", to_row(link), "INSERT OR REPLACE")
    add_audit(conn, audit)


def _unlink(conn: sqlite3.Connection, job_id: str, audit: AuditEntry) -> None:
    conn.execute("DELETE FROM order_jobs WHERE job_id = ?", (job_id,))
    add_audit(conn, audit)


class SqliteEmployers:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def employers(self) -> list[Employer]:
        def work(conn: sqlite3.Connection) -> list[Employer]:
            rows = conn.execute("SELECT * FROM employers ORDER BY company COLLATE NOCASE, id").fetchall()
            return [from_row(Employer, row) for row in rows]

        return await self.database.run(work)

    async def employer(self, employer_id: str) -> Employer | None:
        def work(conn: sqlite3.Connection) -> Employer | None:
            row = conn.execute("SELECT * FROM employers WHERE id = ?", (employer_id,)).fetchone()
            return None if row is None else from_row(Employer, row)

        return await self.database.run(work)

    async def save_employer(self, employer: Employer, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _save(conn, "employers", employer, audit))

    async def orders(self, employer_id: str | None = None) -> list[JobOrder]:
        def work(conn: sqlite3.Connection) -> list[JobOrder]:
            if employer_id is None:
                rows = conn.execute("SELECT * FROM job_orders ORDER BY created_at DESC, id DESC").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM job_orders WHERE employer_id = ? ORDER BY created_at DESC, id DESC", (employer_id,)
                ).fetchall()
            return [from_row(JobOrder, row) for row in rows]

        return await self.database.run(work)

    async def order(self, order_id: str) -> JobOrder | None:
        def work(conn: sqlite3.Connection) -> JobOrder | None:
            row = conn.execute("SELECT * FROM job_orders WHERE id = ?", (order_id,)).fetchone()
            return None if row is None else from_row(JobOrder, row)

        return await self.database.run(work)

    async def save_order(self, order: JobOrder, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _save(conn, "job_orders", order, audit))

    async def link(self, link: JobLink, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _link(conn, link, audit))

    async def unlink(self, job_id: str, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _unlink(conn, job_id, audit))

    async def links(self, order_id: str | None = None) -> list[JobLink]:
        def work(conn: sqlite3.Connection) -> list[JobLink]:
            if order_id is None:
                rows = conn.execute("SELECT * FROM order_jobs ORDER BY job_id").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM order_jobs WHERE order_id = ? ORDER BY job_id", (order_id,)
                ).fetchall()
            return [from_row(JobLink, row) for row in rows]

        return await self.database.run(work)

    async def link_of(self, job_id: str) -> JobLink | None:
        def work(conn: sqlite3.Connection) -> JobLink | None:
            row = conn.execute("SELECT * FROM order_jobs WHERE job_id = ?", (job_id,)).fetchone()
            return None if row is None else from_row(JobLink, row)

        return await self.database.run(work)

    async def audit(self, entry: AuditEntry) -> None:
        await self.database.transaction(lambda conn: add_audit(conn, entry))
