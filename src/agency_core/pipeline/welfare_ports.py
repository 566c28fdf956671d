"""The records of the worker's welfare after arrival and of the expiry watch, and the store they need.

A check-in is one personal link sent on day 7, 30 or 90 after Arrived (its token is kept only as its
SHA-256); an answer "I need help" opens a :class:`WelfareCase` for the applicant's owner; an
:class:`ExpiryNotice` is the one reminder of one document version. Adapters implement
:class:`WelfareStore` on SQLite and Firestore; each write is one transaction with the outbox messages
and audit entry it names, and holds only on the condition it names (else
:class:`~agency_core.unit_of_work.PreconditionFailed`, writing nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Protocol

from agency_core.audit import AuditEntry
from agency_core.pipeline.documents import DocumentVersion
from agency_core.pipeline.expiry_settings import ExpiryWindowsStore
from agency_core.records import OutboxMessage


class Answer(StrEnum):
    ALL_GOOD = "all_good"
    NEED_HELP = "need_help"


@dataclass(frozen=True, slots=True)
class CheckIn:
    id: str
    """``<application>-welfare-<day>``: one per applicant and day."""
    application_id: str
    day: int
    """7, 30 or 90 after Arrived."""
    token_hash: str
    """The SHA-256 (hex) of the link's token; the token itself is never stored."""
    sent_at: datetime
    expires_at: datetime
    answer: Answer | None = None
    answered_at: datetime | None = None
    message: str = ""


@dataclass(frozen=True, slots=True)
class WelfareCase:
    id: str
    application_id: str
    check_in_id: str
    message: str
    owner_id: str
    """The staff member it is assigned to ("" for nobody)."""
    owner_name: str
    created_at: datetime
    opened_at: datetime | None = None
    """When a staff member first opened it (a case nobody opened within 24 hours is flagged)."""
    opened_by: str = ""
    closed_at: datetime | None = None
    closed_by: str = ""
    close_note: str = ""

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


@dataclass(frozen=True, slots=True)
class ExpiryNotice:
    """The expiry watch told the owner (and the applicant, for a passport) about one document version."""

    version_id: str
    application_id: str
    kind: str
    expires_on: date
    owner_id: str
    owner_name: str
    at: datetime
    texted: bool
    """An SMS went to the applicant (a passport to renew)."""


class WelfareStore(ExpiryWindowsStore, Protocol):
    """The check-ins, cases and notices; and the expiry windows staff set (the watch's settings)."""

    async def add_check_in(self, check_in: CheckIn, messages: Sequence[OutboxMessage]) -> bool:
        """Keep ``check_in`` with its SMS, on condition that its id is new; False (writing nothing) when
        it is not: the check-in of that day was made already."""
        ...

    async def check_in_by_hash(self, token_hash: str) -> CheckIn | None: ...

    async def check_ins(self, application_id: str) -> list[CheckIn]:
        """The applicant's check-ins, by day."""
        ...

    async def answer(self, answered: CheckIn, case: WelfareCase | None) -> None:
        """Store the answer (and the case it opens), on condition that the check-in is still unanswered."""
        ...

    async def cases(self, application_id: str | None = None) -> list[WelfareCase]:
        """Every case (of one applicant when given), newest first."""
        ...

    async def update_case(self, before: WelfareCase, after: WelfareCase, audit: AuditEntry) -> None:
        """Write ``after`` with ``audit``, on condition that the stored case is still ``before``
        (same opened and closed times)."""
        ...

    async def current_documents(self) -> list[DocumentVersion]:
        """Every applicant's current document versions (the expiry sweep reads them)."""
        ...

    async def add_notice(self, notice: ExpiryNotice, messages: Sequence[OutboxMessage]) -> bool:
        """Keep ``notice`` with its messages, on condition that its version has none yet; False when it has."""
        ...

    async def notices(self, application_id: str | None = None) -> list[ExpiryNotice]: ...

    async def erase(self, application_id: str) -> None:
        """Delete the applicant's check-ins, cases and notices (the applicant was erased)."""
        ...


__all__ = ["Answer", "CheckIn", "ExpiryNotice", "WelfareCase", "WelfareStore"]
