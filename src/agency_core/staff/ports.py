"""The admin area's ports: the store it reads and the blog's media store."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from agency_core.admin_settings import SettingsStore
from agency_core.appointments.records import AppointmentRecord
from agency_core.audit import AuditEntry
from agency_core.jobs.model import Job
from agency_core.paging import Page, PageRequest
from agency_core.records import AppointmentStatus, BlogPost, JobAlert, JobStatus, NewsletterSubscription
from agency_core.staff.query import ApplicationQuery
from agency_core.staff.records import ApplicationRecord, Counts, MessageRecord, OutboxHealth


class AdminStore(SettingsStore, Protocol):
    """What the admin area reads. Its changes, each with its :class:`AuditEntry`, are written
    through a :class:`~agency_core.unit_of_work.UnitOfWork`."""

    async def start(self) -> None: ...

    # audit
    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        """Newest first."""
        ...

    # dashboard
    async def counts(self) -> Counts: ...
    async def outbox_health(self, since: datetime) -> OutboxHealth:
        """Pending messages, and messages failed for good whose last attempt was at or after ``since``."""
        ...

    # applications
    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        """Newest first."""
        ...

    async def application(self, application_id: str) -> ApplicationRecord | None: ...
    # appointments
    async def appointments(
        self,
        status: AppointmentStatus | None,
        page: PageRequest,
        *,
        starts_from: datetime | None = None,
        starts_before: datetime | None = None,
    ) -> Page[AppointmentRecord]:
        """By preferred date (then time booked); with ``starts_from``/``starts_before``, only the
        slots starting in ``[starts_from, starts_before)``."""
        ...

    async def appointment(self, reference: str) -> AppointmentRecord | None: ...

    async def appointment_counts(self, start: datetime, end: datetime) -> dict[AppointmentStatus, int]:
        """How many bookings of each status start in ``[start, end)``."""
        ...

    async def appointments_between(self, start: datetime, end: datetime) -> list[AppointmentRecord]:
        """Every booking (any status) that starts in ``[start, end)``, by start then reference."""
        ...

    # messages
    async def messages(
        self, page: PageRequest, *, unread: bool = False, since: datetime | None = None
    ) -> Page[MessageRecord]:
        """Unread first, then newest; ``unread`` only those not read, ``since`` only those received from then."""
        ...

    async def message(self, message_id: str) -> MessageRecord | None: ...
    # jobs
    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        """Newest first."""
        ...

    async def job(self, job_id: str) -> Job | None: ...
    async def applications_per_job(self, job_ids: Sequence[str]) -> dict[str, int]:
        """How many applications name each job (jobs with none are left out)."""
        ...

    # blog
    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        """Every post, drafts too, newest date first."""
        ...

    # subscribers
    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        """Newest first."""
        ...

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        """Newest first."""
        ...


class MediaStore(Protocol):
    """Public media (blog images) under names it chooses."""

    async def save(self, content: bytes, extension: str) -> str:
        """Store ``content``; returns its public name, e.g. ``<random>.png``."""
        ...

    async def read(self, name: str) -> bytes | None:
        """The image of a public name, or ``None`` for a name this store never made or has not got."""
        ...
