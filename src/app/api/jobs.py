"""The public job board: ``GET /api/jobs`` (open jobs, filters and counts) and ``GET /api/jobs/{id}``."""

from __future__ import annotations

from typing import Any

from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery

from agency_core.jobs.board import BoardResult, JobBoard
from agency_core.jobs.model import Job
from agency_core.jobs.rules import JobSearch
from agency_core.records import JobStatus
from app.admin.common import iso
from app.api.schemas import ErrorMessage

JOB_NOT_FOUND = "Job Not Found"


def public_job_json(job: Job, status: JobStatus) -> dict[str, Any]:
    """What a visitor may see of a job (no internal notes, no draft)."""
    return {
        "id": job.id,
        "title": job.title,
        "country": job.country,
        "city": job.city,
        "category": job.category,
        "employmentType": job.employment_type,
        "positions": job.positions,
        "salaryMin": job.salary_min,
        "salaryMax": job.salary_max,
        "salaryCurrency": job.salary_currency,
        "salaryPeriod": job.salary_period,
        "salary": job.salary,
        "description": job.description,
        "requirements": job.requirements,
        "benefits": list(job.benefits),
        "closingDate": None if job.closing_date is None else job.closing_date.isoformat(),
        "status": status.value,
        "publishedAt": iso(job.published_at or job.created_at),
        "updatedAt": iso(job.updated_at),
    }


def board_json(result: BoardResult) -> dict[str, Any]:
    """``GET /api/jobs``'s answer (also the data block of the pre-rendered ``/jobs``)."""
    return {
        "items": [public_job_json(j, JobStatus.OPEN) for j in result.items],
        "total": len(result.items),
        "totalOpen": result.total_open,
        "countries": result.by_country,
        "categories": result.by_category,
    }


class PublicJobs(Controller):
    path = "/api/jobs"
    tags = ["jobs"]  # noqa: RUF012 - Litestar reads it per class

    @get("/", summary="Open jobs, newest first, filtered by country, category and words, with counts")
    async def list_jobs(
        self,
        job_board: NamedDependency[JobBoard],
        country: FromQuery[str | None] = None,
        category: FromQuery[str | None] = None,
        q: FromQuery[str | None] = None,
    ) -> dict[str, Any]:
        return board_json(await job_board.search(JobSearch(country or "", category or "", q or "")))

    @get(
        "/{job_id:str}",
        summary="One job (open or closed; drafts are not found)",
        responses={404: ResponseSpec(ErrorMessage, description=JOB_NOT_FOUND, generate_examples=False)},
    )
    async def get_job(self, job_board: NamedDependency[JobBoard], job_id: FromPath[str]) -> dict[str, Any]:
        board = job_board
        job = await board.public_job(job_id)
        if job is None:
            raise NotFoundException(detail=JOB_NOT_FOUND)
        return public_job_json(job, job.status_on(board.today()))
