"""``POST /api/sms/delivery-reports?key=<secret>&message=<outbox id>``: the SMS gateway's delivery
report (Arkesel's ``callback_url``), public because the gateway calls it, guarded by the secret in its
query (compared in constant time; a wrong one answers 404 like a route that does not exist and
changes nothing). The body is JSON or a form with the gateway's message id (``id``, ``sms_id`` or
``message_id``) and its ``status``. A report without the gateway id stored for the message is refused
and changes nothing. Bodies over 4 KiB are refused (413); rate limited per address by a limit of its
own (``AGENCY_SMS_REPORT_RATE_PER_MIN``), sized for a gateway."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from litestar import Controller, Request, post
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromQuery
from litestar.status_codes import HTTP_200_OK

from agency_core.errors import NotFound
from agency_core.messaging.delivery import DeliveryReports
from app.api.schemas import ErrorMessage
from app.sms_report_settings import DELIVERY_REPORT_PATH

REPORT_MAX_BODY_BYTES = 4 * 1024
"""A report is a few dozen bytes."""
_ID_NAMES = ("id", "sms_id", "message_id", "messageId")


@dataclass
class ReportTaken:
    status: str
    """``applied`` (the message moved forward), ``unchanged`` (a repeat, a weaker or an intermediate
    report), ``ignored`` (no such message, or another gateway id) or ``refused`` (no gateway id
    while the message has one); nothing changed but for ``applied``."""


def report_fields(body: bytes) -> Mapping[str, Any]:
    """The report's fields from a JSON object or a form body; anything else is empty."""
    text = body.decode("utf-8", "replace").strip()
    if text.startswith("{"):
        try:
            parsed = json.loads(text)
        except ValueError:
            return {}
        return parsed if isinstance(parsed, dict) else {}
    return dict(parse_qsl(text))


def _text(fields: Mapping[str, Any], *names: str) -> str:
    for name in names:
        value = fields.get(name)
        if isinstance(value, str | int) and not isinstance(value, bool):
            return str(value)[:200]
    return ""


def _error(description: str) -> ResponseSpec:
    return ResponseSpec(ErrorMessage, description=description, generate_examples=False)


class DeliveryReportRoutes(Controller):
    path = DELIVERY_REPORT_PATH
    tags = ["sms"]  # noqa: RUF012 - Litestar reads it per class

    @post(
        "/",
        status_code=HTTP_200_OK,
        request_max_body_size=REPORT_MAX_BODY_BYTES,
        summary="The SMS gateway's delivery report for one message (the callback URL it was given)",
        responses={
            404: _error("Wrong or missing key; nothing changed"),
            413: _error("Body over 4 KiB; nothing read"),
            429: _error("Rate limit per client address exceeded"),
        },
    )
    async def report(
        self,
        delivery_reports: NamedDependency[DeliveryReports],
        request: Request[Any, Any, Any],
        key: FromQuery[str] = "",
        message: FromQuery[str] = "",
    ) -> ReportTaken:
        fields = report_fields(await request.body())
        try:
            outcome = await delivery_reports.receive(key, message, _text(fields, *_ID_NAMES), _text(fields, "status"))
        except NotFound:
            # The very answer of a path that does not exist: a stranger cannot tell the route is here.
            raise NotFoundException from None
        return ReportTaken(outcome.value)
