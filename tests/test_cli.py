from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.sms_gateway import SmsGatewayServer


def agency(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], capture_output=True, text=True, env=os.environ | env, timeout=30
    )


def test_sms_status_sends_through_the_configured_gateway(sms_server: SmsGatewayServer, tmp_path: Path) -> None:
    env = {"AGENCY_SMS_BASE_URL": sms_server.base_url, "AGENCY_SMS_API_KEY": "k", "AGENCY_DATA_DIR": str(tmp_path)}
    done = agency("sms", "status", "--phone", "024 123 4567", "--name", "Ama", "--status", "processing", env=env)
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout.strip())
    assert line["success"] is True
    assert line["message"] == "Application status SMS sent successfully"
    (request,) = sms_server.requests
    assert request.phone == "+233241234567"
    assert "Dear Ama" in request.message


def test_sms_status_exits_non_zero_when_the_gateway_refuses(sms_server: SmsGatewayServer, tmp_path: Path) -> None:
    sms_server.behaviour.status = 503
    env = {"AGENCY_SMS_BASE_URL": sms_server.base_url, "AGENCY_SMS_API_KEY": "k", "AGENCY_DATA_DIR": str(tmp_path)}
    done = agency("sms", "status", "--phone", "+971501234567", "--name", "Ama", "--status", "approved", env=env)
    assert done.returncode == 1
    line = json.loads(done.stdout)
    assert line == {
        "success": False,
        "sms": "refused",
        "key": line["key"],
        "message": "Gateway unavailable",
        "gatewayStatus": 503,
    }
    assert line["key"].startswith("sms-status-approved-")
    assert sms_server.requests[0].idempotency_key == line["key"]


def test_a_too_long_sender_id_stops_with_one_clear_line() -> None:
    done = agency(
        "sms",
        "status",
        "--phone",
        "0241234567",
        "--name",
        "A",
        "--status",
        "received",
        env={"AGENCY_SMS_SENDER": "VANDYRECRUITMENT"},
    )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "agency: the script's settings are missing or wrong: AGENCY_SMS_SENDER must be at most 11 characters; "
        "AGENCY_SMS_BASE_URL and AGENCY_SMS_API_KEY (the SMS gateway), or a dry run"
    )
