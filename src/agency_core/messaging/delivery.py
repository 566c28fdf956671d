"""Delivery reports: whether a text the gateway accepted reached the phone.

An outbox message is ``pending`` until the gateway accepts it, then ``sent`` until the gateway
reports on it (Arkesel's ``callback_url``), then ``delivered`` or ``failed``. Reports and the
"sent" write arrive in any order and any number of times, so the stored report only moves
forward (:func:`advance`): nothing -> failed -> delivered. A delivered report outranks a failed
one because a handset receipt is proof the text arrived, while a network's failure report may be
followed by a later successful retry; so whatever order the reports come in, the same state wins,
and a final state never goes back to ``sent`` or ``pending``.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final, Literal

from agency_core.clock import Clock, utc_now
from agency_core.errors import NotFound
from agency_core.ports import Outbox
from agency_core.records import Channel, OutboxMessage, OutboxStatus, ReportedDelivery
from agency_core.unit_of_work import UnitOfWork

DEFAULT_DEADLINE: Final = timedelta(minutes=30)
"""A text not delivered this long after it was sent is flagged for staff."""
FLAG_WINDOW: Final = timedelta(days=7)
"""How far back the dashboard looks for texts not delivered in time."""
MIN_SECRET_LENGTH: Final = 32
"""The callback URL's secret: at least this many characters (production refuses fewer)."""
REPORT_STATUS_MAX: Final = 40
TrackDelivery = Literal["delivered", "not delivered"]
"""``/track``'s word for one text."""
DELIVERED_TEXT: Final[TrackDelivery] = "delivered"
NOT_DELIVERED_TEXT: Final[TrackDelivery] = "not delivered"
"""What ``/track`` says of each text it lists."""


class DeliveryState(StrEnum):
    PENDING = "pending"
    """Not accepted by the gateway yet."""
    SENT = "sent"
    """Accepted; no final report yet."""
    DELIVERED = "delivered"
    FAILED = "failed"
    """Reported undeliverable, or never accepted (the outbox gave up)."""


_DELIVERED_WORDS: Final = frozenset({"delivered", "delivrd", "success", "successful"})
_FAILED_WORDS: Final = frozenset(
    {"failed", "failure", "undelivered", "undeliverable", "undeliv", "rejected", "rejectd", "expired", "expird"}
    | {"error", "blacklisted", "invalid", "dnd"}
)


def report_of(status: str) -> ReportedDelivery | None:
    """The gateway's status word as a final report; ``None`` for an intermediate one (``SENT``,
    ``SUBMITTED``, ``ACCEPTED``...) or one not known, which changes nothing."""
    word = status.strip().lower()
    if word in _DELIVERED_WORDS:
        return ReportedDelivery.DELIVERED
    if word in _FAILED_WORDS:
        return ReportedDelivery.FAILED
    return None


_RANK: Final = {None: 0, ReportedDelivery.FAILED: 1, ReportedDelivery.DELIVERED: 2}


def advance(current: ReportedDelivery | None, incoming: ReportedDelivery | None) -> ReportedDelivery | None:
    """The stored report after ``incoming`` arrives: the stronger of the two (a join, so any order
    of the same reports ends the same and a repeat changes nothing)."""
    return incoming if _RANK[incoming] > _RANK[current] else current


def delivery_state(message: OutboxMessage) -> DeliveryState:
    """Where the text stands, from its send status and its strongest report."""
    if message.delivery_report is ReportedDelivery.DELIVERED:
        return DeliveryState.DELIVERED
    if message.delivery_report is ReportedDelivery.FAILED or message.status is OutboxStatus.FAILED:
        return DeliveryState.FAILED
    return DeliveryState.SENT if message.status is OutboxStatus.DELIVERED else DeliveryState.PENDING


