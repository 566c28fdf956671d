"""The admin area's store in the embedded SQLite file: implements :class:`agency_core.staff.ports.AdminStore`.

Its migration adds what staff keep on the public records (application status and opened
time, appointment status, message read time, a tombstone for deleted blog posts) and the
``jobs``, ``settings`` and ``audit_log`` tables. It reads; changes, each with its audit entry, are
written by :mod:`adapters.sqlite.unit_of_work`. Run it after :class:`adapters.sqlite.store.SqliteStore`
has migrated.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from typing import Any

from adapters.codec import from_row, settings_of, timestamp
from adapters.sealing import PassportSealer
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.payments import MIGRATION as PAYMENTS_MIGRATION
from adapters.sqlite.rows import application_record, appointment_record, message_record
from adapters.sqlite.unit_of_work import SETTINGS_KEY
from agency_core.admin_settings import AdminSettings
from agency_core.appointments.records import AppointmentRecord
from agency_core.audit import AuditEntry
from agency_core.jobs.model import Job
from agency_core.messaging.delivery import DeliveryState, count_states
from agency_core.paging import Page, PageRequest
from agency_core.records import (
    AppointmentStatus,
    BlogPost,
    JobAlert,
    JobStatus,
    NewsletterSubscription,
    OutboxMessage,
)
from agency_core.staff.query import ApplicationQuery
from agency_core.staff.records import ApplicationRecord, Counts, MessageRecord, OutboxHealth

MIGRATIONS = (
    Migration(
        "admin_0001_area",
        """
        ALTER TABLE applications ADD COLUMN status TEXT NOT NULL DEFAULT 'received';
        ALTER TABLE applications ADD COLUMN opened_at TEXT;
        CREATE INDEX applications_created ON applications (created_at);
        ALTER TABLE appointments ADD COLUMN status TEXT NOT NULL DEFAULT 'booked';
        ALTER TABLE contact_messages ADD COLUMN read_at TEXT;
        ALTER TABLE blog_posts ADD COLUMN deleted_at TEXT;
        CREATE TABLE jobs (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            country TEXT NOT NULL,
            category TEXT NOT NULL,
            salary_range TEXT NOT NULL,
            description TEXT NOT NULL,
            status TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);
        CREATE TABLE audit_log (
            id TEXT PRIMARY KEY, actor TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL, at TEXT NOT NULL
        );
        CREATE INDEX audit_log_at ON audit_log (at)
        """,
    ),
    PAYMENTS_MIGRATION,
    Migration(
        "admin_0002_job_postings",
        """
        ALTER TABLE jobs ADD COLUMN city TEXT NOT NULL DEFAULT '';
        ALTER TABLE jobs ADD COLUMN employment_type TEXT NOT NULL DEFAULT 'Full-time';
        ALTER TABLE jobs ADD COLUMN positions INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE jobs ADD COLUMN salary_min INTEGER;
        ALTER TABLE jobs ADD COLUMN salary_max INTEGER;
        ALTER TABLE jobs ADD COLUMN salary_currency TEXT NOT NULL DEFAULT 'USD';
        ALTER TABLE jobs ADD COLUMN salary_period TEXT NOT NULL DEFAULT 'month';
        ALTER TABLE jobs ADD COLUMN requirements TEXT NOT NULL DEFAULT '';
        ALTER TABLE jobs ADD COLUMN benefits TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE jobs ADD COLUMN closing_date TEXT;
        ALTER TABLE jobs ADD COLUMN published_at TEXT;
        UPDATE jobs SET published_at = created_at WHERE status = 'open';
        CREATE INDEX jobs_status_created ON jobs (status, created_at);
        CREATE INDEX applications_job ON applications (json_extract(data, '$.jobId'))
        """,
    ),
    Migration(
        # Outcomes replace "done": a booking marked done was attended.
        "admin_0003_appointment_outcomes",
        "UPDATE appointments SET status = 'attended' WHERE status = 'done'",
    ),
)


def _day_start(day: Any) -> str:
    return timestamp(datetime.combine(day, time(0), tzinfo=UTC))


def _application_where(query: ApplicationQuery) -> tuple[str, list[object]]:
    equal = {
        "status": query.status.value if query.status else None,
        "payment_state": query.payment.value if query.payment else None,
        "json_extract(data, '$.jobCategory')": query.job_category or None,
        "json_extract(data, '$.preferredCountry')": query.preferred_country or None,
        "json_extract(data, '$.jobId')": query.job_id or None,
        "owner_id": query.owner or None,
    }
    clauses = [f"{column} = ?" for column, value in equal.items() if value is not None]
    params: list[object] = [value for value in equal.values() if value is not None]
    starts = [
        _day_start(query.date_from) if query.date_from else None,
        timestamp(query.since) if query.since else None,
    ]
    for start in (s for s in starts if s is not None):
        clauses.append("created_at >= ?")
        params.append(start)
    if query.date_to is not None:
        clauses.append("created_at < ?")
        params.append(_day_start(query.date_to + timedelta(days=1)))
    if query.unopened:
        clauses.append("opened_at IS NULL")
    if query.q:
        search = query.search
        # An empty list of words (a query of marks only) matches nothing, as in the core.
        needles = [search.phone] if search.phone else list(search.words) or ["\x00"]
        clauses.extend("instr(search_key, ?) > 0" for _ in needles)
        params.extend(needles)
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def _where(conditions: Sequence[tuple[str, object]]) -> tuple[str, list[object]]:
    """`` WHERE`` with each fixed fragment whose bound value is not ``None`` (or ``""`` when none is)."""
    kept = [(sql, value) for sql, value in conditions if value is not None]
    where = (" WHERE " + " AND ".join(sql for sql, _ in kept)) if kept else ""
    return where, [value for _, value in kept]


class SqliteAdminStore:
    """Implements :class:`agency_core.staff.ports.AdminStore` on one :class:`Database`."""

    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self._db = db
        self._sealer = sealer

    async def start(self) -> None:
        await self._db.migrate(MIGRATIONS)

    async def _paged(
        self, sql: str, params: Sequence[object], page: PageRequest, order: str
    ) -> tuple[list[sqlite3.Row], int]:
        """Rows of ``sql`` (a ``SELECT * FROM ... [WHERE ...]``) for one page, and the total."""

        def work(conn: sqlite3.Connection) -> tuple[list[sqlite3.Row], int]:
            total = conn.execute(f"SELECT COUNT(*) FROM ({sql})", params).fetchone()[0]  # noqa: S608
            rows = conn.execute(
                f"{sql} ORDER BY {order} LIMIT ? OFFSET ?",
                (*params, page.page_size, page.offset),
            ).fetchall()
            return rows, int(total)

        return await self._db.run(work)

    # -- settings and audit ---------------------------------------------------------------

    async def get_settings(self) -> AdminSettings | None:
        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (SETTINGS_KEY,)).fetchone()
            return None if row is None else str(row[0])

        raw = await self._db.run(work)
        if raw is None:
            return None
        data = json.loads(raw)
        defaults = AdminSettings((), "")
        return settings_of(data, defaults) if isinstance(data, dict) else None

    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        rows, total = await self._paged("SELECT * FROM audit_log", (), page, "at DESC, id DESC")
        items = [from_row(AuditEntry, r) for r in rows]
        return Page(items, total, page.page, page.page_size)

    # -- dashboard ------------------------------------------------------------------------

    async def counts(self) -> Counts:
        def work(conn: sqlite3.Connection) -> Counts:
            def one(sql: str) -> int:
                return int(conn.execute(sql).fetchone()[0])

            return Counts(
                total_applications=one("SELECT COUNT(*) FROM applications"),
                active_jobs=one("SELECT COUNT(*) FROM jobs WHERE status = 'open'"),
                new_messages=one("SELECT COUNT(*) FROM contact_messages WHERE read_at IS NULL"),
                blog_posts=one("SELECT COUNT(*) FROM blog_posts WHERE deleted_at IS NULL"),
            )

        return await self._db.run(work)

    async def outbox_health(self, since: datetime) -> OutboxHealth:
        def work(conn: sqlite3.Connection) -> OutboxHealth:
            # Messages only: the outbox's tasks (a sweep, a check-in due later) are not waiting to be sent.
            pending = conn.execute(
                "SELECT COUNT(*) FROM outbox WHERE status = 'pending' AND channel != 'task'"
            ).fetchone()[0]
            stopped = conn.execute(
                "SELECT * FROM outbox WHERE status = 'failed' AND next_attempt_at >= ?", (timestamp(since),)
            ).fetchall()
            states = count_states(from_row(OutboxMessage, row) for row in stopped)
            return OutboxHealth(int(pending), states[DeliveryState.FAILED], states[DeliveryState.WITHDRAWN])

        return await self._db.run(work)

    # -- applications ---------------------------------------------------------------------

    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        where, params = _application_where(query)
        sql = f"SELECT * FROM applications{where}"  # noqa: S608 - fixed fragments, values bound
        rows, total = await self._paged(sql, params, page, "created_at DESC, id DESC")
        return Page([application_record(r, self._sealer) for r in rows], total, page.page, page.page_size)

    async def application(self, application_id: str) -> ApplicationRecord | None:
        def work(conn: sqlite3.Connection) -> ApplicationRecord | None:
            row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            return None if row is None else application_record(row, self._sealer)

        return await self._db.run(work)

    # -- appointments ---------------------------------------------------------------------

    async def appointments(
        self,
        status: AppointmentStatus | None,
        page: PageRequest,
        *,
        starts_from: datetime | None = None,
        starts_before: datetime | None = None,
    ) -> Page[AppointmentRecord]:
        conditions = (
            ("status = ?", status.value if status else None),
            ("starts_at >= ?", timestamp(starts_from) if starts_from else None),
            ("starts_at < ?", timestamp(starts_before) if starts_before else None),
        )
        where, params = _where(conditions)
        rows, total = await self._paged(
            f"SELECT * FROM appointments{where}",  # noqa: S608 - fixed fragments
            params,
            page,
            "json_extract(data, '$.preferredDate'), created_at, reference",
        )
        return Page([appointment_record(r) for r in rows], total, page.page, page.page_size)

    async def appointment(self, reference: str) -> AppointmentRecord | None:
        def work(conn: sqlite3.Connection) -> AppointmentRecord | None:
            row = conn.execute("SELECT * FROM appointments WHERE reference = ?", (reference,)).fetchone()
            return None if row is None else appointment_record(row)

        return await self._db.run(work)

    async def appointments_between(self, start: datetime, end: datetime) -> list[AppointmentRecord]:
        def work(conn: sqlite3.Connection) -> list[AppointmentRecord]:
            rows = conn.execute(
                "SELECT * FROM appointments WHERE starts_at >= ? AND starts_at < ? ORDER BY starts_at, reference",
                (timestamp(start), timestamp(end)),
            ).fetchall()
            return [appointment_record(row) for row in rows]

        return await self._db.run(work)

    async def appointment_counts(self, start: datetime, end: datetime) -> dict[AppointmentStatus, int]:
        def work(conn: sqlite3.Connection) -> dict[AppointmentStatus, int]:
            rows = conn.execute(
                "SELECT status, COUNT(*) FROM appointments WHERE starts_at >= ? AND starts_at < ? GROUP BY status",
                (timestamp(start), timestamp(end)),
            ).fetchall()
            return {AppointmentStatus(row[0]): int(row[1]) for row in rows}

        return await self._db.run(work)

    # -- messages -------------------------------------------------------------------------

    async def messages(
        self, page: PageRequest, *, unread: bool = False, since: datetime | None = None
    ) -> Page[MessageRecord]:
        conditions = (
            ("read_at IS NULL AND ? = 1", 1 if unread else None),
            ("created_at >= ?", timestamp(since) if since else None),
        )
        where, params = _where(conditions)
        rows, total = await self._paged(
            f"SELECT * FROM contact_messages{where}",  # noqa: S608 - fixed fragments, values bound
            params,
            page,
            "read_at IS NOT NULL, created_at DESC, id DESC",
        )
        return Page([message_record(r) for r in rows], total, page.page, page.page_size)

    async def message(self, message_id: str) -> MessageRecord | None:
        def work(conn: sqlite3.Connection) -> MessageRecord | None:
            row = conn.execute("SELECT * FROM contact_messages WHERE id = ?", (message_id,)).fetchone()
            return None if row is None else message_record(row)

        return await self._db.run(work)

    # -- jobs -----------------------------------------------------------------------------

    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        where, params = ("", []) if status is None else (" WHERE status = ?", [status.value])
        sql = f"SELECT * FROM jobs{where}"  # noqa: S608 - fixed fragments, values bound
        rows, total = await self._paged(sql, params, page, "created_at DESC, id DESC")
        return Page([from_row(Job, r) for r in rows], total, page.page, page.page_size)

    async def job(self, job_id: str) -> Job | None:
        def work(conn: sqlite3.Connection) -> Job | None:
            row = conn.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
            return None if row is None else from_row(Job, row)

        return await self._db.run(work)

    async def applications_per_job(self, job_ids: Sequence[str]) -> dict[str, int]:
        if not job_ids:
            return {}

        def work(conn: sqlite3.Connection) -> dict[str, int]:
            marks = ", ".join("?" for _ in job_ids)
            rows = conn.execute(
                f"SELECT json_extract(data, '$.jobId') AS job, COUNT(*) FROM applications "  # noqa: S608 - marks only
                f"WHERE json_extract(data, '$.jobId') IN ({marks}) GROUP BY job",
                list(job_ids),
            ).fetchall()
            return {r[0]: int(r[1]) for r in rows}

        return await self._db.run(work)

    # -- blog -----------------------------------------------------------------------------

    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        rows, total = await self._paged(
            "SELECT * FROM blog_posts WHERE deleted_at IS NULL",
            (),
            page,
            "date DESC, CAST(id AS INTEGER) DESC, id DESC",
        )
        return Page([from_row(BlogPost, r) for r in rows], total, page.page, page.page_size)

    # -- subscribers ----------------------------------------------------------------------

    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        rows, total = await self._paged("SELECT * FROM newsletter_subscriptions", (), page, "created_at DESC, id DESC")
        return Page([from_row(NewsletterSubscription, r) for r in rows], total, page.page, page.page_size)

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        rows, total = await self._paged("SELECT * FROM job_alerts", (), page, "created_at DESC, id DESC")
        items = [from_row(JobAlert, r) for r in rows]
        return Page(items, total, page.page, page.page_size)
