"""The shared WhatsApp types: an opt-in's standing and the forward-only message state rule."""

from __future__ import annotations

import random
from datetime import timedelta

from hypothesis import given
from hypothesis import strategies as st

from agency_core.whatsapp.model import (
    InboundMessage,
    MessageState,
    OptIn,
    next_state,
    reached_handset,
)
from tests.support.clock import NOW

S = MessageState
REPORTED = st.lists(st.sampled_from([S.SENT, S.DELIVERED, S.READ, S.FAILED]), max_size=12)
RANK = {S.QUEUED: 0, S.SENT: 1, S.DELIVERED: 2, S.READ: 3}


def apply_all(reports: list[MessageState], start: MessageState = S.QUEUED) -> tuple[MessageState, int]:
    state, moves = start, 0
    for reported in reports:
        moved = next_state(state, reported)
        if moved is not None:
            assert moved is not state
            state, moves = moved, moves + 1
    return state, moves


def test_an_opt_in_is_active_until_the_phone_opts_out() -> None:
    given_at = OptIn("+233241234567", NOW, "apply", "v1")
    assert given_at.active
    assert not OptIn("+233241234567", NOW, "apply", "v1", opted_out_at=NOW + timedelta(days=1)).active


def test_an_inbound_text_carries_no_media() -> None:
    message = InboundMessage("wamid.1", "+233241234567", NOW, "text", "Hello")
    assert message.media_id is None
    assert message.kind == "text"


def test_statuses_move_forward_and_delivered_may_be_skipped() -> None:
    assert next_state(S.QUEUED, S.SENT) is S.SENT
    assert next_state(S.SENT, S.DELIVERED) is S.DELIVERED
    assert next_state(S.SENT, S.READ) is S.READ
    assert next_state(S.DELIVERED, S.READ) is S.READ
    assert next_state(S.QUEUED, S.READ) is S.READ


def test_a_late_or_repeated_status_changes_nothing() -> None:
    assert next_state(S.READ, S.DELIVERED) is None
    assert next_state(S.READ, S.SENT) is None
    assert next_state(S.DELIVERED, S.DELIVERED) is None
    assert next_state(S.SENT, S.QUEUED) is None


def test_failed_is_final_and_never_overrides_a_delivery() -> None:
    assert next_state(S.SENT, S.FAILED) is S.FAILED
    assert next_state(S.QUEUED, S.FAILED) is S.FAILED
    for later in S:
        assert next_state(S.FAILED, later) is None
    assert next_state(S.DELIVERED, S.FAILED) is None
    assert next_state(S.READ, S.FAILED) is None


def test_only_delivered_and_read_reached_the_handset() -> None:
    assert {s for s in S if reached_handset(s)} == {S.DELIVERED, S.READ}


@given(REPORTED)
def test_any_ordering_never_moves_backward(reports: list[MessageState]) -> None:
    state = S.QUEUED
    for reported in reports:
        moved = next_state(state, reported)
        if moved is None:
            continue
        if state is not S.FAILED and moved is not S.FAILED:
            assert RANK[moved] > RANK[state]
        assert not reached_handset(state) or reached_handset(moved)
        state = moved


@given(REPORTED)
def test_any_ordering_replayed_changes_nothing_more(reports: list[MessageState]) -> None:
    once, _ = apply_all(reports)
    again, moves = apply_all(reports, once)
    assert again is once
    assert moves == 0


@given(st.lists(st.sampled_from([S.SENT, S.DELIVERED, S.READ]), min_size=1, max_size=12))
def test_without_a_failure_the_furthest_status_wins_in_any_order(reports: list[MessageState]) -> None:
    state, moves = apply_all(reports)
    assert state is max(reports, key=RANK.__getitem__)
    assert moves <= 3


@given(REPORTED, st.randoms())
def test_the_handset_outcome_does_not_depend_on_the_order(reports: list[MessageState], rnd: random.Random) -> None:
    shuffled = list(reports)
    rnd.shuffle(shuffled)
    first, _ = apply_all(reports)
    second, _ = apply_all(shuffled)
    if S.FAILED not in reports:
        assert first is second
    else:
        assert first in (S.FAILED, S.DELIVERED, S.READ)
        assert second in (S.FAILED, S.DELIVERED, S.READ)
