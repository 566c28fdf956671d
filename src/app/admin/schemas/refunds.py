"""Refunds of an application's processing fee, as the admin area shows and asks for them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from agency_core.payments.model import Fee, Payment
from agency_core.payments.refund_service import RefundService
from agency_core.payments.refunds import Refund, refund_status, refundable, refunded_minor
from agency_core.records import PaymentState
from agency_core.staff.records import ApplicationRecord
from app.admin.schemas.common import UNSET, Body


class RefundBody(Body):
    id: str
    amount: str
    """In the currency's main unit (``"20"``)."""
    currency: str
    label: str
    reason: str
    actor: str
    state: str
    """``pending``, ``processed`` or ``failed``."""
    created_at: datetime
    updated_at: datetime | None


class RefundsBody(Body):
    payment: str
    """The payment's state (``paid``...)."""
    refund_status: str | None
    """``refunded``, ``partly refunded`` or null."""
    paid: str | None
    refundable: str
    """What may still be refunded, in the main unit."""
    currency: str | None
    items: list[RefundBody]


class RefundIn(Body, kw_only=True):
    """``amount`` empty or left out: all that remains; 422 ``{amount, reason}``; 409 not paid."""

    amount: str | None = UNSET
    """In the fee's currency, main unit (``"25.50"``)."""
    reason: str


def refund_body(refund: Refund) -> RefundBody:
    return RefundBody(
        id=refund.id,
        amount=refund.fee.major,
        currency=refund.currency,
        label=refund.fee.label,
        reason=refund.reason,
        actor=refund.actor,
        state=refund.state.value,
        created_at=refund.created_at,
        updated_at=refund.updated_at,
    )


def refunds_body(payment: Payment, refunds: list[Refund]) -> RefundsBody:
    currency = payment.currency
    return RefundsBody(
        payment=payment.state.value,
        refund_status=refund_status(payment, refunds),
        paid=Fee(payment.amount_minor, currency or "").major if payment.amount_minor is not None else None,
        refundable=Fee(refundable(payment, refunds), currency or "").major,
        currency=currency,
        items=[refund_body(r) for r in refunds],
    )


async def refunded_by_application(service: RefundService, rows: Sequence[ApplicationRecord]) -> dict[str, str]:
    """The CSV's ``refunded`` column: what was refunded (processed) of each paid fee, ``USD 20``."""
    found: dict[str, str] = {}
    for row in rows:
        if row.payment.state is not PaymentState.PAID:
            continue
        done = refunded_minor(await service.refunds.refunds_of(row.id))
        if done:
            found[row.id] = Fee(done, row.payment.currency or "").plain
    return found
