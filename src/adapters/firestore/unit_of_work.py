"""The unit of work on Firestore: implements :class:`agency_core.unit_of_work.UnitOfWork`.

Each write is kept as a step and run at commit in one Firestore transaction: first every step's
check (a read inside the transaction: the status a change expects, an id that must be free, an
earlier application with the same duplicate key), then every write. New documents are
``create``\\d, so a write that lost a race to another instance fails the whole commit even where
transactions are not serialised (the local emulator); the commit then runs once more, and the
checks see what the other instance wrote and raise the core's error for it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore

from adapters.audit_ids import candidate_ids
from adapters.codec import from_document, moment, settings_document, to_document
from adapters.firestore.documents import (
    Client,
    Collections,
    Document,
    application_document,
    application_of,
    email_key,
    hashed,
    is_recent,
    payment_of,
    search_fields,
)
from adapters.firestore.notes import NoteWrites, OwnerWrites, ReplyWrites
from adapters.firestore.personal_data import PersonalDataWrites
from adapters.firestore.pipeline import PipelineWrites
from adapters.firestore.retention import RetentionWrites
from adapters.firestore.templates import COLLECTION as TEMPLATES
from adapters.firestore.templates import version_id
from adapters.sealing import PassportSealer
from adapters.tracing import span
from adapters.unit_of_work import StepsUnitOfWork
from agency_core import records
from agency_core.admin_settings import AdminSettings
from agency_core.appointments.slots import stored_slot_start
from agency_core.audit import AuditEntry
from agency_core.bulk.model import BulkAction
from agency_core.ids import IdTaken
from agency_core.jobs.model import Job
from agency_core.messaging.delivery import advance
from agency_core.messaging.template_store import TemplateVersion
from agency_core.newsletter.model import NewsletterIssue
from agency_core.payments.model import Payment
from agency_core.payments.refunds import Refund
from agency_core.records import ApplicationStatus, AppointmentStatus, OutboxStatus
from agency_core.spec.constants import AGENCY_TIME_ZONE
from agency_core.spec.forms import AppointmentRequest
from agency_core.spec.numbers import is_ascii_digits
from agency_core.unit_of_work import DuplicateKeyTaken, PreconditionFailed, SlotFull

SETTINGS_DOC = "admin"

Transaction = Any  # google.cloud.firestore.AsyncTransaction


@dataclass(frozen=True, slots=True)
class _Step:
    write: Callable[[Transaction], None]
    check: Callable[[Transaction], Awaitable[None]] | None = None
    retries: int = 1
    """How many times the commit may run again after losing a create to another instance."""


def seat_id(starts_at: datetime, seat: int) -> str:
    """The document of one seat of a slot: ``20261124T100000Z-0``."""
    return f"{starts_at.astimezone(UTC):%Y%m%dT%H%M%SZ}-{seat}"


async def _read(tx: Transaction, ref: Any) -> Document | None:
    snap = await ref.get(transaction=tx)
    return snap.to_dict() if snap.exists else None


class _Writes(Collections):
    def __init__(self, client: Client, prefix: str, steps: list[_Step], sealer: PassportSealer | None = None) -> None:
        super().__init__(client, prefix, sealer=sealer)
        self._steps = steps

    def _step(
        self, write: Callable[[Transaction], None], check: Callable[[Transaction], Awaitable[None]] | None = None
    ) -> None:
        self._steps.append(_Step(write, check))

    def _create(self, collection: str, doc_id: str, doc: Document) -> None:
        ref = self._col(collection).document(doc_id)
        self._steps.append(_Step(lambda tx: tx.create(ref, doc)))

    def _update_if(
        self, collection: str, doc_id: str, holds: Callable[[Document], bool], fields: Document, what: str
    ) -> None:
        """Update ``fields`` of the document on condition that it exists and ``holds``."""
        ref = self._col(collection).document(doc_id)

        async def check(tx: Transaction) -> None:
            doc = await _read(tx, ref)
            if doc is None or not holds(doc):
                raise PreconditionFailed(what)

        self._steps.append(_Step(lambda tx: tx.update(ref, fields), check))

    def _move(self, collection: str, doc_id: str, default: StrEnum, current: StrEnum, new: StrEnum) -> None:
        """Set ``status`` to ``new``, on condition that it is ``current`` (``default`` when unset)."""
        self._update_if(
            collection,
            doc_id,
            lambda doc: (doc.get("status") or default) == current,
            {"status": new.value},
            f"{collection} {doc_id}",
        )


class _Applications(_Writes):
    async def add(self, application: records.Application, duplicate_since: datetime) -> None:
        record_ref = self._col("applications").document(application.id)
        key_ref = self._col("application_keys").document(hashed(application.duplicate_key))
        marker = {"application_id": application.id, "created_at": application.created_at}
        key_exists = False

        async def check(tx: Transaction) -> None:
            nonlocal key_exists
            key = await _read(tx, key_ref)
            key_exists = key is not None
            if key is not None and is_recent(key, duplicate_since):
                earlier = await _read(tx, self._col("applications").document(key["application_id"]))
                if earlier is not None:
                    raise DuplicateKeyTaken(application_of(earlier, self._sealer))
            if await _read(tx, record_ref) is not None:
                raise IdTaken(application.id)

        def write(tx: Transaction) -> None:
            tx.create(record_ref, application_document(application, self._sealer))
            if key_exists:
                tx.set(key_ref, marker)
            else:
                tx.create(key_ref, marker)

        self._steps.append(_Step(write, check))

    async def set_status(self, application_id: str, current: ApplicationStatus, new: ApplicationStatus) -> None:
        self._move("applications", application_id, ApplicationStatus.RECEIVED, current, new)

    async def mark_opened(self, application_id: str, at: datetime) -> None:
        ref = self._col("applications").document(application_id)
        unopened: list[bool] = []

        async def check(tx: Transaction) -> None:
            doc = await _read(tx, ref)
            unopened[:] = [doc is not None and doc.get("opened_at") is None]

        def write(tx: Transaction) -> None:
            if unopened and unopened[0]:
                tx.update(ref, {"opened_at": at})

        self._steps.append(_Step(write, check))

    async def confirm_phone(self, application: records.Application, phone: str, region: str) -> None:
        stored = application.data.phone

        def unconfirmed(doc: Document) -> bool:
            data = doc.get("data") or {}
            return bool(data.get("phone") == stored and not data.get("phoneRegion"))

        confirmed = replace(application, data=replace(application.data, phone=phone, phone_region=region))
        fields = {"data.phone": phone, "data.phoneRegion": region, **search_fields(confirmed)}
        self._update_if("applications", application.id, unconfirmed, fields, f"applications {application.id}")


class _Appointments(_Writes):
    async def add(
        self, appointment: records.Appointment, notification: records.AdminNotification, capacity: int | None = None
    ) -> None:
        starts_at = appointment.starts_at
        note_ref = self._col("admin_notifications").document(notification.id)
        note = to_document(notification)
        if capacity is None or starts_at is None:
            self._create("appointments", appointment.reference, to_document(appointment))
            self._steps.append(_Step(lambda tx: tx.create(note_ref, note)))
            return
        # One document per seat, created if absent: two instances that both saw a seat free cannot
        # both create it; the loser's commit runs again and sees the seat taken. The seat is the
        # first write, so a commit that loses it writes nothing else (even on the local emulator,
        # which applies a commit's writes one by one).
        record_ref = self._col("appointments").document(appointment.reference)
        seats = [self._col("appointment_seats").document(seat_id(starts_at, n)) for n in range(capacity)]
        chosen: list[int] = []

        async def check(tx: Transaction) -> None:
            chosen.clear()
            for number, seat_ref in enumerate(seats):
                if await _read(tx, seat_ref) is None:
                    chosen.append(number)
                    return
            raise SlotFull(starts_at)

        def write(tx: Transaction) -> None:
            seat = chosen[0]
            tx.create(seats[seat], {"reference": appointment.reference, "starts_at": starts_at})
            tx.create(record_ref, to_document(replace(appointment, seat=seat)))
            tx.create(note_ref, note)

        self._steps.append(_Step(write, check, retries=capacity + 1))

    async def set_status(
        self, reference: str, current: AppointmentStatus, new: AppointmentStatus, version: int
    ) -> None:
        ref = self._col("appointments").document(reference)
        versions = self._col("appointment_versions")
        seat: list[Any] = []
        read: list[_Booking] = []

        async def check(tx: Transaction) -> None:
            seat.clear()
            read[:] = [booking := await _booking_at(tx, ref, versions, current, version)]
            starts_at, number = moment(booking.doc.get("starts_at")), booking.doc.get("seat")
            if new is AppointmentStatus.CANCELLED and starts_at is not None and isinstance(number, int):
                seat.append(self._col("appointment_seats").document(seat_id(starts_at, number)))

        def write(tx: Transaction) -> None:
            read[0].write(tx, {"status": new.value})
            for seat_ref in seat:
                tx.delete(seat_ref)

        self._steps.append(_Step(write, check))

    async def move(self, before: records.Appointment, after: records.Appointment, capacity: int) -> None:
        ref = self._col("appointments").document(before.reference)
        starts_at = after.starts_at
        seats = self._col("appointment_seats")
        new_seats = [seats.document(seat_id(starts_at, n)) for n in range(capacity)] if starts_at else []
        versions = self._col("appointment_versions")
        old_seat: list[Any] = []
        chosen: list[int] = []
        read: list[_Booking] = []

        async def check(tx: Transaction) -> None:
            old_seat.clear()
            chosen.clear()
            read[:] = [booking := await _booking_at(tx, ref, versions, AppointmentStatus.BOOKED, before.version)]
            old_start, number = moment(booking.doc.get("starts_at")), booking.doc.get("seat")
            if old_start is not None and isinstance(number, int):
                old_seat.append(seats.document(seat_id(old_start, number)))
            for n, seat_ref in enumerate(new_seats):
                if await _read(tx, seat_ref) is None:
                    chosen.append(n)
                    return
            if starts_at is not None:
                raise SlotFull(starts_at)

        def write(tx: Transaction) -> None:
            # The new seat first, then the version left: a commit that loses the seat to another instance
            # writes nothing else (the emulator applies a commit's writes one by one, so a version it left
            # before losing the seat would lock the booking there; Firestore itself commits atomically).
            seat = chosen[0] if chosen else None
            if seat is not None:
                tx.create(new_seats[seat], {"reference": before.reference, "starts_at": starts_at})
            read[0].write(tx, to_document(replace(after, seat=seat)))
            for old_ref in old_seat:
                tx.delete(old_ref)

        self._steps.append(_Step(write, check, retries=capacity + 1))


@dataclass(frozen=True, slots=True)
class _Booking:
    """A booking as a commit's check read it, at the status and version the use case read."""

    ref: Any
    doc: Document
    version_left: Any
    """``appointment_versions/<reference>-v<version>``: created by the one write that leaves this version
    (a move to the next one, or a final status). Being created, it makes the second of two commits that
    read the same version fail even where transactions are not serialised (the local emulator); that
    commit runs again and its check finds the booking changed."""

    def write(self, tx: Transaction, fields: Document) -> None:
        """Leave the version read (before any other write of the booking's, so a loser writes none) and update."""
        tx.create(self.version_left, {"reference": self.ref.id, "version": int(self.doc.get("version") or 0)})
        tx.update(self.ref, fields)


