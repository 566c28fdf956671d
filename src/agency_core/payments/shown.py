"""The payment as the admin list shows and filters it: the stored state, or for a paid fee with
processed refunds "refunded" / "partly refunded". The stored states never change with a refund;
this label is derived from the payment and its refunds (:func:`agency_core.payments.refunds.refund_status`).
"""

from __future__ import annotations

from enum import StrEnum

from agency_core.records import PaymentState


class ShownPayment(StrEnum):
    UNPAID = "unpaid"
    PENDING = "pending"
    PAID = "paid"
    FAILED = "failed"
    REFUNDED = "refunded"
    PARTLY_REFUNDED = "partly refunded"

    @property
    def stored(self) -> PaymentState:
        """The stored state the label comes from (refunds are only ever of a paid fee)."""
        return PaymentState.PAID if self in _FROM_PAID else PaymentState(self.value)

    @property
    def needs_refunds(self) -> bool:
        """Whether telling this label from the others takes the application's refunds."""
        return self in _FROM_PAID


_FROM_PAID = frozenset({ShownPayment.PAID, ShownPayment.REFUNDED, ShownPayment.PARTLY_REFUNDED})


def shown_payment(state: PaymentState, refund_status: str | None) -> ShownPayment:
    """``refund_status`` (``refunded``, ``partly refunded`` or None) wins for a paid fee."""
    if state is PaymentState.PAID and refund_status:
        return ShownPayment(refund_status)
    return ShownPayment(state.value)
