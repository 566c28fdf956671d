"""The processing fee over HTTP: the fee and whether online payment is on, start a payment,
verify one (the result page), and Paystack's webhook (raw body, signature checked).

The use cases' refusals (503, 404, 409, 502) are answered by :mod:`app.use_case_errors`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.exceptions import ClientException, NotAuthorizedException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, JSONBody
from litestar.status_codes import (
    HTTP_200_OK,
    HTTP_201_CREATED,
)

from agency_core.payments import model as p
from agency_core.payments.receipts import receipt_path
from agency_core.payments.service import PaymentService, PaymentView
from agency_core.records import PaymentState
from app.api.schemas import OK, ErrorMessage, PaymentStartIn, StatusOk
from app.public_url import public_origin
from app.settings import Settings

SIGNATURE_HEADER = "x-paystack-signature"
CALLBACK_PATH = "/payment/callback"
WEBHOOK_MAX_BODY_BYTES = 64 * 1024
"""Paystack's events are a few KB: a bigger body is refused (413) as announced, or as soon as
that much has been streamed, so an unsigned flood is never held in memory whole."""


@dataclass
class PaymentConfig:
    available: bool
    amount: str
    """In the currency's main unit: ``"50"``."""
    currency: str
    label: str
    """As shown: ``"$50"``."""
    unavailableMessage: str | None = None
    test: bool = False
    """The built-in test checkout (demo mode without Paystack keys): no money is taken."""


@dataclass
class PaymentStarted:
    authorizationUrl: str
    reference: str


@dataclass
class PaymentStatus:
    applicationId: str
    state: str
    reference: str | None
    amount: str | None
    currency: str | None
    channel: str | None
    paidAt: str | None
    receiptUrl: str | None = None
    """A paid fee's receipt page (site-relative, its token inside), as ``/track`` links it. Only the
    exact reference of the application's current payment answers here, so whoever holds it paid."""


def _status(view: PaymentView, receipt_secret: str) -> PaymentStatus:
    pay = view.payment
    amount = p.Fee(pay.amount_minor, pay.currency or "").major if pay.amount_minor is not None else None
    number = pay.receipt_number if pay.state is PaymentState.PAID and receipt_secret else None
    return PaymentStatus(
        view.application_id,
        pay.state.value,
        pay.reference,
        amount,
        pay.currency,
        pay.channel,
        pay.paid_at.isoformat(timespec="seconds") if pay.paid_at else None,
        receipt_path(receipt_secret, view.application_id, number) if number is not None else None,
    )


def callback_url(request: Request[Any, Any, Any], settings: Settings) -> str:
    """Paystack sends the payer back here: on ``AGENCY_SITE_URL`` when set, else the request's origin."""
    return public_origin(request, settings) + CALLBACK_PATH


_UNAVAILABLE = ResponseSpec(
    ErrorMessage, description="Online payment is not configured (no Paystack key)", generate_examples=False
)
_DOWN = ResponseSpec(
    ErrorMessage, description="Paystack could not be reached; nothing changed", generate_examples=False
)


class PaymentInfo(Controller):
    path = "/api/payments"
    tags = ["payments"]  # noqa: RUF012 - Litestar reads it per class

    @get("/config", summary="The processing fee and whether online payment is available")
    async def config(self, payments: NamedDependency[PaymentService]) -> PaymentConfig:
        service = payments
        fee = service.fee
        return PaymentConfig(
            service.available,
            fee.major,
            fee.currency,
            fee.label,
            None if service.available else p.PAYMENTS_UNAVAILABLE,
            service.test_mode,
        )

    @post(
        "/paystack/webhook",
        status_code=HTTP_200_OK,
        summary="Paystack's webhook: x-paystack-signature must be the HMAC-SHA512 of the raw body",
        request_max_body_size=WEBHOOK_MAX_BODY_BYTES,
        responses={
            401: ResponseSpec(ErrorMessage, description="Bad signature; nothing changed", generate_examples=False),
            413: ResponseSpec(ErrorMessage, description="Body over 64 KiB; nothing read", generate_examples=False),
        },
    )
    async def webhook(self, payments: NamedDependency[PaymentService], request: Request[Any, Any, Any]) -> StatusOk:
        body = await request.body()
        try:
            accepted = await payments.webhook(body, request.headers.get(SIGNATURE_HEADER))
        except ValueError:
            raise ClientException("The webhook body is not a Paystack event.") from None
        if not accepted:
            raise NotAuthorizedException("Invalid signature")
        return OK


class PaymentLookup(Controller):
    """The result page's question; rate limited with the public forms (references are guessed by strangers)."""

    path = "/api/payments"
    tags = ["payments"]  # noqa: RUF012 - Litestar reads it per class

    @get(
        "/{reference:str}",
        summary="Verify a payment with Paystack and answer the application's payment state",
        responses={404: ResponseSpec(ErrorMessage, generate_examples=False), 502: _DOWN, 503: _UNAVAILABLE},
    )
    async def verify(
        self, payments: NamedDependency[PaymentService], settings: NamedDependency[Settings], reference: FromPath[str]
    ) -> PaymentStatus:
        return _status(await payments.verify(reference), settings.secret_key)


class PaymentStart(Controller):
    """Rate limited with the public forms: each start creates a transaction at Paystack."""

    path = "/api/applications"
    tags = ["payments"]  # noqa: RUF012 - Litestar reads it per class

    @post(
        "/{application_id:str}/payment",
        status_code=HTTP_201_CREATED,
        summary="Start paying an application's processing fee: answers Paystack's checkout address",
        responses={
            404: ResponseSpec(
                ErrorMessage, description="No such application, or not its payment key", generate_examples=False
            ),
            409: ResponseSpec(ErrorMessage, description="Already paid", generate_examples=False),
            502: _DOWN,
            503: _UNAVAILABLE,
        },
    )
    async def start(
        self,
        payments: NamedDependency[PaymentService],
        settings: NamedDependency[Settings],
        request: Request[Any, Any, Any],
        application_id: FromPath[str],
        data: JSONBody[PaymentStartIn],
    ) -> PaymentStarted:
        checkout = await payments.start(application_id, data.paymentKey, callback_url(request, settings))
        return PaymentStarted(checkout.authorization_url, checkout.reference)
