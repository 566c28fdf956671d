"""The admin area's store on Firestore: implements :class:`agency_core.staff.ports.AdminStore`.

What staff add to the public records is kept on their documents (``status`` and
``opened_at`` on applications, ``status`` on appointments, ``read_at`` on contact messages,
``deleted_at`` on blog posts); ``jobs``, ``settings`` (document ``admin``) and ``audit_log``
are collections of their own. Changes are written by the unit of work
(:mod:`adapters.firestore.unit_of_work`), each with its audit entry, in one transaction.

Limits, by design: lists are filtered, sorted and cut into pages in memory (fine for an
agency's thousands of records, not for millions).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, settings_of
from adapters.firestore.documents import (
    SEARCH_KEY,
    SEARCH_TOKENS,
    Collections,
    application_record,
    appointment_record,
    job_of,
    message_record,
    newest_first,
)
from adapters.firestore.unit_of_work import SETTINGS_DOC
from agency_core.admin_settings import AdminSettings
from agency_core.appointments.records import AppointmentRecord
from agency_core.audit import AuditEntry
from agency_core.jobs.model import Job
from agency_core.messaging.delivery import DeliveryState, count_states
from agency_core.paging import Page, PageRequest, page_of
from agency_core.records import AppointmentStatus, BlogPost, JobAlert, JobStatus, NewsletterSubscription, OutboxMessage
from agency_core.staff.query import ApplicationQuery, application_matches
from agency_core.staff.records import ApplicationRecord, Counts, MessageRecord, OutboxHealth
from agency_core.staff.views import AppointmentFilter, MessageFilter


class FirestoreAdminStore(Collections):
    """``prefix`` namespaces the collections, as for :class:`adapters.firestore.store.FirestoreStore`."""

    async def start(self) -> None:
        """Firestore needs no schema."""
        return

    # -- settings and audit ---------------------------------------------------------------

    async def get_settings(self) -> AdminSettings | None:
        doc = await self._doc("settings", SETTINGS_DOC)
        return None if doc is None else settings_of(doc, AdminSettings((), ""))

    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        entries = [from_document(AuditEntry, d) for d in await self._all("audit_log")]
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
        docs = await self._all("outbox")
        pending = sum(1 for d in docs if d["status"] == "pending" and d.get("channel") != "task")  # not the tasks
        stopped = [
            m
            for d in docs
            if d["status"] == "failed" and (m := from_document(OutboxMessage, d)).next_attempt_at >= since
        ]
        states = count_states(stopped)
        return OutboxHealth(pending, states[DeliveryState.FAILED], states[DeliveryState.WITHDRAWN])

    # -- applications ---------------------------------------------------------------------

    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        token = query.search.token if query.q else None
        if token is None:
            docs = await self._all("applications")
        else:  # only the documents holding one of the query's tokens, then every filter in memory
            found_by_token = self._col("applications").where(filter=FieldFilter(SEARCH_TOKENS, "array_contains", token))
            docs = [d async for snap in found_by_token.stream() if (d := snap.to_dict()) is not None]
        kept = [(application_record(d, self._sealer), d.get(SEARCH_KEY)) for d in docs]
        found = [r for r, key in kept if application_matches(r, query, key if isinstance(key, str) else None)]
        found.sort(key=lambda r: (r.application.created_at, r.id), reverse=True)
        return page_of(found, page)

    async def application(self, application_id: str) -> ApplicationRecord | None:
        doc = await self._doc("applications", application_id)
        return None if doc is None else application_record(doc, self._sealer)

    # -- appointments ---------------------------------------------------------------------

    async def appointments(
        self,
        status: AppointmentStatus | None,
        page: PageRequest,
        *,
        starts_from: datetime | None = None,
        starts_before: datetime | None = None,
    ) -> Page[AppointmentRecord]:
        records = [appointment_record(d) for d in await self._all("appointments")]
        wanted = AppointmentFilter(status, starts_from, starts_before)
        found = [r for r in records if wanted.keeps(r.status, r.appointment.starts_at)]
        found.sort(
            key=lambda r: (
                r.appointment.data.preferred_date,
                r.appointment.created_at,
                r.appointment.reference,
            )
        )
        return page_of(found, page)

    async def appointment(self, reference: str) -> AppointmentRecord | None:
        doc = await self._doc("appointments", reference)
        return None if doc is None else appointment_record(doc)

    async def appointments_between(self, start: datetime, end: datetime) -> list[AppointmentRecord]:
        query = (
            self._col("appointments")
            .where(filter=FieldFilter("starts_at", ">=", start))
            .where(filter=FieldFilter("starts_at", "<", end))
        )
        found = [appointment_record(snap.to_dict() or {}) async for snap in query.stream()]
        return sorted(found, key=lambda r: (r.appointment.starts_at or start, r.appointment.reference))

    async def appointment_counts(self, start: datetime, end: datetime) -> dict[AppointmentStatus, int]:
        query = (
            self._col("appointments")
            .where(filter=FieldFilter("starts_at", ">=", start))
            .where(filter=FieldFilter("starts_at", "<", end))
        )
        counts: dict[AppointmentStatus, int] = {}
        async for snap in query.stream():
            status = appointment_record(snap.to_dict() or {}).status
            counts[status] = counts.get(status, 0) + 1
        return counts

    # -- messages -------------------------------------------------------------------------

    async def messages(
        self, page: PageRequest, *, unread: bool = False, since: datetime | None = None
    ) -> Page[MessageRecord]:
        wanted = MessageFilter(unread, since)
        every = [message_record(d) for d in await self._all("contact_messages")]
        records = [r for r in every if wanted.keeps(r.read_at, r.message.created_at)]
        records.sort(key=lambda r: (r.message.created_at, r.message.id), reverse=True)
        records.sort(key=lambda r: r.read_at is not None)
        return page_of(records, page)

    async def message(self, message_id: str) -> MessageRecord | None:
        doc = await self._doc("contact_messages", message_id)
        return None if doc is None else message_record(doc)

    # -- jobs -----------------------------------------------------------------------------

    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        jobs = [job_of(d) for d in await self._all("jobs")]
        found = [j for j in jobs if status is None or j.status is status]
        found.sort(key=lambda j: (j.created_at, j.id), reverse=True)
        return page_of(found, page)

    async def job(self, job_id: str) -> Job | None:
        doc = await self._doc("jobs", job_id)
        return None if doc is None else job_of(doc)

    async def applications_per_job(self, job_ids: Sequence[str]) -> dict[str, int]:
        wanted = set(job_ids)
        counts: dict[str, int] = {}
        for doc in await self._all("applications"):
            job_id = (doc.get("data") or {}).get("jobId")
            if job_id in wanted:
                counts[job_id] = counts.get(job_id, 0) + 1
        return counts

    # -- blog -----------------------------------------------------------------------------

    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        posts = [from_document(BlogPost, d) for d in await self._all("blog_posts") if d.get("deleted_at") is None]
        posts.sort(key=newest_first, reverse=True)
        return page_of(posts, page)

    # -- subscribers ----------------------------------------------------------------------

    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        subs = [from_document(NewsletterSubscription, d) for d in await self._all("newsletter_subscriptions")]
        subs.sort(key=lambda s: (s.created_at, s.id), reverse=True)
        return page_of(subs, page)

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        alerts = [from_document(JobAlert, d) for d in await self._all("job_alerts")]
        alerts.sort(key=lambda a: (a.created_at, a.id), reverse=True)
        return page_of(alerts, page)