async def _booking_at(tx: Transaction, ref: Any, versions: Any, status: AppointmentStatus, version: int) -> _Booking:
    """The booking, on condition that it is at ``status`` and ``version``; else :class:`PreconditionFailed`."""
    doc = await _read(tx, ref)
    at = None if doc is None else (doc.get("status") or AppointmentStatus.BOOKED, int(doc.get("version") or 0))
    if doc is None or at != (status, version):
        raise PreconditionFailed(f"appointments {ref.id}")
    return _Booking(ref, doc, versions.document(f"{ref.id}-v{version}"))


class _ContactMessages(_Writes):
    async def add(self, message: records.ContactMessage) -> None:
        self._create("contact_messages", message.id, to_document(message))

    async def mark_read(self, message_id: str, at: datetime) -> None:
        self._update_if(
            "contact_messages", message_id, lambda doc: doc.get("read_at") is None, {"read_at": at}, message_id
        )


class _JobAlerts(_Writes):
    async def add(self, alert: records.JobAlert) -> None:
        self._create("job_alerts", alert.id, to_document(alert))

    async def remove(self, alert_id: str) -> None:
        ref = self._col("job_alerts").document(alert_id)

        async def check(tx: Transaction) -> None:
            if await _read(tx, ref) is None:
                raise PreconditionFailed(f"job alert {alert_id}")

        self._steps.append(_Step(lambda tx: tx.delete(ref), check))