def not_delivered_in_time(message: OutboxMessage, now: datetime, deadline: timedelta = DEFAULT_DEADLINE) -> bool:
    """Flag for staff: an SMS the gateway accepted (and can report on: it gave an id) that has no
    delivered report ``deadline`` after it was sent."""
    sent_at = message.delivered_at
    return (
        message.channel is Channel.SMS
        and message.status is OutboxStatus.DELIVERED
        and message.gateway_id is not None
        and sent_at is not None
        and message.delivery_report is not ReportedDelivery.DELIVERED
        and now - sent_at >= deadline
    )


def track_text(message: OutboxMessage) -> TrackDelivery:
    """``/track``'s word for one text: "delivered" or "not delivered"."""
    return DELIVERED_TEXT if delivery_state(message) is DeliveryState.DELIVERED else NOT_DELIVERED_TEXT


@dataclass(frozen=True, slots=True)
class DeliveryView:
    """One message's delivery as staff see it."""

    state: DeliveryState
    overdue: bool
    """Not delivered in time (:func:`not_delivered_in_time`)."""


def delivery_view(message: OutboxMessage, now: datetime, deadline: timedelta = DEFAULT_DEADLINE) -> DeliveryView:
    return DeliveryView(delivery_state(message), not_delivered_in_time(message, now, deadline))


# -- the same rules as pure moves of a message (what the stores do in their transactions) ----------


def on_sent(message: OutboxMessage, at: datetime, gateway_id: str | None) -> OutboxMessage:
    """The gateway accepted the message (a pending one only; its report, if any, is kept)."""
    if message.status is not OutboxStatus.PENDING:
        return message
    return replace(message, status=OutboxStatus.DELIVERED, delivered_at=at, gateway_id=gateway_id)


def on_report(message: OutboxMessage, report: ReportedDelivery | None, status: str, at: datetime) -> OutboxMessage:
    """A report arrived (before or after the "sent" write): kept when it moves the message forward."""
    merged = advance(message.delivery_report, report)
    if merged is message.delivery_report:
        return message
    return replace(message, delivery_report=merged, reported_at=at, report_status=status[:REPORT_STATUS_MAX])


# -- the use case -----------------------------------------------------------------------------------


def secret_matches(given: str, expected: str) -> bool:
    """Constant-time comparison of the callback URL's secret (never matches an empty secret)."""
    return bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


class ReportOutcome(StrEnum):
    APPLIED = "applied"
    """The report moved the message forward."""
    UNCHANGED = "unchanged"
    """A repeat, a weaker report, or an intermediate status: nothing to write."""
    IGNORED = "ignored"
    """No such message, or the report names another gateway id than the one stored."""


class DeliveryReports:
    """Takes the gateway's reports, on the callback URL that carries the deployment's ``secret``."""

    def __init__(self, outbox: Outbox, uow: Callable[[], UnitOfWork], secret: str, clock: Clock = utc_now) -> None:
        self.outbox = outbox
        self.uow = uow
        self._secret = secret
        self.clock = clock

    async def receive(self, key: str, message_id: str, gateway_id: str, status: str) -> ReportOutcome:
        """Apply one report. A wrong ``key`` raises :class:`NotFound` (the answer of a route that
        does not exist) and reads nothing."""
        if not secret_matches(key, self._secret):
            raise NotFound("Page")
        message = await self.outbox.get(message_id)
        if message is None or message.channel is not Channel.SMS:
            return ReportOutcome.IGNORED
        stored_id = message.gateway_id
        if gateway_id and stored_id is not None and not hmac.compare_digest(gateway_id.encode(), stored_id.encode()):
            return ReportOutcome.IGNORED
        report = report_of(status)
        if advance(message.delivery_report, report) is message.delivery_report or report is None:
            return ReportOutcome.UNCHANGED
        async with self.uow() as uow:
            await uow.outbox.record_report(message_id, report, status.strip()[:REPORT_STATUS_MAX], self.clock())
        return ReportOutcome.APPLIED
