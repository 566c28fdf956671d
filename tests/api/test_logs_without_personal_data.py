"""A production start with ``AGENCY_MESSAGES=log-only`` (no SMS gateway, no SMTP host) driven through
every path that texts or e-mails an applicant: the process's own stdout and stderr hold none of
the applicants' names, e-mail addresses, phone numbers or link tokens, while every message is kept
in the outbox for staff (the change link in it still works).

Production refuses a set clock (``AGENCY_NOW``): this app runs on the real time, so the test reads the
real time too, for the days it asks slots of and for what is due (tests/test_wall_clock.py allows it)."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from agency_core.masking import mask_phone
from tests.support.app_process import FAST_OUTBOX, REPO_ROOT, AppProcess
from tests.support.forms import application_without_passport
from tests.support.production import production

STAFF_EMAIL = "staff.member@vandytravel.example"
STAFF_PASSWORD = "a long staff password for the log test"
AMA = {"name": "Abenaa Owusuaa", "email": "abenaa.owusuaa@example.com", "phone": "0241239876"}
KWAME = {"name": "Kwabena Mensahene", "email": "kwabena.mensahene@example.com", "phone": "0201239871"}
EFUA = {"name": "Efuaba Quansahwa", "email": "efuaba.quansahwa@example.com"}
ADJOA = {"name": "Adjoaba Boatengwa", "email": "adjoaba.boatengwa@example.com"}
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
TOKEN = re.compile(r"token=([A-Za-z0-9_.~%-]+)")


def _personal_strings() -> list[str]:
    """Every form in which the applicants' data could be written to a log."""
    found: list[str] = []
    for person in (AMA, KWAME, EFUA, ADJOA):
        found.extend(person["name"].split())
        local, _, _domain = person["email"].partition("@")
        found.extend((person["email"], local))
        if "phone" in person:
            national = person["phone"]
            found.extend((national, "+233" + national[1:], "233" + national[1:], national[1:]))
    return found


def _env(data_dir: Path) -> dict[str, str]:
    return production(
        AGENCY_MESSAGES="log-only",
        AGENCY_DATA_DIR=str(data_dir),
        AGENCY_CLIENT_DIST=str(data_dir / "no-client"),
        AGENCY_RATE_LIMIT="0",
        **FAST_OUTBOX,
    )


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[AppProcess]:
    env = _env(tmp_path / "data")
    created = subprocess.run(
        [sys.executable, "-m", "app.cli", "admin", "create", "--email", STAFF_EMAIL, "--name", "Staff",
         "--password-stdin"],
        input=STAFF_PASSWORD + "\n", capture_output=True, text=True, env=env, cwd=REPO_ROOT, timeout=60,
    )  # fmt: skip
    assert created.returncode == 0, created.stderr
    app = AppProcess(env, log_path=tmp_path / "app.log").start()
    try:
        yield app
    finally:
        app.stop()


