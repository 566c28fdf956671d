"""A message to 200 applicants survives a gateway failing half-way and a killed app: exactly 200 texts, none twice."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections import Counter
from pathlib import Path

import httpx

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from tests.scripts.records import DataDir
from tests.support.app_process import AppProcess
from tests.support.sms_gateway import SmsGatewayServer

RECIPIENTS = 200


async def _seed(data_dir: Path) -> list[str]:
    records = await DataDir.open(data_dir)
    try:
        return await records.add_many(RECIPIENTS)
    finally:
        await records.close()


def _signed_in(base_url: str) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=30)
    client.get("/api/admin/session")
    csrf = client.cookies["csrftoken"]
    client.headers["X-CSRF-Token"] = csrf
    answer = client.post("/api/admin/session", json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD})
    assert answer.status_code == 200, answer.text
    client.headers["X-CSRF-Token"] = answer.cookies.get("csrftoken") or csrf  # a new token with the session
    return client  # opened by its first request; the caller closes it


def test_a_bulk_send_to_200_with_a_failing_gateway_and_a_restart_sends_each_once(
    sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    ids = asyncio.run(_seed(data_dir))
    env = {
        "AGENCY_DATA_DIR": str(data_dir),
        "AGENCY_DEMO": "1",
        "AGENCY_SMS_BASE_URL": sms_server.base_url,
        "AGENCY_SMS_API_KEY": "k",
        "AGENCY_ADMIN_PHONES": "",
        "AGENCY_BULK_SMS_PER_MINUTE": "3000",  # 50 a second: four seconds for all 200
        "AGENCY_OUTBOX_LEASE_S": "1",
        "AGENCY_OUTBOX_RETRY_BASE_S": "0.2",
        "AGENCY_OUTBOX_RETRY_CAP_S": "0.5",
        "AGENCY_OUTBOX_MAX_ATTEMPTS": "50",
        "AGENCY_OUTBOX_POLL_S": "0.1",
    }
    first = AppProcess(env, log_path=tmp_path / "first.log").start()
    try:
        with contextlib.closing(_signed_in(first.base_url)) as client:
            text = "Dear {name}, interviews for the Qatar hotel jobs are on Monday."
            body = {"matching": {"all": "true"}, "text": text}
            answer = client.post("/api/admin/bulk/messages/preview", json=body)
            assert answer.status_code == 200, answer.text
            preview = answer.json()
            assert (preview["count"], preview["totalParts"]) == (RECIPIENTS, RECIPIENTS)
            confirm = {**body, "bulkId": preview["bulkId"]}
            sms_server.behaviour.fail_after = RECIPIENTS // 2  # the gateway fails half-way
            sent = client.post("/api/admin/bulk/messages", json=confirm)
            assert sent.status_code == 200, sent.text
            bulk_id = sent.json()["bulkId"]
            deadline = time.monotonic() + 60
            while not any(r.answered_status >= 500 for r in sms_server.requests) and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        first.kill()
    assert len(sms_server.delivered()) == RECIPIENTS // 2
    assert any(r.answered_status >= 500 for r in sms_server.requests)

    sms_server.behaviour.fail_after = None
    second = AppProcess(env, port=first.port, log_path=tmp_path / "second.log").start()
    try:
        with contextlib.closing(_signed_in(second.base_url)) as client:
            again = client.post("/api/admin/bulk/messages", json=confirm)  # staff confirm once more after the restart
            assert again.json()["bulkId"] == bulk_id
            sms_server.wait_for(RECIPIENTS, timeout_s=60)
            time.sleep(1.0)  # room for a duplicate to show up, if there were one
            result = client.get(f"/api/admin/bulk/{bulk_id}").json()
    finally:
        second.stop()

    delivered = sms_server.delivered()
    per_key = Counter(r.idempotency_key for r in delivered)
    assert len(delivered) == RECIPIENTS
    assert set(per_key.values()) == {1}
    assert set(per_key) == {f"{bulk_id}-{i}-sms" for i in ids}
    assert len({r.phone for r in delivered}) == RECIPIENTS
    assert (result["sent"], result["pending"], result["failed"], result["done"]) == (RECIPIENTS, 0, 0, RECIPIENTS)
    with sqlite3.connect(data_dir / "agency.sqlite3") as db:
        rows = db.execute("SELECT status, COUNT(*) FROM outbox GROUP BY status").fetchall()
        audited = db.execute("SELECT COUNT(*) FROM audit_log WHERE action = 'applications.bulk_sms'").fetchone()
    assert rows == [("delivered", RECIPIENTS)]
    assert audited == (1,)
