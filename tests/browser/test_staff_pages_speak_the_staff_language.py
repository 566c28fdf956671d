"""Issue 43, ranked problem 8, "Staff pages show their plumbing", in Debian's chromium: the applicant page
names the job by its title and the payment by its state (no "Job Id JB…", no "Shown Payment —"), a
newsletter issue by its subject (no "Newsletter NL…"); Download CV and the status change sit within the
first screen at a 1366x768 laptop and on a phone; at 768 px tall the first application row is visible
without scrolling; and a device in another zone reads the office's times and days."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, PHONE, new_page, on_the_tests_clock
from tests.browser.test_admin import sign_in_through_the_api
from tests.support.app_process import running_app
from tests.support.forms import application_without_passport

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
JOB_TITLE = "Crane Operator – Ras Laffan"
SUBJECT = "December openings in Qatar"
OFFICE = ZoneInfo("Africa/Accra")
FIRST_NAMES = ["Ama", "Kwesi", "Efua", "Yaw", "Abena", "Kojo", "Esi", "Kwabena", "Akua", "Fiifi", "Adjoa", "Kofi"]


@dataclass
class Office:
    base_url: str
    job_id: str
    job_updated_at: str
    application_id: str
    issue_id: str


def _admin_client(base_url: str) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=10)
    client.get("/api/admin/session")
    credentials = client.get("/api/admin/demo-credentials").json()
    signed = client.post("/api/admin/session", json=credentials, headers={"X-CSRF-Token": client.cookies["csrftoken"]})
    assert signed.status_code == 200, signed.text
    return client


@pytest.fixture(scope="module")
def office() -> Iterator[Office]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-staff-words-") as app:
        admin = _admin_client(app.base_url)
        try:
            csrf = {"X-CSRF-Token": admin.cookies["csrftoken"]}
            job = {
                "title": JOB_TITLE,
                "country": "Qatar",
                "category": "Construction",
                "salaryRange": "$1,500-$2,500",
                "description": "Mobile cranes at the gas port.",
                "status": "open",
            }
            created = admin.post("/api/admin/jobs", json=job, headers=csrf)
            assert created.status_code == 201, created.text
            job_id = created.json()["id"]
            application_id = ""
            # Enough applicants to fill a page of the list, the one with the job last (the newest, first row).
            for n in range(len(FIRST_NAMES)):
                data = application_without_passport(
                    firstName=FIRST_NAMES[n],
                    lastName="Mensah",
                    email=f"applicant{n}@example.com",
                    phone=f"02412300{n:02d}",
                    dateOfBirth="1992-07-19",
                )
                if FIRST_NAMES[n] == "Kofi":
                    data |= {"jobId": job_id}
                answer = httpx.post(
                    f"{app.base_url}/api/applications",
                    data=data,
                    files={"cv": ("cv.pdf", PDF, "application/pdf")},
                    timeout=10,
                )
                assert answer.status_code == 201, answer.text
                application_id = answer.json()["applicationId"]
            issue = admin.post(
                "/api/admin/newsletter/issues", json={"subject": SUBJECT, "body": "Six cranes."}, headers=csrf
            )
            assert issue.status_code in (200, 201), issue.text
            jobs = admin.get("/api/admin/jobs").json()
            listed = jobs["items"] if isinstance(jobs, dict) else jobs
            updated_at = next(j["updatedAt"] for j in listed if j["id"] == job_id)
            yield Office(app.base_url, job_id, updated_at, application_id, issue.json()["id"])
        finally:
            admin.close()


def _signed_in(browser: Browser, office: Office, viewport: dict[str, int], timezone_id: str | None = None) -> Page:
    page = new_page(browser, office.base_url, viewport=viewport)
    if timezone_id is not None:
        page.context.close()
        context = browser.new_context(base_url=office.base_url, viewport=viewport, timezone_id=timezone_id)
        on_the_tests_clock(context)
        context.add_init_script("window.localStorage.setItem('newsletter-popup-shown', 'true');")
        page = context.new_page()
    sign_in_through_the_api(page.context)
    return page


def _within_the_first_screen(page: Page, viewport: dict[str, int], names: list[tuple[str, str]]) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("window.scrollY") == 0
    for role, name in names:
        action = page.get_by_role(role, name=name, exact=True)  # type: ignore[arg-type]
        expect(action).to_be_visible()
        box = action.bounding_box()
        assert box is not None, name
        assert box["y"] >= 0, (name, box)
        assert box["y"] + box["height"] <= viewport["height"], (name, box, viewport)
        assert box["x"] >= 0, (name, box)
        assert box["x"] + box["width"] <= viewport["width"], (name, box, viewport)


def test_staff_pages_show_their_plumbing_no_more_titles_instead_of_ids(browser: Browser, office: Office) -> None:
    page = _signed_in(browser, office, LAPTOP)
    try:
        page.goto(f"/admin/applications/{office.application_id}")
        expect(page.get_by_role("heading", name="Kofi Mensah", level=1)).to_be_visible()
        summary = page.get_by_test_id("application-summary")
        expect(summary.get_by_role("link", name=JOB_TITLE)).to_have_attribute("href", f"/jobs/{office.job_id}")
        main = page.locator("main")
        for plumbing in ("Job Id", "Shown Payment", office.job_id):
            expect(main).not_to_contain_text(plumbing)

        page.goto("/admin/newsletter")
        page.get_by_role("row", name=re.compile(SUBJECT)).get_by_role("button", name="Open").click()
        expect(page.get_by_role("heading", name=f"Newsletter “{SUBJECT}”", level=2)).to_be_visible()
        expect(page.locator("main")).not_to_contain_text(office.issue_id)
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop-1366x768", "phone"])
def test_staff_pages_show_their_plumbing_no_more_download_cv_and_status_on_the_first_screen(
    browser: Browser, office: Office, viewport: dict[str, int]
) -> None:
    page = _signed_in(browser, office, viewport)
    try:
        page.goto(f"/admin/applications/{office.application_id}")
        expect(page.get_by_role("heading", name="Kofi Mensah", level=1)).to_be_visible()
        _within_the_first_screen(page, viewport, [("link", "Download CV"), ("button", "Mark as Processing")])
    finally:
        page.context.close()


def test_staff_pages_show_their_plumbing_no_more_at_768_px_tall_the_first_result_row_is_above_the_fold(
    browser: Browser, office: Office
) -> None:
    page = _signed_in(browser, office, LAPTOP)
    try:
        page.goto("/admin/applications")
        expect(page.get_by_role("heading", name="Applications", level=1)).to_be_visible()
        expect(page.get_by_label("Search applications")).to_be_visible()
        rows = page.locator(".admin-table tbody tr")
        expect(rows).to_have_count(12)
        page.evaluate("window.scrollTo(0, 0)")
        first = rows.first
        expect(first).to_contain_text("Kofi Mensah")
        box = first.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= LAPTOP["height"], f"the first row is below the fold: {box}"
        expect(first.get_by_role("link", name="Kofi Mensah")).to_be_in_viewport()
    finally:
        page.context.close()


def test_staff_pages_show_their_plumbing_no_more_times_in_the_office_zone_on_a_device_elsewhere(
    browser: Browser, office: Office
) -> None:
    updated = datetime.fromisoformat(office.job_updated_at.replace("Z", "+00:00"))
    office_day = updated.astimezone(OFFICE)
    # A device zone whose calendar day differs from the office's at that moment.
    device = next(
        zone
        for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago")
        if updated.astimezone(ZoneInfo(zone)).date() != office_day.date()
    )
    page = _signed_in(browser, office, LAPTOP, timezone_id=device)
    try:
        assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == device
        page.goto("/admin/jobs")
        row = page.get_by_role("row").filter(has_text=JOB_TITLE)
        expect(row).to_contain_text(f"{office_day.day} {office_day:%b %Y}")

        page.goto(f"/admin/applications/{office.application_id}")
        expect(page.get_by_role("heading", name="Kofi Mensah", level=1)).to_be_visible()
        expect(page.get_by_text(re.compile(rf"Application {office.application_id}, submitted .* GMT"))).to_be_visible()
    finally:
        page.context.close()
