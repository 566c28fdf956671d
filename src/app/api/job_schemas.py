"""The public job board's answers: what a visitor may see of a job, and the board with its counts."""

from __future__ import annotations

from datetime import UTC, date, datetime

import msgspec

from agency_core.jobs.board import BoardResult
from agency_core.jobs.model import Job
from agency_core.records import JobStatus


class PublicJob(msgspec.Struct, rename="camel", kw_only=True):
    """A job as visitors see it (no internal notes; drafts are never shown)."""

    id: str
    title: str
    country: str
    city: str
    category: str
    employment_type: str
    positions: int
    salary_min: int | None
    salary_max: int | None
    salary_currency: str
    salary_period: str
    salary: str
    """The salary as the board shows it (from the figures, else the free text)."""
    description: str
    requirements: str
    benefits: list[str]
    closing_date: date | None
    status: JobStatus
    """``open``, or ``closed`` once its closing date has passed or staff closed it."""
    published_at: datetime
    updated_at: datetime


class PublicJobBoard(msgspec.Struct, rename="camel", kw_only=True):
    """``GET /api/jobs``: the open jobs the filters match, newest first, and the counts of the menus."""

    items: list[PublicJob]
    total: int
    """Jobs in ``items``."""
    total_open: int
    """Open jobs on the whole board."""
    countries: dict[str, int]
    """Open jobs per country (unfiltered)."""
    categories: dict[str, int]
    """Open jobs per category (unfiltered)."""


def public_job(job: Job, status: JobStatus) -> PublicJob:
    """What a visitor may see of ``job`` (its status as of today)."""
    return PublicJob(
        id=job.id,
        title=job.title,
        country=job.country,
        city=job.city,
        category=job.category,
        employment_type=job.employment_type,
        positions=job.positions,
        salary_min=job.salary_min,
        salary_max=job.salary_max,
        salary_currency=job.salary_currency,
        salary_period=job.salary_period,
        salary=job.salary,
        description=job.description,
        requirements=job.requirements,
        benefits=list(job.benefits),
        closing_date=job.closing_date,
        status=status,
        published_at=(job.published_at or job.created_at).astimezone(UTC),
        updated_at=job.updated_at.astimezone(UTC),
    )


def public_board(result: BoardResult) -> PublicJobBoard:
    """``GET /api/jobs``'s answer (also the data block of the pre-rendered ``/jobs``)."""
    return PublicJobBoard(
        items=[public_job(j, JobStatus.OPEN) for j in result.items],
        total=len(result.items),
        total_open=result.total_open,
        countries=dict(result.by_country),
        categories=dict(result.by_category),
    )
