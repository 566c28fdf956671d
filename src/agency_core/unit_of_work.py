"""The unit of work: the writes of one use case, committed together or not at all.

A use case says what it writes, in one place::

    async with self.uow() as uow:
        await uow.applications.set_status(application_id, current, new)
        await uow.outbox.enqueue(messages)
        await uow.audit.add(entry)

Leaving the block cleanly commits every write atomically; leaving it by an exception writes
nothing. A conditional write (``set_status`` from an expected status, a post id that must be
free, ...) is checked at commit inside the backend's transaction: when it does not hold, the
commit raises :class:`PreconditionFailed` (or :class:`DuplicateKeyTaken`, or
:class:`~agency_core.ids.IdTaken`) and writes nothing.

Reads stay on the query-side stores (:class:`~agency_core.staff.ports.AdminStore`,
:class:`~agency_core.ports.Store`); these repositories only write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import TYPE_CHECKING, Protocol

from agency_core import records
from agency_core.admin_settings import AdminSettings
from agency_core.audit import AuditEntry
from agency_core.bulk.model import BulkAction
from agency_core.clock import Clock, utc_now
from agency_core.ids import IdGenerator
from agency_core.jobs.model import Job
from agency_core.messaging.template_store import TemplateVersion
from agency_core.newsletter.model import NewsletterIssue
from agency_core.payments.model import Payment
from agency_core.pipeline.stages import StageMove
from agency_core.records import ApplicationStatus, AppointmentStatus
from agency_core.staff.notes import Note, Reply

if TYPE_CHECKING:
    from agency_core.payments.refunds import Refund
    from agency_core.privacy.model import PersonalData


class PreconditionFailed(Exception):
    """A conditional write found its record changed or gone at commit; nothing was written."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class DocumentsChanged(PreconditionFailed):
    """An applicant's current documents are no longer those a check read (a renewal came between)."""


class DuplicateKeyTaken(Exception):
    """An application with the same duplicate key was stored since the window's start."""

    def __init__(self, earlier: records.Application) -> None:
        super().__init__(earlier.id)
        self.earlier = earlier


class SlotFull(Exception):
    """Every seat of the slot was taken at commit; nothing was written."""

    def __init__(self, starts_at: datetime) -> None:
        super().__init__(starts_at.isoformat())
        self.starts_at = starts_at


class ApplicationWrites(Protocol):
    async def add(self, application: records.Application, duplicate_since: datetime) -> None:
        """Store ``application``. At commit: :class:`DuplicateKeyTaken` when one with the same
        duplicate key was created at or after ``duplicate_since``; ``IdTaken`` when its id is."""
        ...

    async def set_status(self, application_id: str, current: ApplicationStatus, new: ApplicationStatus) -> None:
        """Set ``new``, on condition that the status is still ``current``."""
        ...

    async def mark_opened(self, application_id: str, at: datetime) -> None:
        """Set ``opened_at`` when it is unset (a second opening, or an unknown id, writes nothing)."""
        ...

    async def confirm_phone(self, application: records.Application, phone: str, region: str) -> None:
        """Store ``phone`` (E.164) read in ``region``, on condition that the stored phone is still
        ``application``'s and has no region (else :class:`PreconditionFailed`)."""
        ...


class AppointmentWrites(Protocol):
    async def add(
        self, appointment: records.Appointment, notification: records.AdminNotification, capacity: int | None = None
    ) -> None:
        """Store the appointment and its admin notification. With a ``capacity``, on condition (checked at
        commit, in the same transaction as the insert) that fewer than ``capacity`` bookings that are not
        cancelled hold the same ``starts_at``: else :class:`SlotFull`."""
        ...

    async def set_status(
        self, reference: str, current: AppointmentStatus, new: AppointmentStatus, version: int
    ) -> None:
        """Set ``new``, on condition that the booking is still at ``current`` and at the ``version`` the
        use case read (a move in between makes it :class:`PreconditionFailed`: the reminders it withdraws
        are those of that version)."""
        ...

    async def move(self, before: records.Appointment, after: records.Appointment, capacity: int) -> None:
        """Replace ``before`` by ``after`` (a new slot, version one more): on condition that the booking is
        still booked at ``before``'s version (else :class:`PreconditionFailed`) and that fewer than
        ``capacity`` other live bookings hold ``after.starts_at`` (else :class:`SlotFull`). The old seat is
        freed and the new one taken in the same commit."""
        ...


