"""The unit of work on the embedded SQLite file: implements :class:`agency_core.unit_of_work.UnitOfWork`.

Each write is kept as a step (a function of the connection) and run at commit, all of them in one
``BEGIN IMMEDIATE`` transaction on the database thread. A conditional write is an ``UPDATE ... WHERE``
whose row count tells whether its condition held; when it did not, the step raises and the
transaction rolls back.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

from adapters.codec import settings_document, timestamp, to_row
from adapters.sealing import PassportSealer
from adapters.sqlite.database import Database
from adapters.sqlite.notes import NoteWrites, OwnerWrites, ReplyWrites
from adapters.sqlite.personal_data import PersonalDataWrites
from adapters.sqlite.pipeline import PipelineWrites
from adapters.sqlite.retention import RetentionWrites
from adapters.sqlite.rows import (
    add_audit,
    application_cells,
    enqueue,
    find_duplicate,
    insert,
    last_receipt_number,
    payment_row,
)
from adapters.sqlite.templates import add_version
from adapters.tracing import span
from adapters.unit_of_work import StepsUnitOfWork
from agency_core import records
from agency_core.admin_settings import AdminSettings
from agency_core.audit import AuditEntry
from agency_core.bulk.model import BulkAction
from agency_core.ids import IdTaken
from agency_core.jobs.model import Job
from agency_core.messaging.delivery import advance
from agency_core.messaging.template_store import TemplateVersion
from agency_core.newsletter.model import NewsletterIssue
from agency_core.payments.model import Payment
from agency_core.payments.refunds import Refund
from agency_core.records import ApplicationStatus, AppointmentStatus
from agency_core.staff.search import search_key
from agency_core.unit_of_work import DuplicateKeyTaken, PreconditionFailed, SlotFull

SETTINGS_KEY = "admin"

Step = Callable[[sqlite3.Connection], object]


def _changed(conn: sqlite3.Connection, what: str, sql: str, params: Sequence[object]) -> None:
    if not conn.execute(sql, tuple(params)).rowcount:
        raise PreconditionFailed(what)


class _Writes:
    def __init__(self, steps: list[Step], db: Database) -> None:
        self._steps = steps
        self._db = db

    def _update_if(self, what: str, sql: str, *params: object) -> None:
        """An ``UPDATE`` (or ``DELETE``) whose ``WHERE`` is the condition: it must change a row."""
        self._steps.append(lambda conn: _changed(conn, what, sql, params))


class _Applications(_Writes):
    def __init__(self, steps: list[Step], db: Database, sealer: PassportSealer) -> None:
        super().__init__(steps, db)
        self._sealer = sealer

    async def add(self, application: records.Application, duplicate_since: datetime) -> None:
        def step(conn: sqlite3.Connection) -> None:
            earlier = find_duplicate(conn, application.duplicate_key, duplicate_since, self._sealer)
            if earlier is not None:
                raise DuplicateKeyTaken(earlier)
            if conn.execute("SELECT 1 FROM applications WHERE id = ?", (application.id,)).fetchone():
                raise IdTaken(application.id)
            insert(conn, "applications", application_cells(application, self._sealer))

        self._steps.append(step)

    async def set_status(self, application_id: str, current: ApplicationStatus, new: ApplicationStatus) -> None:
        sql = "UPDATE applications SET status = ? WHERE id = ? AND status = ?"
        self._update_if(f"application {application_id}", sql, new.value, application_id, current.value)

    async def mark_opened(self, application_id: str, at: datetime) -> None:
        sql = "UPDATE applications SET opened_at = ? WHERE id = ? AND opened_at IS NULL"
        params = (timestamp(at), application_id)
        self._steps.append(lambda conn: conn.execute(sql, params))

    async def confirm_phone(self, application: records.Application, phone: str, region: str) -> None:
        data = replace(application.data, phone=phone, phone_region=region)
        key = search_key(application.id, data)
        sql = (
            "UPDATE applications SET data = json_set(data, '$.phone', ?, '$.phoneRegion', ?), search_key = ?"
            " WHERE id = ? AND json_extract(data, '$.phone') = ? AND json_extract(data, '$.phoneRegion') IS NULL"
        )
        params = (phone, region, key, application.id, application.data.phone)
        self._update_if(f"application {application.id}", sql, *params)


class _Appointments(_Writes):
    async def add(
        self, appointment: records.Appointment, notification: records.AdminNotification, capacity: int | None = None
    ) -> None:
        def step(conn: sqlite3.Connection) -> None:
            # Inside the BEGIN IMMEDIATE transaction: no other writer can book between the count and the insert.
            starts_at = appointment.starts_at
            if capacity is not None and starts_at is not None:
                taken = conn.execute(
                    "SELECT COUNT(*) FROM appointments WHERE starts_at = ? AND status != 'cancelled'",
                    (timestamp(starts_at),),
                ).fetchone()[0]
                if taken >= capacity:
                    raise SlotFull(starts_at)
            insert(conn, "appointments", to_row(appointment))
            insert(conn, "admin_notifications", to_row(notification))

        self._steps.append(step)

    async def set_status(
        self, reference: str, current: AppointmentStatus, new: AppointmentStatus, version: int
    ) -> None:
        sql = "UPDATE appointments SET status = ? WHERE reference = ? AND status = ? AND version = ?"
        self._update_if(f"appointment {reference}", sql, new.value, reference, current.value, version)

    async def move(self, before: records.Appointment, after: records.Appointment, capacity: int) -> None:
        row = to_row(after)
        del row["reference"]
        sql = (
            f"UPDATE appointments SET {', '.join(f'{name} = ?' for name in row)} "  # noqa: S608 - fixed names
            "WHERE reference = ? AND status = 'booked' AND version = ?"
        )
        params = (*row.values(), before.reference, before.version)
        starts_at = timestamp(after.starts_at) if after.starts_at is not None else None

        def step(conn: sqlite3.Connection) -> None:
            # In the BEGIN IMMEDIATE transaction: the count, the move and the old seat's release are one write.
            taken = conn.execute(
                "SELECT COUNT(*) FROM appointments WHERE starts_at = ? AND status != 'cancelled' AND reference != ?",
                (starts_at, before.reference),
            ).fetchone()[0]
            if after.starts_at is not None and taken >= capacity:
                raise SlotFull(after.starts_at)
            _changed(conn, f"appointment {before.reference}", sql, params)

        self._steps.append(step)


class _ContactMessages(_Writes):
    async def add(self, message: records.ContactMessage) -> None:
        self._steps.append(lambda conn: insert(conn, "contact_messages", to_row(message)))

    async def mark_read(self, message_id: str, at: datetime) -> None:
        sql = "UPDATE contact_messages SET read_at = ? WHERE id = ? AND read_at IS NULL"
        params = (timestamp(at), message_id)
        self._update_if(f"message {message_id}", sql, *params)


class _JobAlerts(_Writes):
    async def add(self, alert: records.JobAlert) -> None:
        self._steps.append(lambda conn: insert(conn, "job_alerts", to_row(alert)))

    async def remove(self, alert_id: str) -> None:
        self._update_if(f"job alert {alert_id}", "DELETE FROM job_alerts WHERE id = ?", alert_id)


class _Jobs(_Writes):
    async def save(self, job: Job) -> None:
        self._steps.append(lambda conn: insert(conn, "jobs", to_row(job), "INSERT OR REPLACE"))

    async def delete(self, job_id: str) -> None:
        sql = "DELETE FROM jobs WHERE id = ?"
        self._update_if(f"job {job_id}", sql, job_id)


class _Posts(_Writes):
    async def next_id(self) -> str:
        # Deleted posts keep their row (a tombstone), so their id is never reused.
        def work(conn: sqlite3.Connection) -> str:
            top = conn.execute("SELECT MAX(CAST(id AS INTEGER)) FROM blog_posts").fetchone()[0]
            return str(int(top or 0) + 1)

        return await self._db.run(work)

    async def create(self, post: records.BlogPost) -> None:
        def step(conn: sqlite3.Connection) -> None:
            if not insert(conn, "blog_posts", to_row(post), "INSERT OR IGNORE"):
                raise IdTaken(post.id)

        self._steps.append(step)

    async def replace(self, post: records.BlogPost) -> None:
        row = to_row(post)
        del row["id"]
        sql = (
            f"UPDATE blog_posts SET {', '.join(f'{name} = ?' for name in row)} "  # noqa: S608 - fixed names
            "WHERE id = ? AND deleted_at IS NULL"
        )
        params = (*row.values(), post.id)
        self._update_if(f"post {post.id}", sql, *params)

    async def delete(self, post_id: str, at: datetime) -> None:
        sql = "UPDATE blog_posts SET published = 0, deleted_at = ? WHERE id = ? AND deleted_at IS NULL"
        params = (timestamp(at), post_id)
        self._update_if(f"post {post_id}", sql, *params)


class _Settings(_Writes):
    async def put(self, settings: AdminSettings, at: datetime) -> None:
        value = json.dumps(settings_document(settings), ensure_ascii=False, separators=(",", ":"))
        row = {"key": SETTINGS_KEY, "value": value, "updated_at": timestamp(at)}
        self._steps.append(lambda conn: insert(conn, "settings", row, "INSERT OR REPLACE"))


def _next_receipt(conn: sqlite3.Connection, number: int) -> None:
    """Inside the ``BEGIN IMMEDIATE`` transaction: ``number`` must follow the last one issued."""
    if last_receipt_number(conn) != number - 1:
        raise PreconditionFailed(f"receipt number {number}")


class _Payments(_Writes):
    async def set(self, application_id: str, before: Payment, after: Payment) -> None:
        cells = payment_row(after)
        sql = (
            f"UPDATE applications SET {', '.join(f'{name} = ?' for name in cells)} "  # noqa: S608 - fixed names
            "WHERE id = ? AND payment_state = ? AND payment_reference IS ?"
        )
        params = (*cells.values(), application_id, before.state.value, before.reference)
        number = after.receipt_number if before.receipt_number is None else None
        if number is not None:
            self._steps.append(lambda conn: _next_receipt(conn, number))
        self._update_if(f"payment of {application_id}", sql, *params)


class _Refunds(_Writes):
    async def add(self, refund: Refund) -> None:
        def step(conn: sqlite3.Connection) -> None:
            if not insert(conn, "refunds", to_row(refund), "INSERT OR IGNORE"):
                raise IdTaken(refund.id)

        self._steps.append(step)

    async def move(self, before: Refund, after: Refund) -> None:
        sql = (
            "UPDATE refunds SET state = ?, gateway_id = ?, updated_at = ? "
            "WHERE id = ? AND state = ? AND gateway_id IS ?"
        )
        params = (
            after.state.value,
            after.gateway_id,
            timestamp(after.updated_at or after.created_at),
            before.id,
            before.state.value,
            before.gateway_id,
        )
        self._update_if(f"refund {before.id}", sql, *params)


class _Outbox(_Writes):
    async def enqueue(self, messages: Sequence[records.OutboxMessage]) -> None:
        batch = list(messages)
        with span("outbox.enqueue", messages=len(batch)):
            self._steps.append(lambda conn: enqueue(conn, batch))

    async def enqueue_new(self, messages: Sequence[records.OutboxMessage]) -> None:
        batch = list(messages)
        with span("outbox.enqueue", messages=len(batch)):
            self._steps.append(lambda conn: enqueue(conn, batch, "INSERT OR IGNORE"))

    async def withdraw(self, message_ids: Sequence[str], reason: str) -> None:
        sql = (
            "UPDATE outbox SET status = 'failed', last_error = ?, lease_until = NULL, lease_owner = NULL "
            "WHERE status = 'pending' AND id = ?"
        )
        ids = list(message_ids)

        def step(conn: sqlite3.Connection) -> None:
            for message_id in ids:
                conn.execute(sql, (reason, message_id))

        self._steps.append(step)

    async def record_report(self, message_id: str, report: records.ReportedDelivery, status: str, at: datetime) -> None:
        def step(conn: sqlite3.Connection) -> None:
            row = conn.execute("SELECT delivery_report FROM outbox WHERE id = ?", (message_id,)).fetchone()
            if row is None:
                return
            current = None if row[0] is None else records.ReportedDelivery(row[0])
            if advance(current, report) is current:
                return
            conn.execute(
                "UPDATE outbox SET delivery_report = ?, reported_at = ?, report_status = ? WHERE id = ?",
                (report.value, timestamp(at), status, message_id),
            )

        self._steps.append(step)


class _BulkActions(_Writes):
    async def add(self, action: BulkAction) -> None:
        def step(conn: sqlite3.Connection) -> None:
            if not insert(conn, "bulk_actions", to_row(action), "INSERT OR IGNORE"):
                raise PreconditionFailed(f"bulk action {action.id}")

        self._steps.append(step)

    async def mark_undone(self, bulk_id: str, at: datetime, actor: str) -> None:
        sql = "UPDATE bulk_actions SET undone_at = ?, undone_by = ? WHERE id = ? AND undone_at IS NULL"
        self._update_if(f"bulk action {bulk_id}", sql, timestamp(at), actor, bulk_id)


def _replace_if(conn: sqlite3.Connection, table: str, row: dict[str, object], where: str, *params: object) -> int:
    cells = {name: value for name, value in row.items() if name != "id"}
    sql = f"UPDATE {table} SET {', '.join(f'{name} = ?' for name in cells)} WHERE {where}"  # noqa: S608 - fixed names
    return conn.execute(sql, (*cells.values(), *params)).rowcount


class _Newsletter(_Writes):
    async def put(
        self, subscription: records.NewsletterSubscription, expected: records.NewsletterSubscription | None
    ) -> None:
        key = subscription.email.strip().lower()
        row = {"email_key": key} | to_row(subscription)
        what = f"newsletter subscription {subscription.id}"

        def step(conn: sqlite3.Connection) -> None:
            if expected is None:
                if not insert(conn, "newsletter_subscriptions", row, "INSERT OR IGNORE"):
                    raise PreconditionFailed(what)
                return
            where = "id = ? AND updated_at = ?"
            if not _replace_if(
                conn, "newsletter_subscriptions", row, where, expected.id, timestamp(expected.updated_at)
            ):
                raise PreconditionFailed(what)

        self._steps.append(step)

    async def remove(self, subscription: records.NewsletterSubscription) -> None:
        sql = "DELETE FROM newsletter_subscriptions WHERE id = ?"
        self._update_if(f"newsletter subscription {subscription.id}", sql, subscription.id)


class _NewsletterIssues(_Writes):
    async def put(self, issue: NewsletterIssue, expected: NewsletterIssue | None) -> None:
        row = to_row(issue)

        def step(conn: sqlite3.Connection) -> None:
            if expected is None:
                if not insert(conn, "newsletter_issues", row, "INSERT OR IGNORE"):
                    raise IdTaken(issue.id)
                return
            where = "id = ? AND updated_at = ?"
            if not _replace_if(conn, "newsletter_issues", row, where, expected.id, timestamp(expected.updated_at)):
                raise PreconditionFailed(f"newsletter {issue.id}")

        self._steps.append(step)


class _Audit(_Writes):
    async def add(self, entry: AuditEntry) -> None:
        self._steps.append(lambda conn: add_audit(conn, entry))


class _Templates(_Writes):
    async def add(self, version: TemplateVersion) -> None:
        self._steps.append(lambda conn: add_version(conn, version))


class SqliteUnitOfWork(StepsUnitOfWork[Step]):
    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self._db = db
        super().__init__()
        self.applications = _Applications(self._steps, db, sealer)
        self.appointments = _Appointments(self._steps, db)
        self.contact_messages = _ContactMessages(self._steps, db)
        self.job_alerts = _JobAlerts(self._steps, db)
        self.jobs = _Jobs(self._steps, db)
        self.posts = _Posts(self._steps, db)
        self.settings = _Settings(self._steps, db)
        self.payments = _Payments(self._steps, db)
        self.refunds = _Refunds(self._steps, db)
        self.outbox = _Outbox(self._steps, db)
        self.audit = _Audit(self._steps, db)
        self.templates = _Templates(self._steps, db)
        self.bulk_actions = _BulkActions(self._steps, db)
        self.notes = NoteWrites(self._steps)
        self.owners = OwnerWrites(self._steps)
        self.replies = ReplyWrites(self._steps)
        self.newsletter = _Newsletter(self._steps, db)
        self.newsletter_issues = _NewsletterIssues(self._steps, db)
        self.personal_data = PersonalDataWrites(self._steps)
        self.retention = RetentionWrites(self._steps)
        self.pipeline = PipelineWrites(self._steps)

    async def _commit(self, steps: Sequence[Step]) -> None:
        def run(conn: sqlite3.Connection) -> None:
            for step in steps:
                step(conn)

        await self._db.transaction(run)
