"""The stores employers and job orders need; adapters implement them (SQLite and Firestore).

Each write is its own transaction with its audit entry in the same commit. A record is written on
condition that the stored one is still the version it was made from (``version - 1``; none for
version 1), else :class:`~agency_core.unit_of_work.PreconditionFailed` and nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from agency_core.audit import AuditEntry
from agency_core.employers.model import Employer, JobLink, JobOrder


class EmployerStore(Protocol):
    async def employers(self) -> list[Employer]:
        """Every employer, by company (an agency has hundreds at most: lists are searched whole)."""
        ...

    async def employer(self, employer_id: str) -> Employer | None: ...

    async def save_employer(self, employer: Employer, audit: AuditEntry) -> None: ...

    async def orders(self, employer_id: str | None = None) -> list[JobOrder]:
        """Every order (of one employer when given), newest first."""
        ...

    async def order(self, order_id: str) -> JobOrder | None: ...

    async def save_order(self, order: JobOrder, audit: AuditEntry) -> None: ...

    async def link(self, link: JobLink, audit: AuditEntry) -> None:
        """Link ``link.job_id`` to ``link.order_id`` (replacing the job's earlier link)."""
        ...

    async def unlink(self, job_id: str, audit: AuditEntry) -> None: ...

    async def links(self, order_id: str | None = None) -> list[JobLink]:
        """Every job's link (to one order when given), by job id."""
        ...

    async def link_of(self, job_id: str) -> JobLink | None: ...

    async def audit(self, entry: AuditEntry) -> None:
        """Keep an audit entry alone (a download)."""
        ...


class FillSource(Protocol):
    """How many applicants to the given jobs are selected (at Selected or later, deployed ones
    included) and deployed: the deployment pipeline knows."""

    async def counts(self, job_ids: Sequence[str]) -> tuple[int, int]:
        """``(selected, deployed)``."""
        ...
