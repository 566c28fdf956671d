"""``/api/admin/applications/{id}/pipeline``: an approved applicant's stage after approval, its
history, and the moves staff make (forward, a correction back with a reason, a close with a reason
from the fixed list). Every move is audited and queues the stage's SMS and e-mail (not a correction)."""

from __future__ import annotations

from datetime import datetime

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, JSONBody

from agency_core.pipeline.moves import PipelineAdmin, PipelineView
from agency_core.pipeline.stages import (
    ALL_STAGES,
    CLOSE_REASON_LABELS,
    STAGE,
    CloseReason,
    MoveInput,
    MoveKind,
    StageKey,
    StageMove,
)
from agency_core.signin.identity import AdminUser
from agency_core.spec.inputs import input_of
from app.admin.schemas.common import UNSET, Body, to_core
from app.checked_body import CoreChecked
from app.error_bodies import FailedChecks

GATE_REFUSED: ResponseSpec = ResponseSpec(
    FailedChecks,
    description="Not approved, the stage changed meanwhile, or the departure gate failed (`failing` names each check)",
    generate_examples=False,
)


class MoveRequest(Body):
    """A move to ``to`` made on the history's ``expectedVersion`` (0 before the first): a later
    stage, an earlier one as a correction with its ``reason``, or ``closed`` with a ``closeReason``
    (``other`` with a ``closeText``)."""

    to: StageKey
    expected_version: int
    reason: str = UNSET
    close_reason: CloseReason = UNSET
    close_text: str = UNSET


class StageOption(Body):
    key: str
    label: str


class PipelineMove(Body):
    version: int
    kind: MoveKind
    from_stage: StageKey | None
    to_stage: StageKey
    to_label: str
    actor: str
    at: datetime
    reason: str
    close_reason: CloseReason | None
    close_text: str


class PipelineAnswer(Body):
    """The stage (``null`` before the application entered), the version a move is made on, the
    history oldest first, and the stages and close reasons to choose from."""

    application_id: str
    stage: StageKey | None
    stage_label: str | None
    version: int
    can_enter: bool
    history: list[PipelineMove]
    stages: list[StageOption]
    close_reasons: list[StageOption]


def pipeline_move(move: StageMove) -> PipelineMove:
    return PipelineMove(
        version=move.version,
        kind=move.kind,
        from_stage=move.from_stage,
        to_stage=move.to_stage,
        to_label=STAGE[move.to_stage].label,
        actor=move.actor,
        at=move.at,
        reason=move.reason,
        close_reason=move.close_reason,
        close_text=move.close_text,
    )


def pipeline_answer(view: PipelineView) -> PipelineAnswer:
    return PipelineAnswer(
        application_id=view.application_id,
        stage=view.stage,
        stage_label=None if view.stage is None else STAGE[view.stage].label,
        version=view.version,
        can_enter=view.can_enter,
        history=[pipeline_move(m) for m in view.history],
        stages=[StageOption(key=s.key.value, label=s.label) for s in ALL_STAGES],
        close_reasons=[StageOption(key=r.value, label=label) for r, label in CLOSE_REASON_LABELS.items()],
    )


class PipelineController(Controller):
    path = "/applications/{application_id:str}/pipeline"

    @get("/", summary="The applicant's stage after approval and its history")
    async def pipeline(
        self, pipeline_admin: NamedDependency[PipelineAdmin], application_id: FromPath[str]
    ) -> PipelineAnswer:
        return pipeline_answer(await pipeline_admin.pipeline(application_id))

    @post(
        "/moves",
        status_code=200,
        summary="Move the applicant to a stage (audited; queues its SMS and e-mail; past Departed through the gate)",
        responses={409: GATE_REFUSED},
        dto=CoreChecked,
        return_dto=None,
    )
    async def move(
        self,
        pipeline_admin: NamedDependency[PipelineAdmin],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[MoveRequest],
    ) -> PipelineAnswer:
        request = input_of(MoveInput, to_core(data))
        return pipeline_answer(await pipeline_admin.move(admin.email, application_id, request))
