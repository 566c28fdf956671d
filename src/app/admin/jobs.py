"""``/api/admin/jobs``: create, edit, close and delete job openings."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter

from agency_core.records import JobStatus
from agency_core.signin.identity import AdminUser
from agency_core.staff.jobs_admin import JobsAdmin
from app.admin.common import page_request, status_filter
from app.admin.schemas.common import Page, page_of, to_core
from app.admin.schemas.jobs import AdminJob, AdminJobRow, JobIn, admin_job, admin_job_row
from app.checked_body import CoreChecked


class JobsController(Controller):
    path = "/jobs"

    @get("/", summary="Job openings, newest first")
    async def list_jobs(
        self,
        jobs_admin: NamedDependency[JobsAdmin],
        status: FromQuery[str | None] = None,
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[AdminJobRow]:
        wanted = status_filter(status, JobStatus)
        found = await jobs_admin.jobs(wanted, page_request(page, page_size))
        counts = await jobs_admin.applications_per_job([j.id for j in found.items])
        return page_of(found, lambda job: admin_job_row(job, counts.get(job.id, 0)))

    @post("/", status_code=201, summary="Create a job opening", dto=CoreChecked, return_dto=None)
    async def create(
        self, jobs_admin: NamedDependency[JobsAdmin], admin: NamedDependency[AdminUser], data: JSONBody[JobIn]
    ) -> AdminJob:
        return admin_job(await jobs_admin.create_job(admin.email, to_core(data)))

    @put("/{job_id:str}", summary="Edit (or close) a job opening", dto=CoreChecked, return_dto=None)
    async def update(
        self,
        jobs_admin: NamedDependency[JobsAdmin],
        admin: NamedDependency[AdminUser],
        job_id: FromPath[str],
        data: JSONBody[JobIn],
    ) -> AdminJob:
        return admin_job(await jobs_admin.update_job(admin.email, job_id, to_core(data)))

    @delete("/{job_id:str}", status_code=204, summary="Delete a job opening")
    async def remove(
        self, jobs_admin: NamedDependency[JobsAdmin], admin: NamedDependency[AdminUser], job_id: FromPath[str]
    ) -> None:
        await jobs_admin.delete_job(admin.email, job_id)
