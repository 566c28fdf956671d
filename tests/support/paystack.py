"""A real local Paystack on loopback: initialize, a checkout page, verify, and signed webhooks.

Point ``PAYSTACK_BASE_URL`` at ``server.base_url`` with ``PAYSTACK_SECRET_KEY=server.secret_key``.

- ``POST /transaction/initialize`` (Bearer secret key) records a transaction and answers
  ``authorization_url`` = ``{base}/checkout/{reference}``.
- ``GET /checkout/{reference}`` is an HTML page with "Pay" and "Decline" links (no script);
  ``GET /checkout/{reference}/complete?outcome=success|failed|abandoned`` settles the
  transaction, sends the webhook when ``webhook_url`` is set (``charge.success`` only, as
  Paystack does) and redirects to the callback URL with ``?trxref=..&reference=..``.
- ``GET /transaction/verify/{reference}`` answers the transaction (``ongoing`` until settled).
- ``behaviour``: ``down`` (503 on every API call), ``charged_amount`` / ``charged_currency``
  (report another amount than asked), ``auto_webhook`` (send the webhook on completion).
- ``event(...)``, ``sign(...)`` and ``send_webhook(...)`` build and deliver webhooks by hand
  (bad signatures, wrong amounts, replays, any order).
- ``POST /refund`` (transaction reference, amount, currency, merchant note) records a refund and
  answers it ``pending`` (400 for an unknown transaction or more than is left of it); the
  ``refund_webhook`` behaviour sends ``refund.processed`` (or ``refund_outcome``) to the app
  ``before`` the answer, ``after`` it, or not at all; ``refund_event(...)`` builds one by hand.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

SECRET_KEY = "sk_test_localpaystack0000000000000000"


@dataclass
class Transaction:
    reference: str
    amount: int
    currency: str
    email: str
    callback_url: str
    metadata: dict[str, Any]
    status: str = "ongoing"
    channel: str | None = None
    paid_at: str | None = None

    def data(self) -> dict[str, Any]:
        return {
            "id": abs(hash(self.reference)) % 10**9,
            "reference": self.reference,
            "status": self.status,
            "amount": self.amount,
            "currency": self.currency,
            "channel": self.channel,
            "paid_at": self.paid_at,
            "metadata": self.metadata,
            "customer": {"email": self.email},
            "gateway_response": "Successful" if self.status == "success" else self.status.capitalize(),
        }


@dataclass
class LocalRefund:
    id: int
    reference: str
    amount: int
    currency: str
    note: str
    status: str = "pending"


@dataclass
class Behaviour:
    refund_webhook: str = "none"
    """``before`` (sent while the refund request waits for its answer), ``after`` or ``none``."""
    refund_outcome: str = "processed"
    down: bool = False
    charged_amount: int | None = None
    charged_currency: str | None = None
    auto_webhook: bool = True
    channel: str = "card"


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] | None = None


@dataclass
class WebhookSent:
    body: bytes
    signature: str
    status: int


class LocalPaystack:
    def __init__(self, secret_key: str = SECRET_KEY) -> None:
        self.secret_key = secret_key
        self.behaviour = Behaviour()
        self.transactions: dict[str, Transaction] = {}
        self.requests: list[Recorded] = []
        self.webhooks: list[WebhookSent] = []
        self.webhook_url: str | None = None
        self.refunds: dict[int, LocalRefund] = {}
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def _send(self, status: int, body: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(body)))
                    for k, v in (headers or {}).items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    return

            def _json(self, status: int, payload: dict[str, Any]) -> None:
                self._send(status, json.dumps(payload).encode(), "application/json")

            def do_GET(self) -> None:
                url = urlsplit(self.path)
                parts = [p for p in url.path.split("/") if p]
                server._record("GET", url.path, dict(self.headers.items()))
                if parts[:1] == ["checkout"] and len(parts) == 2:
                    self._send(200, server._checkout_page(parts[1]), "text/html; charset=utf-8")
                    return
                if parts[:1] == ["checkout"] and len(parts) == 3 and parts[2] == "complete":
                    outcome = (parse_qs(url.query).get("outcome") or ["success"])[0]
                    location = server.complete(parts[1], outcome)
                    if location is None:
                        self._send(404, b"No such transaction", "text/plain")
                    else:
                        self._send(302, b"", "text/plain", {"Location": location})
                    return
                if not server._authorised(self.headers.get("Authorization")):
                    self._json(401, {"status": False, "message": "Invalid key"})
                    return
                if server.behaviour.down:
                    self._json(503, {"status": False, "message": "Service unavailable"})
                    return
                if parts[:2] == ["transaction", "verify"] and len(parts) == 3:
                    with server._lock:
                        txn = server.transactions.get(parts[2])
                    if txn is None:
                        self._json(400, {"status": False, "message": "Transaction reference not found"})
                    else:
                        self._json(200, {"status": True, "message": "Verification successful", "data": txn.data()})
                    return
                self._json(404, {"status": False, "message": "Not found"})

            def do_POST(self) -> None:
                url = urlsplit(self.path)
                raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("latin-1")}
                server._record("POST", url.path, dict(self.headers.items()), body)
                if not server._authorised(self.headers.get("Authorization")):
                    self._json(401, {"status": False, "message": "Invalid key"})
                    return
                if server.behaviour.down:
                    self._json(503, {"status": False, "message": "Service unavailable"})
                    return
                if url.path == "/refund":
                    status, answer = server._refund(body)
                    self._json(status, answer)
                    if status == 200 and server.behaviour.refund_webhook == "after":
                        threading.Timer(0.2, server._refund_webhook, (answer["data"]["id"],)).start()
                    return
                if url.path != "/transaction/initialize":
                    self._json(404, {"status": False, "message": "Not found"})
                    return
                status, answer = server._initialize(body)
                self._json(status, answer)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    # -- server side ----------------------------------------------------------------------

    def _record(self, method: str, path: str, headers: dict[str, str], body: dict[str, Any] | None = None) -> None:
        with self._lock:
            self.requests.append(Recorded(method, path, {k.lower(): v for k, v in headers.items()}, body))

    def _authorised(self, header: str | None) -> bool:
        return header == f"Bearer {self.secret_key}"

    def _initialize(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        reference = str(body.get("reference") or "")
        amount = body.get("amount")
        if not reference or not body.get("email") or not str(amount or "").isdigit():
            return 400, {"status": False, "message": "email, amount and reference are required"}
        with self._lock:
            if reference in self.transactions:
                return 400, {"status": False, "message": "Duplicate Transaction Reference"}
            self.transactions[reference] = Transaction(
                reference,
                int(str(amount)),
                str(body.get("currency") or "NGN"),
                str(body["email"]),
                str(body.get("callback_url") or ""),
                dict(body.get("metadata") or {}),
            )
        return 200, {
            "status": True,
            "message": "Authorization URL created",
            "data": {
                "authorization_url": f"{self.base_url}/checkout/{reference}",
                "access_code": f"ac_{reference}",
                "reference": reference,
            },
        }

    def _refund(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        reference = str(body.get("transaction") or "")
        with self._lock:
            txn = self.transactions.get(reference)
            if txn is None or txn.status != "success":
                return 400, {"status": False, "message": "Transaction not found"}
            taken = sum(r.amount for r in self.refunds.values() if r.reference == reference and r.status != "failed")
            amount = int(body.get("amount") or txn.amount - taken)
            if amount <= 0 or amount > txn.amount - taken:
                return 400, {"status": False, "message": "Refund amount cannot be more than the transaction amount"}
            refund = LocalRefund(
                len(self.refunds) + 1001, reference, amount, txn.currency, str(body.get("merchant_note") or "")
            )
            self.refunds[refund.id] = refund
        if self.behaviour.refund_webhook == "before":
            self._refund_webhook(refund.id)
        data = {
            "id": refund.id,
            "transaction": {"reference": reference, "amount": txn.amount},
            "amount": refund.amount,
            "currency": refund.currency,
            "merchant_note": refund.note,
            "status": "pending",
        }
        return 200, {"status": True, "message": "Refund has been queued for processing", "data": data}

    def _refund_webhook(self, refund_id: int) -> None:
        if self.webhook_url:
            self.send_webhook(self.refund_event(refund_id, self.behaviour.refund_outcome))

    def refund_event(self, refund_id: int, status: str) -> bytes:
        """The raw body of a ``refund.<status>`` webhook (the refund's state is set to ``status``)."""
        with self._lock:
            refund = self.refunds[refund_id]
            refund.status = status
        data = {
            "id": refund.id,
            "status": status,
            "transaction_reference": refund.reference,
            "refund_reference": f"RF{refund.id}",
            "amount": refund.amount,
            "currency": refund.currency,
        }
        return json.dumps({"event": f"refund.{status}", "data": data}, separators=(",", ":")).encode()

    def _checkout_page(self, reference: str) -> bytes:
        with self._lock:
            txn = self.transactions.get(reference)
        if txn is None:
            return b"<!doctype html><title>Not found</title><p>No such transaction</p>"
        ref = html.escape(reference)
        amount = f"{txn.currency} {txn.amount / 100:.2f}"
        return (
            "<!doctype html><html lang=en><head><meta charset=utf-8><title>Local Paystack checkout</title></head>"
            f"<body><h1>Local Paystack</h1><p>Pay <strong>{html.escape(amount)}</strong> to Vandy Travel</p>"
            f"<p>Reference {ref}</p>"
            f'<a id="pay" href="/checkout/{ref}/complete?outcome=success">Pay {html.escape(amount)}</a> '
            f'<a id="decline" href="/checkout/{ref}/complete?outcome=failed">Decline</a> '
            f'<a id="abandon" href="/checkout/{ref}/complete?outcome=abandoned">Cancel payment</a>'
            "</body></html>"
        ).encode()

    def complete(self, reference: str, outcome: str) -> str | None:
        """Settle a transaction as the checkout would; returns the callback address to go to."""
        b = self.behaviour
        with self._lock:
            txn = self.transactions.get(reference)
            if txn is None:
                return None
            txn.status = outcome
            txn.channel = b.channel
            if outcome == "success":
                # Paystack's own time, as the real service answers, not the app's clock (tests expect no value).
                txn.paid_at = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
                if b.charged_amount is not None:
                    txn.amount = b.charged_amount
                if b.charged_currency is not None:
                    txn.currency = b.charged_currency
            callback = txn.callback_url
        if outcome == "success" and b.auto_webhook and self.webhook_url:
            self.send_webhook(self.event(reference))
        query = urlencode({"trxref": reference, "reference": reference})
        return f"{callback}{'&' if '?' in callback else '?'}{query}"

    # -- webhooks -------------------------------------------------------------------------

    def event(
        self,
        reference: str,
        *,
        event: str = "charge.success",
        status: str | None = None,
        amount: int | None = None,
        currency: str | None = None,
    ) -> bytes:
        """The raw body of a webhook about ``reference`` (its current state, with overrides)."""
        with self._lock:
            txn = self.transactions[reference]
            data = txn.data()
        if status is not None:
            data["status"] = status
        if amount is not None:
            data["amount"] = amount
        if currency is not None:
            data["currency"] = currency
        return json.dumps({"event": event, "data": data}, separators=(",", ":")).encode()

    def sign(self, body: bytes, key: str | None = None) -> str:
        return hmac.new((key or self.secret_key).encode(), body, hashlib.sha512).hexdigest()

    def send_webhook(self, body: bytes, signature: str | None = None, url: str | None = None) -> int:
        """POST ``body`` to the app's webhook as Paystack does; returns the app's status code."""
        target = url or self.webhook_url
        assert target, "set webhook_url first"
        sig = self.sign(body) if signature is None else signature
        response = httpx.post(
            target, content=body, headers={"Content-Type": "application/json", "x-paystack-signature": sig}
        )
        with self._lock:
            self.webhooks.append(WebhookSent(body, sig, response.status_code))
        return response.status_code

    # -- lifecycle ------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> LocalPaystack:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def initialized(self) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if r.path == "/transaction/initialize"]
