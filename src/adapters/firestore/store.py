"""Every repository of :class:`agency_core.ports.Store` on Firestore (``google.cloud.firestore``).

Collections are named after the records (``applications``, ``appointments``,
``contact_messages``, ``newsletter_subscriptions``, ``job_alerts``, ``admin_notifications``,
``outbox``, ``blog_posts``; ``application_keys`` guards against duplicate applications).
A record and its messages are written by one unit of work (:mod:`adapters.firestore.unit_of_work`).

Many app instances may share one Firestore project. The outbox claims each message in a
transaction that reads it, checks it is pending, due and not leased (or its lease has expired),
then creates the claim document ``outbox_claims/<id>-<attempt>`` and writes the lease
(owner and expiry) on the message. The claim document makes the claim exclusive even where
transactions are not serialised (the local emulator): only one worker can create claim number
n+1 of a message. Marking a result is a transaction that checks the lease owner. In production
the outbox query needs the composite index ``outbox(status ASC, next_attempt_at ASC)`` and
``outbox_claims.expires_at`` a TTL policy (both in ``firestore.indexes.json``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, TypeVar

from google.api_core import exceptions as gexc
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, moment, to_document
from adapters.firestore.documents import (
    PASSPORT_INDEX,
    SEARCH_KEY,
    SEARCH_TOKENS,
    Client,
    Collections,
    Document,
    application_of,
    email_key,
    hashed,
    is_recent,
    newest_first,
    search_fields,
)
from adapters.firestore.outbox_move import move_old_outbox
from adapters.firestore.templates import FirestoreTemplates
from adapters.firestore.unit_of_work import FirestoreUnitOfWork, backfill_slots
from adapters.sealing import PASSPORT_FIELD, PassportSealer
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


class _Base(Collections):
    async def _get(self, kind: type[T], collection: str, doc_id: str) -> T | None:
        doc = await self._doc(collection, doc_id)
        return None if doc is None else from_document(kind, doc)


class FirestoreApplications(_Base):
    async def find_duplicate(self, key: str, since: datetime) -> Application | None:
        marker = await self._doc("application_keys", hashed(key))
        if marker is None or not is_recent(marker, since):
            return None
        return await self.get(marker["application_id"])

    async def get(self, application_id: str) -> Application | None:
        doc = await self._doc("applications", application_id)
        return None if doc is None else application_of(doc, self._sealer)

    async def seal_plain_passports(self) -> int:
        """Seal the passport numbers of documents written before sealing; returns how many changed.
        Idempotent: a sealed number is left as it is."""
        changed = 0
        async for snap in self._col("applications").stream():
            doc = snap.to_dict()
            if doc is None or not self._sealer.is_plain(doc.get("data")):
                continue
            sealed, index = self._sealer.seal(from_document(Application, doc))
            await snap.reference.update({f"data.{PASSPORT_FIELD}": sealed.data.passport_number, PASSPORT_INDEX: index})
            changed += 1
        return changed

    async def add_search_tokens(self) -> int:
        """Give documents written before search tokens theirs; returns how many changed. Idempotent:
        a document with tokens is left as it is (a new one gets them with the record)."""
        changed = 0
        async for snap in self._col("applications").stream():
            doc = snap.to_dict()
            if doc is None or (SEARCH_TOKENS in doc and SEARCH_KEY in doc):
                continue
            await snap.reference.update(search_fields(from_document(Application, doc)))
            changed += 1
        return changed


class FirestoreAppointments(_Base):
    async def get(self, reference: str) -> Appointment | None:
        return await self._get(Appointment, "appointments", reference)

    async def booked(self, start: datetime, end: datetime) -> dict[datetime, int]:
        query = (
            self._col("appointments")
            .where(filter=FieldFilter("starts_at", ">=", start))
            .where(filter=FieldFilter("starts_at", "<", end))
        )
        counts: dict[datetime, int] = {}
        async for snap in query.stream():
            doc = snap.to_dict() or {}
            starts_at = moment(doc.get("starts_at"))
            if starts_at is not None and doc.get("status") != AppointmentStatus.CANCELLED.value:
                counts[starts_at] = counts.get(starts_at, 0) + 1
        return counts

    async def live_between(self, start: datetime, end: datetime) -> list[Appointment]:
        query = (
            self._col("appointments")
            .where(filter=FieldFilter("starts_at", ">=", start))
            .where(filter=FieldFilter("starts_at", "<", end))
        )
        return [
            from_document(Appointment, doc)
            async for snap in query.stream()
            if (doc := snap.to_dict() or {}).get("status") != AppointmentStatus.CANCELLED.value
        ]

    async def by_token(self, token_hash: str) -> tuple[Appointment, AppointmentStatus] | None:
        if not token_hash:
            return None
        query = self._col("appointments").where(filter=FieldFilter("token_hash", "==", token_hash)).limit(1)
        async for snap in query.stream():
            doc = snap.to_dict() or {}
            return from_document(Appointment, doc), AppointmentStatus(doc.get("status") or AppointmentStatus.BOOKED)
        return None


class FirestoreContactMessages(_Base):
    async def get(self, message_id: str) -> ContactMessage | None:
        return await self._get(ContactMessage, "contact_messages", message_id)


class FirestoreJobAlerts(_Base):
    async def get(self, alert_id: str) -> JobAlert | None:
        return await self._get(JobAlert, "job_alerts", alert_id)

    async def all(self) -> list[JobAlert]:
        alerts = [from_document(JobAlert, d) for d in await self._all("job_alerts")]
        return sorted(alerts, key=lambda a: (a.created_at, a.id))


class FirestoreNewsletter(_Base):
    def _ref(self, email: str) -> Any:
        return self._col("newsletter_subscriptions").document(email_key(email))

    async def get_by_email(self, email: str) -> NewsletterSubscription | None:
        snap = await self._ref(email).get()
        return from_document(NewsletterSubscription, snap.to_dict()) if snap.exists else None

    async def _first(self, field: str, value: str) -> NewsletterSubscription | None:
        query = self._col("newsletter_subscriptions").where(filter=FieldFilter(field, "==", value)).limit(1)
        found = [from_document(NewsletterSubscription, snap.to_dict()) async for snap in query.stream()]
        return found[0] if found else None

    async def get(self, subscription_id: str) -> NewsletterSubscription | None:
        return await self._first("id", subscription_id)

    async def by_confirmation(self, confirmation_hash: str) -> NewsletterSubscription | None:
        return await self._first("confirmation_hash", confirmation_hash) if confirmation_hash else None

    async def confirmed(self) -> list[NewsletterSubscription]:
        subs = [from_document(NewsletterSubscription, d) for d in await self._all("newsletter_subscriptions")]
        return sorted((s for s in subs if s.confirmed), key=lambda s: (s.created_at, s.id))


class FirestoreNewsletterIssues(_Base):
    async def get(self, issue_id: str) -> NewsletterIssue | None:
        return await self._get(NewsletterIssue, "newsletter_issues", issue_id)

    async def all(self) -> list[NewsletterIssue]:
        issues = [from_document(NewsletterIssue, d) for d in await self._all("newsletter_issues")]
        return sorted(issues, key=lambda i: (i.created_at, i.id), reverse=True)


class FirestoreAdminNotifications(_Base):
    async def list(self, type: str, limit: int = 50) -> list[AdminNotification]:
        query = self._col("admin_notifications").where(filter=FieldFilter("type", "==", type))
        notes = [from_document(AdminNotification, snap.to_dict()) async for snap in query.stream()]
        notes.sort(key=lambda n: (n.created_at, n.id), reverse=True)
        return notes[:limit]


def _lease_free(doc: Document, now: datetime) -> bool:
    lease = moment(doc.get("lease_until"))
    return lease is None or lease <= now


CLAIM_KEEP = timedelta(days=1)
"""How long a claim document is kept (its ``expires_at``, for the TTL policy)."""


class FirestoreOutbox(_Base):
    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        query = (
            self._col("outbox")
            .where(filter=FieldFilter("status", "==", OutboxStatus.PENDING.value))
            .where(filter=FieldFilter("next_attempt_at", "<=", now))
        )
        due = [snap.to_dict() async for snap in query.stream()]
        free = [d for d in due if _lease_free(d, now)]
        free.sort(key=lambda d: (moment(d["next_attempt_at"]), d["id"]))
        # One failed claim (contention retries exhausted, a timeout) must not drop the others.
        claims = await asyncio.gather(
            *(self._claim_one(d["id"], now, lease_until, owner) for d in free[:limit]), return_exceptions=True
        )
        claimed = [message for message in claims if isinstance(message, OutboxMessage)]
        if not claimed:
            errors = [error for error in claims if isinstance(error, BaseException)]
            if errors:
                raise errors[0]
        return claimed

    async def claim_message(
        self, message_id: str, now: datetime, lease_until: datetime, owner: str
    ) -> OutboxMessage | None:
        return await self._claim_one(message_id, now, lease_until, owner, due_only=False)

    async def _claim_one(
        self, message_id: str, now: datetime, lease_until: datetime, owner: str, *, due_only: bool = True
    ) -> OutboxMessage | None:
        ref = self._col("outbox").document(message_id)

        @firestore.async_transactional
        async def work(tx: Any) -> OutboxMessage | None:
            snap = await ref.get(transaction=tx)
            if not snap.exists:
                return None
            doc = snap.to_dict()
            due = (moment(doc["next_attempt_at"]) or now) <= now
            held = doc.get("unsettled_since") is not None  # after a lost answer: waits even for a script
            waits = (due_only or held) and not due
            if doc["status"] != OutboxStatus.PENDING.value or waits or not _lease_free(doc, now):
                return None
            attempt = int(doc["attempts"]) + 1
            # First in the commit: if another worker made this claim, nothing else is written.
            tx.create(
                self._col("outbox_claims").document(f"{message_id}-{attempt}"),
                {
                    "message_id": message_id,
                    "attempt": attempt,
                    "owner": owner,
                    "at": now,
                    "expires_at": now + CLAIM_KEEP,
                },
            )
            lease = {"attempts": attempt, "lease_until": lease_until, "lease_owner": owner}
            tx.update(ref, lease)
            return from_document(OutboxMessage, {**doc, **lease})

        try:
            claimed: OutboxMessage | None = await work(self._client.transaction())
        except gexc.AlreadyExists:
            return None  # another worker claimed this attempt first
        return claimed

    async def _mark(self, message_id: str, fields: dict[str, Any], owner: str | None) -> bool:
        ref = self._col("outbox").document(message_id)

        @firestore.async_transactional
        async def work(tx: Any) -> bool:
            snap = await ref.get(transaction=tx)
            if not snap.exists:
                return False
            doc = snap.to_dict()
            if doc["status"] != OutboxStatus.PENDING.value:
                return False
            if owner is not None and doc.get("lease_owner") != owner:
                return False
            tx.update(ref, fields)
            return True

        held: bool = await work(self._client.transaction())
        return held

    async def mark_delivered(
        self, message_id: str, now: datetime, owner: str | None = None, gateway_id: str | None = None
    ) -> bool:
        sent = {"status": OutboxStatus.DELIVERED.value, "delivered_at": now, "gateway_id": gateway_id}
        released = {"lease_until": None, "lease_owner": None, "unsettled_since": None}
        return await self._mark(message_id, {**sent, **released}, owner)

    async def awaiting_delivery(self, sent_since: datetime) -> list[OutboxMessage]:
        query = (
            self._col("outbox")
            .where(filter=FieldFilter("status", "==", OutboxStatus.DELIVERED.value))
            .where(filter=FieldFilter("delivered_at", ">=", sent_since))
        )
        docs = [snap.to_dict() async for snap in query.stream()]
        found = [from_document(OutboxMessage, d) for d in docs]
        waiting = [m for m in found if m.gateway_id is not None and m.delivery_report is not ReportedDelivery.DELIVERED]
        return sorted(waiting, key=lambda m: (m.delivered_at or sent_since, m.id))

    async def mark_retry(
        self, message_id: str, error: str, next_attempt_at: datetime, owner: str | None = None
    ) -> bool:
        return await self._mark(
            message_id,
            {"last_error": error, "next_attempt_at": next_attempt_at, "lease_until": None, "lease_owner": None},
            owner,
        )

    async def mark_failed(self, message_id: str, error: str, owner: str | None = None) -> bool:
        return await self._mark(
            message_id,
            {"status": OutboxStatus.FAILED.value, "last_error": error, "lease_until": None, "lease_owner": None},
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
        """Read, move by the core's rule and write back the fields it changed, in one transaction."""
        ref = self._col("outbox").document(message_id)

        @firestore.async_transactional
        async def work(tx: Any) -> bool:
            snap = await ref.get(transaction=tx)
            if not snap.exists:
                return False
            message = from_document(OutboxMessage, snap.to_dict())
            if pending_only and message.status is not OutboxStatus.PENDING:
                return False
            if owner is not None and message.lease_owner != owner:
                return False
            before, after = to_document(message), to_document(move(message))
            changed = {name: value for name, value in after.items() if value != before[name]}
            if changed:
                tx.update(ref, changed)
            return bool(changed)

        moved: bool = await work(self._client.transaction())
        return moved

    async def release(self, owner: str) -> int:
        query = self._col("outbox").where(filter=FieldFilter("lease_owner", "==", owner))
        held = [snap.get("id") async for snap in query.stream()]
        freed = await asyncio.gather(
            *(self._mark(message_id, {"lease_until": None, "lease_owner": None}, owner) for message_id in held)
        )
        return sum(freed)

    async def get(self, message_id: str) -> OutboxMessage | None:
        snap = await self._col("outbox").document(message_id).get()
        return from_document(OutboxMessage, snap.to_dict()) if snap.exists else None

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        query = self._col("outbox")
        if source_id is not None:
            query = query.where(filter=FieldFilter("source_id", "==", source_id))
        docs = [snap.to_dict() async for snap in query.stream()]
        messages = [from_document(OutboxMessage, d) for d in docs]
        messages.sort(key=lambda m: (m.created_at, m.id))
        return messages


