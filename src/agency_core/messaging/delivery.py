"""Delivery reports: whether a text the gateway accepted reached the phone.

An outbox message is ``pending`` until the gateway accepts it, then ``sent`` until the gateway
reports on it (Arkesel's ``callback_url``), then ``delivered`` or ``failed``. Reports and the
"sent" write arrive in any order and any number of times, so the stored report only moves
forward (:func:`advance`): nothing -> failed -> delivered. A delivered report outranks a failed
one because a handset receipt is proof the text arrived, while a network's failure report may be
followed by a later successful retry; so whatever order the reports come in, the same state wins,
and a final state never goes back to ``sent`` or ``pending``.

A lost answer (a timeout or a reset after the request went) does not mean the text did not go, and a
gateway need not honour ``Idempotency-Key``; so the message is held *unsettled* (still ``pending``,
``unsettled_since`` set, its next attempt a settle wait away) instead of being resent. Its delivery
report settles it (the callback URL names the outbox message, so a report arrives even when the answer
did not): delivered makes it "sent", not delivered makes it due now. Without a report it is resent
once the settle wait (``AGENCY_SMS_SETTLE_WAIT_MIN``) has passed.
"""

from __future__ import annotations

import hmac
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final, Literal

from agency_core.clock import Clock, utc_now
from agency_core.errors import NotFound
from agency_core.messaging.withdrawal import is_withdrawn
from agency_core.ports import Outbox
from agency_core.records import Channel, OutboxMessage, OutboxStatus, ReportedDelivery

DEFAULT_DEADLINE: Final = timedelta(minutes=30)
"""A text not delivered this long after it was sent is flagged for staff."""
DEFAULT_SETTLE_WAIT: Final = timedelta(minutes=15)
"""How long a text whose answer was lost waits for its delivery report before it is resent."""
FLAG_WINDOW: Final = timedelta(days=7)
"""How far back the dashboard looks for texts not delivered in time."""
MIN_SECRET_LENGTH: Final = 32
"""The callback URL's secret: at least this many characters (production refuses fewer)."""
REPORT_STATUS_MAX: Final = 40
TrackDelivery = Literal["sending", "sent", "delivered", "not delivered"]
"""``/track``'s word for one text."""
SENDING_TEXT: Final[TrackDelivery] = "sending"
SENT_TEXT: Final[TrackDelivery] = "sent"
DELIVERED_TEXT: Final[TrackDelivery] = "delivered"
NOT_DELIVERED_TEXT: Final[TrackDelivery] = "not delivered"
"""What ``/track`` says of each text it lists."""


class DeliveryState(StrEnum):
    """Where a message stands, as staff see it and /track words it (derived by delivery_state)."""

    PENDING = "pending"
    """Queued: not accepted by the gateway or mail server yet."""
    SENT = "sent"
    """A text the gateway accepted, awaiting its delivery report."""
    EMAILED = "emailed"
    """An e-mail the mail server accepted: final (e-mail has no delivery reports)."""
    DELIVERED = "delivered"
    """A text the gateway reported delivered to the handset."""
    FAILED = "failed"
    """Reported undeliverable, or never accepted (the outbox gave up)."""
    WITHDRAWN = "withdrawn"
    """Taken back before it went, on purpose (an Undo, a moved or cancelled appointment): no failure."""


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
    """The one place a stored message becomes the state shown to staff, counted on the dashboard and
    worded on ``/track``: from its send status, its strongest report (texts only) and a withdrawal."""
    if is_withdrawn(message):
        return DeliveryState.WITHDRAWN
    if message.channel is Channel.EMAIL:
        return _EMAIL_STATES[message.status]
    if message.delivery_report is ReportedDelivery.DELIVERED:
        return DeliveryState.DELIVERED
    if message.delivery_report is ReportedDelivery.FAILED or message.status is OutboxStatus.FAILED:
        return DeliveryState.FAILED
    return DeliveryState.SENT if message.status is OutboxStatus.DELIVERED else DeliveryState.PENDING


def count_states(messages: Iterable[OutboxMessage]) -> Counter[DeliveryState]:
    """How many messages are in each state (the dashboard's failed and withdrawn figures)."""
    return Counter(delivery_state(m) for m in messages)


_EMAIL_STATES: Final = {
    OutboxStatus.PENDING: DeliveryState.PENDING,
    OutboxStatus.DELIVERED: DeliveryState.EMAILED,
    OutboxStatus.FAILED: DeliveryState.FAILED,
}


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


