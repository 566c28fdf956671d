"""``/api/whatsapp/webhook``: Meta's WhatsApp Cloud API webhook.

``GET`` is the verification handshake: ``hub.mode=subscribe`` and ``hub.verify_token`` equal to
``AGENCY_WHATSAPP_VERIFY_TOKEN`` (compared in constant time) answer ``hub.challenge`` as text; anything
else 403. ``POST`` reads the raw body (over 64 KiB: 413, nothing read) and checks
``X-Hub-Signature-256`` = ``sha256=`` + HMAC-SHA256(app secret, raw body) with
:func:`hmac.compare_digest` **before** anything is parsed: unsigned or forged, 401 and nothing changes.
A signed body's statuses and inbound messages go to :class:`agency_core.whatsapp.events.WebhookEvents`;
the answer is 200 at once (Meta retries anything else). With the channel off both answer 404.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.enums import MediaType
from litestar.exceptions import NotAuthorizedException, NotFoundException, PermissionDeniedException
from litestar.openapi.datastructures import ResponseSpec
from litestar.status_codes import HTTP_200_OK

from agency_core.clock import Clock, utc_now
from agency_core.whatsapp.events import StatusReport, WebhookEvents
from agency_core.whatsapp.model import INBOUND_KINDS, InboundMessage, MessageState
from app.error_bodies import ErrorMessage

logger = logging.getLogger("agency.whatsapp")

WEBHOOK_PATH: Final = "/api/whatsapp/webhook"
WEBHOOK_MAX_BODY_BYTES: Final = 64 * 1024
SIGNATURE_HEADER: Final = "X-Hub-Signature-256"
_STATES: Final = {
    s.value: s for s in (MessageState.SENT, MessageState.DELIVERED, MessageState.READ, MessageState.FAILED)
}


@dataclass(frozen=True, slots=True)
class WhatsAppWebhook:
    """What the route needs: the secrets it checks against and where the events go (``None``: off)."""

    app_secret: str
    verify_token: str
    events: WebhookEvents | None
    clock: Clock = utc_now

    def signed(self, body: bytes, header: str | None) -> bool:
        """Whether ``header`` is ``sha256=`` + the HMAC-SHA256 of exactly ``body`` (constant time)."""
        if not self.app_secret or not header:
            return False
        expected = "sha256=" + hmac.new(self.app_secret.encode(), body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected.encode(), header.strip().encode("utf-8", "replace"))

    def handshake(self, query: Mapping[str, str]) -> str | None:
        """The challenge to echo, or ``None`` when the handshake is not ours."""
        token = query.get("hub.verify_token", "")
        if query.get("hub.mode") != "subscribe" or not self.verify_token:
            return None
        if not hmac.compare_digest(token.encode("utf-8", "replace"), self.verify_token.encode()):
            return None
        return query.get("hub.challenge", "")


def _at(raw: object, now: datetime) -> datetime:
    """A webhook's ``timestamp`` (Unix seconds as a string); ``now`` when it has none."""
    try:
        return datetime.fromtimestamp(int(str(raw)), tz=UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return now


def _values(body: object) -> list[dict[str, Any]]:
    if not isinstance(body, dict):
        return []
    values: list[dict[str, Any]] = []
    for entry in body.get("entry") or []:
        for change in (entry.get("changes") or []) if isinstance(entry, dict) else []:
            value = change.get("value") if isinstance(change, dict) else None
            if isinstance(value, dict):
                values.append(value)
    return values


def statuses_of(body: object, now: datetime) -> list[StatusReport]:
    """Every ``statuses[]`` entry with a known status (``sent``, ``delivered``, ``read``, ``failed``)."""
    reports: list[StatusReport] = []
    for value in _values(body):
        for status in value.get("statuses") or []:
            if not isinstance(status, dict):
                continue
            state = _STATES.get(str(status.get("status", "")))
            wamid = status.get("id")
            if state is not None and isinstance(wamid, str) and wamid:
                reports.append(StatusReport(wamid[:200], state, _at(status.get("timestamp"), now)))
    return reports


def inbound_of(body: object, now: datetime) -> list[InboundMessage]:
    """Every ``messages[]`` entry as an :class:`InboundMessage` (an unknown type is ``other``)."""
    found: list[InboundMessage] = []
    for value in _values(body):
        for message in value.get("messages") or []:
            if not isinstance(message, dict) or not isinstance(message.get("id"), str):
                continue
            sender = str(message.get("from", "")).lstrip("+")
            if not sender.isdigit():
                continue
            kind = str(message.get("type", "other"))
            kind = kind if kind in INBOUND_KINDS else "other"
            content = message.get(kind) if isinstance(message.get(kind), dict) else {}
            assert isinstance(content, dict)
            text = content.get("body") if kind == "text" else content.get("caption")
            media = content.get("id") if kind != "text" else None
            found.append(
                InboundMessage(
                    wa_message_id=str(message["id"])[:200],
                    phone="+" + sender,
                    at=_at(message.get("timestamp"), now),
                    kind=kind,
                    text=str(text or "")[:4096],
                    media_id=str(media) if media else None,
                )
            )
    return found


class WebhookTaken(msgspec.Struct, frozen=True):
    """The answer to a signed webhook: taken (Meta retries anything but a 200)."""

    status: str = "ok"


TAKEN: Final = WebhookTaken()


def _error(description: str) -> ResponseSpec:
    return ResponseSpec(ErrorMessage, description=description, generate_examples=False)


class WhatsAppWebhookRoutes(Controller):
    path = WEBHOOK_PATH
    tags = ["whatsapp"]  # noqa: RUF012 - Litestar reads it per class

    @get(
        "/",
        summary="Meta's webhook verification: echoes hub.challenge when hub.verify_token matches",
        media_type=MediaType.TEXT,
        # Meta's handshake, answered in plain text for Meta alone: no client calls it, so no API type.
        include_in_schema=False,
        responses={403: _error("Not our verify token; nothing echoed"), 404: _error("The channel is off")},
    )
    async def verify(
        self, whatsapp_webhook: NamedDependency[WhatsAppWebhook], request: Request[Any, Any, Any]
    ) -> Response[str]:
        if whatsapp_webhook.events is None:
            raise NotFoundException
        challenge = whatsapp_webhook.handshake(dict(request.query_params))
        if challenge is None:
            raise PermissionDeniedException("Verification refused")
        return Response(challenge, media_type=MediaType.TEXT)

    @post(
        "/",
        status_code=HTTP_200_OK,
        request_max_body_size=WEBHOOK_MAX_BODY_BYTES,
        summary="Meta's signed webhook: X-Hub-Signature-256 must be the HMAC-SHA256 of the raw body",
        responses={
            401: _error("Unsigned or forged; nothing read"),
            404: _error("The channel is off"),
            413: _error("Body over 64 KiB; nothing read"),
        },
    )
    async def receive(
        self, whatsapp_webhook: NamedDependency[WhatsAppWebhook], request: Request[Any, Any, Any]
    ) -> WebhookTaken:
        events = whatsapp_webhook.events
        if events is None:
            raise NotFoundException
        raw = await request.body()
        if not whatsapp_webhook.signed(raw, request.headers.get(SIGNATURE_HEADER)):
            raise NotAuthorizedException("Invalid signature")
        try:
            body: object = json.loads(raw)
        except ValueError:
            logger.warning("whatsapp webhook: a signed body that is not JSON")
            return TAKEN
        now = whatsapp_webhook.clock()
        await events.statuses(statuses_of(body, now))
        await events.received(inbound_of(body, now))
        return TAKEN
