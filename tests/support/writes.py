"""Writing records in tests the way the use cases do: through a store's unit of work."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import datetime, timedelta

from agency_core.audit import AuditEntry
from agency_core.jobs.model import Job
from agency_core.ports import Store
from agency_core.records import (
    AdminNotification,
    Application,
    Appointment,
    ContactMessage,
    JobAlert,
    NewsletterSubscription,
    OutboxMessage,
)
from agency_core.unit_of_work import DuplicateKeyTaken, PreconditionFailed, UnitOfWork


async def add_application(
    store: Store, application: Application, outbox: Sequence[OutboxMessage] = (), since: datetime | None = None
) -> Application | None:
    """Store ``application`` and its ``outbox`` in one unit of work; returns the earlier application
    with its duplicate key created at or after ``since`` (and writes nothing), else ``None``."""
    since = application.created_at - timedelta(hours=24) if since is None else since
    try:
        async with store.unit_of_work() as uow:
            await uow.applications.add(application, since)
            await uow.outbox.enqueue(outbox)
    except DuplicateKeyTaken as duplicate:
        return duplicate.earlier
    return None


async def add_appointment(
    store: Store, appointment: Appointment, notification: AdminNotification, outbox: Sequence[OutboxMessage] = ()
) -> None:
    async with store.unit_of_work() as uow:
        await uow.appointments.add(appointment, notification)
        await uow.outbox.enqueue(outbox)


async def add_contact_message(store: Store, message: ContactMessage) -> None:
    async with store.unit_of_work() as uow:
        await uow.contact_messages.add(message)


async def add_job_alert(store: Store, alert: JobAlert) -> None:
    async with store.unit_of_work() as uow:
        await uow.job_alerts.add(alert)


Writes = Callable[[UnitOfWork], Iterable[Awaitable[None]]]
"""The writes of one unit of work, as a function of it (see :func:`commits`)."""


async def commits(store: Store, writes: Writes) -> bool:
    """Run ``writes(uow)`` in one unit of work: False when a condition failed at commit (and
    nothing was written), True when it committed."""
    try:
        async with store.unit_of_work() as uow:
            for write in writes(uow):
                await write
    except PreconditionFailed:
        return False
    return True


async def save_job(store: Store, job: Job, entry: AuditEntry) -> None:
    async with store.unit_of_work() as uow:
        await uow.jobs.save(job)
        await uow.audit.add(entry)


async def enqueue(store: Store, messages: Sequence[OutboxMessage]) -> None:
    """Messages on their own (an id queued already is kept as it is), as the alert mailer queues them."""
    async with store.unit_of_work() as uow:
        await uow.outbox.enqueue_new(messages)


async def add_audit(store: Store, *entries: AuditEntry) -> None:
    async with store.unit_of_work() as uow:
        for entry in entries:
            await uow.audit.add(entry)


async def add_subscription(store: Store, subscription: NewsletterSubscription) -> None:
    async with store.unit_of_work() as uow:
        await uow.newsletter.put(subscription, None)
