"""The records the product keeps: every public submission, the SMS outbox and the blog.

Plain frozen dataclasses; the stores (:mod:`agency_core.ports`) persist them. All times are
timezone-aware UTC datetimes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Final

from agency_core.spec.forms import (
    ApplicationForm,
    AppointmentRequest,
    ContactForm,
    JobAlertRequest,
    NewAppointmentNotice,
)

NEW_APPOINTMENT = "new_appointment"
"""The type of the admin notification recorded for each booked appointment."""


@dataclass(frozen=True, slots=True)
class StoredFile:
    """An upload kept by a :class:`~agency_core.ports.FileStore` under a key it chose."""

    field: str
    key: str
    filename: str
    content_type: str
    size: int


@dataclass(frozen=True, slots=True)
class FeeDue:
    """The processing fee decided for an application when it was submitted, by the fee policy then
    in force (:mod:`agency_core.payments.fees`); a later change of the policy does not touch it."""

    amount_minor: int
    """In the currency's lowest unit; 0: no fee is due (the payment step is skipped)."""
    currency: str
    rule: str
    """Which rule gave it: ``default``, ``country:<name>`` or ``job:<id>``."""
    reason: str = ""
    """The short reason the applicant is shown (may be empty for the default)."""

    @property
    def due(self) -> bool:
        return self.amount_minor > 0


@dataclass(frozen=True, slots=True)
class Application:
    id: str
    data: ApplicationForm
    files: tuple[StoredFile, ...]
    created_at: datetime
    payment_key_hash: str = ""
    """SHA-256 of the application's payment key (:mod:`agency_core.payments.keys`); "" for one
    stored before keys existed."""
    fee: FeeDue | None = None
    """The fee due, decided at submission (``None``: stored before fee policies; the configured fee applies)."""

    @property
    def duplicate_key(self) -> str:
        """Same e-mail (any case), job category and preferred country: the same application."""
        return self.data.duplicate_key


@dataclass(frozen=True, slots=True)
class Appointment:
    reference: str
    data: AppointmentRequest
    created_at: datetime
    starts_at: datetime | None = None
    """The UTC instant the booked slot starts (``None`` only on a record stored before slots were kept)."""
    time_zone: str = ""
    """The IANA zone the slot was booked in (the office's), e.g. ``Africa/Accra``."""
    seat: int | None = None
    """Which of the slot's seats the booking holds, where the backend counts seats (Firestore)."""
    token_hash: str = ""
    """SHA-256 of the applicant's change link token (:mod:`agency_core.appointments.changes`); "" for one
    booked before links existed."""
    version: int = 0
    """0 at booking, one more at each move: the calendar file's SEQUENCE and the reminders' ids."""
    office: str = ""
    """The office's id (:mod:`agency_core.appointments.offices`); "" is the main office."""


@dataclass(frozen=True, slots=True)
class ContactMessage:
    id: str
    data: ContactForm
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewsletterSubscription:
    """One per e-mail address (compared lower-cased); a repeat updates name and interests."""

    id: str
    email: str
    name: str
    interests: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    privacy_notice_version: str = ""
    """The privacy-notice version accepted with the latest (re)subscription (empty before consent was kept)."""
    privacy_accepted_at: datetime | None = None
    confirmation_hash: str = ""
    """SHA-256 of the newest confirmation token e-mailed (the token itself is never kept); "" once confirmed."""
    confirmation_sent_at: datetime | None = None
    confirmed_at: datetime | None = None
    """When the address's owner pressed Confirm (double opt-in); only confirmed addresses get newsletters."""

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


@dataclass(frozen=True, slots=True)
class JobAlert:
    id: str
    data: JobAlertRequest
    created_at: datetime


@dataclass(frozen=True, slots=True)
class AdminNotification:
    id: str
    type: str
    data: NewAppointmentNotice
    created_at: datetime


class ApplicationStatus(StrEnum):
    """The four application status message types (spec section 3)."""

    RECEIVED = "received"
    PROCESSING = "processing"
    APPROVED = "approved"
    REJECTED = "rejected"


