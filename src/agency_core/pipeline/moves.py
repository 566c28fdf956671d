"""Staff move an approved application through the deployment pipeline (:mod:`agency_core.pipeline.stages`).

A move, its messages to the applicant (the stage's SMS and e-mail, from the staff-editable
templates) and its audit entry are one unit of work; the move is stored on condition that the
history still ends at the version staff saw, else the answer is :class:`Conflict` and nothing is
written. A correction sends the applicant nothing: it fixes the record, it is not news.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from agency_core.errors import Conflict, InvalidPhone
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import Texts, render
from agency_core.pipeline.stages import (
    NOT_APPROVED,
    STAGE,
    STALE_VERSION,
    MoveInput,
    MoveKind,
    StageKey,
    StageMove,
    current_stage,
    current_version,
    plan_move,
)
from agency_core.records import ApplicationStatus, OutboxMessage
from agency_core.spec import constants as c
from agency_core.staff.context import StaffContext
from agency_core.staff.records import ApplicationRecord
from agency_core.unit_of_work import PreconditionFailed

MOVE_ACTION = "pipeline.move"
"""The audit action of every move: ``"<id>: <from> -> <to> (<kind>)"``."""
STAGE_SMS_KIND = "pipeline_stage"


class PipelineStore(Protocol):
    """Reads an application's pipeline history (the unit of work writes it)."""

    async def history(self, application_id: str) -> list[StageMove]:
        """Its moves, oldest (version 1) first; empty when it never entered the pipeline."""
        ...


@dataclass(frozen=True, slots=True)
class PipelineView:
    application_id: str
    stage: StageKey | None
    """``None``: not in the pipeline yet."""
    version: int
    history: tuple[StageMove, ...]
    can_enter: bool
    """Approved and not in the pipeline yet."""


def stage_messages(record: ApplicationRecord, move: StageMove, texts: Texts, track_url: str) -> list[OutboxMessage]:
    """The applicant's SMS (to a phone that may be texted) and e-mail for the stage ``move`` reaches."""
    if move.kind is MoveKind.CORRECTION:
        return []
    stage = STAGE[move.to_stage]
    data = record.application.data
    values = {"name": data.applicant_name, "application_id": record.id, "track_url": track_url}
    stem = f"{record.id}-stage-{move.version}"
    messages: list[OutboxMessage] = []
    try:
        phone = stored_phone_for_sms(record.id, data.phone, data.phone_region) if data.phone.strip() else ""
    except InvalidPhone:
        phone = ""
    if phone:
        text = render(stage.sms_key, values, texts)
        messages.append(
            outbox_messages.sms(
                id=f"{stem}-sms", source_id=record.id, kind=STAGE_SMS_KIND, phone=phone, text=text, now=move.at
            )
        )
    if data.email.strip():
        mail = Email(
            data.email.strip(), render(stage.subject_key, values, texts), render(stage.body_key, values, texts)
        )
        messages.append(outbox_messages.email(id=f"{stem}-mail", source_id=record.id, mail=mail, now=move.at))
    return messages


class PipelineAdmin:
    def __init__(
        self, context: StaffContext, store: PipelineStore, *, track_url: str = "", templates: TemplateSource = NO_EDITS
    ) -> None:
        self.context = context
        self.store = store
        self.track_url = track_url
        self.templates = templates

    async def pipeline(self, application_id: str) -> PipelineView:
        """The application's stage and history (:class:`~agency_core.errors.NotFound` for an unknown one)."""
        record = await self.context.application(application_id)
        return self._view(record, await self.store.history(record.id))

    def _view(self, record: ApplicationRecord, history: list[StageMove]) -> PipelineView:
        can_enter = not history and record.status is ApplicationStatus.APPROVED
        return PipelineView(record.id, current_stage(history), current_version(history), tuple(history), can_enter)

    async def move(self, actor: str, application_id: str, request: MoveInput) -> PipelineView:
        """Plan the move by the rules, then write it with its messages and audit entry; :class:`Conflict`
        when the application is not approved (to enter) or its history moved on meanwhile."""
        ctx = self.context
        record = await ctx.application(application_id)
        history = await self.store.history(record.id)
        if not history and record.status is not ApplicationStatus.APPROVED:
            raise Conflict(NOT_APPROVED)
        move_id = "PM" + ctx.ids.next_id().removeprefix(c.ID_PREFIX)
        move = plan_move(history, request, application_id=record.id, actor=actor, at=ctx.clock(), move_id=move_id)
        messages = stage_messages(record, move, await self.templates.texts(), self.track_url)
        before = move.from_stage.value if move.from_stage is not None else "none"
        audit = ctx.audit(actor, MOVE_ACTION, f"{record.id}: {before} -> {move.to_stage.value} ({move.kind.value})")
        try:
            async with ctx.uow() as uow:
                await uow.pipeline.add(move)
                await uow.outbox.enqueue(messages)
                await uow.audit.add(audit)
        except PreconditionFailed:
            raise Conflict(STALE_VERSION) from None
        if messages:
            ctx.on_enqueue()
        return self._view(record, [*history, move])


__all__ = ["MOVE_ACTION", "STAGE_SMS_KIND", "PipelineAdmin", "PipelineStore", "PipelineView", "stage_messages"]
