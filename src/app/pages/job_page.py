"""The title and description of ``/jobs/{id}`` (pure, tested on their own); the page itself is
the pre-rendered record page of :mod:`app.pages.job`."""

from __future__ import annotations

from typing import Final

from agency_core.jobs.model import Job
from agency_core.jobs.rules import JOB_CLOSED_NOTICE
from agency_core.spec import constants as c

DESCRIPTION_LENGTH: Final = 160


def page_title(job: Job) -> str:
    place = f"{job.city}, {job.country}" if job.city else job.country
    return f"{job.title} in {place} | {c.AGENCY_NAME}"


def page_description(job: Job, closed: bool) -> str:
    text = " ".join(job.description.split())
    lead = f"{JOB_CLOSED_NOTICE}. " if closed else ""
    salary = f"{job.salary}. " if job.salary else ""
    full = f"{lead}{job.category} job in {job.country}. {salary}{text}"
    return full if len(full) <= DESCRIPTION_LENGTH else full[: DESCRIPTION_LENGTH - 3].rstrip() + "..."
