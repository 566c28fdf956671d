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
    "/api/admin/applications/{application_id}/documents",
)
"""Paths whose acceptance depends on what no schema states, run without the positive-data check: the four uploads'
files are checked by their bytes (their positive cases are random bytes), and a template's SMS text by the parts it
takes at its longest under the cap staff set in the settings (which the same run changes), and a booking or a day's
slots by the booking horizon and the bookings per person per day, settings the same run changes too (their bounds
have tests of their own: tests/api/test_booking_bounds.py), and a CV pack by the order's employer's contacts and the
applications on record (tests/api/test_packs.py)."""
UPLOAD_OPERATIONS = 12
"""The four uploads' POSTs (an application's files, a blog image, a job order's file, an applicant's document with its
scan) and that documents list's GET, the template's GET, PUT and restore, the booking's POST, the slots' GET and an
order's CV packs' GET and POST."""
PYTHONPATH = os.pathsep.join([str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH", "")])
SCHEMATHESIS = str(Path(sys.executable).with_name("schemathesis"))
RUN_TIMEOUT_S = 1200
"""A part takes 1 to 4 min beside `make test`'s other workers, and more on a busier machine."""


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
        "selected": int(m.group(1)) if (m := re.search(r"Selected: (\d+)", out)) else 0,
        "operations": int(m.group(1)) if (m := re.search(r"Tested: (\d+)", out)) else 0,
        "requests": int(m.group(1)) if (m := re.search(r"(\d+) generated", out)) else 0,
        "returncode": done.returncode,
    }
    return out, figures


@pytest.fixture(scope="module")
def session(fuzzed_app: AppProcess) -> tuple[list[str], dict[str, str]]:
    """A staff session's headers for schemathesis and the hooks' settings."""
    cookie, csrf = signed_in(fuzzed_app.base_url)
    return ["-H", f"Cookie: {cookie}", "-H", f"X-CSRF-Token: {csrf}"], {
        FUZZED_APP: fuzzed_app.base_url,
        SESSION_COOKIE: cookie,
    }


PARTS = {
    "public": r"^/(?!api/admin/)",
    "admin-a": r"^/api/admin/a",
    "admin-b-i": r"^/api/admin/[b-i]",
    "admin-j-o": r"^/api/admin/[j-o]",
    "admin-p-z": r"^/api/admin/[p-z]",
}
"""The signed-in run in parts of 20 to 40 operations, which the workers take side by side (one run of
every operation was the suite's longest test, 15 minutes beside the others on CI). Every path is in
exactly one part: an admin path's first letter picks its part."""


@pytest.mark.timeout(RUN_TIMEOUT_S + 120)
@pytest.mark.parametrize("part", PARTS)
def test_schemathesis_finds_no_server_error_and_no_conformance_failure(
    fuzzed_app: AppProcess, session: tuple[list[str], dict[str, str]], part: str
) -> None:
    """Everything but the session routes and the uploads, signed in: public and admin operations."""
    headers, hooks_env = session
    not_uploads = [option for path in UPLOADS for option in ("--exclude-path", path)]
    out, figures = schemathesis(
        fuzzed_app.base_url,
        *headers,
        "--include-path-regex",
        PARTS[part],
        "--exclude-path",
        "/api/admin/session",
        *not_uploads,
        env=hooks_env,
    )
    print(f"\nschemathesis {part}: {figures['operations']} operations, {figures['requests']} test cases")
    assert figures["returncode"] == 0, out[-6000:]
    assert figures["operations"] == figures["selected"] > 0, out[-2000:]


@pytest.mark.timeout(RUN_TIMEOUT_S + 120)
def test_schemathesis_on_the_uploads_finds_no_server_error(
    fuzzed_app: AppProcess, session: tuple[list[str], dict[str, str]]
) -> None:
    headers, _ = session
    uploads = [option for path in UPLOADS for option in ("--include-path", path)]
    out, figures = schemathesis(fuzzed_app.base_url, *headers, *uploads, checks=",".join(BASE_CHECKS))
    assert figures["returncode"] == 0, out[-6000:]
    assert figures["operations"] == UPLOAD_OPERATIONS, out[-2000:]


@pytest.mark.timeout(RUN_TIMEOUT_S + 120)
def test_schemathesis_on_the_session_routes_signed_out(fuzzed_app: AppProcess) -> None:
    """Who am I and sign in (sign-out would end the other runs' session)."""
    out, figures = schemathesis(
        fuzzed_app.base_url, "--include-path", "/api/admin/session", "--exclude-method", "DELETE"
    )
    assert figures["returncode"] == 0, out[-6000:]
    assert figures["operations"] == 2, out[-2000:]


def test_the_parts_hold_every_signed_in_path_once(fuzzed_app: AppProcess) -> None:
    paths = httpx.get(f"{fuzzed_app.base_url}/schema/openapi.json").json()["paths"]
    for path in paths:
        assert sum(bool(re.search(pattern, path)) for pattern in PARTS.values()) == 1, path
