"""A newsletter issue, what staff see of its sending, and the store ports the newsletter reads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Protocol

from agency_core.records import OutboxMessage, OutboxStatus


class IssueStatus(StrEnum):
    DRAFT = "draft"
    SENT = "sent"
    """Sent at least once; sending again reaches only the confirmed subscribers it has not reached."""


@dataclass(frozen=True, slots=True)
class NewsletterIssue:
    id: str
    subject: str
    body: str
    created_by: str
    created_at: datetime
    updated_at: datetime
    """Changes with every write: a write is made on condition that it is still the one read."""
    status: IssueStatus = IssueStatus.DRAFT
    sends: int = 0
    """How many times staff pressed Send."""
    sent_at: datetime | None = None
    """The first send."""
    sent_by: str = ""
    recipients: int = 0
    """Subscribers it was queued to, over every send (each at most once)."""


@dataclass(frozen=True, slots=True)
class IssueCounts:
    """The issue's e-mails to subscribers in the outbox (test e-mails are not counted)."""

    queued: int = 0
    sent: int = 0
    failed: int = 0

    @classmethod
    def of(cls, messages: list[OutboxMessage]) -> IssueCounts:
        def count(status: OutboxStatus) -> int:
            return sum(1 for m in messages if m.status == status)

        return cls(count(OutboxStatus.PENDING), count(OutboxStatus.DELIVERED), count(OutboxStatus.FAILED))


class NewsletterIssueRepository(Protocol):
    """Reads; issues are written through the unit of work (``uow.newsletter_issues``)."""

    async def get(self, issue_id: str) -> NewsletterIssue | None: ...

    async def all(self) -> list[NewsletterIssue]:
        """Newest first."""
        ...