class _Jobs(_Writes):
    async def save(self, job: Job) -> None:
        ref = self._col("jobs").document(job.id)
        doc = to_document(job)
        self._steps.append(_Step(lambda tx: tx.set(ref, doc)))

    async def delete(self, job_id: str) -> None:
        ref = self._col("jobs").document(job_id)

        async def check(tx: Transaction) -> None:
            if await _read(tx, ref) is None:
                raise PreconditionFailed(f"job {job_id}")

        self._steps.append(_Step(lambda tx: tx.delete(ref), check))


def _live(doc: Document) -> bool:
    return doc.get("deleted_at") is None


class _Posts(_Writes):
    async def next_id(self) -> str:
        # Deleted posts keep their document (a tombstone), so their id is never reused.
        ids = [str(d["id"]) for d in await self._all("blog_posts")]
        return str(max((int(i) for i in ids if is_ascii_digits(i)), default=0) + 1)

    async def create(self, post: records.BlogPost) -> None:
        ref = self._col("blog_posts").document(post.id)

        async def check(tx: Transaction) -> None:
            if await _read(tx, ref) is not None:
                raise IdTaken(post.id)

        doc = to_document(post)
        self._steps.append(_Step(lambda tx: tx.create(ref, doc), check))

    async def replace(self, post: records.BlogPost) -> None:
        self._update_if("blog_posts", post.id, _live, to_document(post), f"post {post.id}")

    async def delete(self, post_id: str, at: datetime) -> None:
        self._update_if("blog_posts", post_id, _live, {"published": False, "deleted_at": at}, f"post {post_id}")


