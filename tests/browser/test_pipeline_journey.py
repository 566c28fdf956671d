"""One applicant from approved to settled (issue 45, "Done when"), in Debian's chromium: staff on a laptop
move them through every stage after approval on the applicant's page, are refused Departed with the
failing check named (a passport expiring too soon after the flight), record a renewed passport, then move
them to Departed and Arrived; the day-7 check-in's SMS link, opened on a phone without JavaScript, is
answered "I need help" with a message; the dashboard shows the open case until staff close it; the
day-90 check-in settles the applicant.

On the session's app process (``live_app``: demo mode, the tests' clock), with no process of its own;
the check-in's link is read from its SMS in the outbox of the app's database. Time moves as the app
itself schedules it: the check-in tasks are outbox rows due 7 and 90 days after the move to Arrived,
and the test makes each due now (its ``next_attempt_at``), so the app's own outbox worker runs it.
The applicant and their documents are seeded through the API (httpx); the renewed passport is
recorded on the applicant's documents page (its form, with a PDF scan), which then shows the gate passed.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import timedelta
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, FilePayload, Page, ViewportSize, expect

from adapters.codec import timestamp
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.welfare_page import THANKS_HELP
from tests.api.conftest import APPLICATION, PDF
from tests.api.test_pipeline_documents import TODAY, fine_documents
from tests.browser.conftest import PHONE, new_page
from tests.browser.test_admin import sign_in_through_the_api
from tests.support.app_process import RunningApp
from tests.support.clock import NOW

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
SHORT_PASSPORT = TODAY + timedelta(days=130)
"""Four months after the flight (2026-12-10): the default gate wants six, to 2027-06-10."""
PASSPORT_REFUSED = (
    f"Passport valid at least 6 months after departure: expires {SHORT_PASSPORT}, needs 2027-06-10 or later"
)
RENEWED_PASSPORT = TODAY + timedelta(days=3650)
BEFORE_DEPARTURE = (
    "Contract signed",
    "Medical examination",
    "Police clearance",
    "Visa / work permit",
    "Contract registered",
    "Orientation",
    "Ticketed",
)
HELP_MESSAGE = "My employer keeps my passport"
WAIT_S = 30.0


def documents() -> dict[str, dict[str, str]]:
    """Every document the default gate checks, all in order on the flight's day but the passport."""
    short = {"number": "G1234567", "issued_on": "2017-04-10", "expires_on": str(SHORT_PASSPORT)}
    return {**fine_documents(), "passport": short}


class Journey:
    def __init__(self, app: RunningApp) -> None:
        self.app = app
        self.base_url = app.base_url

    def due_now(self, task_id: str) -> None:
        """The outbox task comes due now (it was days ahead): the app's worker claims it at its next poll."""
        with sqlite3.connect(self.app.data_dir / "agency.sqlite3", timeout=20) as db:
            changed = db.execute(
                "UPDATE outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending'", (timestamp(NOW), task_id)
            ).rowcount
        assert changed == 1, f"no pending task {task_id}"

    def text_of(self, message_id: str) -> str:
        """The text of an outbox message once the app queued it (the check-in's SMS, made by its task)."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            with sqlite3.connect(self.app.data_dir / "agency.sqlite3", timeout=20) as db:
                row = db.execute("SELECT text FROM outbox WHERE id = ?", (message_id,)).fetchone()
            if row is not None:
                return str(row[0])
            time.sleep(0.2)
        raise AssertionError(f"no message {message_id} within {WAIT_S:.0f} s")


@pytest.fixture(scope="module")
def journey(live_app: RunningApp) -> Journey:
    return Journey(live_app)


def sign_in(client: httpx.Client) -> None:
    client.get("/api/admin/session")
    signed = client.post(
        "/api/admin/session",
        json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
        headers={"X-CSRF-Token": client.cookies["csrftoken"]},
    )
    assert signed.status_code == 200, signed.text


def seed_approved_applicant(base_url: str) -> str:
    """An application sent, approved, and its documents recorded (the passport too short), by the API."""
    with httpx.Client(base_url=base_url, timeout=30.0) as staff:
        sign_in(staff)
        made = staff.post(
            "/api/applications",
            data={**APPLICATION, "email": "abena.journey@example.com", "firstName": "Abena", "lastName": "Owusu"},
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
        )
        assert made.status_code == 201, made.text
        app_id = str(made.json()["applicationId"])
        csrf = {"X-CSRF-Token": staff.cookies["csrftoken"]}
        for status in ("processing", "approved"):
            moved = staff.post(f"/api/admin/applications/{app_id}/status", json={"status": status}, headers=csrf)
            assert moved.status_code == 200, moved.text
        for kind, fields in documents().items():
            recorded = staff.post(
                f"/api/admin/applications/{app_id}/documents",
                files={name: (None, value) for name, value in {"kind": kind, **fields}.items()},
                headers=csrf,
            )
            assert recorded.status_code == 201, recorded.text
    return app_id


def move(page: Page, label: str) -> None:
    """Staff choose the next stage on the applicant's page and confirm it."""
    panel = page.get_by_role("region", name="Stage after approval")
    panel.get_by_label("Move to").select_option(label=label)
    panel.get_by_role("button", name="Move", exact=True).click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name=f"Move to {label}?")).to_be_visible()
    dialog.get_by_role("button", name="Move", exact=True).click()
    expect(dialog).to_have_count(0)


def stage_is(page: Page, label: str) -> None:
    expect(page.get_by_test_id("pipeline-stage")).to_contain_text(f"Stage: {label} since")


