"""A job opening as staff keep it (the public board reads the open ones)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from agency_core.jobs.rules import is_expired, salary_text
from agency_core.records import JobStatus


@dataclass(frozen=True, slots=True)
class Job:
    id: str
    title: str
    country: str
    category: str
    salary_range: str
    description: str
    status: JobStatus
    created_at: datetime
    updated_at: datetime
    city: str = ""
    employment_type: str = "Full-time"
    positions: int = 1
    salary_min: int | None = None
    salary_max: int | None = None
    salary_currency: str = "USD"
    salary_period: str = "month"
    requirements: str = ""
    benefits: tuple[str, ...] = ()
    closing_date: date | None = None
    published_at: datetime | None = None
    """When it was first opened to the public (``None`` while it has never been open)."""

    def status_on(self, today: date) -> JobStatus:
        """Its status as the public sees it: an open job past its closing date is closed."""
        if self.status is JobStatus.OPEN and is_expired(self.closing_date, today):
            return JobStatus.CLOSED
        return self.status

    @property
    def salary(self) -> str:
        return salary_text(
            self.salary_min, self.salary_max, self.salary_currency, self.salary_period, self.salary_range
        )