class _Settings(_Writes):
    async def put(self, settings: AdminSettings, at: datetime) -> None:
        ref = self._col("settings").document(SETTINGS_DOC)
        doc = {**settings_document(settings), "updated_at": at}
        self._steps.append(_Step(lambda tx: tx.set(ref, doc)))


RECEIPT_COUNTER = ("counters", "receipts")
"""The document holding the last receipt number issued (``last``)."""
RECEIPT_NUMBERS = "receipt_numbers"
"""One document per issued number (``00000042``), created with the payment that takes it."""


def receipt_number_id(number: int) -> str:
    return f"{number:08d}"


class _Payments(_Writes):
    async def set(self, application_id: str, before: Payment, after: Payment) -> None:
        ref = self._col("applications").document(application_id)
        counter_ref = self._col(RECEIPT_COUNTER[0]).document(RECEIPT_COUNTER[1])
        number = after.receipt_number if before.receipt_number is None else None

        async def check(tx: Transaction) -> None:
            doc = await _read(tx, ref)
            current = payment_of(doc) if doc is not None else None
            if current is None or (current.state, current.reference) != (before.state, before.reference):
                raise PreconditionFailed(f"payment of {application_id}")
            if number is not None:
                counter = await _read(tx, counter_ref)
                if int((counter or {}).get("last") or 0) != number - 1:
                    raise PreconditionFailed(f"receipt number {number}")

        def write(tx: Transaction) -> None:
            if number is not None:
                # The number's own document first: of two commits that took the same number (the
                # emulator does not serialise them), only one can create it, and the loser writes nothing.
                number_ref = self._col(RECEIPT_NUMBERS).document(receipt_number_id(number))
                tx.create(number_ref, {"application_id": application_id, "number": number})
                tx.set(counter_ref, {"last": number})
            tx.update(ref, {"payment": to_document(after)})

        self._steps.append(_Step(write, check))