class AppointmentStatus(StrEnum):
    """booked -> attended | no_show | cancelled (moves enforced by the staff use case; each is final).
    Bookings marked "done" before outcomes were kept read as attended."""

    BOOKED = "booked"
    ATTENDED = "attended"
    NO_SHOW = "no_show"
    CANCELLED = "cancelled"

    @classmethod
    def _missing_(cls, value: object) -> AppointmentStatus | None:
        return cls.ATTENDED if value == "done" else None


APPOINTMENT_OUTCOMES: Final = (AppointmentStatus.ATTENDED, AppointmentStatus.NO_SHOW, AppointmentStatus.CANCELLED)
"""The statuses staff may move a booking to (each final)."""


class JobStatus(StrEnum):
    DRAFT = "draft"
    OPEN = "open"
    CLOSED = "closed"


class PaymentState(StrEnum):
    UNPAID = "unpaid"
    PENDING = "pending"
    PAID = "paid"
    FAILED = "failed"


class OutboxStatus(StrEnum):
    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed"


class Channel(StrEnum):
    """How an outbox message goes: a text to a phone, or an e-mail to an address."""

    SMS = "sms"
    EMAIL = "email"
    TASK = "task"
    """Work for the app itself at a time (a daily sweep, a welfare check-in): no address, run by the
    worker's task runner (``OutboxWorker(tasks=...)``) with the outbox's lease, so once across instances."""
    WHATSAPP = "whatsapp"
    """A text to a phone with an active WhatsApp opt-in, sent through the Cloud API; its SMS fallback is
    its own row (:mod:`agency_core.whatsapp.channel`)."""


class ReportedDelivery(StrEnum):
    """What a delivery report said: the handset has the text, or the network gave up on it."""

    DELIVERED = "delivered"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class OutboxMessage:
    """One message to one address: an SMS to a phone number, or an e-mail to an e-mail address
    (``channel``). ``id`` is also the idempotency key sent to the gateway.

    ``attempts`` counts claims (a claim is an attempt even if the worker then dies);
    ``lease_until`` is set while a worker holds the message, ``lease_owner`` names that worker.
    """

    id: str
    source_id: str
    kind: str
    address: str
    """The phone number of an SMS, the e-mail address of an e-mail."""
    text: str
    created_at: datetime
    next_attempt_at: datetime
    status: OutboxStatus = OutboxStatus.PENDING
    attempts: int = 0
    lease_until: datetime | None = None
    last_error: str | None = None
    delivered_at: datetime | None = None
    """When the gateway accepted the message ("sent"; the status is then ``delivered``)."""
    lease_owner: str | None = None
    gateway_id: str | None = None
    """The gateway's id of the message, from its answer to the send."""
    delivery_report: ReportedDelivery | None = None
    """The strongest delivery report the gateway sent (``agency_core.messaging.delivery``)."""
    reported_at: datetime | None = None
    """When that report arrived."""
    report_status: str | None = None
    """The gateway's own word for it (``DELIVERED``, ``UNDELIVERABLE``...)."""
    channel: Channel = Channel.SMS
    unsettled_since: datetime | None = None
    """The answer to the send at this time was lost (the gateway may have the text): the message
    is held, not resent, until a delivery report settles it or ``next_attempt_at`` (the settle wait)
    comes (``agency_core.messaging.delivery``)."""

    def not_before(self, at: datetime) -> OutboxMessage:
        """This message scheduled: no worker claims it before ``at`` (its first attempt time)."""
        return replace(self, next_attempt_at=at)


@dataclass(frozen=True, slots=True)
class BlogPost:
    id: str
    title: str
    excerpt: str
    image: str
    author: str
    date: str
    """``YYYY-MM-DD``."""
    content: str
    """HTML."""
    category: str
    tags: tuple[str, ...]
    read_time: str
    featured: bool
    published: bool
    updated_at: datetime
