"""Schemathesis against the real app process: public operations, then the signed-in admin ones
(session cookie and CSRF header), with its server-error and conformance checks and its positive-data
check (a request valid by the published schema must not be refused with 400 or 422), a fixed seed
and a bounded number of examples. 0 failures expected; the figures are printed (``pytest -s``).

The hooks in ``tests/api/schemathesis_hooks.py`` order what JSON Schema cannot compare (dates with
today, salary minimum and maximum, the erasure's repeated identifier) and send a bulk action's
``matching`` filter only as the list offers it, when it shows applications (one is seeded). Uploads
are checked by their bytes (magic numbers), which no schema states: those two operations run without
the positive-data check."""

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
from tests.api.conftest import PDF
from tests.api.schemathesis_hooks import FUZZED_APP, SESSION_COOKIE
from tests.support.app_process import AppProcess
from tests.support.clock import NOW_ISO
from tests.support.forms import application_without_passport
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
UPLOADS = (
    "/api/applications",
    "/api/admin/blog-posts/images",
    "/api/admin/templates/{key}",
    "/api/admin/templates/{key}/restore",
    "/api/appointments",
    "/api/appointment-slots",
    "/api/admin/job-orders/{order_id}/files",
    "/api/admin/job-orders/{order_id}/packs",
)
"""Paths whose acceptance depends on what no schema states, run without the positive-data check: the three uploads'
files are checked by their bytes (their positive cases are random bytes), and a template's SMS text by the parts it
takes at its longest under the cap staff set in the settings (which the same run changes), and a booking or a day's
slots by the booking horizon and the bookings per person per day, settings the same run changes too (their bounds
have tests of their own: tests/api/test_booking_bounds.py), and a CV pack by the order's employer's contacts and the
applications on record (tests/api/test_packs.py)."""
UPLOAD_OPERATIONS = 10
"""The three uploads' POSTs (an application's files, a blog image, a job order's file), the template's GET, PUT
and restore, the booking's POST, the slots' GET and an order's CV packs' GET and POST."""
PYTHONPATH = os.pathsep.join([str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH", "")])
SCHEMATHESIS = str(Path(sys.executable).with_name("schemathesis"))
RUN_TIMEOUT_S = 1200
"""The main run takes about 2 min alone, 4.5 min beside `make test`'s other workers, and more on a busier machine."""


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
            "AGENCY_NOW": NOW_ISO,  # the hooks' "today" (schemathesis_hooks.TODAY)
            "PAYSTACK_SECRET_KEY": paystack.secret_key,
            "PAYSTACK_BASE_URL": paystack.base_url,
        }
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start()
        try:
            # One application, so that a bulk action on everything the list shows has something to act on.
            files = {"cv": ("cv.pdf", PDF, "application/pdf")}
            sent = httpx.post(f"{app.base_url}/api/applications", data=application_without_passport(), files=files)
            assert sent.status_code == 201, sent.text
            yield app
        finally:
            app.stop()
            paystack.stop()


def signed_in(base_url: str) -> tuple[str, str]:
    """A staff session: its cookie header and its CSRF token."""
    with httpx.Client(base_url=base_url) as client:
        client.get("/api/admin/session")
        response = client.post(
            "/api/admin/session",
            json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
            headers={"X-CSRF-Token": client.cookies["csrftoken"]},
        )
        assert response.status_code == 200, response.text
        session, csrf = client.cookies["agency_session"], client.cookies["csrftoken"]
    return f"agency_session={session}; csrftoken={csrf}", csrf


def schemathesis(
    base_url: str, *options: str, checks: str = CHECKS, env: dict[str, str] | None = None
) -> tuple[str, dict[str, int]]:
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
        # How fast hypothesis generates a body depends on the machine's load, not on the API: a
        # loaded CI machine failed "too slow" on a correct operation (as with the deadlines in
        # tests/conftest.py). The other health checks stay.
        "--suppress-health-check",
        "too_slow",
        "--no-color",
        *options,
    ]
    hooks = {"SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks", "PYTHONPATH": PYTHONPATH}
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_S,
        check=False,
        env={**os.environ, **hooks, **(env or {})},
    )
    out = done.stdout + done.stderr
    figures = {
        "operations": int(re.search(r"Tested: (\d+)", out).group(1)) if "Tested:" in out else 0,  # type: ignore[union-attr]
        "requests": int(re.search(r"(\d+) generated", out).group(1)) if "generated" in out else 0,  # type: ignore[union-attr]
        "returncode": done.returncode,
    }
    return out, figures


@pytest.mark.timeout(2 * RUN_TIMEOUT_S + 300)  # the main run and the two short ones
def test_schemathesis_finds_no_server_error_and_no_conformance_failure(fuzzed_app: AppProcess) -> None:
    cookie, csrf = signed_in(fuzzed_app.base_url)
    headers = ["-H", f"Cookie: {cookie}", "-H", f"X-CSRF-Token: {csrf}"]
    session_env = {FUZZED_APP: fuzzed_app.base_url, SESSION_COOKIE: cookie}
    # Everything but the session routes, signed in: public and admin operations.
    uploads = [option for path in UPLOADS for option in ("--include-path", path)]
    not_uploads = [option for path in UPLOADS for option in ("--exclude-path", path)]
    main_out, main = schemathesis(
        fuzzed_app.base_url, *headers, "--exclude-path", "/api/admin/session", *not_uploads, env=session_env
    )
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
    assert upload["operations"] == UPLOAD_OPERATIONS, upload_out[-2000:]
    assert session["returncode"] == 0, session_out[-6000:]
    assert main["operations"] >= 35, main_out[-2000:]
    assert session["operations"] == 2, session_out[-2000:]
