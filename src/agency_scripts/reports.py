"""The rows a script hands in, the report it gets back, and the refusals raised before any send."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from agency_core.errors import Rejected, Unavailable, UseCaseError
from agency_core.messaging.delivery import DeliveryState, delivery_state
from agency_core.messaging.notifications import SmsKind
from agency_core.messaging.outcomes import DONE_STATES, Outcome
from agency_core.records import ApplicationStatus, Channel, OutboxMessage


@dataclass(frozen=True, slots=True)
class StatusRow:
    """One change: an application ID, its new status, and optionally the region its local phone
    number is in and the idempotency key (default ``<id>-status-<status>``)."""

    application_id: str
    status: str | ApplicationStatus
    region: str | None = None
    idempotency_key: str | None = None


@dataclass(frozen=True, slots=True)
class StatusReport:
    """What one change came to. ``changed``: this call moved the status (``False``: it already had
    it, a re-run, or a dry run); ``outcome``: what became of its text."""

    application_id: str
    status: ApplicationStatus
    changed: bool
    outcome: Outcome

    @property
    def ok(self) -> bool:
        """Nothing left to do for this row (sent, queued, no SMS by design, or a dry run)."""
        return self.outcome.state in DONE_STATES


@dataclass(frozen=True, slots=True)
class BatchReport:
    reports: tuple[StatusReport, ...]

    @property
    def counts(self) -> Mapping[str, int]:
        """How many rows ended in each outcome state (``sent``, ``refused``, ``unknown``...)."""
        return Counter(r.outcome.state for r in self.reports)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.reports)


@dataclass(frozen=True, slots=True)
class StatusText:
    """One status text of an application as the outbox keeps it. ``announces``: the status it
    tells of, when its key says so (a caller's own key does not); ``sent_at``: when the gateway
    took it (``None``: not yet); ``delivery``: pending, sent, delivered or failed (by the gateway's
    delivery report when one came)."""

    key: str
    announces: ApplicationStatus | None
    queued_at: datetime
    sent_at: datetime | None
    delivery: DeliveryState
    attempts: int
    last_error: str | None

    @classmethod
    def of(cls, message: OutboxMessage) -> StatusText:
        return cls(
            message.id,
            _announced(message),
            message.created_at,
            message.delivered_at,
            delivery_state(message),
            message.attempts,
            message.last_error,
        )


def _announced(message: OutboxMessage) -> ApplicationStatus | None:
    if message.id == f"{message.source_id}-0":  # the submission's own text: "received"
        return ApplicationStatus.RECEIVED
    for status in ApplicationStatus:
        if message.id == f"{message.source_id}-status-{status.value}":
            return status
    return None


def is_status_text(message: OutboxMessage) -> bool:
    return message.channel is Channel.SMS and message.kind == SmsKind.STATUS.value


@dataclass(frozen=True, slots=True)
class ApplicationLookup:
    """What :meth:`~agency_scripts.client.AsyncStatusClient.show` read: the application's status
    and its status texts, oldest first. Reading it changed nothing."""

    application_id: str
    status: ApplicationStatus
    texts: tuple[StatusText, ...]


class GatewayNotConfigured(Unavailable):
    """No SMS gateway in the settings and no dry run asked for: nothing was changed or sent."""


class BatchRejected(Rejected):
    """Rows that cannot be sent, found before anything was changed or sent: ``rows`` maps each
    refused row's index (0-based) to its refusal."""

    def __init__(self, rows: Mapping[int, UseCaseError], total: int) -> None:
        super().__init__({str(i): describe(e) for i, e in rows.items()})
        self.rows = dict(rows)
        first = ", ".join(f"row {i + 1}: {describe(e)}" for i, e in list(rows.items())[:3])
        self.message = f"{len(rows)} of {total} rows refused, nothing sent ({first})"
        self.args = (self.message,)


def describe(error: UseCaseError) -> str:
    """One line for a refusal: its ``str()``, which says why (a :class:`Rejected` joins its
    messages by field; "not found" names the ID)."""
    return str(error)
