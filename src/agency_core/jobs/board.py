"""The public job board: open jobs newest first, filtered and counted; one job's public view.

Drafts are never public; an open job past its closing date reads as closed (nothing is written:
reading the board never writes). So does an open job whose job order is closed (full or expired):
:meth:`JobBoard.open_now` is the one rule the list, the job's page and an application all ask.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Protocol
from zoneinfo import ZoneInfo

from agency_core.jobs.model import Job
from agency_core.jobs.rules import JobSearch, country_name, words_match
from agency_core.paging import ALL, Page, PageRequest
from agency_core.records import JobStatus
from agency_core.spec.constants import AGENCY_TIME_ZONE


class JobReader(Protocol):
    """The part of :class:`agency_core.staff.ports.AdminStore` the public board reads."""

    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]: ...
    async def job(self, job_id: str) -> Job | None: ...


@dataclass(frozen=True, slots=True)
class BoardResult:
    items: list[Job]
    """The open jobs that match, newest published first."""
    total_open: int
    by_country: dict[str, int]
    """Open jobs per country (within the category and words filters)."""
    by_category: dict[str, int]
    """Open jobs per category (within the country and words filters)."""


def _published(job: Job) -> datetime:
    return job.published_at or job.created_at


def _words(job: Job, words: str) -> bool:
    texts = (job.title, job.description, job.requirements, job.city, job.country, job.category)
    return not words.strip() or words_match(words, texts)


def search(jobs: Sequence[Job], query: JobSearch, today: date) -> BoardResult:
    """Filter the jobs open on ``today`` by ``query``; counts for the filter menus."""
    open_jobs = [j for j in jobs if j.status_on(today) is JobStatus.OPEN]
    country = country_name(query.country.strip())
    category = query.category.strip()
    by_words = [j for j in open_jobs if _words(j, query.words)]
    in_category = [j for j in by_words if not category or j.category == category]
    in_country = [j for j in by_words if not country or j.country == country]
    items = [j for j in in_category if not country or j.country == country]
    items.sort(key=lambda j: (_published(j), j.id), reverse=True)
    return BoardResult(
        items,
        len(open_jobs),
        dict(Counter(j.country for j in in_category)),
        dict(Counter(j.category for j in in_country)),
    )


class JobBoard:
    def __init__(
        self,
        reader: JobReader,
        clock: Callable[[], datetime],
        order_open: Callable[[Job], Awaitable[bool]] | None = None,
    ) -> None:
        self.reader = reader
        self.clock = clock
        self.order_open = order_open
        """Whether the job's order (when it has one) still takes applications: not full, not expired."""

    def today(self) -> date:
        return self.clock().astimezone(ZoneInfo(AGENCY_TIME_ZONE)).date()

    async def search(self, query: JobSearch) -> BoardResult:
        """The open jobs, those of a closed order left out."""
        jobs = (await self.reader.jobs(JobStatus.OPEN, ALL)).items
        return search([j for j in jobs if await self.open_now(j)], query, self.today())

    async def public_job(self, job_id: str) -> Job | None:
        """The job as the public sees it (closed when past its date or its order is closed); ``None`` for
        drafts and unknown ids."""
        job = await self.reader.job(job_id)
        if job is None or job.status is JobStatus.DRAFT:
            return None
        if job.status is JobStatus.OPEN and not await self.open_now(job):
            return replace(job, status=JobStatus.CLOSED)
        return job

    def is_open(self, job: Job) -> bool:
        return job.status_on(self.today()) is JobStatus.OPEN

    async def open_now(self, job: Job) -> bool:
        """Open today, and its job order (when it has one) not full nor expired: the board lists it,
        its page reads open and an application may name it."""
        return self.is_open(job) and (self.order_open is None or await self.order_open(job))

    async def accepts(self, job: Job) -> bool:
        return await self.open_now(job)
