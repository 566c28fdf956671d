"""SIGTERM in the middle of sends (issue 47 item 3): the app stops taking work, lets the texts already
with the gateway finish and records them, hands back the leases of the rest and exits; a second
instance sends the rest at once. By the gateway's own record, every text arrives exactly once, even
though this gateway sends a repeated idempotency key again."""

from __future__ import annotations

import signal
import sqlite3
import time
from collections import Counter
from pathlib import Path

import httpx

from tests.api.conftest import APPLICATION, PDF
from tests.support.app_process import AppProcess
from tests.support.sms_gateway import SmsGatewayServer

APPLICATIONS = 4
EXPECTED = APPLICATIONS * 5  # the applicant and the four admin phones, per application
LEASE_S = 120.0
"""Far longer than the test waits for the second instance: a lease not handed back would show."""
EXIT_WITHIN_S = 30.0


def submit(base_url: str, i: int) -> None:
    data = {**APPLICATION, "email": f"term{i}@example.com"}
    answer = httpx.post(
        f"{base_url}/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")}, timeout=30
    )
    assert answer.status_code == 201, answer.text


def test_sigterm_mid_sends_loses_nothing_and_sends_nothing_twice(sms_server: SmsGatewayServer, tmp_path: Path) -> None:
    sms_server.behaviour.honour_idempotency_key = False  # a resend would reach the phone twice
    sms_server.behaviour.delay_s = 3.0  # each send is with the gateway for a while, even on a loaded machine
    env = {
        "AGENCY_DATA_DIR": str(tmp_path / "data"),
        "AGENCY_SMS_BASE_URL": sms_server.base_url,
        "AGENCY_SMS_API_KEY": "k",
        "AGENCY_RATE_LIMIT": "0",
        "AGENCY_OUTBOX_LEASE_S": str(LEASE_S),
        "AGENCY_OUTBOX_RETRY_BASE_S": "0.1",
        "AGENCY_OUTBOX_RETRY_CAP_S": "0.2",
        "AGENCY_OUTBOX_POLL_S": "0.1",
    }
    first = AppProcess(env).start()
    try:
        for i in range(APPLICATIONS):
            submit(first.base_url, i)
        time.sleep(0.5)  # the first sends are with the gateway now, none answered yet
        assert first.process is not None
        first.process.send_signal(signal.SIGTERM)
        sent_at = time.monotonic()
        exit_code = first.process.wait(timeout=EXIT_WITHIN_S)
        took_s = time.monotonic() - sent_at
    finally:
        first.kill()
    assert exit_code in (0, -signal.SIGTERM), first._log_tail()  # uvicorn re-raises the signal it handled
    delivered_by_first = len(sms_server.delivered())
    assert 0 < delivered_by_first < EXPECTED, delivered_by_first  # it stopped mid-sends, and finished those

    sms_server.behaviour.delay_s = 0.05
    second = AppProcess(env).start()
    try:
        sms_server.wait_for(EXPECTED, timeout_s=LEASE_S / 4)  # the leases were handed back: no wait for them
        time.sleep(1.0)  # room for a duplicate to show up, if there were one
    finally:
        second.stop()

    delivered = sms_server.delivered()
    assert len(delivered) == EXPECTED
    assert set(Counter(r.idempotency_key for r in delivered).values()) == {1}
    with sqlite3.connect(tmp_path / "data" / "agency.sqlite3") as db:
        rows = db.execute(
            "SELECT status, attempts, COUNT(*) FROM outbox WHERE kind != 'email' GROUP BY status, attempts"
        ).fetchall()
    assert rows == [("delivered", 1, EXPECTED)]
    assert took_s < EXIT_WITHIN_S
