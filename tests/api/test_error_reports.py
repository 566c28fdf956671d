"""Sentry (issue 47 item 6): with ``AGENCY_SENTRY_DSN`` set, an unhandled error goes to Sentry with no
personal data in it. The app is pointed at a fake ingest on this machine and the envelope it receives
is read back."""

from __future__ import annotations

import gzip
import threading
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest
import sentry_sdk
from litestar.testing import AsyncTestClient

from adapters.sqlite.unit_of_work import _Appointments
from agency_core.records import Appointment
from app.error_reports import FILTERED, scrub, scrub_text
from tests.api.conftest import APPOINTMENT, AppFactory


class FakeIngest:
    """Sentry's ingest as far as the SDK sees it: every envelope POSTed is kept, decoded."""

    def __init__(self) -> None:
        self.envelopes: list[str] = []
        self.arrived = threading.Event()
        ingest = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                encoding = self.headers.get("Content-Encoding", "")
                if encoding == "gzip":
                    body = gzip.decompress(body)
                elif encoding == "br":
                    body = brotli.decompress(body)
                elif encoding == "deflate":
                    body = zlib.decompress(body)
                if self.path.startswith("/api/1/envelope"):
                    ingest.envelopes.append(body.decode("utf-8"))
                    ingest.arrived.set()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.dsn = f"http://publickey@127.0.0.1:{self.server.server_address[1]}/1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def ingest() -> Iterator[FakeIngest]:
    fake = FakeIngest()
    try:
        yield fake
    finally:
        sentry_sdk.get_client().close(timeout=1)
        sentry_sdk.init()  # no DSN: Sentry off again for the tests after this one
        fake.close()


SESSION_VALUE = "-".join(("session", "cookie", "value"))
"""Built at run time: the event's source context shows this file's lines, and they must not hold it."""
PERSONAL = ("Ama Owusu", "ama@example.com", "+233241234567", "241234567", "G1234567", SESSION_VALUE)


async def test_a_failing_request_reaches_sentry_scrubbed_of_personal_data(
    make_app: AppFactory, ingest: FakeIngest, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def fails(_: _Appointments, appointment: Appointment, *__: Any, **___: Any) -> None:
        raise RuntimeError(f"could not keep {appointment.data!r} (passport G1234567 on file)")

    monkeypatch.setattr(_Appointments, "add", fails)
    async with AsyncTestClient(make_app(AGENCY_SENTRY_DSN=ingest.dsn)) as client:
        client.cookies.set("agency_session", SESSION_VALUE)
        answer = await client.post("/api/appointments", json=APPOINTMENT)
        assert answer.status_code == 500
        sentry_sdk.flush(timeout=5)
    assert ingest.arrived.wait(5), "no envelope reached the fake ingest"
    events = [e for e in ingest.envelopes if '"type":"event"' in e.replace(" ", "")]
    assert events, ingest.envelopes
    envelope = events[0]
    assert "RuntimeError" in envelope
    assert "could not keep AppointmentRequest" in envelope  # the error is there...
    assert FILTERED in envelope
    for value in PERSONAL:  # ...its personal data is not
        assert value not in envelope, value
    assert "full_name='[Filtered]'" in envelope


def test_scrub_filters_personal_fields_masks_phones_and_emails_and_drops_the_user() -> None:
    event = {
        "user": {"ip_address": "196.1.2.3"},
        "request": {"headers": [["Cookie", "sid=1"], ["User-Agent", "ua"]], "url": "/api/forms"},
        "extra": {"fullName": "Kofi Mensah", "passportNumber": "G7654321", "count": 3},
        "breadcrumbs": {"values": [{"message": "{'event': 'x', 'email': 'kofi@example.com', 'phone': '0241234567'}"}]},
        "exception": {"values": [{"value": "text to +233 24 123 4567 failed at 2026-11-28T12:00:00Z for VA12345678"}]},
    }
    scrubbed = scrub(event)
    assert "user" not in scrubbed
    assert scrubbed["request"]["headers"] == [["Cookie", FILTERED], ["User-Agent", "ua"]]
    assert scrubbed["extra"] == {"fullName": FILTERED, "passportNumber": FILTERED, "count": 3}
    assert "kofi" not in str(scrubbed["breadcrumbs"])
    assert "0241234567" not in str(scrubbed["breadcrumbs"])
    value = scrubbed["exception"]["values"][0]["value"]
    assert value == "text to +2332******67 failed at 2026-11-28T12:00:00Z for VA12345678"


def test_free_text_keeps_what_is_not_personal() -> None:
    assert scrub_text("country='Qatar' status=404 took 0.25 s") == "country='Qatar' status=404 took 0.25 s"
    assert scrub_text("write to kofi.mensah@example.com") == "write to k***@example.com"


def test_a_link_token_in_the_path_or_the_query_is_not_reported() -> None:
    secret = "Dw5bdxekvYLhNSyp3hoEwmsC"
    event = {"request": {"url": f"https://example.org/welfare/{secret}", "query_string": f"token={secret}"}}
    scrubbed = scrub(event)
    assert secret not in str(scrubbed)
    assert scrubbed["request"]["url"] == "https://example.org/welfare/***"