class FirestoreBlogPosts(_Base):
    async def published(self) -> list[BlogPost]:
        query = self._col("blog_posts").where(filter=FieldFilter("published", "==", True))
        posts = [from_document(BlogPost, snap.to_dict()) async for snap in query.stream()]
        return sorted(posts, key=newest_first, reverse=True)

    async def get(self, post_id: str) -> BlogPost | None:
        return await self._get(BlogPost, "blog_posts", post_id)

    async def seed(self, posts: Sequence[BlogPost]) -> int:
        inserted = 0
        for post in posts:
            try:
                await self._col("blog_posts").document(post.id).create(to_document(post))
            except gexc.AlreadyExists:
                continue
            inserted += 1
        return inserted


class FirestoreStore:
    """Implements :class:`agency_core.ports.Store`. ``prefix`` namespaces the collections (tests)."""

    def __init__(self, client: Client, prefix: str = "", *, sealer: PassportSealer) -> None:
        self.client = client
        self.sealer = sealer
        self.applications = FirestoreApplications(client, prefix, sealer=sealer)
        self.appointments = FirestoreAppointments(client, prefix)
        self.contact_messages = FirestoreContactMessages(client, prefix)
        self.newsletter = FirestoreNewsletter(client, prefix)
        self.job_alerts = FirestoreJobAlerts(client, prefix)
        self.admin_notifications = FirestoreAdminNotifications(client, prefix)
        self.outbox = FirestoreOutbox(client, prefix)
        self.blog_posts = FirestoreBlogPosts(client, prefix)
        self.templates = FirestoreTemplates(client, prefix)
        self.newsletter_issues = FirestoreNewsletterIssues(client, prefix)
        self._prefix = prefix

    def unit_of_work(self) -> FirestoreUnitOfWork:
        return FirestoreUnitOfWork(self.client, self._prefix, self.sealer)

    @classmethod
    def connect(cls, project_id: str, prefix: str = "", *, sealer: PassportSealer) -> FirestoreStore:
        """A client for ``project_id``; honours ``FIRESTORE_EMULATOR_HOST``."""
        return cls(firestore.AsyncClient(project=project_id), prefix, sealer=sealer)

    async def start(self) -> None:
        """Firestore needs no schema. Appointments booked before slots were kept get theirs, passport
        numbers stored in clear by an older version are sealed, applications get search tokens, and
        messages still in the outbox's old collection move to ``outbox`` (:mod:`adapters.firestore.outbox_move`)."""
        await move_old_outbox(self.client, self._prefix)
        await backfill_slots(self.client, self._prefix, self.sealer)
        await self.applications.seal_plain_passports()
        await self.applications.add_search_tokens()

    async def close(self) -> None:
        self.client.close()
