"""The admin list's payment labels: "refunded" and "partly refunded" come from each paid fee's
refunds (:mod:`agency_core.payments.shown`), which the stores keep apart from the applications."""

from __future__ import annotations

from collections.abc import Sequence

from agency_core.payments.refunds import RefundStore, refund_status
from agency_core.payments.shown import ShownPayment, shown_payment
from agency_core.records import PaymentState
from agency_core.staff.records import ApplicationRecord


async def shown_payments(refunds: RefundStore | None, rows: Sequence[ApplicationRecord]) -> dict[str, ShownPayment]:
    """Each row's label by application ID; only a paid fee's refunds are read."""
    found: dict[str, ShownPayment] = {}
    for row in rows:
        status = None
        if refunds is not None and row.payment.state is PaymentState.PAID:
            status = refund_status(row.payment, await refunds.refunds_of(row.id))
        found[row.id] = shown_payment(row.payment.state, status)
    return found


async def with_shown_payment(
    refunds: RefundStore | None, rows: Sequence[ApplicationRecord], wanted: ShownPayment
) -> list[ApplicationRecord]:
    """The rows whose label is ``wanted`` (the stores have already kept the stored state it needs)."""
    shown = await shown_payments(refunds, rows)
    return [row for row in rows if shown[row.id] is wanted]
