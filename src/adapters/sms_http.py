"""The SMS gateway over HTTP: ``POST {base}/send`` with an ``api-key`` header (spec section 7)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import httpx

from agency_core.masking import mask_phone
from agency_core.ports import SMS_FAILED, Delivery, SmsResult

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
    ) -> None:
        self._sender = sender
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers={"api-key": api_key},
            timeout=httpx.Timeout(timeout_s, connect=min(timeout_s, 5.0)),
            limits=httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections),
            transport=transport,
        )

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SmsResult:
        try:
            sender = self._sender if isinstance(self._sender, str) else await self._sender()
        except Exception as exc:  # a settings read failing must not lose the message: retried later
            logger.warning("SMS sender id unavailable: %s", type(exc).__name__)
            return SmsResult(False, SMS_FAILED)
        payload = {"sender": sender, "message": message, "recipients": [phone]}
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else None
        try:
            response = await self._client.post("/send", json=payload, headers=headers)
        except httpx.HTTPError as exc:
            logger.warning("SMS gateway unreachable for %s: %s", mask_phone(phone), type(exc).__name__)
            return SmsResult(False, SMS_FAILED, None, _transport_failure(exc))
        if response.is_success:
            try:
                body: Any = response.json()
            except ValueError:
                body = {}
            body = body if isinstance(body, dict) else {}
            message = str(body.get("message") or "SMS sent")
            return SmsResult(True, message, body.get("data"), Delivery.SENT, response.status_code)
        reason = _error_message(response)
        logger.warning("SMS gateway refused %s: %s %s", mask_phone(phone), response.status_code, reason)
        return SmsResult(False, reason, None, Delivery.REFUSED, response.status_code)

    async def aclose(self) -> None:
        await self._client.aclose()
