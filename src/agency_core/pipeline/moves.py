"""Staff move an approved application through the deployment pipeline (:mod:`agency_core.pipeline.stages`).

A move, its messages to the applicant (the stage's SMS and e-mail, from the staff-editable
templates) and its audit entry are one unit of work; the move is stored on condition that the
history still ends at the version staff saw, else the answer is :class:`Conflict` and nothing is
written. A correction sends the applicant nothing: it fixes the record, it is not news. The stage
SMS follow the admin settings' status-SMS switch of ``approved`` (every applicant in the pipeline is
approved): with it off, a move sends the e-mail only. A move past Departed is written on condition
that the documents its departure gate read are still the applicant's current ones, in the move's
transaction (:class:`~agency_core.unit_of_work.DocumentsChanged`, then the gate is read again).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Final, Protocol

from agency_core.errors import ChecksFailed, Conflict, InvalidPhone, Rejected, UseCaseError
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import Texts, render
from agency_core.pipeline.gate import GateResult
from agency_core.pipeline.stages import (
    NOT_APPROVED,
    STAGE,
    STALE_VERSION,
    UNKNOWN_STAGE,
    MoveInput,
    MoveKind,
    StageKey,
    StageMove,
    crosses_departure,
    current_stage,
    current_version,
    plan_move,
)
from agency_core.pipeline.welfare_schedule import check_in_tasks
from agency_core.records import ApplicationStatus, OutboxMessage
from agency_core.spec import constants as c
from agency_core.staff.context import StaffContext
from agency_core.staff.records import ApplicationRecord
from agency_core.unit_of_work import DocumentsChanged, PreconditionFailed

MOVE_ACTION = "pipeline.move"
"""The audit action of every move: ``"<id>: <from> -> <to> (<kind>)"``."""
STAGE_SMS_KIND = "pipeline_stage"
GATE_ATTEMPTS: Final = 3
"""How many times a move past Departed reads the gate again when a renewal came between its read and the commit."""
DOCUMENTS_CHANGED: Final = "The applicant's documents changed while the move was checked: reload the page and try again"
BULK_MAX: Final = 200
NO_IDS: Final = "Choose at least one applicant (a list of their IDs)"
TOO_MANY: Final = f"At most {BULK_MAX} applicants at once"


def departure_refused(result: GateResult) -> ChecksFailed:
    """The refusal of a move past Departed whose gate did not pass, naming every failing check."""
    return ChecksFailed(f"Not ready to depart: {result.summary}", tuple(c.message for c in result.failing))


class DepartureGate(Protocol):
    """The departure gate for an applicant (``DocumentsAdmin.gate``)."""

    async def __call__(self, application_id: str, departure_date: date | None = None) -> GateResult: ...


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


@dataclass(frozen=True, slots=True)
class RefusedMove:
    application_id: str
    message: str
    failing: tuple[str, ...] = ()
    """The departure gate's failing checks, when the gate refused it."""


@dataclass(frozen=True, slots=True)
class BulkMoves:
    moved: tuple[PipelineView, ...]
    refused: tuple[RefusedMove, ...]


def stage_messages(
    record: ApplicationRecord, move: StageMove, texts: Texts, track_url: str, *, sms: bool = True
) -> list[OutboxMessage]:
    """The applicant's SMS (to a phone that may be texted; none when ``sms`` is off) and e-mail for
    the stage ``move`` reaches."""
    if move.kind is MoveKind.CORRECTION:
        return []
    stage = STAGE[move.to_stage]
    data = record.application.data
    values = {"name": data.applicant_name, "application_id": record.id, "track_url": track_url}
    stem = f"{record.id}-stage-{move.version}"
    messages: list[OutboxMessage] = []
    try:
        phone = stored_phone_for_sms(record.id, data.phone, data.phone_region) if data.phone.strip() and sms else ""
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
        self,
        context: StaffContext,
        store: PipelineStore,
        *,
        track_url: str = "",
        templates: TemplateSource = NO_EDITS,
        gate: DepartureGate | None = None,
    ) -> None:
        self.context = context
        self.store = store
        self.track_url = track_url
        self.templates = templates
        self.gate = gate
        """Without it (tests of the moves alone) no move is checked against the departure gate."""

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
        texts_on = (await ctx.settings.current()).sends_status_sms(ApplicationStatus.APPROVED)
        messages = stage_messages(record, move, await self.templates.texts(), self.track_url, sms=texts_on)
        before = move.from_stage.value if move.from_stage is not None else "none"
        audit = ctx.audit(actor, MOVE_ACTION, f"{record.id}: {before} -> {move.to_stage.value} ({move.kind.value})")
        for _ in range(GATE_ATTEMPTS):
            checked = await self._check_gate(move)
            try:
                async with ctx.uow() as uow:
                    await uow.pipeline.add(move, None if checked is None else checked.documents)
                    await uow.outbox.enqueue([*messages, *check_in_tasks(move)])
                    await uow.audit.add(audit)
            except DocumentsChanged:
                continue
            except PreconditionFailed:
                raise Conflict(STALE_VERSION) from None
            break
        else:
            raise Conflict(DOCUMENTS_CHANGED)
        if messages:
            ctx.on_enqueue()
        return self._view(record, [*history, move])

    async def _check_gate(self, move: StageMove) -> GateResult | None:
        """The gate of a move past Departed (:class:`ChecksFailed` naming each failing check), else None.
        The move is then written on condition that the documents it read are still current, so a
        renewal committed between the gate's read and the move makes the move read the gate again."""
        if self.gate is None or not crosses_departure(move):
            return None
        result = await self.gate(move.application_id)
        if not result.passed:
            raise departure_refused(result)
        return result

    async def move_many(self, actor: str, application_ids: object, request: MoveInput) -> BulkMoves:
        """Each applicant of ``application_ids`` (a list of IDs; one named twice is moved once) moved
        on its own, on the version read just before (a move past Departed through its own gate); the
        answer lists those moved and those refused, each with why."""
        sent = application_ids if isinstance(application_ids, Sequence) and not isinstance(application_ids, str) else []
        ids = list(dict.fromkeys(i.strip() for i in sent if isinstance(i, str) and i.strip()))
        if not ids or not all(isinstance(i, str) for i in sent):
            raise Rejected({"ids": NO_IDS})
        if len(ids) > BULK_MAX:
            raise Rejected({"ids": TOO_MANY})
        if str(request.to) not in {s.value for s in StageKey}:
            raise Rejected({"to": UNKNOWN_STAGE})
        moved: list[PipelineView] = []
        refused: list[RefusedMove] = []
        for application_id in ids:
            try:
                version = (await self.pipeline(application_id)).version
                moved.append(await self.move(actor, application_id, replace(request, expected_version=version)))
            except ChecksFailed as failed:
                refused.append(RefusedMove(application_id, failed.message, failed.failing))
            except Rejected as rejected:
                refused.append(RefusedMove(application_id, "; ".join(rejected.errors.values())))
            except UseCaseError as error:
                refused.append(RefusedMove(application_id, error.message))
        return BulkMoves(tuple(moved), tuple(refused))


__all__ = [
    "BULK_MAX",
    "DOCUMENTS_CHANGED",
    "GATE_ATTEMPTS",
    "MOVE_ACTION",
    "STAGE_SMS_KIND",
    "BulkMoves",
    "DepartureGate",
    "PipelineAdmin",
    "PipelineStore",
    "PipelineView",
    "RefusedMove",
    "departure_refused",
    "stage_messages",
]
