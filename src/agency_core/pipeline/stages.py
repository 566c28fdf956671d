"""The deployment pipeline's stages after approval, as data, and the rules of moving between them.

An approved application enters at :attr:`StageKey.SELECTED` ("Selected by employer") and goes on
through :data:`STAGES` in order; staff may skip stages forward. Going back is a *correction* and
needs a reason. :attr:`StageKey.CLOSED` is reached from any stage with a reason from
:class:`CloseReason` ("other" needs a text); after it only a correction moves the application.

Every move is a :class:`StageMove`: immutable, numbered (``version`` 1, 2, ...), the history's
last one is the current stage. :func:`plan_move` checks a request against the history, writing
nothing; the unit of work stores the move on condition that the history still ends at the version
the request expected, so concurrent moves keep one linear history.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final

from agency_core.errors import Conflict, Rejected


class StageKey(StrEnum):
    SELECTED = "selected"
    CONTRACT_SIGNED = "contract_signed"
    MEDICAL = "medical"
    POLICE_CLEARANCE = "police_clearance"
    VISA = "visa"
    CONTRACT_REGISTERED = "contract_registered"
    ORIENTATION = "orientation"
    TICKETED = "ticketed"
    DEPARTED = "departed"
    ARRIVED = "arrived"
    SETTLED = "settled"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class Stage:
    key: StageKey
    label: str
    """The stage in plain words (staff and the applicant see the same)."""
    next_step: str
    """What the applicant must do or bring next, in plain words (shown on /track)."""

    @property
    def template(self) -> str:
        """The stem of its message templates: ``sms.<stem>``, ``email.<stem>.subject``, ``email.<stem>.body``."""
        return f"pipeline.{self.key.value}"

    @property
    def sms_key(self) -> str:
        return f"sms.{self.template}"

    @property
    def subject_key(self) -> str:
        return f"email.{self.template}.subject"

    @property
    def body_key(self) -> str:
        return f"email.{self.template}.body"


_BRING: Final = "bring your passport and national ID card"

STAGES: Final = (
    Stage(
        StageKey.SELECTED,
        "Selected by employer",
        "An employer has selected you. Keep your phone on: we will call you to sign your contract.",
    ),
    Stage(
        StageKey.CONTRACT_SIGNED,
        "Contract signed",
        "Your contract is signed. Next is the medical examination: we will tell you where and when.",
    ),
    Stage(
        StageKey.MEDICAL,
        "Medical examination",
        f"Go to the medical examination on the day we gave you and {_BRING}.",
    ),
    Stage(
        StageKey.POLICE_CLEARANCE,
        "Police clearance",
        f"Get your police clearance certificate and bring it to our office; {_BRING}.",
    ),
    Stage(
        StageKey.VISA,
        "Visa / work permit",
        "Your visa or work permit is being processed. Keep your phone on: we will tell you when it is ready.",
    ),
    Stage(
        StageKey.CONTRACT_REGISTERED,
        "Contract registered",
        "Your contract is registered. Next is the pre-departure orientation: we will tell you the date.",
    ),
    Stage(
        StageKey.ORIENTATION,
        "Orientation",
        f"Attend the pre-departure orientation on the date we gave you and {_BRING}.",
    ),
    Stage(
        StageKey.TICKETED,
        "Ticketed",
        "Your flight is booked. Check the date and time we sent you and pack your documents in your hand luggage.",
    ),
    Stage(
        StageKey.DEPARTED,
        "Departed",
        "You are on your way. Keep your documents with you and your phone charged.",
    ),
    Stage(
        StageKey.ARRIVED,
        "Arrived",
        "You have arrived. Follow your employer's instructions and tell us that you are well.",
    ),
    Stage(
        StageKey.SETTLED,
        "Settled",
        "You are settled with your employer. Contact us whenever you need help.",
    ),
)
"""The forward stages, in order."""

CLOSED: Final = Stage(
    StageKey.CLOSED,
    "Closed",
    "Your recruitment process with us has ended. Contact us if you have any question.",
)

ALL_STAGES: Final[tuple[Stage, ...]] = (*STAGES, CLOSED)
STAGE: Final[Mapping[StageKey, Stage]] = {s.key: s for s in ALL_STAGES}
_ORDER: Final = {s.key: n for n, s in enumerate(STAGES)}


class CloseReason(StrEnum):
    MEDICAL_UNFIT = "medical_unfit"
    VISA_REFUSED = "visa_refused"
    CANDIDATE_WITHDREW = "candidate_withdrew"
    EMPLOYER_WITHDREW = "employer_withdrew"
    ORDER_CANCELLED = "order_cancelled"
    RETURNED_EARLY = "returned_early"
    LEFT_EMPLOYER = "left_employer"
    OTHER = "other"


CLOSE_REASON_LABELS: Final[Mapping[CloseReason, str]] = {
    CloseReason.MEDICAL_UNFIT: "Medical unfit",
    CloseReason.VISA_REFUSED: "Visa refused",
    CloseReason.CANDIDATE_WITHDREW: "Candidate withdrew",
    CloseReason.EMPLOYER_WITHDREW: "Employer withdrew",
    CloseReason.ORDER_CANCELLED: "Order cancelled",
    CloseReason.RETURNED_EARLY: "Returned early",
    CloseReason.LEFT_EMPLOYER: "Left employer",
    CloseReason.OTHER: "Other",
}


class MoveKind(StrEnum):
    MOVE = "move"
    """Forward (one stage or more)."""
    CORRECTION = "correction"
    """Back to an earlier stage, or out of Closed: fixing a mistake, with a reason."""
    CLOSE = "close"


@dataclass(frozen=True, slots=True)
class StageMove:
    """One move of the history: who moved the application from where to where, when and why."""

    id: str
    application_id: str
    version: int
    """1 for the entry into the pipeline, then one more per move."""
    kind: MoveKind
    from_stage: StageKey | None
    """``None`` for the entry."""
    to_stage: StageKey
    actor: str
    at: datetime
    reason: str = ""
    """A correction's reason (a forward move may carry a note)."""
    close_reason: CloseReason | None = None
    close_text: str = ""
    """The text of a close for :attr:`CloseReason.OTHER`."""


