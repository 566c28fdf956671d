"""In-memory fakes of the ports the use cases write and read through (cosmicpython's style).

:class:`FakeUnitOfWork` records every write its repositories are asked for and, per unit of work,
whether it was committed or discarded, so a test asserts what a use case wrote together.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import TracebackType
from typing import Any

from agency_core.admin_settings import AdminSettings
from agency_core.appointments.records import AppointmentRecord
from agency_core.jobs.model import Job
from agency_core.records import Application, Appointment, OutboxMessage
from agency_core.staff.records import MessageRecord


@dataclass(frozen=True, slots=True)
class Write:
    """One write a repository of the unit of work was asked for: ``uow.<repository>.<method>(*args)``."""

    repository: str
    method: str
    args: tuple[Any, ...]


class FakeRepository:
    """Records any write asked of it (``await uow.outbox.enqueue(messages)``) on its unit of work."""

    def __init__(self, unit: FakeUnit, name: str) -> None:
        self._unit = unit
        self._name = name

    def __getattr__(self, method: str) -> Any:
        async def write(*args: Any) -> None:
            self._unit.pending.append(Write(self._name, method, args))

        return write


class FakePosts(FakeRepository):
    async def next_id(self) -> str:
        return self._unit.log.next_post_id


class FakeUnitOfWork:
    """The factory of units of work in memory (pass it as ``uow=``) and the log of what they wrote.

    ``fail_next`` holds errors that the next commits raise instead of committing (a condition that
    did not hold, a duplicate, an id taken), one per commit; ``on_commit``, when set, sees each
    unit's writes at commit and may refuse them by raising (a fake that keeps state checks there).
    """

    def __init__(self) -> None:
        self.committed: list[list[Write]] = []
        """The writes of each committed unit of work, in order."""
        self.discarded: list[list[Write]] = []
        """The writes of each unit of work left by an exception or a failed commit."""
        self.fail_next: list[Exception] = []
        self.on_commit: Callable[[list[Write]], None] | None = None
        self.next_post_id = "1"

    def __call__(self) -> FakeUnit:
        return FakeUnit(self)

    def commit(self, writes: list[Write]) -> None:
        try:
            if self.fail_next:
                raise self.fail_next.pop(0)
            if self.on_commit is not None:
                self.on_commit(writes)
        except Exception:
            self.discarded.append(writes)
            raise
        self.committed.append(writes)

    @property
    def writes(self) -> list[Write]:
        """Every committed write, in order."""
        return [w for unit in self.committed for w in unit]


class FakeUnit:
    """One unit of work: its repositories record writes until it commits them to its log."""

    def __init__(self, log: FakeUnitOfWork) -> None:
        self.log = log
        self.pending: list[Write] = []
        self.applications = FakeRepository(self, "applications")
        self.appointments = FakeRepository(self, "appointments")
        self.contact_messages = FakeRepository(self, "contact_messages")
        self.job_alerts = FakeRepository(self, "job_alerts")
        self.jobs = FakeRepository(self, "jobs")
        self.posts = FakePosts(self, "posts")
        self.settings = FakeRepository(self, "settings")
        self.payments = FakeRepository(self, "payments")
        self.refunds = FakeRepository(self, "refunds")
        self.outbox = FakeRepository(self, "outbox")
        self.audit = FakeRepository(self, "audit")
        self.templates = FakeRepository(self, "templates")
        self.bulk_actions = FakeRepository(self, "bulk_actions")
        self.notes = FakeRepository(self, "notes")
        self.owners = FakeRepository(self, "owners")
        self.replies = FakeRepository(self, "replies")
        self.newsletter = FakeRepository(self, "newsletter")
        self.newsletter_issues = FakeRepository(self, "newsletter_issues")
        self.personal_data = FakeRepository(self, "personal_data")
        self.retention = FakeRepository(self, "retention")
        self.pipeline = FakeRepository(self, "pipeline")

    async def __aenter__(self) -> FakeUnit:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc_type is not None:
            self.log.discarded.append(self.pending)
            return
        self.log.commit(self.pending)


class FakeFiles:
    """A :class:`~agency_core.ports.FileStore` in memory."""

    def __init__(self) -> None:
        self.saved: dict[str, bytes] = {}

    async def save(self, content: bytes, extension: str) -> str:
        key = f"file{len(self.saved) + 1}{extension}"
        self.saved[key] = content
        return key

    async def delete(self, key: str) -> None:
        self.saved.pop(key, None)


@dataclass
class FakeSettings:
    """The settings in force (a :class:`~agency_core.admin_settings.SettingsSource`), and the
    settings store :class:`~agency_core.admin_settings.LiveSettings` reads."""

    settings: AdminSettings = field(default_factory=lambda: AdminSettings(("+233241111111",), "VANDY"))

    async def current(self) -> AdminSettings:
        return self.settings

    async def get_settings(self) -> AdminSettings | None:
        return self.settings


class _Applications:
    def __init__(self) -> None:
        self.earlier: Application | None = None

    async def find_duplicate(self, _key: str, _since: datetime) -> Application | None:
        return self.earlier


class _Appointments:
    """No bookings yet (the appointment tests keep their own, with seats)."""

    async def live_between(self, _start: datetime, _end: datetime) -> list[Appointment]:
        return []


class FakeStore:
    """The reads the public use cases make, and the unit of work they write through."""

    def __init__(self, uow: FakeUnitOfWork) -> None:
        self.uow = uow
        self.applications = _Applications()
        self.appointments = _Appointments()

    def unit_of_work(self) -> FakeUnit:
        return self.uow()


class FakeAdminStore:
    """The reads the admin use cases make, from records a test puts in."""

    def __init__(self) -> None:
        self.applications: dict[str, Any] = {}
        self.appointments: dict[str, AppointmentRecord] = {}
        self.messages: dict[str, MessageRecord] = {}
        self.jobs: dict[str, Job] = {}

    async def application(self, application_id: str) -> Any:
        return self.applications.get(application_id)

    async def appointment(self, reference: str) -> AppointmentRecord | None:
        return self.appointments.get(reference)

    async def appointment_counts(self, start: datetime, end: datetime) -> dict[Any, int]:
        counts: dict[Any, int] = {}
        for record in self.appointments.values():
            at = record.appointment.starts_at
            if at is not None and start <= at < end:
                counts[record.status] = counts.get(record.status, 0) + 1
        return counts

    async def message(self, message_id: str) -> MessageRecord | None:
        return self.messages.get(message_id)

    async def job(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)


class FakeOutbox:
    async def list(self, _source_id: str | None = None) -> Sequence[OutboxMessage]:
        return []

    # builtins.list: inside this class, `list` names the method above.
    async def awaiting_delivery(self, _sent_since: datetime) -> builtins.list[OutboxMessage]:
        return []


class FakeMedia:
    async def save(self, _content: bytes, extension: str) -> str:
        return f"image{extension}"
