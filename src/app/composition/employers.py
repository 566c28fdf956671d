"""An order's fill from the deployment pipeline: the applicants to the order's jobs at Selected or a
later stage (not closed) are selected, those Departed, Arrived or Settled are also deployed.

It implements :class:`agency_core.employers.ports.FillSource` over the admin store (the jobs'
applications) and the pipeline store (each one's stage), which the two core packages do not import
of each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from agency_core.employers.ports import EmployerStore
from agency_core.paging import ALL
from agency_core.pipeline.moves import PipelineStore
from agency_core.pipeline.stages import StageKey, current_stage
from agency_core.staff.ports import AdminStore
from agency_core.staff.query import ApplicationQuery

DEPLOYED: Final = frozenset({StageKey.DEPARTED, StageKey.ARRIVED, StageKey.SETTLED})


class PipelineFill:
    def __init__(self, applications: AdminStore, pipeline: PipelineStore) -> None:
        self.applications = applications
        self.pipeline = pipeline

    async def counts(self, job_ids: Sequence[str]) -> tuple[int, int]:
        selected = deployed = 0
        for job_id in job_ids:
            found = await self.applications.applications(ApplicationQuery(job_id=job_id), ALL)
            for record in found.items:
                stage = current_stage(await self.pipeline.history(record.application.id))
                if stage is None or stage is StageKey.CLOSED:
                    continue
                selected += 1
                deployed += stage in DEPLOYED
        return selected, deployed


class EmployerJobs:
    """:class:`agency_core.pipeline.board.EmployerJobs` over the employers' store: the jobs linked
    to any of the employer's orders (the board's employer filter)."""

    def __init__(self, employers: EmployerStore) -> None:
        self.employers = employers

    async def __call__(self, employer_id: str) -> frozenset[str]:
        orders = {o.id for o in await self.employers.orders(employer_id)}
        return frozenset(link.job_id for link in await self.employers.links() if link.order_id in orders)
