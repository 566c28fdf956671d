"""The ports the core needs; adapters implement them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Protocol

from agency_core.messaging.template_store import TemplateStore
from agency_core.newsletter.model import NewsletterIssueRepository
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
    ReportedDelivery,
)
from agency_core.unit_of_work import UnitOfWork

SMS_FAILED = "Failed to send SMS"
"""The fallback failure message when the gateway gives none (spec section 8)."""


class Delivery(StrEnum):
    """What became of one send, as a script must tell them apart."""

    SENT = "sent"
    REFUSED = "refused"
    """The gateway answered and said no (its HTTP status is in ``gateway_status``)."""
    NOT_SENT = "not_sent"
    """The request never reached the gateway (no connection, the client's pool full, a bad number)."""
    UNKNOWN = "unknown"
    """The gateway may have it: the answer was lost (a read timeout, a dropped connection)."""


@dataclass(frozen=True, slots=True)
class SendResult:
    """What one send came to, an SMS or an e-mail: ``{success, message, data}`` as in spec section 7."""

    success: bool
    message: str
    data: object = None
    delivery: Delivery | None = None
    """Set by gateways that know; else a success is ``SENT`` and a failure ``NOT_SENT``."""
    gateway_status: int | None = None
    gateway_id: str | None = None
    """The gateway's id for the accepted message (its delivery reports name it)."""

    @property
    def outcome(self) -> Delivery:
        if self.delivery is not None:
            return self.delivery
        return Delivery.SENT if self.success else Delivery.NOT_SENT


class SmsGateway(Protocol):
    """Sends one text to one phone number. Never raises: a failure is a result.

    ``idempotency_key``, when given, lets a gateway that honours it drop a repeat of the
    same message (the outbox retries with the same key).
    """

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult: ...


class ApplicationRepository(Protocol):
    """Reads; applications are written through a :class:`UnitOfWork`."""

    async def find_duplicate(self, key: str, since: datetime) -> Application | None: ...

    async def get(self, application_id: str) -> Application | None: ...


class AppointmentRepository(Protocol):
    async def get(self, reference: str) -> Appointment | None: ...

    async def booked(self, start: datetime, end: datetime) -> dict[datetime, int]:
        """How many bookings that are not cancelled start at each instant in ``[start, end)``."""
        ...

    async def live_between(self, start: datetime, end: datetime) -> list[Appointment]:
        """The bookings that are not cancelled and start in ``[start, end)`` (a day holds a few dozen)."""
        ...

    async def by_token(self, token_hash: str) -> tuple[Appointment, AppointmentStatus] | None:
        """The booking whose change link token hashes to ``token_hash``, with its status."""
        ...


class ContactMessageRepository(Protocol):
    async def get(self, message_id: str) -> ContactMessage | None: ...


class NewsletterRepository(Protocol):
    async def get_by_email(self, email: str) -> NewsletterSubscription | None: ...

    async def get(self, subscription_id: str) -> NewsletterSubscription | None: ...

    async def by_confirmation(self, confirmation_hash: str) -> NewsletterSubscription | None:
        """The subscription whose newest confirmation token has this hash ("" finds nothing)."""
        ...

    async def confirmed(self) -> list[NewsletterSubscription]:
        """Every confirmed subscription, oldest first."""
        ...


class JobAlertRepository(Protocol):
    async def get(self, alert_id: str) -> JobAlert | None: ...

    async def all(self) -> list[JobAlert]:
        """Every alert (to match a published job against)."""
        ...


class AdminNotificationRepository(Protocol):
    async def list(self, type: str, limit: int = 50) -> list[AdminNotification]:
        """Newest first."""
        ...


class Outbox(Protocol):
    """The durable SMS outbox. A use case enqueues its messages with its record, in a :class:`UnitOfWork`.

    Many workers (app instances) may share one outbox: a claim leases each message to exactly
    one ``owner`` until ``lease_until`` (taken over by another worker only once it has expired),
    and the ``mark_*`` writes take effect only while ``owner`` still holds the lease (they
    return False, writing nothing, when it does not). ``owner=None`` skips that check.
    """

    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        """Lease up to ``limit`` pending messages due at ``now`` whose lease is free or expired,
        oldest first, adding one to their attempts. Returns them as leased (to ``owner``)."""
        ...

    async def mark_delivered(
        self, message_id: str, now: datetime, owner: str | None = None, gateway_id: str | None = None
    ) -> bool:
        """The gateway accepted it ("sent", status ``delivered``), with its id for the message; a
        delivery report already kept stays."""
        ...

    async def awaiting_delivery(self, sent_since: datetime) -> list[OutboxMessage]:
        """Messages accepted at or after ``sent_since`` with a gateway id and no delivered report."""
        ...

    async def mark_retry(
        self, message_id: str, error: str, next_attempt_at: datetime, owner: str | None = None
    ) -> bool:
        """Release the lease and schedule another attempt."""
        ...

    async def mark_failed(self, message_id: str, error: str, owner: str | None = None) -> bool:
        """Give up: status ``failed``."""
        ...

    async def mark_unsettled(
        self, message_id: str, error: str, at: datetime, settle_wait: timedelta, owner: str | None = None
    ) -> bool:
        """The answer to the send at ``at`` was lost: release the lease and hold the message as
        :func:`agency_core.messaging.delivery.on_answer_lost` says, in one transaction."""
        ...

    async def record_report(
        self, message_id: str, report: ReportedDelivery, status: str, gateway_id: str, at: datetime
    ) -> bool:
        """Apply a delivery report as :func:`agency_core.messaging.delivery.on_report` says, in one
        transaction, when it still matches the message (``report_matches``); True when it moved it."""
        ...

    async def release(self, owner: str) -> int:
        """Free every lease ``owner`` holds (a clean shutdown); returns how many."""
        ...

    async def get(self, message_id: str) -> OutboxMessage | None: ...

    async def claim_message(
        self, message_id: str, now: datetime, lease_until: datetime, owner: str
    ) -> OutboxMessage | None:
        """Lease one pending message now, whenever its next attempt was due, if its lease is free or
        expired (adding one to its attempts); ``None`` when it is not pending, another holds it, or
        it is held unsettled until a later ``next_attempt_at``."""
        ...

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        """Every message (of one record when ``source_id`` is given), oldest first."""
        ...


class BlogPostRepository(Protocol):
    async def published(self) -> list[BlogPost]:
        """Published posts, newest ``date`` first (then highest id)."""
        ...

    async def get(self, post_id: str) -> BlogPost | None: ...

    async def seed(self, posts: Sequence[BlogPost]) -> int:
        """Insert the posts whose id is absent; returns how many were inserted."""
        ...


class Store(Protocol):
    """Every repository of one backend (SQLite or Firestore)."""

    @property
    def applications(self) -> ApplicationRepository: ...
    @property
    def appointments(self) -> AppointmentRepository: ...
    @property
    def contact_messages(self) -> ContactMessageRepository: ...
    @property
    def newsletter(self) -> NewsletterRepository: ...
    @property
    def job_alerts(self) -> JobAlertRepository: ...
    @property
    def admin_notifications(self) -> AdminNotificationRepository: ...
    @property
    def outbox(self) -> Outbox: ...
    @property
    def blog_posts(self) -> BlogPostRepository: ...
    @property
    def templates(self) -> TemplateStore: ...
    @property
    def newsletter_issues(self) -> NewsletterIssueRepository: ...

    def unit_of_work(self) -> UnitOfWork:
        """A new unit of work on this backend (use it once: ``async with store.unit_of_work() as uow``)."""
        ...

    async def start(self) -> None:
        """Create or migrate the schema."""
        ...

    async def close(self) -> None: ...


class FileStore(Protocol):
    """Keeps uploaded files under keys it chooses (never a client's file name)."""

    async def save(self, content: bytes, extension: str) -> str:
        """Store ``content``; returns its key."""
        ...

    async def read(self, key: str) -> bytes | None:
        """The file's content, or ``None`` when it is gone. Raises ``ValueError`` when the key is
        not one of this store's or the content cannot be decrypted."""
        ...

    async def delete(self, key: str) -> None: ...
