"""The admin area's records: the public records with what staff added, and the dashboard's figures.

The admin area works on the public records (:mod:`agency_core.records`) plus what staff add
to them: an application's status and when it was first opened, a message's read time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from agency_core.payments.model import UNPAID, Payment
from agency_core.records import Application, ApplicationStatus, ContactMessage


@dataclass(frozen=True, slots=True)
class ApplicationRecord:
    """An application with what staff added: its status and when it was first opened."""

    application: Application
    status: ApplicationStatus = ApplicationStatus.RECEIVED
    opened_at: datetime | None = None
    payment: Payment = UNPAID
    """The processing fee (:mod:`agency_core.payments.model`)."""
    owner_id: str = ""
    """The staff member who looks after it ("" for nobody; :mod:`agency_core.staff.notes`)."""
    owner_name: str = ""

    @property
    def id(self) -> str:
        return self.application.id


@dataclass(frozen=True, slots=True)
class MessageRecord:
    message: ContactMessage
    read_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class OutboxHealth:
    pending: int
    failed_last_24h: int
    """Given up on by the outbox: never a withdrawn one (``delivery_state``)."""
    withdrawn_last_24h: int
    """Taken back on purpose (an Undo, a moved or cancelled appointment)."""


@dataclass(frozen=True, slots=True)
class Counts:
    total_applications: int
    active_jobs: int
    new_messages: int
    blog_posts: int