class ContactMessageWrites(Protocol):
    async def add(self, message: records.ContactMessage) -> None: ...

    async def mark_read(self, message_id: str, at: datetime) -> None:
        """Set ``read_at``, on condition that the message exists unread."""
        ...


class JobAlertWrites(Protocol):
    async def add(self, alert: records.JobAlert) -> None: ...

    async def remove(self, alert_id: str) -> None:
        """Delete (unsubscribe), on condition that the alert exists."""
        ...


class JobWrites(Protocol):
    async def save(self, job: Job) -> None:
        """Insert, or replace the job with its id."""
        ...

    async def delete(self, job_id: str) -> None:
        """Delete, on condition that the job exists."""
        ...


class BlogPostWrites(Protocol):
    async def next_id(self) -> str:
        """The next free numeric id (deleted posts keep theirs); :meth:`create` checks it is still free."""
        ...

    async def create(self, post: records.BlogPost) -> None:
        """Insert, on condition that no post (deleted or not) has its id."""
        ...

    async def replace(self, post: records.BlogPost) -> None:
        """Replace, on condition that a post with its id exists and is not deleted."""
        ...

    async def delete(self, post_id: str, at: datetime) -> None:
        """A tombstone (unpublished, hidden; its id is never reused), on condition that the post
        exists and is not deleted already."""
        ...


class PaymentWrites(Protocol):
    async def set(self, application_id: str, before: Payment, after: Payment) -> None:
        """Write ``after``, on condition that the payment's state and reference are still ``before``'s;
        when ``after`` takes a receipt number it did not have, also on condition that the number is
        the next one (the last number issued plus one) and is recorded as issued."""
        ...


class RefundWrites(Protocol):
    async def add(self, refund: Refund) -> None:
        """Store a new refund; at commit ``IdTaken`` (writing nothing) when its id is taken."""
        ...

    async def move(self, before: Refund, after: Refund) -> None:
        """Write ``after``, on condition that the refund's state and gateway id are still ``before``'s."""
        ...


class SettingsWrites(Protocol):
    async def put(self, settings: AdminSettings, at: datetime) -> None: ...


class OutboxWrites(Protocol):
    async def enqueue(self, messages: Sequence[records.OutboxMessage]) -> None:
        """Add new messages (their ids must be new: a repeat fails the commit)."""
        ...

    async def enqueue_new(self, messages: Sequence[records.OutboxMessage]) -> None:
        """Add those of the messages whose ids are new; a known id is left as it is (a send planned
        again, e.g. a job's alert e-mails when it is published a second time)."""
        ...

    async def withdraw(self, message_ids: Sequence[str], reason: str) -> None:
        """Mark those of the messages still pending ``failed`` with ``reason`` (a scheduled message
        that is no longer wanted); a message already sent, failed or unknown is left as it is."""
        ...

    async def record_report(self, message_id: str, report: records.ReportedDelivery, status: str, at: datetime) -> None:
        """Keep a delivery report on the message when, read inside the commit, it moves the stored
        report forward (``agency_core.messaging.delivery.advance``); otherwise, or for an unknown
        message, write nothing. Never touches the send status, so it may come before "sent"."""
        ...


class TemplateWrites(Protocol):
    async def add(self, version: TemplateVersion) -> None:
        """Add a template version, on condition that its key has no version with its number yet
        (else :class:`PreconditionFailed`)."""
        ...


class BulkActionWrites(Protocol):
    async def add(self, action: BulkAction) -> None:
        """Store a confirmed bulk action (its id must be new: a repeat fails the commit)."""
        ...

    async def mark_undone(self, bulk_id: str, at: datetime, actor: str) -> None:
        """Set ``undone_at`` and ``undone_by``, on condition that the action exists and is not undone."""
        ...


class NewsletterWrites(Protocol):
    async def put(
        self, subscription: records.NewsletterSubscription, expected: records.NewsletterSubscription | None
    ) -> None:
        """Store ``subscription`` (one per e-mail address, any case). With ``expected`` None, on condition that
        no subscription has its address; else on condition that the stored one is still ``expected``
        (same id and ``updated_at``)."""
        ...

    async def remove(self, subscription: records.NewsletterSubscription) -> None:
        """Delete, on condition that the subscription exists (same id)."""
        ...


