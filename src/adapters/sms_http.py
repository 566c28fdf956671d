"""The SMS gateway over HTTP: ``POST {base}/send`` with an ``api-key`` header (spec section 7)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlencode

import httpx

from agency_core.masking import mask_phone
from agency_core.ports import SMS_FAILED, Delivery, SendResult

logger = logging.getLogger(__name__)


def _error_message(response: httpx.Response) -> str:
    try:
        body: Any = response.json()
    except ValueError:
        return SMS_FAILED
    if isinstance(body, dict):
        for key in ("message", "error"):
            value = body.get(key)
            if isinstance(value, str) and value:
                return value
            if isinstance(value, dict) and isinstance(value.get("message"), str):
                return str(value["message"])
    return SMS_FAILED


_NEVER_LEFT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.UnsupportedProtocol)
"""Errors raised before the request was written: the gateway cannot have it."""


def _transport_failure(exc: httpx.HTTPError) -> Delivery:
    return Delivery.NOT_SENT if isinstance(exc, _NEVER_LEFT) else Delivery.UNKNOWN


def gateway_id_of(data: object) -> str | None:
    """The gateway's id of the accepted message: ``{"id": ...}`` or, as Arkesel answers,
    ``[{"recipient": ..., "id": ...}]``."""
    if isinstance(data, list) and data:
        data = data[0]
    if isinstance(data, dict):
        value = data.get("id")
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value):
            return str(value)[:200]
    return None


def report_url_for(report_url: str, message_id: str) -> str:
    """The ``callback_url`` of one message: the deployment's report URL (with its secret) and the
    outbox message's id, so a report that arrives before the "sent" write still finds its message."""
    joiner = "&" if "?" in report_url else "?"
    return f"{report_url}{joiner}{urlencode({'message': message_id})}"


SenderSource = str | Callable[[], Awaitable[str]]
"""A fixed sender id, or an async callable read on every send (settings staff can change)."""


class HttpSmsGateway:
    """Implements :class:`agency_core.ports.SmsGateway`. One pooled client; never raises."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        sender: SenderSource,
        timeout_s: float = 10.0,
        transport: httpx.AsyncBaseTransport | None = None,
        max_connections: int = 20,
        report_url: str | None = None,
    ) -> None:
        """``report_url``: where the gateway sends delivery reports (Arkesel's ``callback_url``),
        carrying the deployment's secret; each message adds its outbox id (:func:`report_url_for`)."""
        self._sender = sender
        self._report_url = report_url
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers={"api-key": api_key},
            timeout=httpx.Timeout(timeout_s, connect=min(timeout_s, 5.0)),
            limits=httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections),
            transport=transport,
        )

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        try:
            sender = self._sender if isinstance(self._sender, str) else await self._sender()
        except Exception as exc:  # a settings read failing must not lose the message: retried later
            logger.warning("SMS sender id unavailable: %s", type(exc).__name__)
            return SendResult(False, SMS_FAILED)
        payload: dict[str, Any] = {"sender": sender, "message": message, "recipients": [phone]}
        reported = bool(self._report_url and idempotency_key)
        if reported:
            payload["callback_url"] = report_url_for(str(self._report_url), str(idempotency_key))
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else None
        try:
            response = await self._client.post("/send", json=payload, headers=headers)
        except httpx.HTTPError as exc:
            logger.warning("SMS gateway unreachable for %s: %s", mask_phone(phone), type(exc).__name__)
            return SendResult(False, SMS_FAILED, None, _transport_failure(exc))
        if response.is_success:
            try:
                body: Any = response.json()
            except ValueError:
                body = {}
            body = body if isinstance(body, dict) else {}
            message = str(body.get("message") or "SMS sent")
            data = body.get("data")
            # The id is kept only when a report was asked for: a text nobody will report on is never
            # flagged "not delivered in time".
            gateway_id = gateway_id_of(data) if reported else None
            return SendResult(True, message, data, Delivery.SENT, response.status_code, gateway_id)
        reason = _error_message(response)
        logger.warning("SMS gateway refused %s: %s %s", mask_phone(phone), response.status_code, reason)
        return SendResult(False, reason, None, Delivery.REFUSED, response.status_code)

    async def aclose(self) -> None:
        await self._client.aclose()
