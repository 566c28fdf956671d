"""An order's fill from the deployment pipeline: the applicants to the order's jobs at Selected or a
later stage (not closed) are selected, those Departed, Arrived or Settled are also deployed.

It implements :class:`agency_core.employers.ports.FillSource` over the admin store (the jobs'
applications) and the pipeline store (each one's stage), which the two core packages do not import
of each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

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
