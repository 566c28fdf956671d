"""``POST /api/track``: an applicant's own application, by its ID plus the phone or e-mail it was
made with. Rate limited with the public forms; an unknown ID and a wrong pair answer the same 404."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import msgspec
from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody
from litestar.status_codes import HTTP_200_OK

from agency_core.errors import Rejected
from agency_core.messaging.delivery import TrackDelivery
from agency_core.payments.refunds import RefundStatus
from agency_core.records import ApplicationStatus
from agency_core.submissions.tracking import (
    TRACK_NOT_FOUND,
    ShownFeeStatus,
    TrackedApplication,
    TrackedPayment,
    TrackedStage,
    TrackingService,
    check_track_request,
)
from agency_core.submissions.whatsapp_stop import WhatsAppStop
from app.admin.schemas.common import UNSET
from app.api.forms import json_only
from app.api.schemas import ErrorMessage, ValidationErrors


@dataclass
class TrackIn:
    applicationId: str | None = None
    contact: str | None = None
    """The phone number (any form the forms accept) or the e-mail address the application was made with."""


class StatusChangeOut(msgspec.Struct):
    status: ApplicationStatus
    at: str
    """UTC, ISO 8601."""


class TrackedMessageOut(msgspec.Struct):
    at: str
    """When the text was sent (or queued), UTC, ISO 8601."""
    delivery: TrackDelivery


class TrackedJobOut(msgspec.Struct):
    """The job opening applied for."""

    id: str
    title: str


class TrackedPaymentOut(msgspec.Struct, rename="camel", kw_only=True):
    """The processing fee's state; ``none``: the fee policy gave this application no fee (``reason``
    says why). A key is sent only when it applies."""

    status: ShownFeeStatus
    """:class:`~agency_core.records.PaymentState` or ``none``."""
    paid_at: str | None
    refund_status: RefundStatus = UNSET
    """Set once part or all of a paid fee was refunded."""
    refunded: str = UNSET
    """What was refunded: "USD 20"."""
    receipt_number: str = UNSET
    """A paid fee's receipt: its number and the page that shows it (printable)."""
    receipt_url: str = UNSET
    reason: str = UNSET


class TrackedStageOut(msgspec.Struct, rename="camel", kw_only=True):
    """The stage after approval in plain words and what the applicant must do or bring next."""

    label: str
    next_step: str
    since: str
    """UTC, ISO 8601."""


class TrackedApplicationOut(msgspec.Struct):
    applicationId: str
    status: ApplicationStatus
    submittedAt: str
    jobCategory: str
    preferredCountry: str
    history: list[StatusChangeOut]
    job: TrackedJobOut | None
    """The job opening applied for; ``null`` for an application to a category."""
    payment: TrackedPaymentOut | None
    messages: list[TrackedMessageOut]
    """The texts sent to the applicant about this application."""
    stage: TrackedStageOut = UNSET
    """Sent once the application entered the deployment pipeline after approval."""
    whatsappUpdates: bool = UNSET
    """``true`` while the application's phone gets WhatsApp updates (the page offers to stop them)."""


class WhatsAppStopOut(msgspec.Struct):
    """``stopped``: an opt-in stood and is stopped now; ``false``: the phone had none standing."""

    stopped: bool


def _payment_json(payment: TrackedPayment) -> TrackedPaymentOut:
    """The fee's state as the track answer has always carried it (keys only when they apply)."""
    refund, receipt = payment.refund, payment.receipt
    return TrackedPaymentOut(
        status=payment.status,
        paid_at=payment.paid_at.isoformat() if payment.paid_at else None,
        refund_status=refund.status if refund is not None else UNSET,
        refunded=refund.refunded if refund is not None else UNSET,
        receipt_number=receipt.label if receipt is not None else UNSET,
        receipt_url=receipt.url if receipt is not None else UNSET,
        reason=payment.no_fee_reason if payment.no_fee_reason is not None else UNSET,
    )


def tracked_json(tracked: TrackedApplication) -> TrackedApplicationOut:
    return TrackedApplicationOut(
        applicationId=tracked.id,
        status=tracked.status,
        submittedAt=tracked.submitted_at.isoformat(),
        jobCategory=tracked.job_category,
        preferredCountry=tracked.preferred_country,
        history=[StatusChangeOut(c.status, c.at.isoformat()) for c in tracked.history],
        job=TrackedJobOut(tracked.job.id, tracked.job.title) if tracked.job is not None else None,
        payment=_payment_json(tracked.payment) if tracked.payment is not None else None,
        messages=[TrackedMessageOut(m.at.isoformat(), m.delivery) for m in tracked.messages],
        stage=_stage_json(tracked.stage) if tracked.stage is not None else UNSET,
    )


def _stage_json(stage: TrackedStage) -> TrackedStageOut:
    return TrackedStageOut(label=stage.label, next_step=stage.next_step, since=stage.since.isoformat())


TRACK_RESPONSES: Final = {
    404: ResponseSpec(ErrorMessage, description=TRACK_NOT_FOUND, generate_examples=False),
    422: ResponseSpec(ValidationErrors, description="A field is missing", generate_examples=False),
    429: ResponseSpec(ErrorMessage, description="Rate limit per client address exceeded", generate_examples=False),
}
"""What /track and its WhatsApp stop answer besides 200: they take the same proof."""


class Tracking(Controller):
    path = "/api"
    tags = ["tracking"]  # noqa: RUF012 - Litestar reads it per class

    @post(
        "/track",
        status_code=HTTP_200_OK,
        guards=[json_only],
        summary="Track an application by its ID and the phone number or e-mail it was made with",
        responses=TRACK_RESPONSES,
    )
    async def track(
        self,
        tracking: NamedDependency[TrackingService],
        whatsapp_stop: NamedDependency[WhatsAppStop],
        data: JSONBody[TrackIn],
    ) -> TrackedApplicationOut:
        checked, errors = check_track_request(data.applicationId, data.contact)
        if checked is None:
            raise Rejected(errors)
        tracked = await tracking.track(*checked)
        if tracked is None:
            raise NotFoundException(detail=TRACK_NOT_FOUND)
        answer = tracked_json(tracked)
        if await whatsapp_stop.updates_on(*checked):
            answer.whatsappUpdates = True
        return answer

    @post(
        "/track/whatsapp-stop",
        status_code=HTTP_200_OK,
        guards=[json_only],
        summary="Stop WhatsApp updates for a tracked application (the same proof as /track)",
        responses=TRACK_RESPONSES,
    )
    async def stop_whatsapp(
        self, whatsapp_stop: NamedDependency[WhatsAppStop], data: JSONBody[TrackIn]
    ) -> WhatsAppStopOut:
        checked, errors = check_track_request(data.applicationId, data.contact)
        if checked is None:
            raise Rejected(errors)
        stopped = await whatsapp_stop.stop(*checked)
        if stopped is None:
            raise NotFoundException(detail=TRACK_NOT_FOUND)
        return WhatsAppStopOut(stopped)
