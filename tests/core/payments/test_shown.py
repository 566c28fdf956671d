"""The payment the admin list shows and filters by: the stored state, refunds make a paid fee
"refunded" or "partly refunded", and the filter asks the stores for the stored state."""

from __future__ import annotations

from typing import get_args

import pytest

from agency_core.payments.refunds import PARTLY_REFUNDED, REFUNDED, RefundStatus
from agency_core.payments.shown import ShownPayment, shown_payment
from agency_core.records import PaymentState
from agency_core.staff.query import check_application_query
from agency_core.submissions.tracking import NO_FEE_STATUS, SHOWN_FEE_STATUS, ShownFeeStatus


@pytest.mark.parametrize(
    ("state", "refund_status", "expected"),
    [
        (PaymentState.PAID, None, ShownPayment.PAID),
        (PaymentState.PAID, "refunded", ShownPayment.REFUNDED),
        (PaymentState.PAID, "partly refunded", ShownPayment.PARTLY_REFUNDED),
        (PaymentState.UNPAID, None, ShownPayment.UNPAID),
        (PaymentState.FAILED, "refunded", ShownPayment.FAILED),
    ],
)
def test_refunds_only_relabel_a_paid_fee(
    state: PaymentState, refund_status: str | None, expected: ShownPayment
) -> None:
    assert shown_payment(state, refund_status) is expected


@pytest.mark.parametrize(
    ("asked", "stored", "needs_refunds"),
    [
        ("refunded", PaymentState.PAID, True),
        ("partly refunded", PaymentState.PAID, True),
        ("paid", PaymentState.PAID, True),
        ("pending", PaymentState.PENDING, False),
        ("unpaid", PaymentState.UNPAID, False),
    ],
)
def test_the_payment_filter_keeps_what_was_asked_and_the_stored_state(
    asked: str, stored: PaymentState, needs_refunds: bool
) -> None:
    query, errors = check_application_query({"payment": asked})
    assert query is not None, errors
    assert (query.payment, query.shown_payment, query.describe()) == (stored, ShownPayment(asked), f"payment={asked}")
    assert ShownPayment(asked).needs_refunds is needs_refunds


def test_an_unknown_payment_filter_names_every_label() -> None:
    assert check_application_query({"payment": "free"}) == (
        None,
        {"payment": "Payment must be unpaid, pending, paid, failed, refunded or partly refunded"},
    )


def test_the_words_of_track_and_the_refund_are_the_shown_ones() -> None:
    # /track publishes them as Literals (app/api/tracking.py); they must stay the words staff see.
    assert (ShownPayment.REFUNDED.value, ShownPayment.PARTLY_REFUNDED.value) == (REFUNDED, PARTLY_REFUNDED)
    assert set(get_args(RefundStatus)) == {REFUNDED, PARTLY_REFUNDED}
    assert {state: state.value for state in PaymentState} == SHOWN_FEE_STATUS
    assert set(get_args(ShownFeeStatus)) == {*SHOWN_FEE_STATUS.values(), NO_FEE_STATUS}