def csrf_of(context: BrowserContext) -> dict[str, str]:
    return {"X-CSRF-Token": next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")}


def open_cases(context: BrowserContext) -> int:
    return int(context.request.get("/api/admin/dashboard").json()["welfareCases"]["open"])


def welfare_open(page: Page, count: int) -> None:
    """The dashboard's "Documents and welfare" card, freshly loaded."""
    page.goto("/admin")
    expect(page.get_by_role("heading", name="Documents and welfare")).to_be_visible()
    expect(page.get_by_test_id("welfare-open")).to_have_text(str(count))


def answer_on_a_phone_without_javascript(browser: Browser, link: str) -> None:
    viewport = ViewportSize(width=PHONE["width"], height=PHONE["height"])
    phone = browser.new_context(viewport=viewport, java_script_enabled=False, is_mobile=True, has_touch=True)
    try:
        worker = phone.new_page()
        worker.goto(link)
        expect(worker.get_by_role("button", name="All good")).to_be_visible()
        worker.get_by_label("Anything you want to tell us (optional)").fill(HELP_MESSAGE)
        worker.get_by_role("button", name="I need help").click()
        expect(worker.get_by_role("status")).to_have_text(THANKS_HELP)
        worker.goto(link)  # answered once: the link is spent
        expect(worker.get_by_role("button", name="I need help")).to_have_count(0)
    finally:
        phone.close()


def test_one_applicant_from_approved_to_settled(browser: Browser, journey: Journey) -> None:
    app_id = seed_approved_applicant(journey.base_url)
    page = new_page(browser, journey.base_url, viewport=LAPTOP)
    try:
        sign_in_through_the_api(page.context)
        page.goto(f"/admin/applications/{app_id}")
        panel = page.get_by_role("region", name="Stage after approval")
        expect(page.get_by_test_id("pipeline-stage")).to_contain_text("Not in the pipeline yet")
        move(page, "Selected by employer")
        stage_is(page, "Selected by employer")
        for label in BEFORE_DEPARTURE:
            move(page, label)
            stage_is(page, label)

        # Departed: refused by the gate, the passport named with what it needs.
        move(page, "Departed")
        refusal = panel.get_by_role("alert")
        expect(refusal).to_contain_text("Not ready to depart: 6 of 7 checks passed")
        expect(refusal.get_by_role("listitem")).to_have_text([PASSPORT_REFUSED])
        stage_is(page, "Ticketed")

        # The renewed passport, recorded on the applicant's documents page with its PDF scan.
        page.get_by_role("link", name="Documents and departure gate").click()
        gate = page.get_by_test_id("gate-summary")
        expect(gate).to_contain_text("6 of 7 checks passed")
        page.get_by_role("button", name="Renew passport").click()
        form = page.get_by_role("form", name="Record a document")
        form.get_by_label("Passport number").fill("G7654321")
        form.get_by_label("Issue date").fill(str(TODAY))
        form.get_by_label("Expiry date").fill(str(RENEWED_PASSPORT))
        scan: FilePayload = {"name": "passport.pdf", "mimeType": "application/pdf", "buffer": PDF}
        form.get_by_label("Scan (optional: .pdf, .jpg, .jpeg or .png, at most 5MB)").set_input_files(scan)
        form.get_by_role("button", name="Save the renewed passport").click()
        expect(page.get_by_test_id("expiry-passport")).to_contain_text("Version 2, expires in")
        expect(gate).to_contain_text("7 of 7 checks passed")
        download = page.get_by_role("link", name="Download the scan of passport version 2")
        assert page.context.request.get(str(download.get_attribute("href"))).body() == PDF
        page.get_by_role("link", name=f"Applicant {app_id}").click()
        stage_is(page, "Ticketed")

        move(page, "Departed")
        stage_is(page, "Departed")
        expect(panel.get_by_role("alert")).to_have_count(0)
        move(page, "Arrived")
        stage_is(page, "Arrived")
        arrived_version = 10  # the entry, seven stages, Departed, Arrived: the refusal wrote nothing
        pipeline = page.context.request.get(f"/api/admin/applications/{app_id}/pipeline").json()
        assert (pipeline["stage"], pipeline["version"]) == ("arrived", arrived_version)

        cases_before = open_cases(page.context)
        # Day 7: the check-in's SMS, its link answered on a phone without JavaScript.
        journey.due_now(f"{app_id}-welfare-7-v{arrived_version}")
        text = journey.text_of(f"{app_id}-welfare-7-sms")
        (link,) = [word for word in text.split() if "/welfare/" in word]
        assert link.startswith(f"{journey.base_url}/welfare/"), text  # the app's own address, whole
        answer_on_a_phone_without_javascript(browser, link)

        welfare_open(page, cases_before + 1)
        cases: dict[str, Any] = page.context.request.get("/api/admin/welfare/cases?open=true").json()
        (case,) = cases["cases"]
        assert (case["applicationId"], case["message"]) == (app_id, HELP_MESSAGE)
        closed = page.context.request.post(
            f"/api/admin/welfare/cases/{case['id']}/close",
            data={"note": "Called her: the employer gave it back"},
            headers=csrf_of(page.context),
        )
        assert closed.status == 200, closed.text()
        welfare_open(page, cases_before)

        # Day 90, no case open: the app moves the applicant to Settled itself.
        journey.due_now(f"{app_id}-welfare-90-v{arrived_version}")
        deadline = time.monotonic() + WAIT_S
        while page.context.request.get(f"/api/admin/applications/{app_id}/pipeline").json()["stage"] != "settled":
            assert time.monotonic() < deadline, "not settled on day 90"
            time.sleep(0.2)
        page.goto(f"/admin/applications/{app_id}")
        stage_is(page, "Settled")
        newest = panel.get_by_role("table").get_by_role("row").nth(1)
        expect(newest).to_contain_text("system")
        expect(newest).to_contain_text("Arrived → Settled")
    finally:
        page.context.close()
