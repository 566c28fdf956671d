"""Paystack over httpx: implements :class:`agency_core.payments.model.PaymentGateway`.

- ``POST {base}/transaction/initialize`` with the secret key as Bearer token: e-mail, amount in
  the currency's lowest unit (as a string), currency, our reference, ``callback_url`` and the
  application ID in ``metadata``; card and mobile money channels.
- ``GET {base}/transaction/verify/{reference}``.
- ``POST {base}/refund``: transaction reference, amount (lowest unit), currency, merchant note;
  the ``refund.pending`` / ``refund.processed`` / ``refund.failed`` webhooks tell how it went.
- Webhooks: ``x-paystack-signature`` is the hex HMAC-SHA512 of the raw body keyed with the
  secret key, compared in constant time.

The secret key never leaves the server. ``base_url`` is ``https://api.paystack.co`` unless
``PAYSTACK_BASE_URL`` points elsewhere (the local Paystack of the tests).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

import httpx

from agency_core.payments.model import (
    Charge,
    Checkout,
    Fee,
    GatewayRefund,
    GatewayUnavailable,
    WebhookEvent,
    state_of,
)

CHANNELS = ("card", "mobile_money")


def signature_of(body: bytes, secret_key: str) -> str:
    return hmac.new(secret_key.encode(), body, hashlib.sha512).hexdigest()


def _paid_at(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def charge_of(data: Mapping[str, Any]) -> Charge:
    """A transaction object of Paystack (verify ``data`` or webhook ``data``); ``ValueError`` if it is not one."""
    try:
        amount = int(data["amount"])
        reference = str(data["reference"])
        status = str(data["status"])
        currency = str(data["currency"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a Paystack transaction: {exc}") from exc
    channel = data.get("channel")
    return Charge(
        reference,
        status,
        amount,
        currency,
        channel if isinstance(channel, str) else None,
        _paid_at(data.get("paid_at") or data.get("paidAt")),
    )


def refund_of(data: Mapping[str, Any], event: str = "", reference: str = "") -> GatewayRefund:
    """A refund object of Paystack (the refund API's ``data`` or a ``refund.*`` webhook's); the
    event's name (``refund.processed``) decides over ``status``. ``ValueError`` if it is not one."""
    transaction = data.get("transaction")
    found = data.get("transaction_reference") or (
        transaction.get("reference") if isinstance(transaction, dict) else None
    )
    state = state_of(event.removeprefix("refund.")) if event else None
    state = state or state_of(str(data.get("status") or ""))
    if state is None or not (found or reference):
        raise ValueError("not a Paystack refund")
    raw_id = data.get("id") or data.get("refund_reference")
    amount = data.get("amount")
    return GatewayRefund(
        str(found or reference),
        str(raw_id) if raw_id not in (None, "") else None,
        state,
        int(amount) if isinstance(amount, int | str) and str(amount).isdigit() else None,
    )


class PaystackGateway:
    def __init__(self, secret_key: str, base_url: str, timeout_s: float = 15.0) -> None:
        if not secret_key:
            raise ValueError("a Paystack secret key is required")
        self._secret = secret_key
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            timeout=timeout_s,
            headers={"Authorization": f"Bearer {secret_key}", "Accept": "application/json"},
        )

    async def _call(self, method: str, path: str, body: Mapping[str, Any] | None = None) -> Mapping[str, Any] | None:
        """``data`` of a successful answer; ``None`` for a 404 / status false on verify."""
        try:
            response = await self._client.request(method, path, json=body)
        except httpx.HTTPError as exc:
            raise GatewayUnavailable(f"Paystack unreachable: {type(exc).__name__}") from exc
        try:
            answer = response.json()
        except ValueError as exc:
            raise GatewayUnavailable(f"Paystack answered {response.status_code} without JSON") from exc
        if response.status_code == 404 or (response.status_code == 400 and method == "GET"):
            return None
        if response.status_code >= 300 or not isinstance(answer, dict) or answer.get("status") is not True:
            message = answer.get("message") if isinstance(answer, dict) else None
            raise GatewayUnavailable(f"Paystack answered {response.status_code}: {message or 'no message'}")
        data = answer.get("data")
        if not isinstance(data, dict):
            raise GatewayUnavailable("Paystack answered without data")
        return data

    async def initialize(
        self, *, reference: str, email: str, fee: Fee, callback_url: str, metadata: Mapping[str, str]
    ) -> Checkout:
        data = await self._call(
            "POST",
            "/transaction/initialize",
            {
                "email": email,
                "amount": str(fee.amount_minor),
                "currency": fee.currency,
                "reference": reference,
                "callback_url": callback_url,
                "channels": list(CHANNELS),
                "metadata": dict(metadata),
            },
        )
        url = data.get("authorization_url") if data else None
        if not isinstance(url, str) or not url.startswith(("https://", "http://")):
            raise GatewayUnavailable("Paystack gave no checkout address")
        return Checkout(url, str(data.get("reference") or reference) if data else reference)

    async def verify(self, reference: str) -> Charge | None:
        data = await self._call("GET", f"/transaction/verify/{quote(reference, safe='')}")
        if data is None:
            return None
        try:
            return charge_of(data)
        except ValueError as exc:
            raise GatewayUnavailable(str(exc)) from exc

    async def refund(self, *, transaction_reference: str, amount_minor: int, currency: str, note: str) -> GatewayRefund:
        """``POST /refund``: Paystack queues it (``pending``) and tells the outcome by webhook."""
        data = await self._call(
            "POST",
            "/refund",
            {"transaction": transaction_reference, "amount": amount_minor, "currency": currency, "merchant_note": note},
        )
        if data is None:
            raise GatewayUnavailable("Paystack does not know the transaction to refund")
        try:
            return refund_of(data, reference=transaction_reference)
        except ValueError as exc:
            raise GatewayUnavailable(str(exc)) from exc

    def parse_webhook(self, body: bytes, signature: str | None) -> WebhookEvent | None:
        if not signature or not hmac.compare_digest(signature_of(body, self._secret), signature.strip().lower()):
            return None
        payload = json.loads(body)
        if not isinstance(payload, dict) or not isinstance(payload.get("event"), str):
            raise ValueError("not a Paystack event")
        data = payload.get("data")
        event = payload["event"]
        charge = charge_of(data) if event.startswith("charge.") and isinstance(data, dict) else None
        refund = refund_of(data, event) if event.startswith("refund.") and isinstance(data, dict) else None
        return WebhookEvent(event, charge, refund)

    async def aclose(self) -> None:
        await self._client.aclose()