@dataclass(frozen=True, slots=True)
class MoveInput:
    """A move as staff send it: ``{to, reason?, closeReason?, closeText?, expectedVersion}``."""

    to: object = None
    expected_version: object = None
    reason: object = None
    close_reason: object = None
    close_text: object = None


MAX_TEXT: Final = 500
UNKNOWN_STAGE: Final = "Choose a stage of the pipeline"
ENTER_FIRST: Final = "An application enters the pipeline at Selected by employer"
SAME_STAGE: Final = "The application is at this stage already"
REASON_REQUIRED: Final = "Going back is a correction: give its reason"
CLOSED_ONLY_CORRECTION: Final = "A closed application moves only by a correction: give its reason"
CLOSE_REASON_REQUIRED: Final = "Choose why the application is closed"
CLOSE_TEXT_REQUIRED: Final = "Say why the application is closed"
TEXT_TOO_LONG: Final = f"At most {MAX_TEXT} characters"
VERSION_REQUIRED: Final = "Send the version of the history the move was made on"
STALE_VERSION: Final = "The application's stage changed meanwhile: reload it and move again"
NOT_APPROVED: Final = "Only an approved application enters the pipeline"


def current_stage(history: Sequence[StageMove]) -> StageKey | None:
    return history[-1].to_stage if history else None


def current_version(history: Sequence[StageMove]) -> int:
    return history[-1].version if history else 0


def _text(raw: object, field: str) -> str:
    text = raw.strip() if isinstance(raw, str) else ""
    if len(text) > MAX_TEXT:
        raise Rejected({field: TEXT_TOO_LONG})
    return text


def _stage(raw: object) -> StageKey:
    try:
        return StageKey(str(raw))
    except ValueError:
        raise Rejected({"to": UNKNOWN_STAGE}) from None


def _close_reason(raw: object, text: str) -> CloseReason:
    try:
        reason = CloseReason(str(raw))
    except ValueError:
        raise Rejected({"closeReason": CLOSE_REASON_REQUIRED}) from None
    if reason is CloseReason.OTHER and not text:
        raise Rejected({"closeText": CLOSE_TEXT_REQUIRED})
    return reason


def _kind(current: StageKey | None, to: StageKey, reason: str) -> MoveKind:
    if current is None:
        if to is not StageKey.SELECTED:
            raise Rejected({"to": ENTER_FIRST})
        return MoveKind.MOVE
    if to is current:
        raise Rejected({"to": SAME_STAGE})
    if current is StageKey.CLOSED:
        if not reason:
            raise Rejected({"reason": CLOSED_ONLY_CORRECTION})
        return MoveKind.CORRECTION
    if to is StageKey.CLOSED:
        return MoveKind.CLOSE
    if _ORDER[to] > _ORDER[current]:
        return MoveKind.MOVE
    if not reason:
        raise Rejected({"reason": REASON_REQUIRED})
    return MoveKind.CORRECTION


def crosses_departure(move: StageMove) -> bool:
    """A forward move from before Departed to Departed or later (a skip past Departed included):
    the move the departure gate must pass. A correction or a close does not cross it."""
    if move.kind is not MoveKind.MOVE:
        return False
    before = move.from_stage is None or _ORDER[move.from_stage] < _ORDER[StageKey.DEPARTED]
    return before and _ORDER[move.to_stage] >= _ORDER[StageKey.DEPARTED]


def plan_move(
    history: Sequence[StageMove], request: MoveInput, *, application_id: str, actor: str, at: datetime, move_id: str
) -> StageMove:
    """The move ``request`` asks for after ``history``; :class:`Rejected` (by field) for a move the
    rules refuse, :class:`Conflict` when ``expectedVersion`` is not the history's version."""
    expected = request.expected_version
    if not isinstance(expected, int) or isinstance(expected, bool):
        raise Rejected({"expectedVersion": VERSION_REQUIRED})
    if expected != current_version(history):
        raise Conflict(STALE_VERSION)
    to = _stage(request.to)
    reason = _text(request.reason, "reason")
    close_text = _text(request.close_text, "closeText")
    current = current_stage(history)
    kind = _kind(current, to, reason)
    close_reason = _close_reason(request.close_reason, close_text) if kind is MoveKind.CLOSE else None
    return StageMove(
        id=move_id,
        application_id=application_id,
        version=expected + 1,
        kind=kind,
        from_stage=current,
        to_stage=to,
        actor=actor,
        at=at,
        reason=reason,
        close_reason=close_reason,
        close_text=close_text if close_reason is CloseReason.OTHER else "",
    )


__all__ = [
    "ALL_STAGES",
    "CLOSED",
    "CLOSE_REASON_LABELS",
    "STAGE",
    "STAGES",
    "CloseReason",
    "MoveInput",
    "MoveKind",
    "Stage",
    "StageKey",
    "StageMove",
    "crosses_departure",
    "current_stage",
    "current_version",
    "plan_move",
]
