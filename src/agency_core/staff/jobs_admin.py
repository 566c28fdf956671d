"""The admin area's jobs: the list by the status each job has today, and creating, saving,
publishing, closing and deleting a job (a first publish tells the job alerts)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from datetime import date
from zoneinfo import ZoneInfo

from agency_core.audit import AuditEntry
from agency_core.errors import NotFound, Rejected
from agency_core.jobs.model import Job
from agency_core.jobs.rules import JobForm, check_job
from agency_core.paging import ALL, Page, PageRequest, page_of
from agency_core.records import JobStatus
from agency_core.spec import constants as c
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import PreconditionFailed


def _with_form(job: Job, form: JobForm) -> Job:
    """``job`` with what the job form sets."""
    return replace(
        job,
        title=form.title,
        country=form.country,
        city=form.city,
        category=form.category,
        employment_type=form.employment_type,
        positions=form.positions,
        salary_min=form.salary_min,
        salary_max=form.salary_max,
        salary_currency=form.salary_currency,
        salary_period=form.salary_period,
        salary_range=form.salary_range,
        description=form.description,
        requirements=form.requirements,
        benefits=form.benefits,
        closing_date=form.closing_date,
        status=JobStatus(form.status),
    )


class JobsAdmin:
    def __init__(
        self,
        context: StaffContext,
        on_publish: Callable[[Job], Awaitable[object]] | None = None,
        before_publish: Callable[[Job], Awaitable[object]] | None = None,
    ) -> None:
        self.context = context
        self._on_publish = on_publish
        self._before_publish = before_publish
        """Raises when the job may not be opened to the public (its job order's rules)."""

    async def on_publish(self, job: Job) -> None:
        """A job was opened to the public for the first time (job alerts hook in here)."""
        if self._on_publish is not None:
            await self._on_publish(job)

    def today(self) -> date:
        return self.context.clock().astimezone(ZoneInfo(c.AGENCY_TIME_ZONE)).date()

    def _as_today(self, job: Job) -> Job:
        """The job with the status it has today: an open job past its closing date reads as closed
        (nothing is written; the stored status stays until staff save the job)."""
        status = job.status_on(self.today())
        return job if status is job.status else replace(job, status=status)

    async def jobs_on_today(self, status: JobStatus | None) -> list[Job]:
        jobs = [self._as_today(j) for j in (await self.context.store.jobs(None, ALL)).items]
        return [j for j in jobs if status is None or j.status is status]

    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        """Newest first, by the status each job has today (read whole: an agency has tens of jobs)."""
        return page_of(await self.jobs_on_today(status), page)

    async def applications_per_job(self, job_ids: list[str]) -> dict[str, int]:
        return await self.context.store.applications_per_job(job_ids)

    def _check_job(self, data: Mapping[str, object]) -> JobForm:
        form, errors = check_job(data, self.today())
        if errors:
            raise Rejected(errors)
        return form

    async def create_job(self, actor: str, data: Mapping[str, object]) -> Job:
        form = self._check_job(data)
        now = self.context.clock()
        new_id = "JB" + self.context.ids.next_id().removeprefix(c.ID_PREFIX)
        job = _with_form(Job(new_id, "", "", "", "", "", JobStatus.DRAFT, now, now), form)
        if job.status is JobStatus.OPEN:
            job = replace(job, published_at=now)
            await self._check_publish(job)
        await self._save_job(job, self.context.audit(actor, "job.create", f"{job.id}: {job.title}"))
        if job.status is JobStatus.OPEN:
            await self.on_publish(job)
        return job

    async def update_job(self, actor: str, job_id: str, data: Mapping[str, object]) -> Job:
        form = self._check_job(data)
        stored = await self.context.store.job(job_id)
        if stored is None:
            raise NotFound("Job")
        job = self._as_today(stored)
        now = self.context.clock()
        updated = replace(_with_form(job, form), updated_at=now)
        first_publish = updated.status is JobStatus.OPEN and job.published_at is None
        if first_publish:
            updated = replace(updated, published_at=now)
        if updated.status is JobStatus.OPEN and job.status is not JobStatus.OPEN:
            await self._check_publish(updated)
        if job.status is JobStatus.OPEN and updated.status is JobStatus.CLOSED:
            action = "job.close"
        elif job.status is not JobStatus.OPEN and updated.status is JobStatus.OPEN:
            action = "job.publish"
        else:
            action = "job.update"
        await self._save_job(updated, self.context.audit(actor, action, f"{job.id}: {updated.title}"))
        if first_publish:
            await self.on_publish(updated)
        return updated

    async def _check_publish(self, job: Job) -> None:
        if self._before_publish is not None:
            await self._before_publish(job)

    async def _save_job(self, job: Job, audit: AuditEntry) -> None:
        async with self.context.uow() as uow:
            await uow.jobs.save(job)
            await uow.audit.add(audit)

    async def delete_job(self, actor: str, job_id: str) -> None:
        job = await self.context.store.job(job_id)
        if job is None:
            raise NotFound("Job")
        try:
            async with self.context.uow() as uow:
                await uow.jobs.delete(job_id)
                await uow.audit.add(self.context.audit(actor, "job.delete", f"{job_id}: {job.title}"))
        except PreconditionFailed:
            raise NotFound("Job") from None


__all__ = ["JobsAdmin"]
