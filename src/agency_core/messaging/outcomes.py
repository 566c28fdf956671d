"""What a status SMS came to, typed, so a script can act on it: retry, fix, or leave alone.

Every outcome carries the idempotency ``key`` the text was (or would be) sent with; sending the
same key again never texts the applicant twice. ``success`` (the gateway has the text) and
``message`` keep the shape of the older ``SendResult`` answer; ``state`` names the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from agency_core.ports import Delivery, SendResult
from agency_core.records import OutboxMessage, OutboxStatus

STATUS_SMS_SENT = "Application status SMS sent successfully"
DONE_STATES = frozenset({"sent", "replayed", "queued", "no_sms", "dry_run"})
"""Outcomes that leave nothing to do: sent (now or on an earlier run), queued for the outbox worker,
no SMS by design, a dry run."""


def when(at: datetime) -> str:
    """A moment as outcomes and reports print it: ``2026-03-02 09:30 UTC``."""
    return at.strftime("%Y-%m-%d %H:%M UTC")


@dataclass(frozen=True, slots=True)
class Sent:
    """The gateway has the text. ``replayed``: it had it before this call (a re-run), nothing was
    sent again; ``sent_at``: when it went, when known. ``state`` is then ``replayed``."""

    key: str
    replayed: bool = False
    gateway_message: str = ""
    data: object = None
    sent_at: datetime | None = None
    success = True

    @property
    def state(self) -> str:
        return "replayed" if self.replayed else "sent"

    @property
    def message(self) -> str:
        if not self.replayed:
            return STATUS_SMS_SENT
        at = f" ({when(self.sent_at)})" if self.sent_at is not None else ""
        return f"Application status SMS already sent on an earlier run{at}; not sent again"


@dataclass(frozen=True, slots=True)
class Refused:
    """The gateway answered no: ``gateway_status`` (its HTTP status) and its ``message``. The outbox
    keeps the text and retries it with the same key; a re-run tries it now."""

    key: str
    gateway_status: int | None
    message: str
    success = False
    state = "refused"


@dataclass(frozen=True, slots=True)
class NotSent:
    """Nothing reached the gateway, and ``reason`` says why (safe to run again)."""

    key: str
    reason: str
    success = False
    state = "not_sent"

    @property
    def message(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class Unknown:
    """The gateway may have the text (the answer was lost). The outbox holds it: a run again sends
    nothing until its delivery report says it did not go, or the settle wait
    (``AGENCY_SMS_SETTLE_WAIT_MIN``) has passed with no report."""

    key: str
    reason: str
    success = False
    state = "unknown"

    @property
    def message(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class Queued:
    """In the outbox, not waited for: the app's outbox worker (or a later run) sends it."""

    key: str
    success = False  # nothing reached the gateway
    state = "queued"

    @property
    def message(self) -> str:
        return "Status SMS queued"


@dataclass(frozen=True, slots=True)
class DryRun:
    """A dry run: checked, nothing written, nothing sent; ``text`` is what would go to ``phone``.
    ``already_sent_at``: this text already went (a real run would not send it again)."""

    key: str
    phone: str
    text: str
    already_sent_at: datetime | None = None
    success = False  # nothing reached the gateway
    state = "dry_run"

    @property
    def message(self) -> str:
        if self.already_sent_at is not None:
            return f"Dry run: nothing sent; this text already went on {when(self.already_sent_at)}"
        return "Dry run: nothing sent"


@dataclass(frozen=True, slots=True)
class NoSms:
    """The change sends no text, by design: the admin settings switch this status's SMS off, or the
    application has no phone. Nothing to retry."""

    key: str
    reason: str
    success = False  # nothing reached the gateway
    state = "no_sms"

    @property
    def message(self) -> str:
        return self.reason


Outcome = Sent | Refused | NotSent | Unknown | Queued | DryRun | NoSms


HELD_UNSETTLED = (
    "The gateway's answer was lost, so the text may have gone: it is held until its delivery report "
    "says, and sent again only if that says it was not delivered or no report comes by {until}"
)


def outcome_of_result(key: str, result: SendResult) -> Outcome:
    """The outcome of one gateway answer."""
    delivery = result.outcome
    if delivery is Delivery.SENT:
        return Sent(key, gateway_message=result.message, data=result.data)
    if delivery is Delivery.REFUSED:
        return Refused(key, result.gateway_status, result.message)
    if delivery is Delivery.UNKNOWN:
        return Unknown(key, f"{result.message}: the gateway may have received it (no answer)")
    return NotSent(key, result.message)


def outcome_of_message(message: OutboxMessage) -> Outcome:
    """The outcome of an outbox message no attempt was made on now (sent before, given up, or held)."""
    if message.status is OutboxStatus.DELIVERED:
        return Sent(message.id, replayed=True, sent_at=message.delivered_at)
    if message.status is OutboxStatus.FAILED:
        return NotSent(message.id, f"The outbox gave up after {message.attempts} attempts: {message.last_error}")
    if message.unsettled_since is not None:
        return Unknown(message.id, HELD_UNSETTLED.format(until=f"{message.next_attempt_at:%Y-%m-%d %H:%M} UTC"))
    return Unknown(message.id, "Another sender (the app's outbox worker) is sending it now; run again to see")
