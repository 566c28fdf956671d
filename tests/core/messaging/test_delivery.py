"""Delivery reports: the forward-only state of a text, whatever order its reports and its "sent"
write arrive in, the flag for texts not delivered in time, and the use case behind the callback."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import NotFound
from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import (
    DELIVERED_TEXT,
    NOT_DELIVERED_TEXT,
    SENT_TEXT,
    DeliveryReports,
    DeliveryState,
    ReportOutcome,
    advance,
    delivery_state,
    not_delivered_in_time,
    on_report,
    on_sent,
    report_of,
    secret_matches,
    track_text,
)
from agency_core.records import Channel, OutboxMessage, OutboxStatus, ReportedDelivery

T0 = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
SECRET = "s" * 40
DELIVERED_WORDS = ["DELIVERED", "delivered", "DELIVRD", "Success"]
FAILED_WORDS = ["FAILED", "UNDELIVERABLE", "undelivered", "REJECTED", "EXPIRED"]
INTERMEDIATE_WORDS = ["SENT", "SUBMITTED", "ACCEPTED", "ENROUTE", "queued", "", "nonsense"]
RANK = {
    DeliveryState.PENDING: 0,
    DeliveryState.SENT: 1,
    DeliveryState.FAILED: 2,
    DeliveryState.DELIVERED: 3,
}


def text(**changes: Any) -> OutboxMessage:
    return replace(
        outbox_messages.sms(id="VA1-0", source_id="VA1", kind="status", phone="+233241234567", text="Hello", now=T0),
        **changes,
    )


@pytest.mark.parametrize(
    ("word", "report"),
    [(w, ReportedDelivery.DELIVERED) for w in DELIVERED_WORDS]
    + [(w, ReportedDelivery.FAILED) for w in FAILED_WORDS]
    + [(w, None) for w in INTERMEDIATE_WORDS],
)
def test_the_gateways_words_map_to_delivered_failed_or_nothing(word: str, report: ReportedDelivery | None) -> None:
    assert report_of(word) is report


Event = tuple[str, str]
"""``("sent", gateway id)`` or ``("report", status word)``."""

events = st.lists(
    st.one_of(
        st.tuples(st.just("sent"), st.sampled_from(["gw-1"])),
        st.tuples(st.just("report"), st.sampled_from(DELIVERED_WORDS + FAILED_WORDS + INTERMEDIATE_WORDS)),
    ),
    max_size=12,
)


def play(sequence: list[Event]) -> list[OutboxMessage]:
    """Every state the message passes through, from pending."""
    message = text()
    seen = [message]
    for i, (kind, value) in enumerate(sequence):
        at = T0 + timedelta(seconds=i + 1)
        message = on_sent(message, at, value) if kind == "sent" else on_report(message, report_of(value), value, at)
        seen.append(message)
    return seen


def expected(sequence: list[Event]) -> DeliveryState:
    reports = {report_of(value) for kind, value in sequence if kind == "report"}
    if ReportedDelivery.DELIVERED in reports:
        return DeliveryState.DELIVERED
    if ReportedDelivery.FAILED in reports:
        return DeliveryState.FAILED
    return DeliveryState.SENT if any(kind == "sent" for kind, _ in sequence) else DeliveryState.PENDING


@given(events, st.randoms(use_true_random=False))
def test_any_order_of_the_same_reports_ends_in_the_same_state(sequence: list[Event], rnd: Any) -> None:
    shuffled = list(sequence)
    rnd.shuffle(shuffled)
    assert delivery_state(play(sequence)[-1]) is delivery_state(play(shuffled)[-1]) is expected(sequence)


@given(events)
def test_the_state_only_moves_forward(sequence: list[Event]) -> None:
    states = [delivery_state(m) for m in play(sequence)]
    assert all(RANK[a] <= RANK[b] for a, b in itertools.pairwise(states))


@given(events)
def test_a_repeat_of_every_event_changes_nothing(sequence: list[Event]) -> None:
    once = play(sequence)[-1]
    twice = play(sequence + sequence)[-1]
    assert (delivery_state(twice), twice.delivery_report) == (delivery_state(once), once.delivery_report)


@given(st.sampled_from([None, *ReportedDelivery]), st.sampled_from([None, *ReportedDelivery]))
def test_advance_is_a_join(a: ReportedDelivery | None, b: ReportedDelivery | None) -> None:
    assert advance(a, b) is advance(b, a)
    assert advance(a, a) is a
    assert advance(advance(a, b), b) is advance(a, b)


def test_a_report_before_the_sent_write_is_kept_and_the_sent_write_keeps_it() -> None:
    early = on_report(text(), ReportedDelivery.DELIVERED, "DELIVERED", T0)
    assert delivery_state(early) is DeliveryState.DELIVERED
    sent = on_sent(early, T0 + timedelta(seconds=1), "gw-1")
    assert (sent.status, sent.gateway_id, delivery_state(sent)) == (
        OutboxStatus.DELIVERED,
        "gw-1",
        DeliveryState.DELIVERED,
    )


def test_a_text_never_accepted_is_failed_and_track_says_not_delivered() -> None:
    assert delivery_state(text(status=OutboxStatus.FAILED)) is DeliveryState.FAILED
    assert track_text(text(status=OutboxStatus.FAILED)) == NOT_DELIVERED_TEXT
    assert track_text(text(status=OutboxStatus.DELIVERED, delivery_report=ReportedDelivery.DELIVERED)) == DELIVERED_TEXT
    assert track_text(text(status=OutboxStatus.DELIVERED)) == SENT_TEXT


def test_not_delivered_in_time_after_the_deadline_only() -> None:
    sent = text(status=OutboxStatus.DELIVERED, delivered_at=T0, gateway_id="gw-1")
    deadline = timedelta(minutes=30)
    assert not not_delivered_in_time(sent, T0 + timedelta(minutes=29), deadline)
    assert not_delivered_in_time(sent, T0 + timedelta(minutes=30), deadline)
    failed = replace(sent, delivery_report=ReportedDelivery.FAILED)
    assert not_delivered_in_time(failed, T0 + timedelta(minutes=31), deadline)
    delivered = replace(sent, delivery_report=ReportedDelivery.DELIVERED)
    assert not not_delivered_in_time(delivered, T0 + timedelta(days=1), deadline)
    # No gateway id (the logging gateway, an e-mail): nobody will report, nothing to flag.
    assert not not_delivered_in_time(replace(sent, gateway_id=None), T0 + timedelta(days=1), deadline)
    email = replace(sent, kind="email", channel=Channel.EMAIL)
    assert not not_delivered_in_time(email, T0 + timedelta(days=1), deadline)
    assert not not_delivered_in_time(text(), T0 + timedelta(days=1), deadline)


def test_the_secret_is_compared_whole_and_never_empty() -> None:
    assert secret_matches(SECRET, SECRET)
    assert not secret_matches(SECRET[:-1], SECRET)
    assert not secret_matches(SECRET + "x", SECRET)
    assert not secret_matches("", "")


class _Outbox:
    """``get`` and ``record_report`` in memory, by the core's rules, recording each report written."""

    def __init__(self, *messages: OutboxMessage) -> None:
        self.rows = {m.id: m for m in messages}
        self.writes: list[tuple[str, ReportedDelivery, str, str, datetime]] = []

    async def get(self, message_id: str) -> OutboxMessage | None:
        return self.rows.get(message_id)

    async def record_report(
        self, message_id: str, report: ReportedDelivery, status: str, gateway_id: str, at: datetime
    ) -> bool:
        self.writes.append((message_id, report, status, gateway_id, at))
        before = self.rows[message_id]
        self.rows[message_id] = on_report(before, report, status, at, gateway_id)
        return self.rows[message_id] != before


