"""A real WhatsApp Cloud API stand-in on loopback: takes sends, fails on command, signs webhooks.

Tests point ``AGENCY_WHATSAPP_API_URL`` (or a ``CloudWhatsAppSender``) at ``server.base_url``. Every
``POST /{version}/{phone-number-id}/messages`` with the right bearer token is recorded in
``server.sends`` and answered ``{"messages": [{"id": "wamid.…"}]}``; ``behaviour.down`` (or
``fail_phones``) answers 503 / 400 with a Graph API error instead, as an outage or a refused number.

Webhooks go to ``webhook_url`` (the app's ``/api/whatsapp/webhook``), signed as Meta signs them
(``X-Hub-Signature-256: sha256=`` HMAC-SHA256 of the raw body with the app secret):
:meth:`WhatsAppCloudServer.status` reports one status of a sent message (call it late, twice, in any
order), ``behaviour.auto_status`` reports every accepted send by itself, :meth:`inbound` sends an
applicant's message, and :meth:`post_raw` sends any bytes with any signature (forged ones included).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import httpx

from tests.support.local_server import LocalServer

PHONE_NUMBER_ID = "106540352242922"
ACCESS_TOKEN = "EAAG-local-cloud-api-token"
APP_SECRET = "local-cloud-api-app-secret-0123456789"
VERIFY_TOKEN = "local-cloud-api-verify-token-0123456789"


def settings_env(base_url: str, fallback_min: int = 15) -> dict[str, str]:
    """The app's ``AGENCY_WHATSAPP_*`` for this local Cloud API."""
    return {
        "AGENCY_WHATSAPP_PHONE_NUMBER_ID": PHONE_NUMBER_ID,
        "AGENCY_WHATSAPP_ACCESS_TOKEN": ACCESS_TOKEN,
        "AGENCY_WHATSAPP_APP_SECRET": APP_SECRET,
        "AGENCY_WHATSAPP_VERIFY_TOKEN": VERIFY_TOKEN,
        "AGENCY_WHATSAPP_API_URL": base_url,
        "AGENCY_WHATSAPP_FALLBACK_MIN": str(fallback_min),
    }


def signature(body: bytes, secret: str = APP_SECRET) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class RecordedSend:
    path: str
    authorization: str
    body: dict[str, Any]
    wamid: str | None
    answered_status: int

    @property
    def to(self) -> str:
        return "+" + str(self.body.get("to", ""))

    @property
    def template(self) -> str | None:
        template = self.body.get("template")
        return str(template["name"]) if isinstance(template, dict) else None

    @property
    def text(self) -> str:
        """The free-form body, or the template's first body parameter."""
        if self.body.get("type") == "text":
            return str(self.body["text"]["body"])
        return str(self.body["template"]["components"][0]["parameters"][0]["text"])


@dataclass
class Behaviour:
    down: bool = False
    """Every send answered 503 (an outage)."""
    fail_phones: set[str] = field(default_factory=set)
    """Sends to these (E.164) answered 400, as a number not on WhatsApp."""
    auto_status: tuple[str, ...] = ()
    """Statuses posted for every accepted send by itself, in this order (e.g. ``("sent", "delivered")``)."""


@dataclass(frozen=True)
class PostedWebhook:
    body: bytes
    answered_status: int


