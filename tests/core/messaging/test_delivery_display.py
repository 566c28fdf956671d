"""The one mapping of a stored message to the state staff and applicants are shown
(``delivery_state``), the word /track uses for it, and the dashboard's counts: "sent" until a
report says otherwise, a withdrawn message never a failure, an e-mail never awaiting a report."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, WITHDRAWN_MOVED
from agency_core.bulk.model import WITHDRAWN_UNDONE
from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import (
    DELIVERED_TEXT,
    NOT_DELIVERED_TEXT,
    SENDING_TEXT,
    SENT_TEXT,
    DeliveryState,
    count_states,
    delivery_state,
    track_text,
)
from agency_core.messaging.withdrawal import is_withdrawn, withdrawal_reason
from agency_core.records import Channel, OutboxMessage, OutboxStatus, ReportedDelivery
from agency_core.submissions.tracking import applicant_texts

T0 = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
WITHDRAWALS = [WITHDRAWN_UNDONE, WITHDRAWN_MOVED, WITHDRAWN_CANCELLED, "withdrawn: the status change was undone"]
"""Every reason the outbox's withdraw is given, and the lower-case one rows were stored with before."""


def text(**changes: Any) -> OutboxMessage:
    return replace(
        outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0),
        **changes,
    )


def email(**changes: Any) -> OutboxMessage:
    return text(id="VA1-mail", kind="email", address="ama@example.com", channel=Channel.EMAIL, **changes)


def test_a_text_accepted_without_a_report_is_sent_and_track_says_sent() -> None:
    accepted = text(status=OutboxStatus.DELIVERED, delivered_at=T0, gateway_id="gw-1")
    assert delivery_state(accepted) is DeliveryState.SENT
    assert track_text(accepted) == SENT_TEXT


def test_only_a_report_turns_sent_into_delivered_or_not_delivered() -> None:
    accepted = text(status=OutboxStatus.DELIVERED, delivered_at=T0, gateway_id="gw-1")
    delivered = replace(accepted, delivery_report=ReportedDelivery.DELIVERED)
    undeliverable = replace(accepted, delivery_report=ReportedDelivery.FAILED)
    assert (track_text(delivered), track_text(undeliverable)) == (DELIVERED_TEXT, NOT_DELIVERED_TEXT)


def test_a_queued_text_is_sending_on_track() -> None:
    assert delivery_state(text()) is DeliveryState.PENDING
    assert track_text(text()) == SENDING_TEXT


def test_every_withdrawal_reason_reads_as_withdrawn_not_failed() -> None:
    for reason in WITHDRAWALS:
        withdrawn = text(status=OutboxStatus.FAILED, last_error=reason)
        assert is_withdrawn(withdrawn), reason
        assert delivery_state(withdrawn) is DeliveryState.WITHDRAWN, reason


def test_a_withdrawn_text_is_not_shown_on_track() -> None:
    withdrawn = text(status=OutboxStatus.FAILED, last_error=WITHDRAWN_UNDONE)
    assert track_text(withdrawn) is None
    shown = applicant_texts([withdrawn, text(id="VA1-1", status=OutboxStatus.DELIVERED, delivered_at=T0)])
    assert [m.delivery for m in shown] == [SENT_TEXT]


def test_a_text_the_outbox_gave_up_on_is_failed_not_withdrawn() -> None:
    given_up = text(status=OutboxStatus.FAILED, last_error="Gateway refused: 401", attempts=5)
    assert not is_withdrawn(given_up)
    assert delivery_state(given_up) is DeliveryState.FAILED


def test_a_pending_message_whose_error_says_withdrawn_is_still_pending() -> None:
    """Only the withdraw's write (status failed) withdraws; an error text alone does not."""
    assert delivery_state(text(last_error=withdrawal_reason("a note"))) is DeliveryState.PENDING


def test_an_email_is_queued_sent_or_failed_and_never_awaits_a_report() -> None:
    assert delivery_state(email()) is DeliveryState.PENDING
    assert delivery_state(email(status=OutboxStatus.DELIVERED, delivered_at=T0)) is DeliveryState.EMAILED
    assert delivery_state(email(status=OutboxStatus.FAILED, last_error="SMTP 550")) is DeliveryState.FAILED


def test_a_text_held_for_an_undo_window_is_sending_on_track() -> None:
    held = text(id="BK1-VA1-sms", next_attempt_at=T0 + timedelta(seconds=30))
    assert [m.delivery for m in applicant_texts([held])] == [SENDING_TEXT]


def test_the_dashboard_counts_withdrawn_apart_from_failed() -> None:
    stopped = [
        text(id="u1", status=OutboxStatus.FAILED, last_error=WITHDRAWN_UNDONE),
        text(id="u2", status=OutboxStatus.FAILED, last_error=WITHDRAWN_UNDONE),
        text(id="m1", status=OutboxStatus.FAILED, last_error=WITHDRAWN_MOVED),
        text(id="m2", status=OutboxStatus.FAILED, last_error=WITHDRAWN_MOVED),
        text(id="g1", status=OutboxStatus.FAILED, last_error="Gateway refused: 401"),
    ]
    states = count_states(stopped)
    assert (states[DeliveryState.FAILED], states[DeliveryState.WITHDRAWN]) == (1, 4)


messages = st.builds(
    text,
    channel=st.sampled_from(Channel),
    status=st.sampled_from(OutboxStatus),
    delivery_report=st.none() | st.sampled_from(ReportedDelivery),
    last_error=st.none() | st.sampled_from([*WITHDRAWALS, "Gateway refused: 401", "timeout"]),
    gateway_id=st.none() | st.just("gw-1"),
    delivered_at=st.none() | st.just(T0),
)


@given(messages)
def test_a_withdrawn_message_is_never_a_failure(message: OutboxMessage) -> None:
    state = delivery_state(message)
    assert (state is DeliveryState.WITHDRAWN) == is_withdrawn(message)
    assert not (state is DeliveryState.FAILED and is_withdrawn(message))


@given(messages)
def test_an_email_never_awaits_a_report_nor_is_delivered_by_one(message: OutboxMessage) -> None:
    if message.channel is Channel.EMAIL:
        assert delivery_state(message) not in {DeliveryState.SENT, DeliveryState.DELIVERED}
    else:
        assert delivery_state(message) is not DeliveryState.EMAILED


@given(messages)
def test_track_says_not_delivered_only_for_a_real_failure(message: OutboxMessage) -> None:
    word = track_text(message)
    assert (word == NOT_DELIVERED_TEXT) == (delivery_state(message) is DeliveryState.FAILED)
    if message.status is OutboxStatus.DELIVERED and message.delivery_report is None:
        assert word == SENT_TEXT