class _Refunds(_Writes):
    async def add(self, refund: Refund) -> None:
        ref = self._col("refunds").document(refund.id)

        async def check(tx: Transaction) -> None:
            if await _read(tx, ref) is not None:
                raise IdTaken(refund.id)

        doc = to_document(refund)
        self._steps.append(_Step(lambda tx: tx.create(ref, doc), check))

    async def move(self, before: Refund, after: Refund) -> None:
        def holds(doc: Document) -> bool:
            return (doc.get("state"), doc.get("gateway_id")) == (before.state.value, before.gateway_id)

        fields = {"state": after.state.value, "gateway_id": after.gateway_id, "updated_at": after.updated_at}
        self._update_if("refunds", before.id, holds, fields, f"refund {before.id}")


class _Outbox(_Writes):
    async def enqueue(self, messages: Sequence[records.OutboxMessage]) -> None:
        with span("outbox.enqueue", messages=len(messages)):
            for message in messages:
                self._create("outbox", message.id, to_document(message))

    async def enqueue_new(self, messages: Sequence[records.OutboxMessage]) -> None:
        planned = [(self._col("outbox").document(m.id), to_document(m)) for m in messages]
        new: list[tuple[Any, Document]] = []

        async def check(tx: Transaction) -> None:
            new.clear()
            for ref, doc in planned:
                if await _read(tx, ref) is None:
                    new.append((ref, doc))

        def write(tx: Transaction) -> None:
            for ref, doc in new:
                tx.create(ref, doc)

        with span("outbox.enqueue", messages=len(planned)):
            self._steps.append(_Step(write, check, retries=2))

    async def withdraw(self, message_ids: Sequence[str], reason: str) -> None:
        refs = [self._col("outbox").document(message_id) for message_id in message_ids]
        withdrawn = {
            "status": OutboxStatus.FAILED.value,
            "last_error": reason,
            "lease_until": None,
            "lease_owner": None,
        }
        pending: list[Any] = []

        async def check(tx: Transaction) -> None:
            pending.clear()
            for ref in refs:
                doc = await _read(tx, ref)
                if doc is not None and doc.get("status") == OutboxStatus.PENDING.value:
                    pending.append(ref)

        def write(tx: Transaction) -> None:
            for ref in pending:
                tx.update(ref, withdrawn)

        self._steps.append(_Step(write, check))

    async def record_report(self, message_id: str, report: records.ReportedDelivery, status: str, at: datetime) -> None:
        ref = self._col("outbox").document(message_id)
        moves: list[bool] = []

        async def check(tx: Transaction) -> None:
            moves.clear()
            doc = await _read(tx, ref)
            if doc is not None:
                stored = doc.get("delivery_report")
                current = None if stored is None else records.ReportedDelivery(stored)
                moves.append(advance(current, report) is not current)

        def write(tx: Transaction) -> None:
            if moves and moves[0]:
                tx.update(ref, {"delivery_report": report.value, "reported_at": at, "report_status": status})

        self._steps.append(_Step(write, check))


def _still(doc: Document | None, expected_id: str, expected_updated_at: datetime) -> bool:
    return doc is not None and doc.get("id") == expected_id and moment(doc.get("updated_at")) == expected_updated_at