class WhatsAppCloudServer(LocalServer):
    def __init__(self, webhook_url: str = "", app_secret: str = APP_SECRET) -> None:
        self.webhook_url = webhook_url
        self.app_secret = app_secret
        self.behaviour = Behaviour()
        self.sends: list[RecordedSend] = []
        self.webhooks: list[PostedWebhook] = []
        self._lock = threading.Lock()
        self._next = 0
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                raw = self.rfile.read(length)
                status, answer, body = server._take(self.path, self.headers.get("Authorization", ""), raw)
                payload = json.dumps(answer).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    return
                wamid = answer["messages"][0]["id"] if status == 200 else None
                if wamid is not None and server.behaviour.auto_status:
                    server._auto(wamid, str(body.get("to", "")))

        self._serve(Handler)

    def _take(self, path: str, authorization: str, raw: bytes) -> tuple[int, dict[str, Any], dict[str, Any]]:
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {}
        if not path.endswith(f"/{PHONE_NUMBER_ID}/messages"):
            return 404, _error("Unknown path", 100), body
        if authorization != f"Bearer {ACCESS_TOKEN}":
            return 401, _error("Invalid OAuth access token", 190), body
        with self._lock:
            if self.behaviour.down:
                status, answer = 503, _error("Service temporarily unavailable", 2)
            elif "+" + str(body.get("to", "")) in self.behaviour.fail_phones:
                status, answer = 400, _error("Recipient phone number not in allowed list", 131030)
            else:
                self._next += 1
                status, answer = 200, {"messages": [{"id": f"wamid.local{self._next:06d}"}]}
            wamid = answer["messages"][0]["id"] if status == 200 else None
            self.sends.append(RecordedSend(path, authorization, body, wamid, status))
        return status, answer, body

    def _auto(self, wamid: str, wa_id: str) -> None:
        for state in self.behaviour.auto_status:
            self.status(wamid, state, recipient=wa_id)

    def sent_to(self, phone: str) -> list[RecordedSend]:
        with self._lock:
            return [s for s in self.sends if s.to == phone and s.wamid is not None]

    def accepted(self) -> list[RecordedSend]:
        with self._lock:
            return [s for s in self.sends if s.wamid is not None]

    def wait_for_sends(self, count: int, timeout_s: float = 20.0) -> list[RecordedSend]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            accepted = self.accepted()
            if len(accepted) >= count:
                return accepted
            time.sleep(0.02)
        raise AssertionError(f"{len(self.accepted())} WhatsApp sends, waited for {count}")

    # --- webhooks --------------------------------------------------------------------------------

    def status(self, wamid: str, state: str, *, recipient: str = "233241234567", at: int | None = None) -> int:
        """Post one status of ``wamid`` (``sent``, ``delivered``, ``read``, ``failed``), signed."""
        return self.post_raw(*self.signed(status_value(wamid, state, recipient=recipient, at=at)))

    def inbound(self, phone: str, text: str, *, wamid: str | None = None, kind: str = "text") -> int:
        """Post an applicant's message from ``phone`` (E.164), signed."""
        with self._lock:
            self._next += 1
            message_id = wamid or f"wamid.in{self._next:06d}"
        return self.post_raw(*self.signed(inbound_value(phone, text, message_id, kind=kind)))

    def post(self, value: dict[str, Any]) -> int:
        """Wrap ``value`` as Meta does and post it signed; returns the app's status code."""
        return self.post_raw(*self.signed(value))

    def signed(self, value: dict[str, Any]) -> tuple[bytes, str]:
        """``value`` wrapped as Meta wraps it, and its ``X-Hub-Signature-256`` (for an in-process app)."""
        raw = envelope(value)
        return raw, signature(raw, self.app_secret)

    def post_raw(self, raw: bytes, signed: str | None) -> int:
        """Post ``raw`` with ``signed`` as its ``X-Hub-Signature-256`` (``None``: no header)."""
        headers = {"Content-Type": "application/json"}
        if signed is not None:
            headers["X-Hub-Signature-256"] = signed
        answer = httpx.post(self.webhook_url, content=raw, headers=headers, timeout=10.0)
        with self._lock:
            self.webhooks.append(PostedWebhook(raw, answer.status_code))
        return answer.status_code


def status_value(wamid: str, state: str, *, recipient: str = "233241234567", at: int | None = None) -> dict[str, Any]:
    """A webhook ``value`` with one status of ``wamid``."""
    entry: dict[str, Any] = {
        "id": wamid,
        "status": state,
        "timestamp": str(at if at is not None else int(time.time())),
        "recipient_id": recipient.lstrip("+"),
    }
    if state == "failed":
        entry["errors"] = [{"code": 131026, "title": "Message undeliverable"}]
    return {"statuses": [entry]}


def inbound_value(phone: str, text: str, wamid: str, *, kind: str = "text") -> dict[str, Any]:
    """A webhook ``value`` with one message from ``phone`` (a text, or a media message with a caption)."""
    message: dict[str, Any] = {"from": phone.lstrip("+"), "id": wamid, "timestamp": str(int(time.time())), "type": kind}
    if kind == "text":
        message["text"] = {"body": text}
    else:
        message[kind] = {"id": f"media-{wamid}", "caption": text, "mime_type": "image/jpeg"}
    return {"contacts": [{"profile": {"name": "Applicant"}, "wa_id": phone.lstrip("+")}], "messages": [message]}


def envelope(value: dict[str, Any]) -> bytes:
    """``value`` as Meta posts it: one entry, one change of field ``messages``."""
    value = {"messaging_product": "whatsapp", "metadata": {"phone_number_id": PHONE_NUMBER_ID}, **value}
    body = {
        "object": "whatsapp_business_account",
        "entry": [{"id": "WABA", "changes": [{"value": value, "field": "messages"}]}],
    }
    return json.dumps(body).encode()


def _error(message: str, code: int) -> dict[str, Any]:
    return {"error": {"message": message, "type": "OAuthException", "code": code}}