def reports(*messages: OutboxMessage) -> tuple[DeliveryReports, _Outbox]:
    outbox = _Outbox(*messages)
    return DeliveryReports(outbox, SECRET, clock=lambda: T0), outbox  # type: ignore[arg-type]


async def test_a_wrong_secret_is_not_found_and_writes_nothing() -> None:
    service, outbox = reports(text(gateway_id="gw-1"))
    with pytest.raises(NotFound):
        await service.receive("wrong", "VA1-0", "gw-1", "DELIVERED")
    assert outbox.writes == []


async def test_a_report_is_written_through_the_outbox() -> None:
    service, outbox = reports(text(status=OutboxStatus.DELIVERED, gateway_id="gw-1"))
    assert await service.receive(SECRET, "VA1-0", "gw-1", " DELIVERED ") is ReportOutcome.APPLIED
    assert outbox.writes == [("VA1-0", ReportedDelivery.DELIVERED, "DELIVERED", "gw-1", T0)]


async def test_a_report_without_the_stored_gateway_id_is_refused_and_changes_nothing() -> None:
    service, outbox = reports(text(status=OutboxStatus.DELIVERED, gateway_id="gw-1"))
    assert await service.receive(SECRET, "VA1-0", "", "DELIVERED") is ReportOutcome.REFUSED
    assert outbox.writes == []
    assert outbox.rows["VA1-0"].delivery_report is None


async def test_a_report_of_a_text_whose_answer_was_lost_is_taken_with_any_id_and_keeps_it() -> None:
    held = text(unsettled_since=T0, next_attempt_at=T0 + timedelta(minutes=15))
    service, outbox = reports(held)
    assert await service.receive(SECRET, "VA1-0", "gw-7", "DELIVERED") is ReportOutcome.APPLIED
    settled = outbox.rows["VA1-0"]
    assert (settled.status, settled.gateway_id, settled.unsettled_since) == (OutboxStatus.DELIVERED, "gw-7", None)


async def test_unknown_messages_other_gateway_ids_and_weaker_reports_write_nothing() -> None:
    delivered = text(status=OutboxStatus.DELIVERED, gateway_id="gw-1", delivery_report=ReportedDelivery.DELIVERED)
    service, outbox = reports(delivered, text(id="VA1-mail", kind="email", channel=Channel.EMAIL))
    assert await service.receive(SECRET, "VA9-0", "gw-1", "DELIVERED") is ReportOutcome.IGNORED
    assert await service.receive(SECRET, "VA1-0", "gw-2", "FAILED") is ReportOutcome.IGNORED
    assert await service.receive(SECRET, "VA1-mail", "", "DELIVERED") is ReportOutcome.IGNORED
    assert await service.receive(SECRET, "VA1-0", "gw-1", "FAILED") is ReportOutcome.UNCHANGED
    assert await service.receive(SECRET, "VA1-0", "gw-1", "SUBMITTED") is ReportOutcome.UNCHANGED
    assert outbox.writes == []
