"""``POST /api/track``: an applicant's own application, by its ID plus the phone or e-mail it was
made with. Rate limited with the public forms; an unknown ID and a wrong pair answer the same 404."""

from __future__ import annotations

from dataclasses import dataclass, field

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK

from agency_core.errors import Rejected
from agency_core.submissions.tracking import (
    TRACK_NOT_FOUND,
    TrackedApplication,
    TrackedPayment,
    TrackingService,
    check_track_request,
)
from app.api.forms import json_only
from app.api.schemas import ErrorMessage, ValidationErrors


@dataclass
class TrackIn:
    applicationId: str | None = None
    contact: str | None = None
    """The phone number (any form the forms accept) or the e-mail address the application was made with."""


@dataclass
class StatusChangeOut:
    status: str
    at: str
    """UTC, ISO 8601."""


@dataclass
class TrackedMessageOut:
    at: str
    """When the text was sent (or queued), UTC, ISO 8601."""
    delivery: str
    """``delivered`` or ``not delivered``."""


@dataclass
class TrackedApplicationOut:
    applicationId: str
    status: str
    submittedAt: str
    jobCategory: str
    preferredCountry: str
    history: list[StatusChangeOut] = field(default_factory=list)
    job: dict[str, object] | None = None
    """The job opening applied for, ``{id, title}``; ``null`` for an application to a category."""
    payment: dict[str, object] | None = None
    """The processing fee: ``{status: unpaid|pending|paid|failed, paidAt}``."""
    messages: list[TrackedMessageOut] = field(default_factory=list)
    """The texts sent to the applicant about this application, each ``delivered`` or ``not delivered``."""


def _payment_json(payment: TrackedPayment) -> dict[str, object]:
    """The fee's state as the track answer has always carried it (keys only when they apply)."""
    out: dict[str, object] = {
        "status": payment.status,
        "paidAt": payment.paid_at.isoformat() if payment.paid_at else None,
    }
    if payment.refund is not None:
        out |= {"refundStatus": payment.refund.status, "refunded": payment.refund.refunded}
    if payment.receipt is not None:
        out |= {"receiptNumber": payment.receipt.label, "receiptUrl": payment.receipt.url}
    if payment.no_fee_reason is not None:
        out |= {"reason": payment.no_fee_reason}
    return out


def tracked_json(tracked: TrackedApplication) -> TrackedApplicationOut:
    return TrackedApplicationOut(
        applicationId=tracked.id,
        status=tracked.status.value,
        submittedAt=tracked.submitted_at.isoformat(),
        jobCategory=tracked.job_category,
        preferredCountry=tracked.preferred_country,
        history=[StatusChangeOut(c.status.value, c.at.isoformat()) for c in tracked.history],
        job={"id": tracked.job.id, "title": tracked.job.title} if tracked.job is not None else None,
        payment=_payment_json(tracked.payment) if tracked.payment is not None else None,
        messages=[TrackedMessageOut(m.at.isoformat(), m.delivery) for m in tracked.messages],
    )


class Tracking(Controller):
    path = "/api"
    tags = ["tracking"]  # noqa: RUF012 - Litestar reads it per class

    @post(
        "/track",
        status_code=HTTP_200_OK,
        guards=[json_only],
        summary="Track an application by its ID and the phone number or e-mail it was made with",
        responses={
            404: ResponseSpec(ErrorMessage, description=TRACK_NOT_FOUND, generate_examples=False),
            422: ResponseSpec(ValidationErrors, description="A field is missing", generate_examples=False),
            429: ResponseSpec(
                ErrorMessage, description="Rate limit per client address exceeded", generate_examples=False
            ),
        },
    )
    async def track(self, tracking: NamedDependency[TrackingService], data: JSONBody[TrackIn]) -> TrackedApplicationOut:
        checked, errors = check_track_request(data.applicationId, data.contact)
        if checked is None:
            raise Rejected(errors)
        tracked = await tracking.track(*checked)
        if tracked is None:
            raise NotFoundException(detail=TRACK_NOT_FOUND)
        return tracked_json(tracked)
