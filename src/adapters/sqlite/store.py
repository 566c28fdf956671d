"""The embedded default store: every repository of :class:`agency_core.ports.Store` in SQLite.

One file under ``AGENCY_DATA_DIR`` (WAL), schema created and migrated on start, times kept
as ISO 8601 UTC text (which sorts as time does).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from adapters.sqlite.database import Database, Migration
from agency_core.ids import IdTaken
from agency_core.records import (
    AdminNotification,
    Application,
    Appointment,
    BlogPost,
    ContactMessage,
    FormData,
    JobAlert,
    NewsletterSubscription,
    OutboxMessage,
    OutboxStatus,
    StoredFile,
)

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
)


def ts(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _dt(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _req_dt(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _data(text: str) -> FormData:
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _application(row: sqlite3.Row) -> Application:
    files = tuple(StoredFile(**item) for item in json.loads(row["files"]))
    return Application(row["id"], _data(row["data"]), files, _req_dt(row["created_at"]))


def _outbox_message(row: sqlite3.Row) -> OutboxMessage:
    return OutboxMessage(
        id=row["id"],
        source_id=row["source_id"],
        kind=row["kind"],
        phone=row["phone"],
        text=row["text"],
        created_at=_req_dt(row["created_at"]),
        next_attempt_at=_req_dt(row["next_attempt_at"]),
        status=OutboxStatus(row["status"]),
        attempts=row["attempts"],
        lease_until=_dt(row["lease_until"]),
        last_error=row["last_error"],
        delivered_at=_dt(row["delivered_at"]),
        lease_owner=row["lease_owner"],
    )


def _enqueue(conn: sqlite3.Connection, outbox: Sequence[OutboxMessage]) -> None:
    conn.executemany(
        "INSERT INTO sms_outbox (id, source_id, kind, phone, text, status, attempts, next_attempt_at, "
        "lease_until, last_error, created_at, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                m.id,
                m.source_id,
                m.kind,
                m.phone,
                m.text,
                m.status.value,
                m.attempts,
                ts(m.next_attempt_at),
                None if m.lease_until is None else ts(m.lease_until),
                m.last_error,
                ts(m.created_at),
                None if m.delivered_at is None else ts(m.delivered_at),
            )
            for m in outbox
        ],
    )


class SqliteApplications:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(
        self, application: Application, outbox: Sequence[OutboxMessage], duplicate_since: datetime
    ) -> Application | None:
        def work(conn: sqlite3.Connection) -> Application | None:
            earlier = _find_duplicate(conn, application.duplicate_key, duplicate_since)
            if earlier is not None:
                return earlier
            if conn.execute("SELECT 1 FROM applications WHERE id = ?", (application.id,)).fetchone():
                raise IdTaken(application.id)
            conn.execute(
                "INSERT INTO applications (id, duplicate_key, data, files, created_at) VALUES (?, ?, ?, ?, ?)",
                (
                    application.id,
                    application.duplicate_key,
                    _dump(dict(application.data)),
                    _dump([_file(f) for f in application.files]),
                    ts(application.created_at),
                ),
            )
            _enqueue(conn, outbox)
            return None

        return await self._db.transaction(work)

    async def find_duplicate(self, key: str, since: datetime) -> Application | None:
        return await self._db.run(lambda conn: _find_duplicate(conn, key, since))

    async def get(self, application_id: str) -> Application | None:
        def work(conn: sqlite3.Connection) -> Application | None:
            row = conn.execute("SELECT * FROM applications WHERE id = ?", (application_id,)).fetchone()
            return None if row is None else _application(row)

        return await self._db.run(work)


def _file(item: StoredFile) -> dict[str, Any]:
    return {
        "field": item.field,
        "key": item.key,
        "filename": item.filename,
        "content_type": item.content_type,
        "size": item.size,
    }


def _find_duplicate(conn: sqlite3.Connection, key: str, since: datetime) -> Application | None:
    row = conn.execute(
        "SELECT * FROM applications WHERE duplicate_key = ? AND created_at >= ? ORDER BY created_at LIMIT 1",
        (key, ts(since)),
    ).fetchone()
    return None if row is None else _application(row)


class SqliteAppointments:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(
        self, appointment: Appointment, notification: AdminNotification, outbox: Sequence[OutboxMessage]
    ) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO appointments (reference, data, created_at) VALUES (?, ?, ?)",
                (appointment.reference, _dump(dict(appointment.data)), ts(appointment.created_at)),
            )
            conn.execute(
                "INSERT INTO admin_notifications (id, type, data, created_at) VALUES (?, ?, ?, ?)",
                (notification.id, notification.type, _dump(dict(notification.data)), ts(notification.created_at)),
            )
            _enqueue(conn, outbox)

        await self._db.transaction(work)

    async def get(self, reference: str) -> Appointment | None:
        def work(conn: sqlite3.Connection) -> Appointment | None:
            row = conn.execute("SELECT * FROM appointments WHERE reference = ?", (reference,)).fetchone()
            return None if row is None else Appointment(row[0], _data(row[1]), _req_dt(row[2]))

        return await self._db.run(work)


class _SimpleRecords:
    """contact_messages and job_alerts: id, data, created_at."""

    table: str

    def __init__(self, db: Database) -> None:
        self._db = db

    async def _add(self, record_id: str, data: FormData, created_at: datetime) -> None:
        sql = f"INSERT INTO {self.table} (id, data, created_at) VALUES (?, ?, ?)"  # noqa: S608 - fixed table
        await self._db.run(lambda conn: conn.execute(sql, (record_id, _dump(dict(data)), ts(created_at))))

    async def _get(self, record_id: str) -> tuple[str, FormData, datetime] | None:
        sql = f"SELECT id, data, created_at FROM {self.table} WHERE id = ?"  # noqa: S608 - fixed table

        def work(conn: sqlite3.Connection) -> tuple[str, FormData, datetime] | None:
            row = conn.execute(sql, (record_id,)).fetchone()
            return None if row is None else (row[0], _data(row[1]), _req_dt(row[2]))

        return await self._db.run(work)


class SqliteContactMessages(_SimpleRecords):
    table = "contact_messages"

    async def add(self, message: ContactMessage) -> None:
        await self._add(message.id, message.data, message.created_at)

    async def get(self, message_id: str) -> ContactMessage | None:
        row = await self._get(message_id)
        return None if row is None else ContactMessage(*row)


class SqliteJobAlerts(_SimpleRecords):
    table = "job_alerts"

    async def add(self, alert: JobAlert) -> None:
        await self._add(alert.id, alert.data, alert.created_at)

    async def get(self, alert_id: str) -> JobAlert | None:
        row = await self._get(alert_id)
        return None if row is None else JobAlert(*row)

    async def remove(self, alert_id: str) -> bool:
        def work(conn: sqlite3.Connection) -> bool:
            return bool(conn.execute("DELETE FROM job_alerts WHERE id = ?", (alert_id,)).rowcount)

        return await self._db.run(work)

    async def all(self) -> list[JobAlert]:
        def work(conn: sqlite3.Connection) -> list[JobAlert]:
            rows = conn.execute("SELECT id, data, created_at FROM job_alerts ORDER BY created_at, id").fetchall()
            return [JobAlert(r[0], _data(r[1]), _req_dt(r[2])) for r in rows]

        return await self._db.run(work)


def _subscription(row: sqlite3.Row) -> NewsletterSubscription:
    return NewsletterSubscription(
        row["id"],
        row["email"],
        row["name"],
        tuple(json.loads(row["interests"])),
        _req_dt(row["created_at"]),
        _req_dt(row["updated_at"]),
        row["privacy_notice_version"],
        _dt(row["privacy_accepted_at"]),
    )


class SqliteNewsletter:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def subscribe(self, subscription: NewsletterSubscription) -> tuple[NewsletterSubscription, bool]:
        s = subscription
        key = s.email.strip().lower()

        def work(conn: sqlite3.Connection) -> tuple[NewsletterSubscription, bool]:
            existing = conn.execute("SELECT id FROM newsletter_subscriptions WHERE email_key = ?", (key,)).fetchone()
            if existing is None:
                conn.execute(
                    "INSERT INTO newsletter_subscriptions (id, email_key, email, name, interests, created_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (s.id, key, s.email, s.name, _dump(list(s.interests)), ts(s.created_at), ts(s.updated_at)),
                )
            else:
                conn.execute(
                    "UPDATE newsletter_subscriptions SET email = ?, name = ?, interests = ?, updated_at = ? "
                    "WHERE email_key = ?",
                    (s.email, s.name, _dump(list(s.interests)), ts(s.updated_at), key),
                )
            if s.privacy_accepted_at is not None:
                conn.execute(
                    "UPDATE newsletter_subscriptions SET privacy_notice_version = ?, privacy_accepted_at = ? "
                    "WHERE email_key = ?",
                    (s.privacy_notice_version, ts(s.privacy_accepted_at), key),
                )
            row = conn.execute("SELECT * FROM newsletter_subscriptions WHERE email_key = ?", (key,)).fetchone()
            return _subscription(row), existing is None

        return await self._db.transaction(work)

    async def get_by_email(self, email: str) -> NewsletterSubscription | None:
        def work(conn: sqlite3.Connection) -> NewsletterSubscription | None:
            row = conn.execute(
                "SELECT * FROM newsletter_subscriptions WHERE email_key = ?", (email.strip().lower(),)
            ).fetchone()
            return None if row is None else _subscription(row)

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
            return [AdminNotification(r["id"], r["type"], _data(r["data"]), _req_dt(r["created_at"])) for r in rows]

        return await self._db.run(work)


class SqliteOutbox:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def enqueue(self, messages: Sequence[OutboxMessage]) -> int:
        def work(conn: sqlite3.Connection) -> int:
            known = {
                r[0]
                for m in messages
                for r in conn.execute("SELECT id FROM sms_outbox WHERE id = ?", (m.id,)).fetchall()
            }
            new = [m for m in messages if m.id not in known]
            _enqueue(conn, new)
            return len(new)

        return await self._db.transaction(work)

    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        def work(conn: sqlite3.Connection) -> list[OutboxMessage]:
            rows = conn.execute(
                "SELECT id FROM sms_outbox WHERE status = 'pending' AND next_attempt_at <= ? "
                "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY next_attempt_at, id LIMIT ?",
                (ts(now), ts(now), limit),
            ).fetchall()
            ids = [row[0] for row in rows]
            if not ids:
                return []
            marks = ",".join("?" * len(ids))
            conn.execute(
                f"UPDATE sms_outbox SET lease_until = ?, lease_owner = ?, attempts = attempts + 1 "  # noqa: S608
                f"WHERE id IN ({marks})",
                (ts(lease_until), owner, *ids),
            )
            claimed = conn.execute(
                f"SELECT * FROM sms_outbox WHERE id IN ({marks}) ORDER BY next_attempt_at, id",  # noqa: S608
                ids,
            ).fetchall()
            return [_outbox_message(row) for row in claimed]

        return await self._db.transaction(work)

    async def mark_delivered(self, message_id: str, now: datetime, owner: str | None = None) -> bool:
        return await self._mark(
            "UPDATE sms_outbox SET status = 'delivered', delivered_at = ?, lease_until = NULL, lease_owner = NULL "
            "WHERE id = ? AND status = 'pending'",
            (ts(now), message_id),
            owner,
        )

    async def mark_retry(
        self, message_id: str, error: str, next_attempt_at: datetime, owner: str | None = None
    ) -> bool:
        return await self._mark(
            "UPDATE sms_outbox SET last_error = ?, next_attempt_at = ?, lease_until = NULL, lease_owner = NULL "
            "WHERE id = ? AND status = 'pending'",
            (error, ts(next_attempt_at), message_id),
            owner,
        )

    async def mark_failed(self, message_id: str, error: str, owner: str | None = None) -> bool:
        return await self._mark(
            "UPDATE sms_outbox SET status = 'failed', last_error = ?, lease_until = NULL, lease_owner = NULL "
            "WHERE id = ? AND status = 'pending'",
            (error, message_id),
            owner,
        )

    async def _mark(self, sql: str, params: tuple[object, ...], owner: str | None) -> bool:
        if owner is not None:
            sql, params = sql + " AND lease_owner = ?", (*params, owner)
        cursor = await self._update(sql, params)
        return cursor.rowcount > 0

    async def release(self, owner: str) -> int:
        cursor = await self._update(
            "UPDATE sms_outbox SET lease_until = NULL, lease_owner = NULL WHERE lease_owner = ? AND status = 'pending'",
            (owner,),
        )
        return cursor.rowcount

    async def _update(self, sql: str, params: tuple[object, ...]) -> sqlite3.Cursor:
        return await self._db.run(lambda conn: conn.execute(sql, params))

    async def get(self, message_id: str) -> OutboxMessage | None:
        def work(conn: sqlite3.Connection) -> OutboxMessage | None:
            row = conn.execute("SELECT * FROM sms_outbox WHERE id = ?", (message_id,)).fetchone()
            return None if row is None else _outbox_message(row)

        return await self._db.run(work)

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        def work(conn: sqlite3.Connection) -> list[OutboxMessage]:
            if source_id is None:
                rows = conn.execute("SELECT * FROM sms_outbox ORDER BY created_at, id").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM sms_outbox WHERE source_id = ? ORDER BY created_at, id", (source_id,)
                ).fetchall()
            return [_outbox_message(row) for row in rows]

        return await self._db.run(work)


def _post(row: sqlite3.Row) -> BlogPost:
    return BlogPost(
        id=row["id"],
        title=row["title"],
        excerpt=row["excerpt"],
        image=row["image"],
        author=row["author"],
        date=row["date"],
        content=row["content"],
        category=row["category"],
        tags=tuple(json.loads(row["tags"])),
        read_time=row["read_time"],
        featured=bool(row["featured"]),
        published=bool(row["published"]),
        updated_at=_req_dt(row["updated_at"]),
    )


def _post_params(p: BlogPost) -> tuple[object, ...]:
    return (
        p.id,
        p.title,
        p.excerpt,
        p.image,
        p.author,
        p.date,
        p.content,
        p.category,
        _dump(list(p.tags)),
        p.read_time,
        int(p.featured),
        int(p.published),
        ts(p.updated_at),
    )


_POST_COLUMNS = (
    "id, title, excerpt, image, author, date, content, category, tags, read_time, featured, published, updated_at"
)
_POST_MARKS = ", ".join("?" * 13)


class SqliteBlogPosts:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def published(self) -> list[BlogPost]:
        def work(conn: sqlite3.Connection) -> list[BlogPost]:
            rows = conn.execute(
                "SELECT * FROM blog_posts WHERE published = 1 ORDER BY date DESC, CAST(id AS INTEGER) DESC, id DESC"
            ).fetchall()
            return [_post(row) for row in rows]

        return await self._db.run(work)

    async def get(self, post_id: str) -> BlogPost | None:
        def work(conn: sqlite3.Connection) -> BlogPost | None:
            row = conn.execute("SELECT * FROM blog_posts WHERE id = ?", (post_id,)).fetchone()
            return None if row is None else _post(row)

        return await self._db.run(work)

    async def save(self, post: BlogPost) -> None:
        sql = f"INSERT OR REPLACE INTO blog_posts ({_POST_COLUMNS}) VALUES ({_POST_MARKS})"  # noqa: S608
        await self._db.run(lambda conn: conn.execute(sql, _post_params(post)))

    async def seed(self, posts: Sequence[BlogPost]) -> int:
        sql = f"INSERT OR IGNORE INTO blog_posts ({_POST_COLUMNS}) VALUES ({_POST_MARKS})"  # noqa: S608

        def work(conn: sqlite3.Connection) -> int:
            return sum(conn.execute(sql, _post_params(p)).rowcount for p in posts)

        return await self._db.transaction(work)


class SqliteStore:
    """Implements :class:`agency_core.ports.Store` on one :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.applications = SqliteApplications(db)
        self.appointments = SqliteAppointments(db)
        self.contact_messages = SqliteContactMessages(db)
        self.newsletter = SqliteNewsletter(db)
        self.job_alerts = SqliteJobAlerts(db)
        self.admin_notifications = SqliteAdminNotifications(db)
        self.outbox = SqliteOutbox(db)
        self.blog_posts = SqliteBlogPosts(db)

    async def start(self) -> None:
        await self.db.migrate(MIGRATIONS)

    async def close(self) -> None:
        """The database belongs to the container, which closes it."""
        return
