"""Applicants track their own application: its ID plus the phone or e-mail they applied with.

A wrong pair gets exactly the answer of an unknown ID (``None``), so nobody can learn whether
an ID exists. The status history is derived from the audit log: every status change writes an
``application.status`` entry ``"<id>: <from> -> <to> (...)"`` in the same unit of work.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal, Protocol

from agency_core.audit import AuditEntry
from agency_core.messaging.delivery import TrackDelivery, track_text
from agency_core.messaging.notifications import SmsKind
from agency_core.payments.model import Fee, Payment
from agency_core.payments.receipts import receipt_label
from agency_core.payments.refunds import RefundStatus, RefundStore, refund_status, refunded_minor
from agency_core.pipeline.moves import PipelineStore
from agency_core.pipeline.stages import STAGE, StageMove
from agency_core.ports import Outbox
from agency_core.records import ApplicationStatus, Channel, FeeDue, OutboxMessage, PaymentState
from agency_core.spec.forms import ApplicationForm
from agency_core.spec.validation import DEFAULT_PHONE_REGION, INVALID_EMAIL, is_email, normalise_phone
from agency_core.staff.ports import AdminStore

TRACK_NOT_FOUND: Final = "No application matches this ID and phone number or email."
"""The one answer for an unknown ID and for a wrong phone or e-mail."""
TRACK_ID_REQUIRED: Final = "Application ID is required"
TRACK_CONTACT_REQUIRED: Final = "Phone number or email is required"
TRACK_ID_FIELD: Final = "applicationId"
TRACK_CONTACT_FIELD: Final = "contact"
STATUS_CHANGE_ACTION: Final = "application.status"
ShownFeeStatus = Literal["unpaid", "pending", "paid", "failed", "none"]
"""The fee's state as /track shows it: the payment's, or ``none``."""
NO_FEE_STATUS: Final[ShownFeeStatus] = "none"
"""The payment status /track shows when the fee policy gave the application no fee."""
SHOWN_FEE_STATUS: Final[Mapping[PaymentState, ShownFeeStatus]] = {
    PaymentState.UNPAID: "unpaid",
    PaymentState.PENDING: "pending",
    PaymentState.PAID: "paid",
    PaymentState.FAILED: "failed",
}
_CHANGE = re.compile(r"^(?P<id>[^:]+): (?P<old>[a-z]+) -> (?P<new>[a-z]+)\b")


class AuditTrail(Protocol):
    """Reads the audit log by target (the admin store writes it)."""

    async def entries_for(self, target_prefix: str) -> list[AuditEntry]:
        """Entries whose target starts with ``target_prefix``, oldest first."""
        ...


@dataclass(frozen=True, slots=True)
class StatusChange:
    status: ApplicationStatus
    at: datetime


@dataclass(frozen=True, slots=True)
class TrackedJob:
    """The job opening applied for."""

    id: str
    title: str


@dataclass(frozen=True, slots=True)
class TrackedRefund:
    status: RefundStatus
    """:func:`~agency_core.payments.refunds.refund_status`."""
    refunded: str
    """What was refunded so far, in plain figures."""


@dataclass(frozen=True, slots=True)
class TrackedReceipt:
    label: str
    url: str


@dataclass(frozen=True, slots=True)
class TrackedPayment:
    """The processing fee's state: the payment's, or :data:`NO_FEE_STATUS` with the reason none is due."""

    status: ShownFeeStatus
    paid_at: datetime | None
    refund: TrackedRefund | None = None
    receipt: TrackedReceipt | None = None
    no_fee_reason: str | None = None


@dataclass(frozen=True, slots=True)
class TrackedStage:
    """Where an approved application stands after approval, in plain words: the stage's label, what
    the applicant must do or bring next, and since when. Nothing internal (who moved it, why, a
    correction's note, a close reason) is carried."""

    label: str
    next_step: str
    since: datetime


def tracked_stage(history: Sequence[StageMove]) -> TrackedStage | None:
    """The current stage of the pipeline ``history`` (``None`` before it entered)."""
    if not history:
        return None
    last = history[-1]
    stage = STAGE[last.to_stage]
    return TrackedStage(stage.label, stage.next_step, last.at)


@dataclass(frozen=True, slots=True)
class TrackedApplication:
    """What the applicant sees: ``job`` is the job opening applied for (``None`` for an application
    to a category), ``payment`` the processing fee's state."""

    id: str
    status: ApplicationStatus
    submitted_at: datetime
    job_category: str
    preferred_country: str
    history: tuple[StatusChange, ...]
    job: TrackedJob | None = None
    payment: TrackedPayment | None = None
    messages: tuple[TrackedMessage, ...] = ()
    """The texts sent to the applicant about it, each "sending", "sent", "delivered" or "not delivered"."""
    stage: TrackedStage | None = None
    """The deployment pipeline's stage after approval (``None`` before the application entered it)."""


def contact_matches(data: ApplicationForm, contact: str) -> bool:
    """``contact`` is the application's e-mail (any case) or its phone (any form that normalises
    to the same E.164 number, a local one read in the region the phone was stored with: a UAE
    applicant's ``050 123 4567`` is ``+971501234567``)."""
    contact = contact.strip()
    if not contact:
        return False
    if "@" in contact:
        wanted, held = contact.lower(), data.email.strip().lower()
    else:
        wanted = normalise_phone(contact, data.phone_region or DEFAULT_PHONE_REGION) or ""
        held = data.phone.strip()
    return bool(wanted) and bool(held) and hmac.compare_digest(wanted.encode(), held.encode())


def status_history(application_id: str, submitted_at: datetime, entries: list[AuditEntry]) -> tuple[StatusChange, ...]:
    """``received`` when submitted, then every recorded change of this application, in order."""
    changes = [StatusChange(ApplicationStatus.RECEIVED, submitted_at)]
    for entry in sorted(entries, key=lambda e: (e.at, e.id)):
        if entry.action != STATUS_CHANGE_ACTION:
            continue
        match = _CHANGE.match(entry.target)
        if match is None or match["id"] != application_id:
            continue
        try:
            changes.append(StatusChange(ApplicationStatus(match["new"]), entry.at))
        except ValueError:
            continue
    return tuple(changes)


def check_track_request(
    application_id: str | None, contact: str | None
) -> tuple[tuple[str, str] | None, dict[str, str]]:
    """(application ID, contact) or the errors per field (``applicationId``, ``contact``)."""
    errors: dict[str, str] = {}
    application_id = (application_id or "").strip().upper()
    contact = (contact or "").strip()
    if not application_id:
        errors[TRACK_ID_FIELD] = TRACK_ID_REQUIRED
    if not contact:
        errors[TRACK_CONTACT_FIELD] = TRACK_CONTACT_REQUIRED
    elif "@" in contact and not is_email(contact):
        errors[TRACK_CONTACT_FIELD] = INVALID_EMAIL
    if errors:
        return None, errors
    return (application_id, contact), {}


@dataclass(frozen=True, slots=True)
class TrackedMessage:
    """One text to the applicant: when it was sent (or queued) and where it stands (:func:`track_text`)."""

    at: datetime
    delivery: TrackDelivery


_NOT_TO_THE_APPLICANT: Final = frozenset({SmsKind.ADMIN_ALERT.value})


def applicant_texts(messages: Sequence[OutboxMessage]) -> tuple[TrackedMessage, ...]:
    """The application's texts to the applicant (not the staff alerts, not e-mails), oldest first; not
    a withdrawn one, which never went (a text held for an undo window is "sending" until it goes)."""
    shown = ((m, track_text(m)) for m in messages if m.channel is Channel.SMS and m.kind not in _NOT_TO_THE_APPLICANT)
    return tuple(TrackedMessage(m.delivered_at or m.created_at, word) for m, word in shown if word is not None)


class TrackingService:
    def __init__(
        self,
        store: AdminStore,
        audit: AuditTrail,
        outbox: Outbox | None = None,
        receipt_link: Callable[[str, int], str] | None = None,
        refunds: RefundStore | None = None,
        pipeline: PipelineStore | None = None,
    ) -> None:
        self.store = store
        self.pipeline = pipeline
        self.audit = audit
        self.outbox = outbox
        self.refunds = refunds
        self.receipt_link = receipt_link
        """The receipt page's address of a paid fee (application ID, receipt number)."""

    async def track(self, application_id: str, contact: str) -> TrackedApplication | None:
        """The application when ``contact`` is its phone or e-mail; ``None`` otherwise (unknown
        ID and wrong pair alike)."""
        record = await self.store.application(application_id.strip())
        if record is None or not contact_matches(record.application.data, contact):
            return None
        app = record.application
        history = status_history(app.id, app.created_at, await self.audit.entries_for(f"{app.id}:"))
        return TrackedApplication(
            id=app.id,
            status=record.status,
            submitted_at=app.created_at,
            job_category=app.data.job_category.strip(),
            preferred_country=app.data.preferred_country.strip(),
            history=history,
            job=_job_of(app.data),
            payment=await self._payment_of(app.id, record.payment, app.fee),
            messages=applicant_texts(await self.outbox.list(app.id)) if self.outbox is not None else (),
            stage=tracked_stage(await self.pipeline.history(app.id)) if self.pipeline is not None else None,
        )

    async def _payment_of(self, application_id: str, payment: Payment, fee: FeeDue | None) -> TrackedPayment:
        refund: TrackedRefund | None = None
        if self.refunds is not None and payment.state is PaymentState.PAID:
            refunds = await self.refunds.refunds_of(application_id)
            status = refund_status(payment, refunds)
            if status is not None:
                refund = TrackedRefund(status, Fee(refunded_minor(refunds), payment.currency or "").plain)
        number = payment.receipt_number
        receipt: TrackedReceipt | None = None
        if payment.state is PaymentState.PAID and number is not None and self.receipt_link is not None:
            receipt = TrackedReceipt(receipt_label(number), self.receipt_link(application_id, number))
        no_fee = fee is not None and not fee.due
        return TrackedPayment(
            NO_FEE_STATUS if no_fee else SHOWN_FEE_STATUS[payment.state],
            payment.paid_at,
            refund,
            receipt,
            fee.reason if fee is not None and no_fee else None,
        )


def _job_of(data: ApplicationForm) -> TrackedJob | None:
    job_id = data.job_id.strip()
    return TrackedJob(job_id, data.job_title.strip()) if job_id else None
