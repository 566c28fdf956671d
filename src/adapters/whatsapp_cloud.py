"""WhatsApp through Meta's Cloud API: ``POST {api}/{version}/{phone-number-id}/messages`` with a bearer token.

:class:`CloudWhatsAppSender` implements :class:`agency_core.whatsapp.channel.WhatsAppSender`: a
free-form text inside the customer-service window, else the approved template with its body parameters
(the staff-editable text). The answer's ``messages[0].id`` (``wamid.…``) is the id the webhook's
statuses name. :class:`LoggingWhatsAppSender` stands in without settings in demo mode (``make run``):
each send is a log line, as the SMS log gateway writes, never its text.
"""

from __future__ import annotations

import logging
from typing import Any

import httpx

from agency_core.masking import mask_phone
from agency_core.ports import Delivery, SendResult
from agency_core.whatsapp.channel import WhatsAppOut

logger = logging.getLogger(__name__)

WHATSAPP_FAILED = "WhatsApp message not sent"


def message_body(out: WhatsAppOut) -> dict[str, Any]:
    """The Cloud API's JSON for one send (``to`` without the ``+``, as Meta's examples write it)."""
    body: dict[str, Any] = {"messaging_product": "whatsapp", "recipient_type": "individual", "to": out.to.lstrip("+")}
    if out.template is not None:
        template = out.template
        body["type"] = "template"
        body["template"] = {
            "name": template.name,
            "language": {"code": template.language},
            "components": [
                {"type": "body", "parameters": [{"type": "text", "text": value} for value in template.parameters]}
            ],
        }
    else:
        body["type"] = "text"
        body["text"] = {"preview_url": False, "body": out.text}
    return body


def wamid_of(answer: object) -> str | None:
    """``messages[0].id`` of a Cloud API answer."""
    if not isinstance(answer, dict):
        return None
    messages = answer.get("messages")
    if isinstance(messages, list) and messages and isinstance(messages[0], dict):
        value = messages[0].get("id")
        if isinstance(value, str) and value:
            return value[:200]
    return None


def _error_of(response: httpx.Response) -> str:
    try:
        body: Any = response.json()
    except ValueError:
        return f"{WHATSAPP_FAILED}: HTTP {response.status_code}"
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict) and isinstance(error.get("message"), str):
        return f"{WHATSAPP_FAILED}: {error['message']}"[:500]
    return f"{WHATSAPP_FAILED}: HTTP {response.status_code}"


class CloudWhatsAppSender:
    """One pooled client; never raises."""

    def __init__(
        self,
        api_url: str,
        version: str,
        phone_number_id: str,
        access_token: str,
        *,
        timeout_s: float = 10.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._url = f"{api_url.rstrip('/')}/{version}/{phone_number_id}/messages"
        self._client = httpx.AsyncClient(
            timeout=timeout_s,
            transport=transport,
            headers={"Authorization": f"Bearer {access_token}"},
        )

    async def send(self, out: WhatsAppOut, idempotency_key: str) -> SendResult:
        try:
            response = await self._client.post(self._url, json=message_body(out))
        except httpx.HTTPError as exc:
            logger.warning("whatsapp send failed", extra={"sms_id": idempotency_key, "error": type(exc).__name__})
            return SendResult(False, f"{WHATSAPP_FAILED}: {type(exc).__name__}", delivery=Delivery.NOT_SENT)
        if response.status_code >= 300:
            return SendResult(False, _error_of(response), gateway_status=response.status_code)
        try:
            answer: object = response.json()
        except ValueError:
            answer = None
        wamid = wamid_of(answer)
        if wamid is None:
            return SendResult(
                False, f"{WHATSAPP_FAILED}: no message id in the answer", gateway_status=response.status_code
            )
        return SendResult(True, "WhatsApp message accepted", gateway_status=response.status_code, gateway_id=wamid)

    async def aclose(self) -> None:
        await self._client.aclose()


class LoggingWhatsAppSender:
    """Demo mode without settings: logs each send (id, masked phone, template or text); always succeeds."""

    def __init__(self) -> None:
        self._count = 0

    async def send(self, out: WhatsAppOut, idempotency_key: str) -> SendResult:
        self._count += 1
        logger.info(
            "WhatsApp (no Cloud API configured, not sent) %s to %s: %s",
            idempotency_key,
            mask_phone(out.to),
            f"template {out.template.name}" if out.template is not None else f"text, {len(out.text or '')} characters",
        )
        return SendResult(True, "WhatsApp logged (no Cloud API configured)", gateway_id=f"wamid.log-{idempotency_key}")

    async def aclose(self) -> None:
        return None
