"""The admin area's store on Firestore: implements :class:`agency_core.admin.AdminStore`.

What staff add to the public records is kept on their documents (``status`` and
``opened_at`` on applications, ``status`` on appointments, ``read_at`` on contact messages,
``deleted_at`` on blog posts); ``jobs``, ``settings`` (document ``admin``) and ``audit_log``
are collections of their own. A change and its audit entry (and a status change's SMS) are
written in one batch, which Firestore commits atomically.

Limits, by design: lists are filtered, sorted and cut into pages in memory (fine for an
agency's thousands of records, not for millions); a status change reads then writes without
a transaction, but its SMS document id is fixed per status, so a concurrent identical move
fails as a whole instead of texting twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import Any

from google.api_core import exceptions as gexc

from adapters.firestore.store import _application, _dt, _outbox_doc, _post, _post_doc, _req_dt, _subscription
from agency_core.admin import (
    ApplicationQuery,
    ApplicationRecord,
    AppointmentRecord,
    AppointmentStatus,
    AuditEntry,
    Counts,
    Job,
    JobStatus,
    MessageRecord,
    OutboxHealth,
    Page,
    PageRequest,
    application_matches,
    page_of,
)
from agency_core.admin_settings import AdminSettings, settings_from_dict, settings_to_dict
from agency_core.messages import ApplicationStatus
from agency_core.records import Appointment, BlogPost, ContactMessage, JobAlert, NewsletterSubscription, OutboxMessage

Client = Any  # google.cloud.firestore.AsyncClient (the library ships no type hints)
SETTINGS_DOC = "admin"


def _app_record(doc: dict[str, Any]) -> ApplicationRecord:
    from adapters.firestore.payments import payment_of

    return ApplicationRecord(
        _application(doc),
        ApplicationStatus(doc.get("status") or "received"),
        _dt(doc.get("opened_at")),
        payment=payment_of(doc),
    )


def _job_doc(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "title": job.title,
        "country": job.country,
        "category": job.category,
        "salary_range": job.salary_range,
        "description": job.description,
        "status": job.status.value,
        "created_at": job.created_at,
        "updated_at": job.updated_at,
        "city": job.city,
        "employment_type": job.employment_type,
        "positions": job.positions,
        "salary_min": job.salary_min,
        "salary_max": job.salary_max,
        "salary_currency": job.salary_currency,
        "salary_period": job.salary_period,
        "requirements": job.requirements,
        "benefits": list(job.benefits),
        "closing_date": None if job.closing_date is None else job.closing_date.isoformat(),
        "published_at": job.published_at,
    }


def _job(doc: dict[str, Any]) -> Job:
    return Job(
        id=doc["id"],
        title=doc["title"],
        country=doc["country"],
        category=doc["category"],
        salary_range=doc["salary_range"],
        description=doc["description"],
        status=JobStatus(doc["status"]),
        created_at=_req_dt(doc["created_at"]),
        updated_at=_req_dt(doc["updated_at"]),
        # documents written before job postings grew lack these fields: read them with defaults
        city=doc.get("city") or "",
        employment_type=doc.get("employment_type") or "Full-time",
        positions=int(doc.get("positions") or 1),
        salary_min=doc.get("salary_min"),
        salary_max=doc.get("salary_max"),
        salary_currency=doc.get("salary_currency") or "USD",
        salary_period=doc.get("salary_period") or "month",
        requirements=doc.get("requirements") or "",
        benefits=tuple(doc.get("benefits") or ()),
        closing_date=date.fromisoformat(doc["closing_date"]) if doc.get("closing_date") else None,
        published_at=_published(doc),
    )


def _published(doc: dict[str, Any]) -> datetime | None:
    if "published_at" in doc:
        return _dt(doc["published_at"])
    return _req_dt(doc["created_at"]) if doc.get("status") == JobStatus.OPEN.value else None


def _audit_doc(entry: AuditEntry) -> dict[str, Any]:
    return {"id": entry.id, "actor": entry.actor, "action": entry.action, "target": entry.target, "at": entry.at}


def _appointment(doc: dict[str, Any]) -> AppointmentRecord:
    appointment = Appointment(doc["reference"], dict(doc["data"]), _req_dt(doc["created_at"]))
    return AppointmentRecord(appointment, AppointmentStatus(doc.get("status") or "booked"))


def _message(doc: dict[str, Any]) -> MessageRecord:
    return MessageRecord(
        ContactMessage(doc["id"], dict(doc["data"]), _req_dt(doc["created_at"])), _dt(doc.get("read_at"))
    )


def _post_order(post: BlogPost) -> tuple[str, int, str]:
    return (post.date, int(post.id) if post.id.isdigit() else -1, post.id)


class FirestoreAdminStore:
    """``prefix`` namespaces the collections, as for :class:`adapters.firestore.store.FirestoreStore`."""

    def __init__(self, client: Client, prefix: str = "") -> None:
        self._client = client
        self._prefix = prefix

    def _col(self, name: str) -> Any:
        return self._client.collection(self._prefix + name)

    async def _all(self, name: str) -> list[dict[str, Any]]:
        return [snap.to_dict() async for snap in self._col(name).stream()]

    async def _doc(self, name: str, doc_id: str) -> dict[str, Any] | None:
        snap = await self._col(name).document(doc_id).get()
        return snap.to_dict() if snap.exists else None

    def _audit(self, batch: Any, entry: AuditEntry) -> None:
        batch.create(self._col("audit_log").document(entry.id), _audit_doc(entry))

    async def start(self) -> None:
        """Firestore needs no schema."""
        return

    # -- settings and audit ---------------------------------------------------------------

    async def get_settings(self) -> AdminSettings | None:
        doc = await self._doc("settings", SETTINGS_DOC)
        return None if doc is None else settings_from_dict(doc, AdminSettings((), ""))

    async def put_settings(self, settings: AdminSettings, audit: AuditEntry) -> None:
        batch = self._client.batch()
        batch.set(self._col("settings").document(SETTINGS_DOC), {**settings_to_dict(settings), "updated_at": audit.at})
        self._audit(batch, audit)
        await batch.commit()

    async def audit(self, entry: AuditEntry) -> None:
        await self._col("audit_log").document(entry.id).create(_audit_doc(entry))

    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        entries = [
            AuditEntry(d["id"], d["actor"], d["action"], d["target"], _req_dt(d["at"]))
            for d in await self._all("audit_log")
        ]
        entries.sort(key=lambda e: (e.at, e.id), reverse=True)
        return page_of(entries, page)

    # -- dashboard ------------------------------------------------------------------------

    async def counts(self) -> Counts:
        return Counts(
            total_applications=len(await self._all("applications")),
            active_jobs=sum(1 for d in await self._all("jobs") if d.get("status") == JobStatus.OPEN.value),
            new_messages=sum(1 for d in await self._all("contact_messages") if d.get("read_at") is None),
            blog_posts=sum(1 for d in await self._all("blog_posts") if d.get("deleted_at") is None),
        )

    async def outbox_health(self, since: datetime) -> OutboxHealth:
        docs = await self._all("sms_outbox")
        pending = sum(1 for d in docs if d["status"] == "pending")
        failed = sum(1 for d in docs if d["status"] == "failed" and _req_dt(d["next_attempt_at"]) >= since)
        return OutboxHealth(pending, failed)

    # -- applications ---------------------------------------------------------------------

    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        records = [_app_record(d) for d in await self._all("applications")]
        found = [r for r in records if application_matches(r, query)]
        found.sort(key=lambda r: (r.application.created_at, r.id), reverse=True)
        return page_of(found, page)

    async def application(self, application_id: str) -> ApplicationRecord | None:
        doc = await self._doc("applications", application_id)
        return None if doc is None else _app_record(doc)

    async def mark_opened(self, application_id: str, at: datetime) -> None:
        doc = await self._doc("applications", application_id)
        if doc is not None and doc.get("opened_at") is None:
            await self._col("applications").document(application_id).update({"opened_at": at})

    async def change_status(
        self,
        application_id: str,
        current: ApplicationStatus,
        new: ApplicationStatus,
        outbox: Sequence[OutboxMessage],
        audit: AuditEntry,
    ) -> bool:
        record = await self.application(application_id)
        if record is None or record.status is not current:
            return False
        batch = self._client.batch()
        batch.update(self._col("applications").document(application_id), {"status": new.value})
        for message in outbox:
            batch.create(self._col("sms_outbox").document(message.id), _outbox_doc(message))
        self._audit(batch, audit)
        try:
            await batch.commit()
        except gexc.AlreadyExists:
            return False
        return True

    # -- appointments ---------------------------------------------------------------------

    async def appointments(self, status: AppointmentStatus | None, page: PageRequest) -> Page[AppointmentRecord]:
        records = [_appointment(d) for d in await self._all("appointments")]
        found = [r for r in records if status is None or r.status is status]
        found.sort(
            key=lambda r: (
                str(r.appointment.data.get("preferredDate") or ""),
                r.appointment.created_at,
                r.appointment.reference,
            )
        )
        return page_of(found, page)

    async def appointment(self, reference: str) -> AppointmentRecord | None:
        doc = await self._doc("appointments", reference)
        return None if doc is None else _appointment(doc)

    async def set_appointment_status(
        self, reference: str, current: AppointmentStatus, new: AppointmentStatus, audit: AuditEntry
    ) -> bool:
        record = await self.appointment(reference)
        if record is None or record.status is not current:
            return False
        batch = self._client.batch()
        batch.update(self._col("appointments").document(reference), {"status": new.value})
        self._audit(batch, audit)
        await batch.commit()
        return True

    # -- messages -------------------------------------------------------------------------

    async def messages(self, page: PageRequest) -> Page[MessageRecord]:
        records = [_message(d) for d in await self._all("contact_messages")]
        records.sort(key=lambda r: (r.message.created_at, r.message.id), reverse=True)
        records.sort(key=lambda r: r.read_at is not None)
        return page_of(records, page)

    async def message(self, message_id: str) -> MessageRecord | None:
        doc = await self._doc("contact_messages", message_id)
        return None if doc is None else _message(doc)

    async def mark_read(self, message_id: str, at: datetime, audit: AuditEntry) -> bool:
        record = await self.message(message_id)
        if record is None or record.read_at is not None:
            return False
        batch = self._client.batch()
        batch.update(self._col("contact_messages").document(message_id), {"read_at": at})
        self._audit(batch, audit)
        await batch.commit()
        return True

    # -- jobs -----------------------------------------------------------------------------

    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        jobs = [_job(d) for d in await self._all("jobs")]
        found = [j for j in jobs if status is None or j.status is status]
        found.sort(key=lambda j: (j.created_at, j.id), reverse=True)
        return page_of(found, page)

    async def job(self, job_id: str) -> Job | None:
        doc = await self._doc("jobs", job_id)
        return None if doc is None else _job(doc)

    async def save_job(self, job: Job, audit: AuditEntry) -> None:
        batch = self._client.batch()
        batch.set(self._col("jobs").document(job.id), _job_doc(job))
        self._audit(batch, audit)
        await batch.commit()

    async def close_expired_jobs(self, today: date, at: datetime) -> list[str]:
        expired = [
            j
            for j in (_job(d) for d in await self._all("jobs"))
            if j.status is JobStatus.OPEN and j.status_on(today) is not j.status
        ]
        if not expired:
            return []
        batch = self._client.batch()
        for job in expired:
            batch.update(self._col("jobs").document(job.id), {"status": JobStatus.CLOSED.value, "updated_at": at})
        await batch.commit()
        return sorted(j.id for j in expired)

    async def applications_per_job(self, job_ids: Sequence[str]) -> dict[str, int]:
        wanted = set(job_ids)
        counts: dict[str, int] = {}
        for doc in await self._all("applications"):
            job_id = (doc.get("data") or {}).get("jobId")
            if job_id in wanted:
                counts[job_id] = counts.get(job_id, 0) + 1
        return counts

    async def delete_job(self, job_id: str, audit: AuditEntry) -> bool:
        if await self._doc("jobs", job_id) is None:
            return False
        batch = self._client.batch()
        batch.delete(self._col("jobs").document(job_id))
        self._audit(batch, audit)
        await batch.commit()
        return True

    # -- blog -----------------------------------------------------------------------------

    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        posts = [_post(d) for d in await self._all("blog_posts") if d.get("deleted_at") is None]
        posts.sort(key=_post_order, reverse=True)
        return page_of(posts, page)

    async def insert_post(self, make: Callable[[str], BlogPost], audit: Callable[[str], AuditEntry]) -> BlogPost:
        for _ in range(20):
            ids = [d["id"] for d in await self._all("blog_posts")]
            top = max((int(i) for i in ids if str(i).isdigit()), default=0)
            post = make(str(top + 1))
            batch = self._client.batch()
            batch.create(self._col("blog_posts").document(post.id), _post_doc(post))
            self._audit(batch, audit(post.id))
            try:
                await batch.commit()
            except gexc.AlreadyExists:
                continue  # another admin took that id meanwhile
            return post
        raise RuntimeError("could not find a free blog post id")

    async def replace_post(self, post: BlogPost, audit: AuditEntry) -> bool:
        doc = await self._doc("blog_posts", post.id)
        if doc is None or doc.get("deleted_at") is not None:
            return False
        batch = self._client.batch()
        batch.set(self._col("blog_posts").document(post.id), _post_doc(post))
        self._audit(batch, audit)
        await batch.commit()
        return True

    async def delete_post(self, post_id: str, audit: AuditEntry) -> bool:
        """A tombstone: unpublished and hidden, so the built-in seed does not bring it back."""
        doc = await self._doc("blog_posts", post_id)
        if doc is None or doc.get("deleted_at") is not None:
            return False
        batch = self._client.batch()
        batch.update(self._col("blog_posts").document(post_id), {"published": False, "deleted_at": audit.at})
        self._audit(batch, audit)
        await batch.commit()
        return True

    # -- subscribers ----------------------------------------------------------------------

    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        subs = [_subscription(d) for d in await self._all("newsletter_subscriptions")]
        subs.sort(key=lambda s: (s.created_at, s.id), reverse=True)
        return page_of(subs, page)

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        alerts = [JobAlert(d["id"], dict(d["data"]), _req_dt(d["created_at"])) for d in await self._all("job_alerts")]
        alerts.sort(key=lambda a: (a.created_at, a.id), reverse=True)
        return page_of(alerts, page)
