"""Every repository of :class:`agency_core.ports.Store` on Firestore (``google.cloud.firestore``).

Collections are named after the records (``applications``, ``appointments``,
``contact_messages``, ``newsletter_subscriptions``, ``job_alerts``, ``admin_notifications``,
``sms_outbox``, ``blog_posts``; ``application_keys`` guards against duplicate applications).
A record and its SMS are written in one batch, which Firestore commits atomically.

Many app instances may share one Firestore project. The outbox claims each message in a
transaction that reads it, checks it is pending, due and not leased (or its lease has expired),
then creates the claim document ``sms_outbox_claims/<id>-<attempt>`` and writes the lease
(owner and expiry) on the message. The claim document makes the claim exclusive even where
transactions are not serialised (the local emulator): only one worker can create claim number
n+1 of a message. Marking a result is a transaction that checks the lease owner. In production
the outbox query needs the composite index ``sms_outbox(status ASC, next_attempt_at ASC)`` and
``sms_outbox_claims.expires_at`` a TTL policy (both in ``firestore.indexes.json``).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

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

Client = Any  # google.cloud.firestore.AsyncClient (the library ships no type hints)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _dt(value: Any) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value.timestamp(), tz=value.tzinfo)


def _req_dt(value: Any) -> datetime:
    moment = _dt(value)
    assert moment is not None
    return moment


def _application(doc: dict[str, Any]) -> Application:
    files = tuple(StoredFile(**item) for item in doc.get("files", []))
    return Application(doc["id"], dict(doc["data"]), files, _req_dt(doc["created_at"]))


def _outbox_doc(m: OutboxMessage) -> dict[str, Any]:
    return {
        "id": m.id,
        "source_id": m.source_id,
        "kind": m.kind,
        "phone": m.phone,
        "text": m.text,
        "status": m.status.value,
        "attempts": m.attempts,
        "next_attempt_at": m.next_attempt_at,
        "lease_until": m.lease_until,
        "last_error": m.last_error,
        "created_at": m.created_at,
        "delivered_at": m.delivered_at,
        "lease_owner": m.lease_owner,
    }


def _lease_free(doc: dict[str, Any], now: datetime) -> bool:
    return doc.get("lease_until") is None or _req_dt(doc["lease_until"]) <= now


def _outbox_message(doc: dict[str, Any]) -> OutboxMessage:
    return OutboxMessage(
        id=doc["id"],
        source_id=doc["source_id"],
        kind=doc["kind"],
        phone=doc["phone"],
        text=doc["text"],
        created_at=_req_dt(doc["created_at"]),
        next_attempt_at=_req_dt(doc["next_attempt_at"]),
        status=OutboxStatus(doc["status"]),
        attempts=int(doc["attempts"]),
        lease_until=_dt(doc.get("lease_until")),
        last_error=doc.get("last_error"),
        delivered_at=_dt(doc.get("delivered_at")),
        lease_owner=doc.get("lease_owner"),
    )


class _Base:
    def __init__(self, client: Client, prefix: str) -> None:
        self._client = client
        self._prefix = prefix

    def _col(self, name: str) -> Any:
        return self._client.collection(self._prefix + name)

    def _enqueue(self, batch: Any, outbox: Sequence[OutboxMessage]) -> None:
        for message in outbox:
            batch.create(self._col("sms_outbox").document(message.id), _outbox_doc(message))


class FirestoreApplications(_Base):
    async def add(
        self, application: Application, outbox: Sequence[OutboxMessage], duplicate_since: datetime
    ) -> Application | None:
        key_ref = self._col("application_keys").document(_hash(application.duplicate_key))
        key_snap = await key_ref.get()
        if key_snap.exists:
            earlier = await self._earlier(key_snap.to_dict(), duplicate_since)
            if earlier is not None:
                return earlier
        batch = self._client.batch()
        marker = {"application_id": application.id, "created_at": application.created_at}
        # The record first: if its id is taken, nothing else is written (the local emulator
        # applies a batch's writes in order and stops at the first that fails).
        record_ref = self._col("applications").document(application.id)
        batch.create(
            record_ref,
            {
                "id": application.id,
                "duplicate_key": application.duplicate_key,
                "data": dict(application.data),
                "files": [
                    {
                        "field": f.field,
                        "key": f.key,
                        "filename": f.filename,
                        "content_type": f.content_type,
                        "size": f.size,
                    }
                    for f in application.files
                ],
                "created_at": application.created_at,
            },
        )
        if key_snap.exists:
            batch.set(key_ref, marker)
        else:
            batch.create(key_ref, marker)
        self._enqueue(batch, outbox)
        try:
            await batch.commit()
        except gexc.AlreadyExists:
            snap = await key_ref.get()
            if snap.exists and snap.get("application_id") != application.id:
                # another request created the key first: that one is the application
                earlier = await self._earlier(snap.to_dict(), duplicate_since)
                if earlier is not None:
                    return earlier
            taken = await record_ref.get()
            if taken.exists and taken.get("duplicate_key") != application.duplicate_key:
                raise IdTaken(application.id) from None  # another instance made the same id
            raise
        return None

    async def _earlier(self, marker: dict[str, Any], since: datetime) -> Application | None:
        if _req_dt(marker["created_at"]) < since:
            return None
        return await self.get(marker["application_id"])

    async def find_duplicate(self, key: str, since: datetime) -> Application | None:
        snap = await self._col("application_keys").document(_hash(key)).get()
        return await self._earlier(snap.to_dict(), since) if snap.exists else None

    async def get(self, application_id: str) -> Application | None:
        snap = await self._col("applications").document(application_id).get()
        return _application(snap.to_dict()) if snap.exists else None


class FirestoreAppointments(_Base):
    async def add(
        self, appointment: Appointment, notification: AdminNotification, outbox: Sequence[OutboxMessage]
    ) -> None:
        batch = self._client.batch()
        batch.create(
            self._col("appointments").document(appointment.reference),
            {"reference": appointment.reference, "data": dict(appointment.data), "created_at": appointment.created_at},
        )
        batch.create(
            self._col("admin_notifications").document(notification.id),
            {
                "id": notification.id,
                "type": notification.type,
                "data": dict(notification.data),
                "created_at": notification.created_at,
            },
        )
        self._enqueue(batch, outbox)
        await batch.commit()

    async def get(self, reference: str) -> Appointment | None:
        snap = await self._col("appointments").document(reference).get()
        if not snap.exists:
            return None
        doc = snap.to_dict()
        return Appointment(doc["reference"], dict(doc["data"]), _req_dt(doc["created_at"]))


class _Simple(_Base):
    collection: str

    async def _add(self, record_id: str, data: FormData, created_at: datetime) -> None:
        await (
            self._col(self.collection)
            .document(record_id)
            .create({"id": record_id, "data": dict(data), "created_at": created_at})
        )

    async def _get(self, record_id: str) -> tuple[str, FormData, datetime] | None:
        snap = await self._col(self.collection).document(record_id).get()
        if not snap.exists:
            return None
        doc = snap.to_dict()
        return doc["id"], dict(doc["data"]), _req_dt(doc["created_at"])


class FirestoreContactMessages(_Simple):
    collection = "contact_messages"

    async def add(self, message: ContactMessage) -> None:
        await self._add(message.id, message.data, message.created_at)

    async def get(self, message_id: str) -> ContactMessage | None:
        row = await self._get(message_id)
        return None if row is None else ContactMessage(*row)


class FirestoreJobAlerts(_Simple):
    collection = "job_alerts"

    async def add(self, alert: JobAlert) -> None:
        await self._add(alert.id, alert.data, alert.created_at)

    async def get(self, alert_id: str) -> JobAlert | None:
        row = await self._get(alert_id)
        return None if row is None else JobAlert(*row)

    async def remove(self, alert_id: str) -> bool:
        ref = self._col(self.collection).document(alert_id)
        if not (await ref.get()).exists:
            return False
        await ref.delete()
        return True

    async def all(self) -> list[JobAlert]:
        docs = [snap.to_dict() async for snap in self._col(self.collection).stream()]
        alerts = [JobAlert(d["id"], dict(d["data"]), _req_dt(d["created_at"])) for d in docs]
        return sorted(alerts, key=lambda a: (a.created_at, a.id))


def _subscription(doc: dict[str, Any]) -> NewsletterSubscription:
    return NewsletterSubscription(
        doc["id"],
        doc["email"],
        doc["name"],
        tuple(doc.get("interests", [])),
        _req_dt(doc["created_at"]),
        _req_dt(doc["updated_at"]),
        doc.get("privacy_notice_version", ""),
        _dt(doc.get("privacy_accepted_at")),
    )


class FirestoreNewsletter(_Base):
    def _ref(self, email: str) -> Any:
        return self._col("newsletter_subscriptions").document(_hash(email.strip().lower()))

    async def subscribe(self, subscription: NewsletterSubscription) -> tuple[NewsletterSubscription, bool]:
        s = subscription
        ref = self._ref(s.email)
        snap = await ref.get()
        consent = (
            {"privacy_notice_version": s.privacy_notice_version, "privacy_accepted_at": s.privacy_accepted_at}
            if s.privacy_accepted_at is not None
            else {}
        )
        if snap.exists:
            await ref.update(
                {"email": s.email, "name": s.name, "interests": list(s.interests), "updated_at": s.updated_at} | consent
            )
            return _subscription((await ref.get()).to_dict()), False
        doc = {
            "id": s.id,
            "email": s.email,
            "name": s.name,
            "interests": list(s.interests),
            "created_at": s.created_at,
            "updated_at": s.updated_at,
            **consent,
        }
        try:
            await ref.create(doc)
        except gexc.AlreadyExists:
            return await self.subscribe(subscription)
        return _subscription(doc), True

    async def get_by_email(self, email: str) -> NewsletterSubscription | None:
        snap = await self._ref(email).get()
        return _subscription(snap.to_dict()) if snap.exists else None


class FirestoreAdminNotifications(_Base):
    async def list(self, type: str, limit: int = 50) -> list[AdminNotification]:
        query = self._col("admin_notifications").where(filter=FieldFilter("type", "==", type))
        docs = [snap.to_dict() async for snap in query.stream()]
        docs.sort(key=lambda d: (_req_dt(d["created_at"]), d["id"]), reverse=True)
        return [AdminNotification(d["id"], d["type"], dict(d["data"]), _req_dt(d["created_at"])) for d in docs[:limit]]


CLAIM_KEEP = timedelta(days=1)
"""How long a claim document is kept (its ``expires_at``, for the TTL policy)."""


class FirestoreOutbox(_Base):
    async def enqueue(self, messages: Sequence[OutboxMessage]) -> int:
        new = 0
        for m in messages:
            try:
                await self._col("sms_outbox").document(m.id).create(_outbox_doc(m))
            except gexc.AlreadyExists:
                continue
            new += 1
        return new

    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        query = (
            self._col("sms_outbox")
            .where(filter=FieldFilter("status", "==", OutboxStatus.PENDING.value))
            .where(filter=FieldFilter("next_attempt_at", "<=", now))
        )
        due = [snap.to_dict() async for snap in query.stream()]
        free = [d for d in due if _lease_free(d, now)]
        free.sort(key=lambda d: (_req_dt(d["next_attempt_at"]), d["id"]))
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

    async def _claim_one(
        self, message_id: str, now: datetime, lease_until: datetime, owner: str
    ) -> OutboxMessage | None:
        ref = self._col("sms_outbox").document(message_id)

        @firestore.async_transactional
        async def work(tx: Any) -> OutboxMessage | None:
            snap = await ref.get(transaction=tx)
            if not snap.exists:
                return None
            doc = snap.to_dict()
            if (
                doc["status"] != OutboxStatus.PENDING.value
                or _req_dt(doc["next_attempt_at"]) > now
                or not _lease_free(doc, now)
            ):
                return None
            attempt = int(doc["attempts"]) + 1
            # First in the commit: if another worker made this claim, nothing else is written.
            tx.create(
                self._col("sms_outbox_claims").document(f"{message_id}-{attempt}"),
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
            return _outbox_message({**doc, **lease})

        try:
            claimed: OutboxMessage | None = await work(self._client.transaction())
        except gexc.AlreadyExists:
            return None  # another worker claimed this attempt first
        return claimed

    async def _mark(self, message_id: str, fields: dict[str, Any], owner: str | None) -> bool:
        ref = self._col("sms_outbox").document(message_id)

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

    async def mark_delivered(self, message_id: str, now: datetime, owner: str | None = None) -> bool:
        return await self._mark(
            message_id,
            {"status": OutboxStatus.DELIVERED.value, "delivered_at": now, "lease_until": None, "lease_owner": None},
            owner,
        )

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

    async def release(self, owner: str) -> int:
        query = self._col("sms_outbox").where(filter=FieldFilter("lease_owner", "==", owner))
        held = [snap.get("id") async for snap in query.stream()]
        freed = await asyncio.gather(
            *(self._mark(message_id, {"lease_until": None, "lease_owner": None}, owner) for message_id in held)
        )
        return sum(freed)

    async def get(self, message_id: str) -> OutboxMessage | None:
        snap = await self._col("sms_outbox").document(message_id).get()
        return _outbox_message(snap.to_dict()) if snap.exists else None

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        query = self._col("sms_outbox")
        if source_id is not None:
            query = query.where(filter=FieldFilter("source_id", "==", source_id))
        docs = [snap.to_dict() async for snap in query.stream()]
        messages = [_outbox_message(d) for d in docs]
        messages.sort(key=lambda m: (m.created_at, m.id))
        return messages


def _post_doc(p: BlogPost) -> dict[str, Any]:
    return {
        "id": p.id,
        "title": p.title,
        "excerpt": p.excerpt,
        "image": p.image,
        "author": p.author,
        "date": p.date,
        "content": p.content,
        "category": p.category,
        "tags": list(p.tags),
        "read_time": p.read_time,
        "featured": p.featured,
        "published": p.published,
        "updated_at": p.updated_at,
    }


def _post(d: dict[str, Any]) -> BlogPost:
    return BlogPost(
        id=d["id"],
        title=d["title"],
        excerpt=d["excerpt"],
        image=d["image"],
        author=d["author"],
        date=d["date"],
        content=d["content"],
        category=d["category"],
        tags=tuple(d.get("tags", [])),
        read_time=d["read_time"],
        featured=bool(d["featured"]),
        published=bool(d["published"]),
        updated_at=_req_dt(d["updated_at"]),
    )


def _newest_first(post: BlogPost) -> tuple[str, int, str]:
    return (post.date, int(post.id) if post.id.isdigit() else -1, post.id)


class FirestoreBlogPosts(_Base):
    async def published(self) -> list[BlogPost]:
        query = self._col("blog_posts").where(filter=FieldFilter("published", "==", True))
        posts = [_post(snap.to_dict()) async for snap in query.stream()]
        return sorted(posts, key=_newest_first, reverse=True)

    async def get(self, post_id: str) -> BlogPost | None:
        snap = await self._col("blog_posts").document(post_id).get()
        return _post(snap.to_dict()) if snap.exists else None

    async def save(self, post: BlogPost) -> None:
        await self._col("blog_posts").document(post.id).set(_post_doc(post))

    async def seed(self, posts: Sequence[BlogPost]) -> int:
        inserted = 0
        for post in posts:
            try:
                await self._col("blog_posts").document(post.id).create(_post_doc(post))
            except gexc.AlreadyExists:
                continue
            inserted += 1
        return inserted


class FirestoreStore:
    """Implements :class:`agency_core.ports.Store`. ``prefix`` namespaces the collections (tests)."""

    def __init__(self, client: Client, prefix: str = "") -> None:
        self.client = client
        self.applications = FirestoreApplications(client, prefix)
        self.appointments = FirestoreAppointments(client, prefix)
        self.contact_messages = FirestoreContactMessages(client, prefix)
        self.newsletter = FirestoreNewsletter(client, prefix)
        self.job_alerts = FirestoreJobAlerts(client, prefix)
        self.admin_notifications = FirestoreAdminNotifications(client, prefix)
        self.outbox = FirestoreOutbox(client, prefix)
        self.blog_posts = FirestoreBlogPosts(client, prefix)

    @classmethod
    def connect(cls, project_id: str, prefix: str = "") -> FirestoreStore:
        """A client for ``project_id``; honours ``FIRESTORE_EMULATOR_HOST``."""
        return cls(firestore.AsyncClient(project=project_id), prefix)

    async def start(self) -> None:
        """Firestore needs no schema."""
        return

    async def close(self) -> None:
        self.client.close()
