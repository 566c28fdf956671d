"""Job openings: the admin's view of a job, the list's row (with its applications) and the form."""

from __future__ import annotations

from datetime import date, datetime

import msgspec

from agency_core.jobs.model import Job
from agency_core.records import JobStatus
from app.admin.schemas.common import UNSET, Body, from_object


class AdminJob(Body):
    id: str
    title: str
    country: str
    category: str
    salary_range: str
    description: str
    status: JobStatus
    created_at: datetime
    updated_at: datetime
    city: str
    employment_type: str
    positions: int
    salary_min: int | None
    salary_max: int | None
    salary_currency: str
    salary_period: str
    salary: str
    """The salary as the public board shows it (from the figures, else the free text)."""
    requirements: str
    benefits: list[str]
    closing_date: date | None
    published_at: datetime | None
    """When it was first opened to the public."""


class AdminJobRow(AdminJob):
    """A job in the list, with how many applications name it."""

    applications: int = 0


class JobIn(Body, kw_only=True):
    """The job form (``agency_core.jobs.rules.JOB_FORM``): 422 with the form's messages when a field breaks its rule."""

    title: str
    country: str
    city: str | None = UNSET
    category: str
    employment_type: str | None = UNSET
    positions: int | None = UNSET
    salary_min: int | None = UNSET
    salary_max: int | None = UNSET
    salary_currency: str | None = UNSET
    salary_period: str | None = UNSET
    salary_range: str | None = UNSET
    description: str
    requirements: str | None = UNSET
    benefits: list[str] | None = UNSET
    closing_date: str | None = UNSET
    """``YYYY-MM-DD``."""
    status: str | None = UNSET
    """``draft``, ``open`` or ``closed``."""


def admin_job(job: Job) -> AdminJob:
    return from_object(AdminJob, job)


def admin_job_row(job: Job, applications: int) -> AdminJobRow:
    return msgspec.structs.replace(from_object(AdminJobRow, job), applications=applications)