class Staff:
    """A signed-in admin over plain HTTP: production's cookies are ``Secure``, which a client only
    sends back over HTTPS, so they are carried by hand."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client
        csrf = client.get("/api/admin/session").cookies["csrftoken"]
        signed = client.post(
            "/api/admin/session",
            json={"email": STAFF_EMAIL, "password": STAFF_PASSWORD},
            headers=self._headers({"csrftoken": csrf}),
        )
        assert signed.status_code == 200, signed.text
        self.cookies = {"csrftoken": signed.cookies.get("csrftoken") or csrf, **dict(signed.cookies)}

    def _headers(self, cookies: dict[str, str]) -> dict[str, str]:
        return {
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
            "X-CSRF-Token": cookies["csrftoken"],
        }

    def post(self, path: str, body: dict[str, str]) -> httpx.Response:
        return self.client.post(path, json=body, headers=self._headers(self.cookies))


def _free_slot(client: httpx.Client) -> tuple[str, str]:
    for days in range(2, 40):
        day = (datetime.now(UTC).date() + timedelta(days=days)).isoformat()
        answer = client.get("/api/appointment-slots", params={"date": day})
        if answer.status_code != 200:
            continue
        free = [s["time"] for s in answer.json()["slots"] if s["state"] == "free"]
        if len(free) >= 2:
            return day, free[0]
    raise AssertionError("no free slot in the next weeks")


def _outbox(data_dir: Path) -> list[tuple[str, str, str]]:
    """The messages due by now (an appointment's reminders wait for their day), as staff see them."""
    due = datetime.now(UTC).isoformat(timespec="microseconds")
    with sqlite3.connect(f"file:{data_dir / 'agency.sqlite3'}?mode=ro", uri=True) as db:
        query = "SELECT address, text, status FROM outbox WHERE status != 'pending' OR next_attempt_at <= ?"
        return list(db.execute(query, (due,)))


def _all_settled(data_dir: Path, at_least: int) -> list[tuple[str, str, str]]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        rows = _outbox(data_dir)
        if len(rows) >= at_least and all(status != "pending" for _, _, status in rows):
            return rows
        time.sleep(0.2)
    raise AssertionError(f"the outbox did not empty: {[status for _, _, status in _outbox(data_dir)]}")


def _drive(app: AppProcess, data_dir: Path) -> list[tuple[str, str, str]]:
    with httpx.Client(base_url=app.base_url, timeout=30) as client:
        applied = client.post(
            "/api/applications",
            data=application_without_passport(
                firstName=KWAME["name"].split()[0],
                lastName=KWAME["name"].split()[1],
                email=KWAME["email"],
                phone=KWAME["phone"],
            ),
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
        )
        assert applied.status_code == 201, applied.text
        day, time_of_day = _free_slot(client)
        booked = client.post(
            "/api/appointments",
            json={"fullName": AMA["name"], "email": AMA["email"], "phone": AMA["phone"], "preferredDate": day,
                  "preferredTime": time_of_day, "countryOfInterest": "Qatar", "serviceType": "recruitment",
                  "message": "Work in Doha", "consent": True},
        )  # fmt: skip
        assert booked.status_code == 201, booked.text
        contact = {"name": EFUA["name"], "email": EFUA["email"], "subject": "Visa", "message": "Hello"}
        assert client.post("/api/contact-messages", json={**contact, "service": "Other"}).status_code == 201
        subscribed = client.post("/api/newsletter-subscriptions", json=ADJOA)
        assert subscribed.status_code in (200, 201), subscribed.text
        staff = Staff(client)
        application_id = applied.json()["applicationId"]
        moved = staff.post(f"/api/admin/applications/{application_id}/status", {"status": "processing"})
        assert moved.status_code == 200, moved.text
        rows = _all_settled(data_dir, at_least=5)
        tokens = {t for _, text, _ in rows for t in TOKEN.findall(text)}
        change = next(t for _, text, _ in rows for t in re.findall(r"/appointment\?token=([^\s\"\\]+)", text))
        page = client.get("/appointment", params={"token": change})
        assert page.status_code == 200
        free = re.findall(r'name="time" value="([^"]+)"', page.text)
        changed = client.post("/appointment/move", data={"token": change, "date": day, "time": free[-1]})
        assert changed.status_code == 200, changed.text
        assert len(tokens) >= 2  # the change link and the newsletter's confirmation at least
        return _all_settled(data_dir, at_least=len(rows) + 1)


def test_a_log_only_production_run_logs_no_name_email_phone_or_token(live_app: AppProcess, tmp_path: Path) -> None:
    rows = _drive(live_app, tmp_path / "data")
    live_app.stop()
    assert live_app.log_path is not None
    log = live_app.log_path.read_text(errors="replace")
    tokens = {t for _, text, _ in rows for t in TOKEN.findall(text)}
    outbox_text = " ".join(text for _, text, _ in rows)
    leaked = [s for s in [*_personal_strings(), *tokens] if s in log]
    assert leaked == []
    # Nothing is lost: staff have every message, and the log shows each went nowhere, masked.
    assert AMA["name"] in outbox_text
    assert KWAME["email"] in outbox_text or KWAME["name"].split()[0] in outbox_text
    assert log.count("not sent") == sum(status == "delivered" for _, _, status in rows)
    assert mask_phone("+233" + KWAME["phone"][1:]) in log
