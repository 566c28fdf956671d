"""A real SMS gateway stand-in on loopback: records every ``POST /send`` and fails on demand.

Tests and benchmarks point ``AGENCY_SMS_BASE_URL`` (or an ``HttpSmsGateway``) at
``server.base_url`` and then read ``server.requests``.

Delivery reports, as Arkesel sends them to a send's ``callback_url`` (``{"id", "status"}`` JSON):
``behaviour.report = "DELIVERED"`` reports every accepted send by itself, ``report_delay_s`` later
(late), ``report_times`` times (duplicated), or before the send is even answered
(``report_before_answer``: the report reaches the app before its "sent" write);
:meth:`SmsGatewayServer.send_report` sends one on command, in whatever order a test wants.

A gateway that does not honour ``Idempotency-Key`` (``honour_idempotency_key = False``: every
request is a new text) and answers that go missing after the text was accepted (``lose_answers``
the next N, ``lose_share`` a seeded share: the connection is dropped unanswered, as a timeout or a
reset looks to the sender) reproduce how a lost answer turns into a second text.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import httpx

from tests.support.local_server import LocalServer


@dataclass(frozen=True)
class RecordedSms:
    headers: dict[str, str]
    body: dict[str, Any]
    received_at: float
    answered_status: int
    replayed: bool = False
    """A repeat of an ``Idempotency-Key`` already answered with success: answered the same, not sent again."""
    answer_lost: bool = False
    """Accepted (the text went), but the connection was dropped before the answer."""
    gateway_id: str | None = None
    """The id the gateway gave an accepted message (what its delivery reports name)."""

    @property
    def callback_url(self) -> str | None:
        url = self.body.get("callback_url")
        return url if isinstance(url, str) else None

    @property
    def idempotency_key(self) -> str | None:
        return self.headers.get("idempotency-key")

    @property
    def phone(self) -> str:
        return str(self.body["recipients"][0])

    @property
    def message(self) -> str:
        return str(self.body["message"])


@dataclass
class Behaviour:
    status: int = 200
    error_body: dict[str, Any] | None = None
    delay_s: float = 0.0
    fail_until: float = 0.0
    fail_after: int | None = None
    """Accept this many sends, then fail every one (an outage at a known point, whatever the timing)."""
    fail_phones: set[str] = field(default_factory=set)
    report: str | None = None
    """Report every accepted send with this status (``DELIVERED``, ``FAILED``...) by itself."""
    report_delay_s: float = 0.0
    report_times: int = 1
    report_before_answer: bool = False
    honour_idempotency_key: bool = True
    """False: a repeated key is sent again, as by a gateway that ignores the header."""
    lose_answers: int = 0
    """Drop the connection unanswered after accepting the next this many sends."""
    lose_share: float = 0.0
    """Drop the answer of this share of the accepted sends (drawn from ``lose_seed``)."""
    lose_seed: int = 42
    lose_phones: set[str] = field(default_factory=set)
    """Drop the answer of every accepted send to these phones."""


@dataclass(frozen=True)
class SentReport:
    url: str
    body: dict[str, Any]
    answered_status: int


def _id_of(answer: dict[str, Any]) -> str | None:
    data = answer.get("data")
    value = data.get("id") if isinstance(data, dict) else None
    return str(value) if value is not None else None


class SmsGatewayServer(LocalServer):
    def __init__(self) -> None:
        self.requests: list[RecordedSms] = []
        self.reports: list[SentReport] = []
        self._next_id = 0
        """Gateway ids are unique even for sends answered at the same time."""
        self.behaviour = Behaviour()
        self._lock = threading.Lock()
        self._delivered = threading.Condition(self._lock)
        self._answers: dict[str, dict[str, Any]] = {}
        self._losing: random.Random | None = None
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return None

            def do_POST(self) -> None:
                received = time.monotonic()
                length = int(self.headers.get("Content-Length", "0"))
                raw = self.rfile.read(length)
                if len(raw) < length:
                    # The sender went away mid-request (a test killed the app): a real gateway sends
                    # nothing for a request it never received whole, so this one is not recorded.
                    self.close_connection = True
                    return
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("latin-1")}
                key = self.headers.get("Idempotency-Key")
                with server._lock:
                    honoured = key if key and server.behaviour.honour_idempotency_key else None
                    replay = server._answers.get(honoured) if honoured else None
                if replay is not None:
                    status, answer = 200, replay
                else:
                    status, answer = server._answer(self.path, body)
                if server.behaviour.delay_s:
                    time.sleep(server.behaviour.delay_s)
                gateway_id = _id_of(answer) if status < 300 else None
                headers = {k.lower(): v for k, v in self.headers.items()}
                lost = status < 300 and replay is None and server._loses_answer(set(body.get("recipients") or []))
                recorded = RecordedSms(
                    headers, body, received, status, replay is not None, gateway_id=gateway_id, answer_lost=lost
                )
                # Recorded before answering, as a real gateway has sent the SMS by then: a test
                # that reads `requests` once its call returned must find it, and an answer lost
                # on the way back still counts as a send.
                with server._delivered:
                    if key and status < 300 and replay is None:
                        server._answers[key] = answer
                    server.requests.append(recorded)
                    server._delivered.notify_all()
                if status < 300 and replay is None:
                    server._auto_report(recorded)
                if lost:
                    self.close_connection = True
                    return
                payload = json.dumps(answer).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    return

        self._serve(Handler)

    def _answer(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if path != "/send":
            return 404, {"message": "Not found"}
        b = self.behaviour
        phones = set(body.get("recipients") or [])
        failing = time.monotonic() < b.fail_until or bool(phones & b.fail_phones) or b.status >= 400
        with self._lock:
            failing = failing or (b.fail_after is not None and self._next_id >= b.fail_after)
            if not failing:
                self._next_id += 1
                return 200, {"message": "Message queued", "data": {"id": f"msg-{self._next_id}"}}
        status = b.status if b.status >= 400 else 503
        return status, b.error_body if b.error_body is not None else {"message": "Gateway unavailable"}

    def _loses_answer(self, phones: set[str]) -> bool:
        b = self.behaviour
        with self._lock:
            if phones & b.lose_phones:
                return True
            if b.lose_answers > 0:
                b.lose_answers -= 1
                return True
            if b.lose_share <= 0:
                return False
            if self._losing is None:
                self._losing = random.Random(b.lose_seed)
            return self._losing.random() < b.lose_share

    def _auto_report(self, sms: RecordedSms) -> None:
        b = self.behaviour
        if b.report is None or sms.callback_url is None:
            return
        status, times, delay = b.report, b.report_times, b.report_delay_s
        if b.report_before_answer and not delay:
            for _ in range(times):
                self.send_report(sms, status)
            return

        def later() -> None:
            time.sleep(delay)
            for _ in range(times):
                try:
                    self.send_report(sms, status)
                except httpx.HTTPError:
                    return  # the app has stopped: a report of the gateway's own goes nowhere

        threading.Thread(target=later, daemon=True).start()

    def send_report(self, sms: RecordedSms, status: str, *, gateway_id: str | None = None) -> int:
        """POST one delivery report for ``sms`` to its ``callback_url`` now; returns the app's status."""
        url = sms.callback_url
        if url is None:
            raise AssertionError("the message was sent without a callback_url")
        body = {"id": gateway_id or sms.gateway_id, "status": status}
        answered = httpx.post(url, json=body, timeout=10.0).status_code
        with self._lock:
            self.reports.append(SentReport(url, body, answered))
        return answered

    def doubles(self) -> int:
        """Texts received more than once: every delivery to a phone after its first (one text per
        phone is what a test or bench sends)."""
        counts: dict[str, int] = {}
        for sms in self.delivered():
            counts[sms.phone] = counts.get(sms.phone, 0) + 1
        return sum(n - 1 for n in counts.values())

    def delivered(self) -> list[RecordedSms]:
        """The requests answered with success, without idempotent replays."""
        with self._lock:
            return [r for r in self.requests if r.answered_status < 300 and not r.replayed]

    def wait_for(self, count: int, timeout_s: float = 10.0) -> list[RecordedSms]:
        """Block until ``count`` successful deliveries were recorded (or fail the test)."""
        deadline = time.monotonic() + timeout_s
        with self._delivered:
            while sum(r.answered_status < 300 and not r.replayed for r in self.requests) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    got = sum(r.answered_status < 300 and not r.replayed for r in self.requests)
                    raise AssertionError(f"expected {count} delivered SMS, got {got}")
                self._delivered.wait(left)
            return [r for r in self.requests if r.answered_status < 300 and not r.replayed]
