"""Schemathesis against the real app process: public operations, then the signed-in admin ones
(session cookie and CSRF header), with its server-error and conformance checks and its positive-data
check (a request valid by the published schema must not be refused with 400 or 422), a fixed seed
and a bounded number of examples. 0 failures expected; the figures are printed (``pytest -s``).

The hooks in ``tests/api/schemathesis_hooks.py`` order what JSON Schema cannot compare (dates with
today, salary minimum and maximum, the erasure's repeated identifier). Uploads are checked by their
bytes (magic numbers), which no schema states: those two operations run without the positive-data
check."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from tests.support.app_process import AppProcess
from tests.support.paystack import LocalPaystack

SEED = 20261122
MAX_EXAMPLES = 25
BASE_CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "response_headers_conformance",
]
CHECKS = ",".join([*BASE_CHECKS, "positive_data_acceptance"])
UPLOADS = ("/api/applications", "/api/admin/blog-posts/images")
"""Operations whose files are checked by their content: their positive cases are random bytes."""
PYTHONPATH = os.pathsep.join([str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH", "")])
SCHEMATHESIS = str(Path(sys.executable).with_name("schemathesis"))


@pytest.fixture(scope="module")
def fuzzed_app() -> Iterator[AppProcess]:
    # Online payment on (a local Paystack): the payment operations run their real code, not the
    # "not available" answer.
    paystack = LocalPaystack().start()
    with tempfile.TemporaryDirectory(prefix="agency-fuzz-") as data_dir:
        env = {
            "AGENCY_DATA_DIR": data_dir,
            "AGENCY_DEMO": "1",
            "AGENCY_RATE_LIMIT": "0",
            "AGENCY_SIGN_IN_MAX_DELAY_S": "0",
            "PAYSTACK_SECRET_KEY": paystack.secret_key,
            "PAYSTACK_BASE_URL": paystack.base_url,
        }
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start(timeout_s=60)
        try:
            yield app
        finally:
            app.stop()
            paystack.stop()


def signed_in_headers(base_url: str) -> list[str]:
    with httpx.Client(base_url=base_url) as client:
        client.get("/api/admin/session")
        response = client.post(
            "/api/admin/session",
            json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
            headers={"X-CSRF-Token": client.cookies["csrftoken"]},
        )
        assert response.status_code == 200, response.text
        session, csrf = client.cookies["agency_session"], client.cookies["csrftoken"]
    return ["-H", f"Cookie: agency_session={session}; csrftoken={csrf}", "-H", f"X-CSRF-Token: {csrf}"]


def schemathesis(base_url: str, *options: str, checks: str = CHECKS) -> tuple[str, dict[str, int]]:
    command = [
        SCHEMATHESIS,
        "run",
        f"{base_url}/schema/openapi.json",
        "--checks",
        checks,
        "--seed",
        str(SEED),
        "--max-examples",
        str(MAX_EXAMPLES),
        "--generation-deterministic",
        "--no-color",
        *options,
    ]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks", "PYTHONPATH": PYTHONPATH}
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, env=env)
    out = done.stdout + done.stderr
    figures = {
        "operations": int(re.search(r"Tested: (\d+)", out).group(1)) if "Tested:" in out else 0,  # type: ignore[union-attr]
        "requests": int(re.search(r"(\d+) generated", out).group(1)) if "generated" in out else 0,  # type: ignore[union-attr]
        "returncode": done.returncode,
    }
    return out, figures


@pytest.mark.timeout(1500)  # two schemathesis runs of at most 600 s each
def test_schemathesis_finds_no_server_error_and_no_conformance_failure(fuzzed_app: AppProcess) -> None:
    headers = signed_in_headers(fuzzed_app.base_url)
    # Everything but the session routes, signed in: public and admin operations.
    uploads = [option for path in UPLOADS for option in ("--include-path", path)]
    not_uploads = [option for path in UPLOADS for option in ("--exclude-path", path)]
    main_out, main = schemathesis(fuzzed_app.base_url, *headers, "--exclude-path", "/api/admin/session", *not_uploads)
    upload_out, upload = schemathesis(fuzzed_app.base_url, *headers, *uploads, checks=",".join(BASE_CHECKS))
    # The session routes, signed out: who am I and sign in (sign-out would end the run's session).
    session_out, session = schemathesis(
        fuzzed_app.base_url, "--include-path", "/api/admin/session", "--exclude-method", "DELETE"
    )
    print(
        f"\nschemathesis: {main['operations']} operations, {main['requests']} test cases signed in;"
        f" {session['operations']} session operations, {session['requests']} test cases"
    )
    assert main["returncode"] == 0, main_out[-6000:]
    assert upload["returncode"] == 0, upload_out[-6000:]
    assert upload["operations"] == len(UPLOADS), upload_out[-2000:]
    assert session["returncode"] == 0, session_out[-6000:]
    assert main["operations"] >= 35, main_out[-2000:]
    assert session["operations"] == 2, session_out[-2000:]
