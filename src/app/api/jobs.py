"""The public job board: ``GET /api/jobs`` (open jobs, filters and counts) and ``GET /api/jobs/{id}``."""

from __future__ import annotations

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, FromQuery

from agency_core.jobs.board import BoardResult, JobBoard
from agency_core.jobs.model import Job
from agency_core.jobs.rules import JobSearch
from agency_core.records import JobStatus
from app.api.job_schemas import PublicJob, PublicJobBoard, public_board, public_job
from app.api.schemas import ErrorMessage

JOB_NOT_FOUND = "Job Not Found"


def public_job_json(job: Job, status: JobStatus) -> dict[str, object]:
    """:func:`public_job` as JSON builtins (the pre-rendered job page's data block)."""
    record: dict[str, object] = msgspec.to_builtins(public_job(job, status))
    return record


def board_json(result: BoardResult) -> dict[str, object]:
    """:func:`public_board` as JSON builtins (the pre-rendered ``/jobs``' data block)."""
    board: dict[str, object] = msgspec.to_builtins(public_board(result))
    return board


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
    ) -> PublicJobBoard:
        return public_board(await job_board.search(JobSearch(country or "", category or "", q or "")))

    @get(
        "/{job_id:str}",
        summary="One job (open or closed; drafts are not found)",
        responses={404: ResponseSpec(ErrorMessage, description=JOB_NOT_FOUND, generate_examples=False)},
    )
    async def get_job(self, job_board: NamedDependency[JobBoard], job_id: FromPath[str]) -> PublicJob:
        board = job_board
        job = await board.public_job(job_id)
        if job is None:
            raise NotFoundException(detail=JOB_NOT_FOUND)
        return public_job(job, job.status_on(board.today()))
