"""Refunds of a paid processing fee: the record, its state machine, the limits and the messages.

A refund moves ``pending -> processed | failed`` with what Paystack answers and its refund
webhooks, which may come in any order and any number of times: a report never moves a refund
back, and a finished one (processed or failed) stays as it is (:func:`advance`). What may still
be refunded is what was paid less every refund that has not failed, so a refund larger than
that is refused before Paystack is asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal, Protocol, runtime_checkable

from agency_core.messaging.email import Email
from agency_core.messaging.gsm import to_gsm7
from agency_core.messaging.templates import DEFAULTS, Texts, render
from agency_core.payments.model import Fee, GatewayRefund, Payment, RefundState, state_of
from agency_core.records import PaymentState

REFUND_SMS_KIND: Final = "refund"
RefundStatus = Literal["refunded", "partly refunded"]
"""A paid fee's refund so far (the words of :class:`~agency_core.payments.shown.ShownPayment`'s refund states)."""
REFUNDED: Final[RefundStatus] = "refunded"
PARTLY_REFUNDED: Final[RefundStatus] = "partly refunded"

NOT_PAID: Final = "Only a paid processing fee can be refunded."
AMOUNT_REQUIRED: Final = "Enter the amount to refund, e.g. 50 or 20.50"
REASON_REQUIRED: Final = "Give the reason for the refund"
REASON_MAX: Final = 500
REASON_TOO_LONG: Final = f"Reason must be at most {REASON_MAX} characters"
NOTHING_LEFT: Final = "Nothing is left to refund on this payment."


def too_much(remaining: Fee) -> str:
    return f"At most {remaining.label} can be refunded"


@dataclass(frozen=True, slots=True)
class Refund:
    id: str
    """``<application ID>-refund-<n>``: the n-th refund of the application (a second one with the
    same number cannot be stored, so two staff refunding at once cannot both pass the limit)."""
    application_id: str
    amount_minor: int
    currency: str
    reason: str
    actor: str
    created_at: datetime
    state: RefundState = RefundState.PENDING
    gateway_id: str | None = None
    """Paystack's id of the refund, once its answer or a webhook has named it."""
    updated_at: datetime | None = None

    @property
    def fee(self) -> Fee:
        return Fee(self.amount_minor, self.currency)


def refund_id(application_id: str, number: int) -> str:
    return f"{application_id}-refund-{number}"


def advance(current: RefundState, reported: RefundState) -> RefundState:
    """What a report (Paystack's answer or a webhook, in any order) makes of the state: a pending
    refund takes the report; a processed or failed one never changes again."""
    return reported if current is RefundState.PENDING else current


def held(refunds: Iterable[Refund]) -> int:
    """What the refunds that have not failed take off the payment."""
    return sum(r.amount_minor for r in refunds if r.state is not RefundState.FAILED)


def refundable(payment: Payment, refunds: Iterable[Refund]) -> int:
    if payment.state is not PaymentState.PAID or payment.amount_minor is None:
        return 0
    return max(0, payment.amount_minor - held(refunds))


def refunded_minor(refunds: Iterable[Refund]) -> int:
    return sum(r.amount_minor for r in refunds if r.state is RefundState.PROCESSED)


def refund_status(payment: Payment, refunds: Sequence[Refund]) -> RefundStatus | None:
    """``refunded``, ``partly refunded``, or None (nothing refunded yet)."""
    done = refunded_minor(refunds)
    if not done:
        return None
    return REFUNDED if payment.amount_minor is not None and done >= payment.amount_minor else PARTLY_REFUNDED


@runtime_checkable
class RefundGateway(Protocol):
    async def refund(self, *, transaction_reference: str, amount_minor: int, currency: str, note: str) -> GatewayRefund:
        """Ask for a refund of ``amount_minor`` of the transaction; raises ``GatewayUnavailable``."""
        ...


class RefundStore(Protocol):
    async def refunds_of(self, application_id: str) -> list[Refund]:
        """The application's refunds, oldest first."""
        ...


# -- what the applicant is told: the message templates ``sms.refund`` and ``email.refund.*`` -------------


def refund_sms_text(name: str, application_id: str, amount: str, texts: Texts = DEFAULTS) -> str:
    values = {"name": name.strip(), "amount": amount, "application_id": application_id}
    return render("sms.refund", {key: to_gsm7(value) for key, value in values.items()}, texts)


def refund_email(to: str, name: str, application_id: str, refund: Refund, texts: Texts = DEFAULTS) -> Email:
    values = {"name": name.strip(), "amount": refund.fee.plain, "application_id": application_id}
    values["reason"] = refund.reason
    return Email(to, render("email.refund.subject", values, texts), render("email.refund.body", values, texts))


__all__ = ["GatewayRefund", "Refund", "RefundState", "state_of"]
