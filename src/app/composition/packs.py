"""The :class:`~agency_core.employers.packs_employer.Selector` of CV packs (issue 46 item 4): a
Select moves the applicant into the pipeline (the employers package does not import the pipeline's).
"""

from __future__ import annotations

from agency_core.errors import Conflict, NotFound
from agency_core.pipeline.moves import PipelineAdmin
from agency_core.pipeline.stages import STAGE, MoveInput, StageKey

MOVED = "Moved to {stage}."
IN_PIPELINE = "Already in the pipeline at {stage}: not moved."
NOT_MOVED = "Not moved: {why}"


class PipelineSelector:
    """Enters an applicant at "Selected by employer" with a note naming the order and the pack; an
    applicant already in the pipeline stays where it is (a second Select moves nothing)."""

    def __init__(self, pipeline: PipelineAdmin) -> None:
        self.pipeline = pipeline

    async def select(self, actor: str, application_id: str, note: str) -> str:
        selected = STAGE[StageKey.SELECTED].label
        try:
            view = await self.pipeline.pipeline(application_id)
            if view.stage is not None:
                return IN_PIPELINE.format(stage=STAGE[view.stage].label)
            await self.pipeline.move(
                actor, application_id, MoveInput(to=StageKey.SELECTED.value, expected_version=0, reason=note)
            )
        except (Conflict, NotFound) as refused:
            again = await self.pipeline.pipeline(application_id) if not isinstance(refused, NotFound) else None
            if again is not None and again.stage is not None:
                return IN_PIPELINE.format(stage=STAGE[again.stage].label)
            return NOT_MOVED.format(why=refused.message)
        return MOVED.format(stage=selected)
