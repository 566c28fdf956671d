"""The track answer's typed structs send exactly the JSON bytes it has always sent: same keys,
same omissions, same values (the bytes below were captured from the untyped answer)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import get_args

import msgspec
import pytest
from litestar.serialization import encode_json

from agency_core.records import ApplicationStatus, PaymentState
from agency_core.submissions.tracking import (
    NO_FEE_STATUS,
    StatusChange,
    TrackedApplication,
    TrackedJob,
    TrackedMessage,
    TrackedPayment,
    TrackedReceipt,
    TrackedRefund,
)
from app.api.tracking import TrackedPaymentOut, tracked_json

T0 = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
T1 = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
HISTORY = (StatusChange(ApplicationStatus.RECEIVED, T0), StatusChange(ApplicationStatus.APPROVED, T1))


def tracked(**extra: object) -> TrackedApplication:
    return TrackedApplication(
        id="AB12CD34",
        status=ApplicationStatus.APPROVED,
        submitted_at=T0,
        job_category="Nursing",
        preferred_country="Canada",
        history=HISTORY,
        **extra,  # type: ignore[arg-type]
    )


HEAD = (
    b'{"applicationId":"AB12CD34","status":"approved","submittedAt":"2026-03-01T09:30:00+00:00",'
    b'"jobCategory":"Nursing","preferredCountry":"Canada","history":[{"status":"received",'
    b'"at":"2026-03-01T09:30:00+00:00"},{"status":"approved","at":"2026-03-02T10:00:00+00:00"}],'
)
PAID_AND_REFUNDED = HEAD + (
    b'"job":null,"payment":{"status":"paid","paidAt":"2026-03-02T10:00:00+00:00",'
    b'"refundStatus":"partly refunded","refunded":"USD 20","receiptNumber":"R-000001",'
    b'"receiptUrl":"/receipts/x"},"messages":[{"at":"2026-03-01T09:30:00+00:00","delivery":"delivered"},'
    b'{"at":"2026-03-02T10:00:00+00:00","delivery":"not delivered"}]}'
)
NO_FEE = HEAD + (
    b'"job":null,"payment":{"status":"none","paidAt":null,"reason":"No fee for this country"},"messages":[]}'
)
WITH_JOB = HEAD + (
    b'"job":{"id":"job-1","title":"Staff nurse"},"payment":{"status":"unpaid","paidAt":null},"messages":[]}'
)
NO_PAYMENT = HEAD + b'"job":null,"payment":null,"messages":[]}'


@pytest.mark.parametrize(
    ("application", "expected"),
    [
        (
            tracked(
                payment=TrackedPayment(
                    "paid",
                    T1,
                    TrackedRefund("partly refunded", "USD 20"),
                    TrackedReceipt("R-000001", "/receipts/x"),
                ),
                messages=(TrackedMessage(T0, "delivered"), TrackedMessage(T1, "not delivered")),
            ),
            PAID_AND_REFUNDED,
        ),
        (tracked(payment=TrackedPayment("none", None, no_fee_reason="No fee for this country")), NO_FEE),
        (tracked(job=TrackedJob("job-1", "Staff nurse"), payment=TrackedPayment("unpaid", None)), WITH_JOB),
        (tracked(), NO_PAYMENT),
    ],
    ids=["paid-and-refunded", "no-fee", "with-job", "no-payment"],
)
def test_track_answer_bytes_are_unchanged(application: TrackedApplication, expected: bytes) -> None:
    assert encode_json(tracked_json(application)) == expected


def test_published_payment_statuses_are_the_core_ones() -> None:
    published = set(get_args(msgspec.structs.fields(TrackedPaymentOut)[0].type))
    assert published == {s.value for s in PaymentState} | {NO_FEE_STATUS}