class _Newsletter(_Writes):
    async def put(
        self, subscription: records.NewsletterSubscription, expected: records.NewsletterSubscription | None
    ) -> None:
        ref = self._col("newsletter_subscriptions").document(email_key(subscription.email))
        doc = to_document(subscription)
        what = f"newsletter subscription {subscription.id}"

        async def check(tx: Transaction) -> None:
            stored = await _read(tx, ref)
            if (stored is not None) if expected is None else not _still(stored, expected.id, expected.updated_at):
                raise PreconditionFailed(what)

        def write(tx: Transaction) -> None:
            if expected is None:
                tx.create(ref, doc)
            else:
                tx.set(ref, doc)

        self._steps.append(_Step(write, check))

    async def remove(self, subscription: records.NewsletterSubscription) -> None:
        ref = self._col("newsletter_subscriptions").document(email_key(subscription.email))

        async def check(tx: Transaction) -> None:
            stored = await _read(tx, ref)
            if stored is None or stored.get("id") != subscription.id:
                raise PreconditionFailed(f"newsletter subscription {subscription.id}")

        self._steps.append(_Step(lambda tx: tx.delete(ref), check))


class _NewsletterIssues(_Writes):
    async def put(self, issue: NewsletterIssue, expected: NewsletterIssue | None) -> None:
        ref = self._col("newsletter_issues").document(issue.id)
        doc = to_document(issue)

        async def check(tx: Transaction) -> None:
            stored = await _read(tx, ref)
            if expected is None and stored is not None:
                raise IdTaken(issue.id)
            if expected is not None and not _still(stored, expected.id, expected.updated_at):
                raise PreconditionFailed(f"newsletter {issue.id}")

        def write(tx: Transaction) -> None:
            if expected is None:
                tx.create(ref, doc)
            else:
                tx.set(ref, doc)

        self._steps.append(_Step(write, check))


class _Audit(_Writes):
    async def add(self, entry: AuditEntry) -> None:
        # The id is read first: the emulator applies the writes before a failed create (real Firestore
        # does not), so a taken id must be known before anything is written (adapters/audit_ids.py).
        chosen: list[tuple[Any, dict[str, Any]]] = []

        async def check(tx: Transaction) -> None:
            chosen.clear()
            for candidate in candidate_ids(entry):
                ref = self._col("audit_log").document(candidate.id)
                if await _read(tx, ref) is None:
                    chosen.append((ref, to_document(candidate)))
                    return
            raise IdTaken(entry.id)

        def write(tx: Transaction) -> None:
            ref, doc = chosen[0]
            tx.create(ref, doc)

        self._steps.append(_Step(write, check))


class _Templates(_Writes):
    async def add(self, version: TemplateVersion) -> None:
        ref = self._col(TEMPLATES).document(version_id(version))

        async def check(tx: Transaction) -> None:
            if await _read(tx, ref) is not None:
                raise PreconditionFailed(f"template {version.key} version {version.version}")

        doc = to_document(version)
        self._steps.append(_Step(lambda tx: tx.create(ref, doc), check))


class _BulkActions(_Writes):
    async def add(self, action: BulkAction) -> None:
        ref = self._col("bulk_actions").document(action.id)

        async def check(tx: Transaction) -> None:
            if await _read(tx, ref) is not None:
                raise PreconditionFailed(f"bulk action {action.id}")

        self._steps.append(_Step(lambda tx: tx.create(ref, to_document(action)), check))

    async def mark_undone(self, bulk_id: str, at: datetime, actor: str) -> None:
        self._update_if(
            "bulk_actions",
            bulk_id,
            lambda doc: doc.get("undone_at") is None,
            {"undone_at": at, "undone_by": actor},
            f"bulk action {bulk_id}",
        )


