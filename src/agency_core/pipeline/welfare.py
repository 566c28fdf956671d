"""The worker's welfare after arrival (issue 45 item 6): check-ins on day 7, 30 and 90, cases, Settled.

A move to Arrived queues three outbox tasks (:func:`check_in_tasks`, in the move's unit of work), due
7, 30 and 90 days later. When one comes due, :meth:`CheckIns.run` decides at that time: no check-in
for an applicant erased, no longer approved, or whose stage is not Arrived or Settled (Closed, a
correction back); otherwise a personal link is made (``secrets.token_urlsafe(16)``, 128 bits; only
its SHA-256 is kept) and texted, the check-in and its SMS in one write that holds once per applicant
and day. On day 90, with no open case, the applicant is moved to Settled through
:class:`~agency_core.pipeline.moves.PipelineAdmin`, audited as the system.

The worker answers on the link's page: "All good", or "I need help" with a message, which opens a
:class:`~agency_core.pipeline.welfare_ports.WelfareCase` assigned to the applicant's owner (or the
default staff member). A link that is wrong, expired or already answered is one neutral answer.
Staff open and close cases (:class:`WelfareCases`); one nobody opened within 24 hours is flagged.
A case closed on or after day 90, when it was the applicant's last open one, settles them then.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Final

from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, InvalidPhone, NotFound, Rejected, UseCaseError
from agency_core.messaging import outbox_messages
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import render
from agency_core.pipeline.moves import PipelineAdmin, PipelineStore
from agency_core.pipeline.stages import MoveInput, StageKey, current_stage, current_version
from agency_core.pipeline.welfare_ports import Answer, CheckIn, WelfareCase, WelfareStore
from agency_core.pipeline.welfare_schedule import CHECK_IN_DAYS, CHECK_IN_TASK, check_in_tasks
from agency_core.ports import SendResult
from agency_core.records import ApplicationStatus, OutboxMessage
from agency_core.spec import constants as c
from agency_core.spec.forms import ApplicationForm
from agency_core.staff.context import StaffContext
from agency_core.staff.notes import StaffDirectory
from agency_core.unit_of_work import PreconditionFailed

SETTLE_DAY: Final = 90
CHECK_IN_SMS: Final = "welfare_checkin"
"""The outbox kind of the check-in's SMS."""
CHECK_IN_TEMPLATE: Final = "sms.welfare.checkin"
LINK_VALID: Final = timedelta(days=30)
FLAG_AFTER: Final = timedelta(hours=24)
SYSTEM_ACTOR: Final = "system"
MESSAGE_MAX: Final = 1000
TOKEN_BYTES: Final = 16
CHECKED_IN_STAGES: Final = frozenset({StageKey.ARRIVED, StageKey.SETTLED})
NOTE_REQUIRED: Final = "Write a note saying how the case was closed"
NOTE_TOO_LONG: Final = f"The note must be at most {MESSAGE_MAX} characters"
ALREADY_CLOSED: Final = "This case is closed already"
CHANGED: Final = "This case was changed by someone else meanwhile: reload it"
CASE_OPENED: Final = "welfare.case_open"
CASE_CLOSED: Final = "welfare.case_close"


def token_hash(token: str) -> str:
    """What is kept of a link's token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class CaseView:
    case: WelfareCase
    flagged: bool
    """Open, and nobody opened it within 24 hours of the answer."""


def flagged(case: WelfareCase, now: datetime) -> bool:
    return case.is_open and case.opened_at is None and now - case.created_at >= FLAG_AFTER


@dataclass(frozen=True, slots=True)
class CheckInParts:
    store: WelfareStore
    pipeline: PipelineStore
    moves: PipelineAdmin
    site_url: str
    templates: TemplateSource = NO_EDITS
    default_staff: str = ""
    """The user id of the staff member a case goes to when the applicant has no owner
    (``AGENCY_WELFARE_DEFAULT_STAFF``; "" for nobody)."""
    directory: StaffDirectory | None = None
    """Gives the default staff member's name."""