_TRACK_TEXTS: Final[dict[DeliveryState, TrackDelivery]] = {
    DeliveryState.PENDING: SENDING_TEXT,
    DeliveryState.SENT: SENT_TEXT,
    DeliveryState.EMAILED: SENT_TEXT,
    DeliveryState.DELIVERED: DELIVERED_TEXT,
    DeliveryState.FAILED: NOT_DELIVERED_TEXT,
}


def track_text(message: OutboxMessage) -> TrackDelivery | None:
    """``/track``'s word for one message: "sent" until a report says "delivered" or "not delivered"
    ("sending" while queued); ``None`` for a withdrawn one, which the applicant is not shown."""
    return _TRACK_TEXTS.get(delivery_state(message))


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
    return replace(message, status=OutboxStatus.DELIVERED, delivered_at=at, gateway_id=gateway_id, unsettled_since=None)


def is_unsettled(message: OutboxMessage) -> bool:
    """After a lost answer: not known sent (held until its settle wait, or due again once a report
    said it was not delivered; a delivered report still settles it until it is resent and answered)."""
    return message.status is OutboxStatus.PENDING and message.unsettled_since is not None


def on_answer_lost(message: OutboxMessage, at: datetime, settle_wait: timedelta, error: str) -> OutboxMessage:
    """The answer to the send made at ``at`` was lost: held unsettled (the lease handed back) until a
    report settles it or the settle wait ends. A report that beat this write settles it now (on a
    pending message it can only be this send's: an answered send leaves it pending with no report)."""
    if message.status is not OutboxStatus.PENDING:
        return message
    released = replace(message, lease_until=None, lease_owner=None, last_error=error)
    if message.delivery_report is ReportedDelivery.DELIVERED:
        return replace(released, status=OutboxStatus.DELIVERED, delivered_at=at, unsettled_since=None)
    if message.delivery_report is ReportedDelivery.FAILED:
        return _not_delivered(released, at)
    return replace(released, unsettled_since=at, next_attempt_at=at + settle_wait)


def _not_delivered(message: OutboxMessage, at: datetime) -> OutboxMessage:
    """A held text reported not delivered: due now. The report is not kept as the message's (the
    resend is a new text, its own reports to come); it stays unsettled, so a delivered report of
    the lost send that still arrives before the resend settles it."""
    return replace(
        message,
        delivery_report=None,
        unsettled_since=message.unsettled_since or at,
        next_attempt_at=min(at, message.next_attempt_at),
    )


def on_report(
    message: OutboxMessage, report: ReportedDelivery | None, status: str, at: datetime, gateway_id: str = ""
) -> OutboxMessage:
    """A report arrived (before or after the "sent" write): kept when it moves the message forward,
    with the gateway id it names when none is stored (the answer that carried it was lost). An
    unsettled message is settled by it: "sent" when delivered, due now when not delivered."""
    merged = advance(message.delivery_report, report)
    if merged is message.delivery_report:
        return message
    moved = replace(
        message,
        delivery_report=merged,
        reported_at=at,
        report_status=status[:REPORT_STATUS_MAX],
        gateway_id=message.gateway_id or gateway_id or None,
    )
    if not is_unsettled(message):
        return moved
    if merged is ReportedDelivery.DELIVERED:
        return replace(moved, status=OutboxStatus.DELIVERED, delivered_at=message.unsettled_since, unsettled_since=None)
    return _not_delivered(moved, at)


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
    REFUSED = "refused"
    """The report names no gateway id while the message has one: nothing changed."""


def report_matches(message: OutboxMessage, gateway_id: str) -> ReportOutcome | None:
    """Why a report may not touch ``message`` (``None``: it may). Once the gateway gave the message
    an id, a report must name that id; before (the answer was lost) any id is taken."""
    stored = message.gateway_id
    if stored is None:
        return None
    if not gateway_id:
        return ReportOutcome.REFUSED
    return None if hmac.compare_digest(gateway_id.encode(), stored.encode()) else ReportOutcome.IGNORED


class DeliveryReports:
    """Takes the gateway's reports, on the callback URL that carries the deployment's ``secret``."""

    def __init__(self, outbox: Outbox, secret: str, clock: Clock = utc_now) -> None:
        self.outbox = outbox
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
        refusal = report_matches(message, gateway_id)
        if refusal is not None:
            return refusal
        report = report_of(status)
        if advance(message.delivery_report, report) is message.delivery_report or report is None:
            return ReportOutcome.UNCHANGED
        moved = await self.outbox.record_report(
            message_id, report, status.strip()[:REPORT_STATUS_MAX], gateway_id, self.clock()
        )
        return ReportOutcome.APPLIED if moved else ReportOutcome.UNCHANGED
