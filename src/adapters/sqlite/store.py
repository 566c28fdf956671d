"""The embedded default store: every repository of :class:`agency_core.ports.Store` in SQLite.

One file under ``AGENCY_DATA_DIR`` (WAL), schema created and migrated on start, times kept
as ISO 8601 UTC text (which sorts as time does).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TypeVar

from adapters.codec import from_row, timestamp, to_row
from adapters.sealing import PassportSealer
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.employers import MIGRATIONS as EMPLOYER_MIGRATIONS
from adapters.sqlite.notes import MIGRATION_SQL as NOTES_OWNERS_SQL
from adapters.sqlite.packs import MIGRATIONS as PACK_MIGRATIONS
from adapters.sqlite.pipeline import MIGRATION as PIPELINE_MIGRATION
from adapters.sqlite.pipeline_documents import MIGRATIONS as DOCUMENT_MIGRATIONS
from adapters.sqlite.rows import application_of, fill_search_keys, find_duplicate, insert, seal_plain_passports
from adapters.sqlite.templates import MIGRATION as TEMPLATES_MIGRATION
from adapters.sqlite.templates import SqliteTemplates
from adapters.sqlite.unit_of_work import SqliteUnitOfWork
from adapters.sqlite.welfare import MIGRATIONS as WELFARE_MIGRATIONS
from adapters.sqlite.whatsapp_messages import MIGRATIONS as WHATSAPP_MESSAGE_MIGRATIONS
from adapters.sqlite.whatsapp_optins import MIGRATIONS as WHATSAPP_OPT_IN_MIGRATIONS
from agency_core.messaging.delivery import on_answer_lost, on_report, report_matches
from agency_core.newsletter.model import NewsletterIssue
from agency_core.records import (
    AdminNotification,
    Application,
    Appointment,
    AppointmentStatus,
    BlogPost,
    ContactMessage,
    JobAlert,
    NewsletterSubscription,
    OutboxMessage,
    OutboxStatus,
    ReportedDelivery,
)

T = TypeVar("T")

OUTBOX_RENAMED = "records_0016_outbox_renamed"
"""The migration that renames ``sms_outbox`` to ``outbox`` (the migrations before it name the old table)."""

MIGRATIONS = (
    Migration(
        "records_0001",
        """
        CREATE TABLE applications (
            id TEXT PRIMARY KEY,
            duplicate_key TEXT NOT NULL,
            data TEXT NOT NULL,
            files TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX applications_duplicate ON applications (duplicate_key, created_at);
        CREATE TABLE appointments (reference TEXT PRIMARY KEY, data TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE contact_messages (id TEXT PRIMARY KEY, data TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE newsletter_subscriptions (
            id TEXT PRIMARY KEY,
            email_key TEXT NOT NULL UNIQUE,
            email TEXT NOT NULL,
            name TEXT NOT NULL,
            interests TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE job_alerts (id TEXT PRIMARY KEY, data TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE admin_notifications (
            id TEXT PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL, created_at TEXT NOT NULL
        );
        CREATE INDEX admin_notifications_type ON admin_notifications (type, created_at);
        CREATE TABLE sms_outbox (
            id TEXT PRIMARY KEY,
            source_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            phone TEXT NOT NULL,
            text TEXT NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at TEXT NOT NULL,
            lease_until TEXT,
            last_error TEXT,
            created_at TEXT NOT NULL,
            delivered_at TEXT
        );
        CREATE INDEX sms_outbox_due ON sms_outbox (status, next_attempt_at);
        CREATE INDEX sms_outbox_source ON sms_outbox (source_id);
        CREATE TABLE blog_posts (
            id TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            excerpt TEXT NOT NULL,
            image TEXT NOT NULL,
            author TEXT NOT NULL,
            date TEXT NOT NULL,
            content TEXT NOT NULL,
            category TEXT NOT NULL,
            tags TEXT NOT NULL,
            read_time TEXT NOT NULL,
            featured INTEGER NOT NULL,
            published INTEGER NOT NULL,
            updated_at TEXT NOT NULL
        )
        """,
    ),
    Migration(
        "records_0002_outbox_lease_owner",
        """
        ALTER TABLE sms_outbox ADD COLUMN lease_owner TEXT;
        CREATE INDEX sms_outbox_lease_owner ON sms_outbox (lease_owner)
        """,
    ),
    Migration(
        "records_0002_newsletter_consent",
        """
        ALTER TABLE newsletter_subscriptions ADD COLUMN privacy_notice_version TEXT NOT NULL DEFAULT '';
        ALTER TABLE newsletter_subscriptions ADD COLUMN privacy_accepted_at TEXT
        """,
    ),
    Migration(
        "records_0003_payment_key",
        "ALTER TABLE applications ADD COLUMN payment_key_hash TEXT NOT NULL DEFAULT ''",
    ),
    Migration(
        # Every existing booking gets its slot as a UTC instant in the office's zone. Africa/Accra
        # has been UTC+0 without daylight saving since 1942, so the wall-clock time is the UTC time.
        "records_0004_appointment_slots",
        """
        ALTER TABLE appointments ADD COLUMN starts_at TEXT;
        ALTER TABLE appointments ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
        ALTER TABLE appointments ADD COLUMN seat INTEGER;
        UPDATE appointments SET time_zone = 'Africa/Accra', starts_at = (
            json_extract(data, '$.preferredDate') || 'T' || printf('%02d',
                (CAST(substr(json_extract(data, '$.preferredTime'), 1, 2) AS INTEGER) % 12)
                + CASE WHEN substr(json_extract(data, '$.preferredTime'), 7, 2) = 'PM' THEN 12 ELSE 0 END)
            || ':' || substr(json_extract(data, '$.preferredTime'), 4, 2) || ':00.000000+00:00')
        WHERE json_extract(data, '$.preferredDate') IS NOT NULL AND json_extract(data, '$.preferredTime') IS NOT NULL;
        CREATE INDEX appointments_starts ON appointments (starts_at)
        """,
    ),
    Migration(
        "records_0005_passport_index",
        """
        ALTER TABLE applications ADD COLUMN passport_index TEXT;
        CREATE INDEX applications_passport ON applications (passport_index)
        """,
    ),
    Migration(
        # The applicant's change link (only its hash) and the version a move raises; older bookings
        # have no link ('' matches no token), version 0 and the main office ('').
        "records_0006_appointment_tokens",
        """
        ALTER TABLE appointments ADD COLUMN token_hash TEXT NOT NULL DEFAULT '';
        ALTER TABLE appointments ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE appointments ADD COLUMN office TEXT NOT NULL DEFAULT '';
        CREATE INDEX appointments_token ON appointments (token_hash)
        """,
    ),
    Migration(
        # Delivery reports: nothing is rewritten, so every message (pending ones too) stays as it was.
        "records_0007_delivery_reports",
        """
        ALTER TABLE sms_outbox ADD COLUMN gateway_id TEXT;
        ALTER TABLE sms_outbox ADD COLUMN delivery_report TEXT;
        ALTER TABLE sms_outbox ADD COLUMN reported_at TEXT;
        ALTER TABLE sms_outbox ADD COLUMN report_status TEXT;
        CREATE INDEX sms_outbox_sent ON sms_outbox (status, delivered_at)
        """,
    ),
    TEMPLATES_MIGRATION,
    Migration(
        "records_0009_bulk_sends",
        """
        CREATE TABLE bulk_actions (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            actor TEXT NOT NULL,
            created_at TEXT NOT NULL,
            selection TEXT NOT NULL,
            items TEXT NOT NULL,
            status TEXT,
            text TEXT NOT NULL DEFAULT '',
            undo_until TEXT,
            undone_at TEXT,
            undone_by TEXT NOT NULL DEFAULT ''
        )
        """,
    ),
    Migration(
        # The folded name, e-mail, ID and phone digits the admin search looks in (agency_core.staff.search).
        "records_0010_search_keys",
        "ALTER TABLE applications ADD COLUMN search_key TEXT NOT NULL DEFAULT ''",
        fill=fill_search_keys,
    ),
    Migration("records_0011_notes_owners", NOTES_OWNERS_SQL),
    Migration(
        # Existing subscriptions stay unconfirmed (confirmed_at NULL): none of them proved that the
        # address is its owner's (anyone could subscribe anyone), consent or not. See docs/newsletter.md.
        "records_0008_newsletter_issues",
        """
        ALTER TABLE newsletter_subscriptions ADD COLUMN confirmation_hash TEXT NOT NULL DEFAULT '';
        ALTER TABLE newsletter_subscriptions ADD COLUMN confirmation_sent_at TEXT;
        ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TEXT;
        CREATE INDEX newsletter_confirmation ON newsletter_subscriptions (confirmation_hash);
        CREATE INDEX newsletter_confirmed ON newsletter_subscriptions (confirmed_at);
        CREATE TABLE newsletter_issues (
            id TEXT PRIMARY KEY,
            subject TEXT NOT NULL,
            body TEXT NOT NULL,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            status TEXT NOT NULL,
            sends INTEGER NOT NULL,
            sent_at TEXT,
            sent_by TEXT NOT NULL,
            recipients INTEGER NOT NULL
        )
        """,
    ),
    Migration(
        "records_0012_fees_receipts_refunds",
        """
        ALTER TABLE applications ADD COLUMN fee TEXT;
        ALTER TABLE applications ADD COLUMN payment_receipt_number INTEGER;
        CREATE UNIQUE INDEX applications_receipt_number ON applications (payment_receipt_number);
        CREATE TABLE refunds (
            id TEXT PRIMARY KEY,
            application_id TEXT NOT NULL,
            amount_minor INTEGER NOT NULL,
            currency TEXT NOT NULL,
            reason TEXT NOT NULL,
            actor TEXT NOT NULL,
            created_at TEXT NOT NULL,
            state TEXT NOT NULL,
            gateway_id TEXT,
            updated_at TEXT
        );
        CREATE INDEX refunds_application ON refunds (application_id, created_at)
        """,
    ),
    Migration(
        # One outbox for every channel: the address named as such, and the channel it goes by
        # (e-mails were the rows of kind "email"). Pending messages stay pending. See docs/sms-delivery.md.
        "records_0014_outbox_channel",
        """
        ALTER TABLE sms_outbox RENAME COLUMN phone TO address;
        ALTER TABLE sms_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms';
        UPDATE sms_outbox SET channel = 'email' WHERE kind = 'email'
        """,
    ),
    Migration(
        # A text whose answer was lost is held until its delivery report settles it.
        "records_0015_outbox_unsettled",
        "ALTER TABLE sms_outbox ADD COLUMN unsettled_since TEXT",
    ),
    Migration(
        # The outbox holds e-mails as well as texts: the table and its indexes lose "sms_" from their
        # names (issue 44). A rename keeps every row, so every queued message is still sent.
        OUTBOX_RENAMED,
        """
        ALTER TABLE sms_outbox RENAME TO outbox;
        DROP INDEX sms_outbox_due;
        CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
        DROP INDEX sms_outbox_source;
        CREATE INDEX outbox_source ON outbox (source_id);
        DROP INDEX sms_outbox_lease_owner;
        CREATE INDEX outbox_lease_owner ON outbox (lease_owner);
        DROP INDEX sms_outbox_sent;
        CREATE INDEX outbox_sent ON outbox (status, delivered_at)
        """,
    ),
    PIPELINE_MIGRATION,
    *DOCUMENT_MIGRATIONS,
    *EMPLOYER_MIGRATIONS,
    *PACK_MIGRATIONS,
    *WELFARE_MIGRATIONS,
    *WHATSAPP_OPT_IN_MIGRATIONS,
    *WHATSAPP_MESSAGE_MIGRATIONS,
)


class SqliteApplications:
    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self._db = db
        self._sealer = sealer

    async def find_duplicate(self, key: str, since: datetime) -> Application | None:
        return await self._db.run(lambda conn: find_duplicate(conn, key, since, self._sealer))

    async def get(self, application_id: str) -> Application | None:
        def work(conn: sqlite3.Connection) -> Application | None:
            row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            return None if row is None else application_of(row, self._sealer)

        return await self._db.run(work)


def _one(conn: sqlite3.Connection, kind: type[T], table: str, key: str, value: str) -> T | None:
    row = conn.execute(f"SELECT * FROM {table} WHERE {key} = ?", (value,)).fetchone()  # noqa: S608 - fixed names
    return None if row is None else from_row(kind, row)


class SqliteAppointments:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, reference: str) -> Appointment | None:
        return await self._db.run(lambda conn: _one(conn, Appointment, "appointments", "reference", reference))

    async def booked(self, start: datetime, end: datetime) -> dict[datetime, int]:
        def work(conn: sqlite3.Connection) -> dict[datetime, int]:
            rows = conn.execute(
                "SELECT starts_at, COUNT(*) FROM appointments WHERE starts_at >= ? AND starts_at < ? "
                "AND status != 'cancelled' GROUP BY starts_at",
                (timestamp(start), timestamp(end)),
            ).fetchall()
            return {datetime.fromisoformat(row[0]): int(row[1]) for row in rows}

        return await self._db.run(work)

    async def live_between(self, start: datetime, end: datetime) -> list[Appointment]:
        def work(conn: sqlite3.Connection) -> list[Appointment]:
            rows = conn.execute(
                "SELECT * FROM appointments WHERE starts_at >= ? AND starts_at < ? AND status != 'cancelled'",
                (timestamp(start), timestamp(end)),
            ).fetchall()
            return [from_row(Appointment, row) for row in rows]

        return await self._db.run(work)

    async def by_token(self, token_hash: str) -> tuple[Appointment, AppointmentStatus] | None:
        def work(conn: sqlite3.Connection) -> tuple[Appointment, AppointmentStatus] | None:
            if not token_hash:
                return None
            row = conn.execute("SELECT * FROM appointments WHERE token_hash = ?", (token_hash,)).fetchone()
            return None if row is None else (from_row(Appointment, row), AppointmentStatus(row["status"]))

        return await self._db.run(work)


class SqliteContactMessages:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, message_id: str) -> ContactMessage | None:
        return await self._db.run(lambda conn: _one(conn, ContactMessage, "contact_messages", "id", message_id))


class SqliteJobAlerts:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, alert_id: str) -> JobAlert | None:
        return await self._db.run(lambda conn: _one(conn, JobAlert, "job_alerts", "id", alert_id))

    async def all(self) -> list[JobAlert]:
        def work(conn: sqlite3.Connection) -> list[JobAlert]:
            rows = conn.execute("SELECT * FROM job_alerts ORDER BY created_at, id").fetchall()
            return [from_row(JobAlert, r) for r in rows]

        return await self._db.run(work)


class SqliteNewsletter:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get_by_email(self, email: str) -> NewsletterSubscription | None:
        key = email.strip().lower()
        return await self._db.run(
            lambda conn: _one(conn, NewsletterSubscription, "newsletter_subscriptions", "email_key", key)
        )

    async def get(self, subscription_id: str) -> NewsletterSubscription | None:
        return await self._db.run(
            lambda conn: _one(conn, NewsletterSubscription, "newsletter_subscriptions", "id", subscription_id)
        )

    async def by_confirmation(self, confirmation_hash: str) -> NewsletterSubscription | None:
        if not confirmation_hash:
            return None
        return await self._db.run(
            lambda conn: _one(
                conn, NewsletterSubscription, "newsletter_subscriptions", "confirmation_hash", confirmation_hash
            )
        )

    async def confirmed(self) -> list[NewsletterSubscription]:
        def work(conn: sqlite3.Connection) -> list[NewsletterSubscription]:
            rows = conn.execute(
                "SELECT * FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL ORDER BY created_at, id"
            ).fetchall()
            return [from_row(NewsletterSubscription, r) for r in rows]

        return await self._db.run(work)


class SqliteNewsletterIssues:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, issue_id: str) -> NewsletterIssue | None:
        return await self._db.run(lambda conn: _one(conn, NewsletterIssue, "newsletter_issues", "id", issue_id))

    async def all(self) -> list[NewsletterIssue]:
        def work(conn: sqlite3.Connection) -> list[NewsletterIssue]:
            rows = conn.execute("SELECT * FROM newsletter_issues ORDER BY created_at DESC, id DESC").fetchall()
            return [from_row(NewsletterIssue, r) for r in rows]

        return await self._db.run(work)


class SqliteAdminNotifications:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def list(self, type: str, limit: int = 50) -> list[AdminNotification]:
        def work(conn: sqlite3.Connection) -> list[AdminNotification]:
            rows = conn.execute(
                "SELECT * FROM admin_notifications WHERE type = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                (type, limit),
            ).fetchall()
            return [from_row(AdminNotification, r) for r in rows]

        return await self._db.run(work)


class SqliteOutbox:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        def work(conn: sqlite3.Connection) -> list[OutboxMessage]:
            rows = conn.execute(
                "SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? "
                "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY next_attempt_at, id LIMIT ?",
                (timestamp(now), timestamp(now), limit),
            ).fetchall()
            ids = [row[0] for row in rows]
            if not ids:
                return []
            marks = ",".join("?" * len(ids))
            conn.execute(
                f"UPDATE outbox SET lease_until = ?, lease_owner = ?, attempts = attempts + 1 "  # noqa: S608
                f"WHERE id IN ({marks})",
                (timestamp(lease_until), owner, *ids),
            )
            claimed = conn.execute(
                f"SELECT * FROM outbox WHERE id IN ({marks}) ORDER BY next_attempt_at, id",  # noqa: S608
                ids,
            ).fetchall()
            return [from_row(OutboxMessage, row) for row in claimed]

        return await self._db.transaction(work)

    async def claim_message(
        self, message_id: str, now: datetime, lease_until: datetime, owner: str
    ) -> OutboxMessage | None:
        def work(conn: sqlite3.Connection) -> OutboxMessage | None:
            updated = conn.execute(
                "UPDATE outbox SET lease_until = ?, lease_owner = ?, attempts = attempts + 1 "
                "WHERE id = ? AND status = 'pending' AND (lease_until IS NULL OR lease_until <= ?) "
                "AND (unsettled_since IS NULL OR next_attempt_at <= ?)",
                (timestamp(lease_until), owner, message_id, timestamp(now), timestamp(now)),
            )
            return _one(conn, OutboxMessage, "outbox", "id", message_id) if updated.rowcount else None

        return await self._db.transaction(work)

    async def mark_delivered(
        self, message_id: str, now: datetime, owner: str | None = None, gateway_id: str | None = None
    ) -> bool:
        return await self._mark(
            "UPDATE outbox SET status = 'delivered', delivered_at = ?, gateway_id = ?, lease_until = NULL, "
            "lease_owner = NULL, unsettled_since = NULL WHERE id = ? AND status = 'pending'",
            (timestamp(now), gateway_id, message_id),
            owner,
        )

    async def awaiting_delivery(self, sent_since: datetime) -> list[OutboxMessage]:
        def work(conn: sqlite3.Connection) -> list[OutboxMessage]:
            rows = conn.execute(
                "SELECT * FROM outbox WHERE status = 'delivered' AND delivered_at >= ? "
                "AND gateway_id IS NOT NULL AND delivery_report IS NOT 'delivered' ORDER BY delivered_at, id",
                (timestamp(sent_since),),
            ).fetchall()
            return [from_row(OutboxMessage, row) for row in rows]

        return await self._db.run(work)

    async def mark_retry(
        self, message_id: str, error: str, next_attempt_at: datetime, owner: str | None = None
    ) -> bool:
        return await self._mark(
            "UPDATE outbox SET last_error = ?, next_attempt_at = ?, lease_until = NULL, lease_owner = NULL "
            "WHERE id = ? AND status = 'pending'",
            (error, timestamp(next_attempt_at), message_id),
            owner,
        )

    async def mark_failed(self, message_id: str, error: str, owner: str | None = None) -> bool:
        return await self._mark(
            "UPDATE outbox SET status = 'failed', last_error = ?, lease_until = NULL, lease_owner = NULL "
            "WHERE id = ? AND status = 'pending'",
            (error, message_id),
            owner,
        )

    async def mark_unsettled(
        self, message_id: str, error: str, at: datetime, settle_wait: timedelta, owner: str | None = None
    ) -> bool:
        return await self._move(message_id, lambda m: on_answer_lost(m, at, settle_wait, error), owner=owner)

    async def record_report(
        self, message_id: str, report: ReportedDelivery, status: str, gateway_id: str, at: datetime
    ) -> bool:
        def move(message: OutboxMessage) -> OutboxMessage:
            if report_matches(message, gateway_id) is not None:
                return message
            return on_report(message, report, status, at, gateway_id)

        return await self._move(message_id, move, pending_only=False)

    async def _move(
        self,
        message_id: str,
        move: Callable[[OutboxMessage], OutboxMessage],
        *,
        owner: str | None = None,
        pending_only: bool = True,
    ) -> bool:
        """Read, move by the core's rule and write back the columns it changed, in one transaction."""

        def work(conn: sqlite3.Connection) -> bool:
            message = _one(conn, OutboxMessage, "outbox", "id", message_id)
            if message is None or (pending_only and message.status is not OutboxStatus.PENDING):
                return False
            if owner is not None and message.lease_owner != owner:
                return False
            before, after = to_row(message), to_row(move(message))
            changed = {column: value for column, value in after.items() if value != before[column]}
            if not changed:
                return False
            assignments = ", ".join(f"{column} = ?" for column in changed)
            conn.execute(f"UPDATE outbox SET {assignments} WHERE id = ?", (*changed.values(), message_id))  # noqa: S608 - column names from the record type
            return True

        return await self._db.transaction(work)

    async def _mark(self, sql: str, params: tuple[object, ...], owner: str | None) -> bool:
        if owner is not None:
            sql, params = sql + " AND lease_owner = ?", (*params, owner)
        cursor = await self._update(sql, params)
        return cursor.rowcount > 0

    async def release(self, owner: str) -> int:
        cursor = await self._update(
            "UPDATE outbox SET lease_until = NULL, lease_owner = NULL WHERE lease_owner = ? AND status = 'pending'",
            (owner,),
        )
        return cursor.rowcount

    async def _update(self, sql: str, params: tuple[object, ...]) -> sqlite3.Cursor:
        return await self._db.run(lambda conn: conn.execute(sql, params))

    async def get(self, message_id: str) -> OutboxMessage | None:
        return await self._db.run(lambda conn: _one(conn, OutboxMessage, "outbox", "id", message_id))

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        def work(conn: sqlite3.Connection) -> list[OutboxMessage]:
            if source_id is None:
                rows = conn.execute("SELECT * FROM outbox ORDER BY created_at, id").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM outbox WHERE source_id = ? ORDER BY created_at, id", (source_id,)
                ).fetchall()
            return [from_row(OutboxMessage, row) for row in rows]

        return await self._db.run(work)


class SqliteBlogPosts:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def published(self) -> list[BlogPost]:
        def work(conn: sqlite3.Connection) -> list[BlogPost]:
            rows = conn.execute(
                "SELECT * FROM blog_posts WHERE published = 1 ORDER BY date DESC, CAST(id AS INTEGER) DESC, id DESC"
            ).fetchall()
            return [from_row(BlogPost, row) for row in rows]

        return await self._db.run(work)

    async def get(self, post_id: str) -> BlogPost | None:
        return await self._db.run(lambda conn: _one(conn, BlogPost, "blog_posts", "id", post_id))

    async def seed(self, posts: Sequence[BlogPost]) -> int:
        def work(conn: sqlite3.Connection) -> int:
            return sum(insert(conn, "blog_posts", to_row(p), "INSERT OR IGNORE") for p in posts)

        return await self._db.transaction(work)


class SqliteStore:
    """Implements :class:`agency_core.ports.Store` on one :class:`Database`."""

    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self.db = db
        self.sealer = sealer
        self.applications = SqliteApplications(db, sealer)
        self.appointments = SqliteAppointments(db)
        self.contact_messages = SqliteContactMessages(db)
        self.newsletter = SqliteNewsletter(db)
        self.job_alerts = SqliteJobAlerts(db)
        self.admin_notifications = SqliteAdminNotifications(db)
        self.outbox = SqliteOutbox(db)
        self.blog_posts = SqliteBlogPosts(db)
        self.templates = SqliteTemplates(db)
        self.newsletter_issues = SqliteNewsletterIssues(db)

    def unit_of_work(self) -> SqliteUnitOfWork:
        return SqliteUnitOfWork(self.db, self.sealer)

    async def start(self) -> None:
        await self.db.migrate(MIGRATIONS)
        await self.db.transaction(lambda conn: seal_plain_passports(conn, self.sealer))

    async def close(self) -> None:
        """The database belongs to the container, which closes it."""
        return