class NewsletterIssueWrites(Protocol):
    async def put(self, issue: NewsletterIssue, expected: NewsletterIssue | None) -> None:
        """Store ``issue``. With ``expected`` None, on condition that its id is free; else on
        condition that the stored one is still ``expected`` (same ``updated_at``)."""
        ...


class AuditWrites(Protocol):
    async def add(self, entry: AuditEntry) -> None: ...


class PersonalDataWrites(Protocol):
    async def erase(self, found: PersonalData) -> None:
        """Delete the records found (applications with their notes and duplicate keys, appointments
        with their admin notification, messages with their replies, subscriptions, job alerts); for the
        SMS found: pending ones become failed with ``CANCELLED_ERROR``, and every one keeps a masked
        address and ``ERASED_TEXT``."""
        ...

    async def mask_audit(self, needles: Sequence[str], masked: str) -> None:
        """Replace every ``needle`` in audit targets with ``masked`` (read inside the commit)."""
        ...


class RetentionWrites(Protocol):
    async def drop_files(self, application_id: str, note: str) -> None:
        """Empty the application's file list and keep ``note`` in its data under ``filesRemoved``
        (an application gone meanwhile writes nothing)."""
        ...

    async def delete_records(self, kind: str, ids: Sequence[str]) -> None:
        """Delete records of ``kind`` (one of ``RECORD_KINDS``); an appointment with its admin
        notification and the messages about it that are no longer pending."""
        ...


class NoteWrites(Protocol):
    async def add(self, note: Note) -> None: ...

    async def replace(self, note: Note, version: int) -> None:
        """Write ``note`` (an edit or a delete), on condition that the stored note is at ``version``
        and not deleted."""
        ...


class OwnerWrites(Protocol):
    async def set(self, application_id: str, owner_id: str, owner_name: str) -> None:
        """Give the application to a staff member ("" for nobody), on condition that it exists."""
        ...


class ReplyWrites(Protocol):
    async def add(self, reply: Reply) -> None: ...


class PipelineWrites(Protocol):
    async def add(self, move: StageMove, documents: Sequence[str] | None = None) -> None:
        """Add ``move`` to its application's pipeline history, on condition that the history ends at
        ``move.version - 1`` (else :class:`PreconditionFailed`): one linear history per application.
        With ``documents`` (the ids of the applicant's current document versions a departure gate
        read), also on condition, read in the same transaction, that exactly those versions are still
        current (else :class:`DocumentsChanged`): the gate and the move are one transaction."""
        ...


class UnitOfWork(Protocol):
    """``async with uow: ...``: the repositories a use case writes, committed on a clean exit."""

    @property
    def applications(self) -> ApplicationWrites: ...
    @property
    def appointments(self) -> AppointmentWrites: ...
    @property
    def contact_messages(self) -> ContactMessageWrites: ...
    @property
    def job_alerts(self) -> JobAlertWrites: ...
    @property
    def jobs(self) -> JobWrites: ...
    @property
    def posts(self) -> BlogPostWrites: ...
    @property
    def settings(self) -> SettingsWrites: ...
    @property
    def payments(self) -> PaymentWrites: ...
    @property
    def refunds(self) -> RefundWrites: ...
    @property
    def outbox(self) -> OutboxWrites: ...
    @property
    def audit(self) -> AuditWrites: ...
    @property
    def templates(self) -> TemplateWrites: ...
    @property
    def bulk_actions(self) -> BulkActionWrites: ...
    @property
    def notes(self) -> NoteWrites: ...
    @property
    def owners(self) -> OwnerWrites: ...
    @property
    def replies(self) -> ReplyWrites: ...
    @property
    def newsletter(self) -> NewsletterWrites: ...
    @property
    def newsletter_issues(self) -> NewsletterIssueWrites: ...
    @property
    def personal_data(self) -> PersonalDataWrites: ...
    @property
    def retention(self) -> RetentionWrites: ...
    @property
    def pipeline(self) -> PipelineWrites: ...

    async def __aenter__(self) -> UnitOfWork: ...

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Commit when ``exc_type`` is None (raising what a failed condition raises); else discard."""
        ...


def _nothing() -> None:
    return None


@dataclass(frozen=True, slots=True)
class Writes:
    """What a use case that writes needs besides its stores: ids, a new unit of work per change, the
    clock, and the outbox worker's wake-up after it queued messages."""

    ids: IdGenerator
    uow: Callable[[], UnitOfWork]
    clock: Clock = utc_now
    on_enqueue: Callable[[], None] = _nothing