class CheckIns:
    """The check-ins' tasks (run by the outbox worker) and the worker's answers (the public page)."""

    def __init__(self, context: StaffContext, parts: CheckInParts, token: Callable[[], str] | None = None) -> None:
        self.context = context
        self.parts = parts
        self.token = token or (lambda: secrets.token_urlsafe(TOKEN_BYTES))

    async def run(self, message: OutboxMessage) -> SendResult:
        """A check-in task come due: the check-in now, if the applicant is still one to check on."""
        payload = json.loads(message.text)
        application_id, day = str(payload["application"]), int(payload["day"])
        record = await self.context.store.application(application_id)
        if record is None or record.status is not ApplicationStatus.APPROVED:
            return SendResult(True, "no check-in: the application is gone or no longer approved")
        history = await self.parts.pipeline.history(application_id)
        stage = current_stage(history)
        if stage not in CHECKED_IN_STAGES:
            return SendResult(True, f"no check-in: the applicant is at {stage}")
        await self._check_in(application_id, day, record.application.data)
        if day == SETTLE_DAY and stage is StageKey.ARRIVED:
            return await self._settle(application_id, current_version(history))
        return SendResult(True, f"check-in of day {day}")

    async def _check_in(self, application_id: str, day: int, data: ApplicationForm) -> None:
        now = self.context.clock()
        token = self.token()
        check_in = CheckIn(
            f"{application_id}-welfare-{day}", application_id, day, token_hash(token), now, now + LINK_VALID
        )
        messages: list[OutboxMessage] = []
        try:
            phone = stored_phone_for_sms(application_id, data.phone, data.phone_region) if data.phone.strip() else ""
        except InvalidPhone:
            phone = ""
        if phone:
            link = f"{self.parts.site_url.rstrip('/')}/welfare/{token}"
            values = {"name": data.applicant_name, "link": link}
            text = render(CHECK_IN_TEMPLATE, values, await self.parts.templates.texts())
            messages.append(
                outbox_messages.sms(
                    id=f"{check_in.id}-sms",
                    source_id=application_id,
                    kind=CHECK_IN_SMS,
                    phone=phone,
                    text=text,
                    now=now,
                )
            )
        if await self.parts.store.add_check_in(check_in, messages) and messages:
            self.context.on_enqueue()

    async def _settle(self, application_id: str, version: int) -> SendResult:
        if any(case.is_open for case in await self.parts.store.cases(application_id)):
            return SendResult(True, "check-in of day 90; not settled: a welfare case is open")
        try:
            await self.parts.moves.move(
                SYSTEM_ACTOR, application_id, MoveInput(to=StageKey.SETTLED.value, expected_version=version)
            )
        except UseCaseError as error:
            return SendResult(False, f"not settled: {error.message}")
        return SendResult(True, "check-in of day 90; settled")

    async def find(self, token: str) -> CheckIn | None:
        """The check-in a link's token opens: None when it is wrong, expired or answered already."""
        if not token or len(token) > 200:
            return None
        found = await self.parts.store.check_in_by_hash(token_hash(token))
        if found is None or found.answer is not None or self.context.clock() > found.expires_at:
            return None
        return found

    async def answer(self, token: str, answer: object, message: object) -> CheckIn | None:
        """The worker's answer: kept (with a case for "I need help"); None, writing nothing, when the
        link is wrong, expired or used, or the answer is neither of the two."""
        found = await self.find(token)
        if found is None or answer not in {a.value for a in Answer}:
            return None
        text = (message.strip() if isinstance(message, str) else "")[:MESSAGE_MAX]
        answered = replace(found, answer=Answer(str(answer)), answered_at=self.context.clock(), message=text)
        case = await self._case(answered) if answered.answer is Answer.NEED_HELP else None
        try:
            await self.parts.store.answer(answered, case)
        except PreconditionFailed:
            return None
        return answered

    async def _name_of(self, user_id: str) -> str:
        directory = self.parts.directory
        found = [] if directory is None else [m for m in await directory.staff() if m.id == user_id]
        return found[0].name if found else user_id

    async def _case(self, check_in: CheckIn) -> WelfareCase:
        record = await self.context.store.application(check_in.application_id)
        owner_id, owner_name = ("", "") if record is None else (record.owner_id, record.owner_name)
        if not owner_id and self.parts.default_staff:
            owner_id, owner_name = self.parts.default_staff, await self._name_of(self.parts.default_staff)
        case_id = "WC" + self.context.ids.next_id().removeprefix(c.ID_PREFIX)
        now = self.context.clock()
        return WelfareCase(case_id, check_in.application_id, check_in.id, check_in.message, owner_id, owner_name, now)