class FirestoreUnitOfWork(StepsUnitOfWork[_Step]):
    def __init__(self, client: Client, prefix: str, sealer: PassportSealer) -> None:
        self._client = client
        super().__init__()
        self.applications = _Applications(client, prefix, self._steps, sealer)
        self.appointments = _Appointments(client, prefix, self._steps)
        self.contact_messages = _ContactMessages(client, prefix, self._steps)
        self.job_alerts = _JobAlerts(client, prefix, self._steps)
        self.jobs = _Jobs(client, prefix, self._steps)
        self.posts = _Posts(client, prefix, self._steps)
        self.settings = _Settings(client, prefix, self._steps)
        self.payments = _Payments(client, prefix, self._steps)
        self.refunds = _Refunds(client, prefix, self._steps)
        self.outbox = _Outbox(client, prefix, self._steps)
        self.audit = _Audit(client, prefix, self._steps)
        self.templates = _Templates(client, prefix, self._steps)
        self.bulk_actions = _BulkActions(client, prefix, self._steps)
        self.notes = NoteWrites(_Writes(client, prefix, self._steps))
        self.owners = OwnerWrites(_Writes(client, prefix, self._steps))
        self.replies = ReplyWrites(_Writes(client, prefix, self._steps))
        self.newsletter = _Newsletter(client, prefix, self._steps)
        self.newsletter_issues = _NewsletterIssues(client, prefix, self._steps)
        self.personal_data = PersonalDataWrites(_Writes(client, prefix, self._steps))
        self.retention = RetentionWrites(_Writes(client, prefix, self._steps))
        self.pipeline = PipelineWrites(_Writes(client, prefix, self._steps))

    async def _commit(self, steps: Sequence[_Step]) -> None:
        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            for step in steps:
                if step.check is not None:
                    await step.check(tx)
            for step in steps:
                step.write(tx)

        retries = max((step.retries for step in steps), default=1)
        for _ in range(retries):
            try:
                await work(self._client.transaction())
            except gexc.AlreadyExists:
                continue
            return
        try:
            await work(self._client.transaction())
        except gexc.AlreadyExists:
            raise PreconditionFailed("a document this unit of work creates exists already") from None


async def backfill_slots(client: Client, prefix: str, sealer: PassportSealer) -> int:
    """Give each appointment stored before slots were kept its ``starts_at`` (the office's zone at the
    time, Africa/Accra) and, unless cancelled, a seat, each in its own transaction: run by every
    instance at start, it does each appointment once."""
    done = 0
    async for snap in client.collection(prefix + "appointments").stream():
        doc = snap.to_dict() or {}
        if doc.get("starts_at") is not None:
            continue
        starts_at = stored_slot_start(from_document(AppointmentRequest, doc.get("data") or {}))
        if starts_at is None:
            continue
        unit = FirestoreUnitOfWork(client, prefix, sealer)
        unit._steps.append(_backfill_step(unit.appointments, snap.reference, starts_at, doc))
        try:
            await unit._commit(unit._steps)
        except (SlotFull, PreconditionFailed):
            continue
        done += 1
    return done


def _backfill_step(col: Collections, ref: Any, starts_at: datetime, doc: Document) -> _Step:
    live = (doc.get("status") or AppointmentStatus.BOOKED) != AppointmentStatus.CANCELLED
    reference = str(doc.get("reference"))
    chosen: list[Any] = []

    async def check(tx: Transaction) -> None:
        chosen.clear()
        current = await _read(tx, ref)
        if current is None or current.get("starts_at") is not None:
            raise PreconditionFailed(f"appointments {reference}")
        number = 0
        while live and await _read(tx, col._col("appointment_seats").document(seat_id(starts_at, number))):
            number += 1
        chosen.append(number if live else None)

    def write(tx: Transaction) -> None:
        number = chosen[0]
        fields: Document = {"starts_at": starts_at, "time_zone": AGENCY_TIME_ZONE, "seat": number}
        tx.update(ref, fields)
        if number is not None:
            seat_ref = col._col("appointment_seats").document(seat_id(starts_at, number))
            tx.create(seat_ref, {"reference": reference, "starts_at": starts_at})

    return _Step(write, check, retries=5)
