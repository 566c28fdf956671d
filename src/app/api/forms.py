"""The public forms: parse the request, call :class:`agency_core.submissions.service.AgencyService`
(a booking: :class:`agency_core.appointments.booking.Bookings`), answer."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from litestar import Controller, post
from litestar.connection import ASGIConnection
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.exceptions import ClientException
from litestar.handlers.base import BaseRouteHandler
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.params import Body, JSONBody
from litestar.status_codes import HTTP_201_CREATED, HTTP_415_UNSUPPORTED_MEDIA_TYPE

from agency_core.appointments.booking import Bookings
from agency_core.appointments.changes import calendar_path
from agency_core.submissions.service import UPLOAD_FIELDS, AgencyService, Upload
from agency_core.whatsapp.optins import OptIns
from app.api.fee_schemas import fee_due_out
from app.api.schemas import (
    ApplicationCreated,
    ApplicationForm,
    AppointmentCreated,
    AppointmentIn,
    ContactMessageIn,
    DuplicateApplication,
    ErrorMessage,
    JobAlertIn,
    NewsletterSubscriptionIn,
    RecordCreated,
    ValidationErrors,
)

_ERRORS = {
    400: ResponseSpec(ErrorMessage, description="Malformed JSON or a value of the wrong type", generate_examples=False),
    413: ResponseSpec(
        ErrorMessage, description="The body is larger than AGENCY_MAX_BODY_BYTES", generate_examples=False
    ),
    415: ResponseSpec(ErrorMessage, description="Unsupported content type", generate_examples=False),
    422: ResponseSpec(
        ValidationErrors,
        description="Invalid fields, with the spec's messages",
        examples=[Example(value={"errors": {"email": "Invalid email address"}})],
        generate_examples=False,
    ),
    429: ResponseSpec(ErrorMessage, description="Rate limit per client address exceeded", generate_examples=False),
}

_SLOT_FULL = ResponseSpec(
    ErrorMessage, description="Every seat of the slot is booked: nothing written", generate_examples=False
)


def _media_guard(*accepted: str) -> Any:
    # async: Litestar runs a sync guard on a worker thread, a thread hop on every submission.
    async def guard(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
        content_type = connection.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type not in accepted:
            raise ClientException(
                detail=f"Unsupported content type {content_type or '(none)'!r}: send {' or '.join(accepted)}.",
                status_code=HTTP_415_UNSUPPORTED_MEDIA_TYPE,
            )

    return guard


json_only = _media_guard("application/json")
form_only = _media_guard("multipart/form-data")


def _fields(data: object) -> dict[str, object]:
    """The sent fields of a multipart form (shallow: no copies of uploaded files), without the absent ones:
    the application's use case takes them as a mapping; the JSON forms hand their body to the core as it is."""
    values = ((f.name, getattr(data, f.name)) for f in dataclasses.fields(data))  # type: ignore[arg-type]
    return {name: value for name, value in values if value is not None}


async def _upload(file: UploadFile | None) -> Upload | None:
    if file is None:
        return None
    try:
        return Upload(file.filename or "", await file.read())
    finally:
        await file.close()


class PublicForms(Controller):
    path = "/api"
    tags = ["public forms"]  # noqa: RUF012 - Litestar reads it per class

    @post(
        "/applications",
        status_code=HTTP_201_CREATED,
        guards=[form_only],
        summary="Submit a job application (with CV, passport copy and photo)",
        responses={
            **_ERRORS,
            409: ResponseSpec(
                DuplicateApplication, description="Already received in 24 hours", generate_examples=False
            ),
        },
    )
    async def submit_application(
        self,
        agency: NamedDependency[AgencyService],
        whatsapp_opt_ins: NamedDependency[OptIns],
        data: Annotated[ApplicationForm, Body(media_type=RequestEncodingType.MULTI_PART)],
    ) -> ApplicationCreated:
        uploads: dict[str, Upload] = {}
        for name in UPLOAD_FIELDS:
            upload = await _upload(getattr(data, name))
            if upload is not None:
                uploads[name] = upload
        fields = _fields(data)
        # the use case drops the upload fields; a ticked WhatsApp box is kept once the application is
        outcome = await whatsapp_opt_ins.submitted("apply", fields, lambda: agency.submit_application(fields, uploads))
        fee = fee_due_out(outcome.fee) if outcome.fee is not None else None
        return ApplicationCreated(outcome.id, outcome.payment_key, fee)

    @post(
        "/appointments",
        status_code=HTTP_201_CREATED,
        guards=[json_only],
        summary="Book a consultation",
        responses=_ERRORS
        | {
            409: ResponseSpec(
                ErrorMessage,
                description="Every seat of the slot is booked; nothing was written",
                generate_examples=False,
            )
        },
    )
    async def book_appointment(
        self,
        bookings: NamedDependency[Bookings],
        whatsapp_opt_ins: NamedDependency[OptIns],
        data: JSONBody[AppointmentIn],
    ) -> AppointmentCreated:
        outcome = await whatsapp_opt_ins.submitted("book", data, lambda: bookings.book_appointment(data))
        calendar = calendar_path(outcome.change_token) if outcome.change_token else ""
        return AppointmentCreated(outcome.id, calendar)

    @post(
        "/contact-messages",
        status_code=HTTP_201_CREATED,
        guards=[json_only],
        summary="Send a message from the contact form",
        responses=_ERRORS,
    )
    async def send_contact_message(
        self,
        agency: NamedDependency[AgencyService],
        whatsapp_opt_ins: NamedDependency[OptIns],
        data: JSONBody[ContactMessageIn],
    ) -> RecordCreated:
        outcome = await whatsapp_opt_ins.submitted("contact", data, lambda: agency.send_contact_message(data))
        return RecordCreated(outcome.id)

    @post(
        "/newsletter-subscriptions",
        status_code=HTTP_201_CREATED,
        guards=[json_only],
        summary="Subscribe to the newsletter (a repeat e-mail updates the interests)",
        responses=_ERRORS,
    )
    async def subscribe_newsletter(
        self, agency: NamedDependency[AgencyService], data: JSONBody[NewsletterSubscriptionIn]
    ) -> RecordCreated:
        return RecordCreated((await agency.subscribe_newsletter(data)).id)

    @post(
        "/job-alerts",
        status_code=HTTP_201_CREATED,
        guards=[json_only],
        summary="Sign up for job alerts",
        responses=_ERRORS,
    )
    async def create_job_alert(
        self, agency: NamedDependency[AgencyService], data: JSONBody[JobAlertIn]
    ) -> RecordCreated:
        return RecordCreated((await agency.create_job_alert(data)).id)