class WelfareCases:
    """Staff's side: the cases, opened and closed with a note (both audited). Closing the last open
    case of an applicant Arrived 90 days ago or more settles them (:meth:`settle_after_close`)."""

    def __init__(self, context: StaffContext, store: WelfareStore, parts: CheckInParts | None = None) -> None:
        self.context = context
        self.store = store
        self.parts = parts
        """The pipeline and its moves, to settle after a close (without them, no close settles)."""

    async def cases(self, *, open_only: bool = False, application_id: str | None = None) -> list[CaseView]:
        now = self.context.clock()
        found = await self.store.cases(application_id)
        return [CaseView(k, flagged(k, now)) for k in found if k.is_open or not open_only]

    async def check_ins(self, application_id: str) -> list[CheckIn]:
        await self.context.application(application_id)
        return await self.store.check_ins(application_id)

    async def _case(self, case_id: str) -> WelfareCase:
        found = next((k for k in await self.store.cases() if k.id == case_id), None)
        if found is None:
            raise NotFound("Welfare case")
        return found

    async def open(self, actor: str, case_id: str) -> CaseView:
        """A staff member opened the case (its first opening is kept and audited; later ones change nothing)."""
        case = await self._case(case_id)
        if case.opened_at is not None:
            return CaseView(case, flagged(case, self.context.clock()))
        after = replace(case, opened_at=self.context.clock(), opened_by=actor)
        await self._write(case, after, self.context.audit(actor, CASE_OPENED, f"{case.application_id}: {case.id}"))
        return CaseView(after, False)

    async def close(self, actor: str, case_id: str, note: object) -> CaseView:
        text = note.strip() if isinstance(note, str) else ""
        if not text:
            raise Rejected({"note": NOTE_REQUIRED})
        if len(text) > MESSAGE_MAX:
            raise Rejected({"note": NOTE_TOO_LONG})
        case = await self._case(case_id)
        if not case.is_open:
            raise Conflict(ALREADY_CLOSED)
        now = self.context.clock()
        after = replace(
            case,
            opened_at=case.opened_at or now,
            opened_by=case.opened_by or actor,
            closed_at=now,
            closed_by=actor,
            close_note=text,
        )
        await self._write(case, after, self.context.audit(actor, CASE_CLOSED, f"{case.application_id}: {case.id}"))
        await self.settle_after_close(case.application_id)
        return CaseView(after, False)

    async def settle_after_close(self, application_id: str) -> str:
        """Move the applicant to Settled (as the system, as the day-90 check-in does) when they are
        still approved, at Arrived (not Closed, not Settled), 90 days or more after their last move to
        Arrived, with no open case; else nothing. Says what it did; a lost race is not the close's failure."""
        if self.parts is None:
            return "not settled: no pipeline"
        record = await self.context.store.application(application_id)
        if record is None or record.status is not ApplicationStatus.APPROVED:
            return "not settled: the application is gone or no longer approved"
        history = await self.parts.pipeline.history(application_id)
        stage = current_stage(history)
        if stage is not StageKey.ARRIVED:
            return f"not settled: the applicant is at {stage}"
        arrived = max(m.at for m in history if m.to_stage is StageKey.ARRIVED)
        if self.context.clock() < arrived + timedelta(days=SETTLE_DAY):
            return f"not settled: day {SETTLE_DAY} after arrival has not come"
        if any(k.is_open for k in await self.store.cases(application_id)):
            return "not settled: a welfare case is open"
        request = MoveInput(to=StageKey.SETTLED.value, expected_version=current_version(history))
        try:
            await self.parts.moves.move(SYSTEM_ACTOR, application_id, request)
        except UseCaseError as error:
            return f"not settled: {error.message}"
        return "settled"

    async def _write(self, before: WelfareCase, after: WelfareCase, audit: AuditEntry) -> None:
        try:
            await self.store.update_case(before, after, audit)
        except PreconditionFailed:
            raise Conflict(CHANGED) from None


def open_counts(cases: Sequence[CaseView]) -> tuple[int, int]:
    """How many cases are open, and how many of them are flagged."""
    live = [v for v in cases if v.case.is_open]
    return len(live), sum(1 for v in live if v.flagged)


__all__ = [
    "CHECK_IN_DAYS",
    "CHECK_IN_TASK",
    "FLAG_AFTER",
    "LINK_VALID",
    "SYSTEM_ACTOR",
    "CaseView",
    "CheckInParts",
    "CheckIns",
    "WelfareCases",
    "check_in_tasks",
    "flagged",
    "open_counts",
    "token_hash",
]
