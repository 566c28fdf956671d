"""The outbox survives a dead gateway and a killed app: every SMS is delivered exactly once."""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from pathlib import Path

import httpx

from tests.api.conftest import APPLICATION, PDF
from tests.support.app_process import AppProcess
from tests.support.sms_gateway import SmsGatewayServer

APPLICATIONS = 4
EXPECTED = APPLICATIONS * 5  # applicant + 4 admins each


def submit(base_url: str, i: int) -> str:
    data = {**APPLICATION, "email": f"worker{i}@example.com"}
    response = httpx.post(
        f"{base_url}/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")}, timeout=10
    )
    assert response.status_code == 201, response.text
    return str(response.json()["applicationId"])


def test_killing_the_app_mid_delivery_loses_and_duplicates_nothing(
    sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    env = {
        "AGENCY_DATA_DIR": str(tmp_path / "data"),
        "AGENCY_SMS_BASE_URL": sms_server.base_url,
        "AGENCY_SMS_API_KEY": "k",
        "AGENCY_RATE_LIMIT": "0",
        "AGENCY_OUTBOX_LEASE_S": "1",
        "AGENCY_OUTBOX_RETRY_BASE_S": "0.2",
        "AGENCY_OUTBOX_RETRY_CAP_S": "0.5",
        "AGENCY_OUTBOX_MAX_ATTEMPTS": "50",
        "AGENCY_OUTBOX_POLL_S": "0.1",
    }
    first = AppProcess(env).start()
    sms_server.behaviour.fail_until = time.monotonic() + 1.0  # the gateway is down at first
    sms_server.behaviour.delay_s = 1.0  # then slow, so sends are in flight when the app dies
    try:
        ids = [submit(first.base_url, i) for i in range(APPLICATIONS)]
        time.sleep(1.4)
    finally:
        first.kill()
    delivered_before_restart = len(sms_server.delivered())
    assert delivered_before_restart < EXPECTED  # the kill really interrupted delivery

    sms_server.behaviour.delay_s = 0.1
    second = AppProcess(env, port=first.port).start()
    try:
        sms_server.wait_for(EXPECTED, timeout_s=30)
        time.sleep(0.5)  # room for a duplicate to show up, if there were one
    finally:
        second.stop()

    delivered = sms_server.delivered()
    per_key = Counter(r.idempotency_key for r in delivered)
    assert len(delivered) == EXPECTED
    assert set(per_key.values()) == {1}
    assert {key.rsplit("-", 1)[0] for key in per_key if key} == set(ids)
    with sqlite3.connect(tmp_path / "data" / "agency.sqlite3") as db:
        rows = db.execute("SELECT status, COUNT(*) FROM outbox WHERE kind != 'email' GROUP BY status").fetchall()
    assert rows == [("delivered", EXPECTED)]
