"""The stage machine of the deployment pipeline: the stages as data, and which moves it allows."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Conflict, Rejected
from agency_core.messaging.templates import TEMPLATES, Channel, preview
from agency_core.pipeline.stages import (
    ALL_STAGES,
    CLOSE_REASON_LABELS,
    CLOSE_TEXT_REQUIRED,
    CLOSED_ONLY_CORRECTION,
    ENTER_FIRST,
    REASON_REQUIRED,
    SAME_STAGE,
    STAGES,
    STALE_VERSION,
    UNKNOWN_STAGE,
    VERSION_REQUIRED,
    CloseReason,
    MoveInput,
    MoveKind,
    StageKey,
    StageMove,
    current_stage,
    current_version,
    plan_move,
)
from tests.support.clock import NOW

ORDER = [s.key for s in STAGES]


def move(history: Sequence[StageMove], to: str, **more: object) -> StageMove:
    request = MoveInput(to=to, expected_version=current_version(history), **more)
    return plan_move(history, request, application_id="VA1", actor="ama@vandytravel.com", at=NOW, move_id="PM1")


def walk(*targets: str) -> list[StageMove]:
    history: list[StageMove] = []
    for to in targets:
        history.append(move(history, to))
    return history


def test_the_stages_are_the_issues_list_in_order_then_closed() -> None:
    assert [s.label for s in ALL_STAGES] == [
        "Selected by employer",
        "Contract signed",
        "Medical examination",
        "Police clearance",
        "Visa / work permit",
        "Contract registered",
        "Orientation",
        "Ticketed",
        "Departed",
        "Arrived",
        "Settled",
        "Closed",
    ]
    assert list(CLOSE_REASON_LABELS.values()) == [
        "Medical unfit",
        "Visa refused",
        "Candidate withdrew",
        "Employer withdrew",
        "Order cancelled",
        "Returned early",
        "Left employer",
        "Other",
    ]


def test_every_stage_has_its_sms_and_email_templates_and_its_sms_fits_two_parts() -> None:
    for stage in ALL_STAGES:
        sms = TEMPLATES[stage.sms_key]
        assert sms.channel is Channel.SMS
        assert (preview(sms, sms.default).parts or 0) <= 2, stage.key
        assert TEMPLATES[stage.subject_key].one_line
        body = TEMPLATES[stage.body_key].default
        assert body.startswith("Dear {name},"), stage.key
        assert "{application_id}" in body, stage.key
        assert stage.next_step.endswith("."), stage.key


def test_an_application_enters_at_selected_by_employer_only() -> None:
    first = move([], "selected")
    assert (first.version, first.kind, first.from_stage, first.to_stage) == (1, MoveKind.MOVE, None, StageKey.SELECTED)
    with pytest.raises(Rejected) as refused:
        move([], "medical")
    assert refused.value.errors == {"to": ENTER_FIRST}


def test_forward_may_skip_stages_and_back_is_a_correction_with_a_reason() -> None:
    history = walk("selected", "medical")
    assert history[-1].kind is MoveKind.MOVE
    with pytest.raises(Rejected) as refused:
        move(history, "contract_signed")
    assert refused.value.errors == {"reason": REASON_REQUIRED}
    back = move(history, "contract_signed", reason="  Medical was entered by mistake ")
    assert (back.kind, back.from_stage, back.to_stage, back.reason) == (
        MoveKind.CORRECTION,
        StageKey.MEDICAL,
        StageKey.CONTRACT_SIGNED,
        "Medical was entered by mistake",
    )


def test_the_same_stage_and_an_unknown_one_are_refused() -> None:
    history = walk("selected")
    with pytest.raises(Rejected) as same:
        move(history, "selected")
    assert same.value.errors == {"to": SAME_STAGE}
    with pytest.raises(Rejected) as unknown:
        move(history, "holiday")
    assert unknown.value.errors == {"to": UNKNOWN_STAGE}


def test_close_needs_a_reason_from_the_list_and_other_needs_a_text() -> None:
    history = walk("selected", "medical")
    with pytest.raises(Rejected) as no_reason:
        move(history, "closed")
    assert set(no_reason.value.errors) == {"closeReason"}
    with pytest.raises(Rejected) as no_text:
        move(history, "closed", close_reason="other", close_text="  ")
    assert no_text.value.errors == {"closeText": CLOSE_TEXT_REQUIRED}
    closed = move(history, "closed", close_reason="other", close_text="Family reasons")
    assert (closed.kind, closed.close_reason, closed.close_text) == (
        MoveKind.CLOSE,
        CloseReason.OTHER,
        "Family reasons",
    )
    unfit = move(history, "closed", close_reason="medical_unfit", close_text="ignored")
    assert (unfit.close_reason, unfit.close_text) == (CloseReason.MEDICAL_UNFIT, "")


def test_after_closed_only_a_correction_moves_it() -> None:
    history = [*walk("selected"), move(walk("selected"), "closed", close_reason="visa_refused")]
    with pytest.raises(Rejected) as refused:
        move(history, "visa")
    assert refused.value.errors == {"reason": CLOSED_ONLY_CORRECTION}
    reopened = move(history, "visa", reason="The embassy reversed its refusal")
    assert (reopened.kind, reopened.from_stage, reopened.to_stage) == (
        MoveKind.CORRECTION,
        StageKey.CLOSED,
        StageKey.VISA,
    )


def test_a_stale_or_missing_version_is_refused() -> None:
    history = walk("selected", "contract_signed")
    stale = MoveInput(to="medical", expected_version=1)
    with pytest.raises(Conflict) as conflict:
        plan_move(history, stale, application_id="VA1", actor="a", at=NOW, move_id="PM2")
    assert str(conflict.value) == STALE_VERSION
    for raw in (None, "2", True):
        with pytest.raises(Rejected) as refused:
            plan_move(
                history,
                MoveInput(to="medical", expected_version=raw),
                application_id="VA1",
                actor="a",
                at=NOW,
                move_id="x",
            )
        assert refused.value.errors == {"expectedVersion": VERSION_REQUIRED}


requests = st.tuples(
    st.sampled_from([k.value for k in StageKey] + ["nowhere"]),
    st.sampled_from(["", "a reason"]),
    st.sampled_from([r.value for r in CloseReason] + [""]),
    st.sampled_from(["", "a text"]),
)


@given(st.lists(requests, max_size=25))
def test_any_sequence_of_requests_keeps_one_linear_history_by_the_rules(steps: list[tuple[str, str, str, str]]) -> None:
    history: list[StageMove] = []
    for to, reason, close_reason, close_text in steps:
        before = current_stage(history)
        try:
            made = move(history, to, reason=reason, close_reason=close_reason, close_text=close_text)
        except Rejected:
            continue
        history.append(made)
        assert made.from_stage == before
        if made.kind is MoveKind.MOVE:
            assert before is None or (
                before is not StageKey.CLOSED and ORDER.index(made.to_stage) > ORDER.index(before)
            )
        if made.kind is MoveKind.CORRECTION:
            assert made.reason
        if made.kind is MoveKind.CLOSE:
            assert made.to_stage is StageKey.CLOSED
            assert made.close_reason is not None
        if before is StageKey.CLOSED:
            assert made.kind is MoveKind.CORRECTION
    assert [m.version for m in history] == list(range(1, len(history) + 1))
    assert all(a.to_stage == b.from_stage for a, b in itertools.pairwise(history))
    if history:
        assert history[0].to_stage is StageKey.SELECTED
