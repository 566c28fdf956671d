"""A lost answer is settled before any resend: the held ("unsettled") message, whatever order its lost
answer and its delivery reports arrive in, is resent only when a report says it was not delivered or
the settle wait passed with no report."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import is_unsettled, on_answer_lost, on_report, report_of
from agency_core.messaging.outcomes import Unknown, outcome_of_message
from agency_core.records import OutboxMessage, OutboxStatus, ReportedDelivery

T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
WAIT = timedelta(minutes=15)
WORDS = ["DELIVERED", "DELIVRD", "FAILED", "UNDELIVERABLE", "SUBMITTED", "SENT", "nonsense"]


def leased(**changes: Any) -> OutboxMessage:
    message = replace(
        outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0),
        attempts=1,
    )
    return replace(message, lease_owner="worker-a", lease_until=T0 + timedelta(seconds=30), **changes)


def due(message: OutboxMessage, now: datetime) -> bool:
    """Whether a worker (or a script) may send it again at ``now``."""
    return message.status is OutboxStatus.PENDING and message.next_attempt_at <= now


reports_before = st.lists(st.sampled_from(WORDS), max_size=3)
reports_after = st.lists(st.sampled_from(WORDS), max_size=3)


def play(before: list[str], after: list[str]) -> OutboxMessage:
    """Reports that beat the lost answer's write, the write itself at T0, then the later reports."""
    message = leased()
    for i, word in enumerate(before):
        message = on_report(message, report_of(word), word, T0 - timedelta(seconds=len(before) - i), "gw-1")
    message = on_answer_lost(message, T0, WAIT, "RemoteProtocolError")
    for i, word in enumerate(after):
        message = on_report(message, report_of(word), word, T0 + timedelta(seconds=i + 1), "gw-1")
    return message


@given(reports_before, reports_after)
def test_a_delivered_report_before_or_after_the_lost_answer_settles_it_as_sent_and_it_is_never_resent(
    before: list[str], after: list[str]
) -> None:
    settled = play(before, after)
    if ReportedDelivery.DELIVERED in {report_of(w) for w in before + after}:
        assert settled.status is OutboxStatus.DELIVERED
        assert not due(settled, T0 + WAIT * 10)
        assert settled.gateway_id == "gw-1"


@given(reports_before, reports_after)
def test_without_a_delivered_report_it_is_resent_only_after_a_failed_report_or_the_settle_wait(
    before: list[str], after: list[str]
) -> None:
    words = {report_of(w) for w in before + after}
    if ReportedDelivery.DELIVERED in words:
        return
    settled = play(before, after)
    failed = ReportedDelivery.FAILED in words
    assert settled.status is OutboxStatus.PENDING
    assert is_unsettled(settled)
    if failed:
        assert due(settled, T0 + timedelta(seconds=len(after)))
        assert settled.delivery_report is None  # the resend is a new text: its own reports count
    else:
        assert not due(settled, T0 + WAIT - timedelta(seconds=1))
        assert due(settled, T0 + WAIT)


def test_a_lost_answer_hands_the_lease_back_and_holds_the_message_for_the_settle_wait() -> None:
    held = on_answer_lost(leased(), T0, WAIT, "ReadTimeout")
    assert (held.lease_owner, held.lease_until, held.unsettled_since) == (None, None, T0)
    assert (held.next_attempt_at, held.last_error) == (T0 + WAIT, "ReadTimeout")


def test_a_message_no_longer_pending_is_not_held() -> None:
    sent = leased(status=OutboxStatus.DELIVERED)
    assert on_answer_lost(sent, T0, WAIT, "ReadTimeout") is sent


def test_a_report_of_another_attempt_after_a_resend_does_not_reopen_a_sent_text() -> None:
    sent = play([], ["DELIVERED"])
    assert on_report(sent, report_of("FAILED"), "FAILED", T0 + WAIT, "gw-1").status is OutboxStatus.DELIVERED


def test_a_script_told_of_a_held_text_hears_when_it_may_go_again() -> None:
    outcome = outcome_of_message(play([], ["SUBMITTED"]))
    assert isinstance(outcome, Unknown)
    assert "held until its delivery report" in outcome.message
    assert "2026-11-28 09:15 UTC" in outcome.message
