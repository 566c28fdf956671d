"""A staff member's working day in Debian's chromium, at a laptop (1366x768) and on a phone (390x844):
find "Odom" (stored as "Ɔdɔm"), filter by a job's title, open an applicant, step to the next and back,
return to the same filtered list; on the phone the list is cards with the status on them, the filters
fold behind one button and every tap target is at least 44 px tall."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, PHONE, new_page
from tests.support.app_process import running_app
from tests.support.forms import application_without_passport

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
JOB_TITLE = "Welder – Doha Shipyard"
BASE = application_without_passport(
    dateOfBirth="1994-03-08",
    availability="Immediately",
    salary="",
    additionalInfo="",
)
# Oldest first; the list shows the newest first.
PEOPLE = [
    ("Akosua", "Ɔdɔm", "0241230001", False),
    ("Kwame", "Ɔdɔm", "0241230002", True),
    ("Ama", "Owusu", "0241230003", True),
    ("Yaw", "Ɔdɔm", "0241230004", True),
]


@dataclass
class Day:
    base_url: str
    job_id: str


def _admin_client(base_url: str) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=10)
    client.get("/api/admin/session")
    credentials = client.get("/api/admin/demo-credentials").json()
    token = client.cookies["csrftoken"]
    signed = client.post("/api/admin/session", json=credentials, headers={"X-CSRF-Token": token})
    assert signed.status_code == 200, signed.text
    return client


@pytest.fixture(scope="module")
def day() -> Iterator[Day]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-views-") as app:
        admin = _admin_client(app.base_url)
        try:
            job = {
                "title": JOB_TITLE,
                "country": "Qatar",
                "category": "Construction",
                "salaryRange": "$1,000-$2,000",
                "description": "Shipyard welding.",
                "status": "open",
            }
            created = admin.post("/api/admin/jobs", json=job, headers={"X-CSRF-Token": admin.cookies["csrftoken"]})
            assert created.status_code == 201, created.text
            job_id = created.json()["id"]
        finally:
            admin.close()
        for first, last, phone, with_job in PEOPLE:
            data = BASE | {"firstName": first, "lastName": last, "email": f"{first.lower()}@example.com"}
            data |= {"phone": phone} | ({"jobId": job_id} if with_job else {})
            response = httpx.post(
                f"{app.base_url}/api/applications",
                data=data,
                files={"cv": ("cv.pdf", PDF, "application/pdf")},
                timeout=10,
            )
            assert response.status_code == 201, response.text
        yield Day(app.base_url, job_id)


def sign_in(page: Page) -> None:
    page.goto("/admin/login")
    expect(page.get_by_label("Email")).not_to_have_value("")
    page.get_by_role("button", name="Click to fill password").click()
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()


def applicant_links(page: Page) -> list[str]:
    links = page.locator(".admin-table tbody th a")
    return [text.strip() for text in links.all_inner_texts()]


def test_find_filter_by_job_title_open_step_and_come_back(browser: Browser, day: Day) -> None:
    page = new_page(browser, day.base_url, viewport=LAPTOP)
    try:
        sign_in(page)
        # The dashboard counts the day.
        expect(page.get_by_test_id("count-received")).to_have_text("4")
        expect(page.get_by_test_id("count-new-today")).to_have_text("4")

        page.goto("/admin/applications")
        page.get_by_label("Search applications").fill("Odom")
        page.get_by_role("button", name="Search").click()
        expect(page.locator(".admin-table tbody tr")).to_have_count(3)
        assert applicant_links(page) == ["Yaw Ɔdɔm", "Kwame Ɔdɔm", "Akosua Ɔdɔm"]

        # The job filter lists the job by its title, not its ID. At 768 px tall the filters are folded
        # behind their button, so that the first rows are on the first screen (issue 43).
        expect(page.get_by_label("Status")).to_be_hidden()
        page.get_by_role("button", name="Filters").click()
        job = page.get_by_label("Job", exact=True)
        expect(job.locator("option", has_text=JOB_TITLE)).to_have_count(1)
        assert day.job_id not in job.inner_text()
        job.select_option(label=f"{JOB_TITLE} (Qatar)")
        expect(page.locator(".admin-table tbody tr")).to_have_count(2)
        assert applicant_links(page) == ["Yaw Ɔdɔm", "Kwame Ɔdɔm"]
        expect(page).to_have_url(re.compile(r"q=Odom.*jobId=|jobId=.*q=Odom"))

        # Open the first, step to the next and back, within the filtered list.
        page.get_by_role("link", name="Yaw Ɔdɔm").click()
        expect(page.get_by_role("heading", name="Yaw Ɔdɔm", level=1)).to_be_visible()
        expect(page.get_by_test_id("record-position")).to_have_text("1 of 2")
        expect(page.get_by_role("link", name="← Previous")).to_have_count(0)
        page.get_by_role("link", name="Next →").click()
        expect(page.get_by_role("heading", name="Kwame Ɔdɔm", level=1)).to_be_visible()
        expect(page.get_by_test_id("record-position")).to_have_text("2 of 2")
        expect(page.get_by_role("link", name="Next →")).to_have_count(0)
        page.get_by_role("link", name="← Previous").click()
        expect(page.get_by_role("heading", name="Yaw Ɔdɔm", level=1)).to_be_visible()

        # Back to the same filtered list.
        page.get_by_role("link", name="← All applications").click()
        expect(page.get_by_role("heading", name="Applications", level=1)).to_be_visible()
        expect(page.get_by_label("Search applications")).to_have_value("Odom")
        expect(page.get_by_label("Job", exact=True)).to_have_value(day.job_id)
        expect(page.locator(".admin-table tbody tr")).to_have_count(2)
        assert applicant_links(page) == ["Yaw Ɔdɔm", "Kwame Ɔdɔm"]

        # The quick view "Unread" on the same filters: both were opened, so none is left.
        page.get_by_label("Quick views of applications").get_by_role("button", name="Unread").click()
        expect(page.get_by_text("No applications match.")).to_be_visible()
        expect(page).to_have_url(re.compile(r"view=unread"))
        page.get_by_role("button", name=re.compile(r"^Filters \(1\)$")).click()
        page.get_by_role("button", name="Clear filters").click()
        page.get_by_label("Quick views of applications").get_by_role("button", name="Unread").click()
        expect(page.locator(".admin-table tbody tr")).to_have_count(2)
        assert applicant_links(page) == ["Ama Owusu", "Akosua Ɔdɔm"]
    finally:
        page.context.close()


TAP_TARGETS = """
() => [...document.querySelectorAll('.admin-root :is(a, button, select, input, textarea)')]
  .filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  })
  .map((el) => ({ text: (el.textContent || el.getAttribute('aria-label') || el.id || el.tagName).trim().slice(0, 40),
                  // a checkbox is tapped through its label (the list's selection boxes)
                  height: ((el.type === 'checkbox' && el.closest('label')) || el).getBoundingClientRect().height }))
"""


def small_targets(page: Page) -> list[dict[str, object]]:
    targets: list[dict[str, object]] = page.evaluate(TAP_TARGETS)
    return [t for t in targets if float(str(t["height"])) < 44]


def test_on_a_phone_lists_are_cards_with_folded_filters_and_44px_targets(browser: Browser, day: Day) -> None:
    page = new_page(browser, day.base_url, viewport=PHONE)
    try:
        sign_in(page)
        assert small_targets(page) == []
        page.goto("/admin/applications?q=odom")
        expect(page.get_by_role("heading", name="Applications", level=1)).to_be_visible()
        expect(page.locator(".admin-table tbody tr")).to_have_count(3)

        # Filters fold behind one button.
        toggle = page.get_by_role("button", name=re.compile(r"^Filters"))
        expect(toggle).to_be_visible()
        expect(page.get_by_label("Status")).to_be_hidden()
        toggle.click()
        expect(page.get_by_label("Status")).to_be_visible()
        expect(page.get_by_label("Job", exact=True)).to_be_visible()
        page.get_by_role("button", name="Hide filters").click()
        expect(page.get_by_label("Status")).to_be_hidden()

        # Each applicant is a card: name (the main action) and status inside the screen, no sideways scroll.
        head = page.locator(".admin-table thead").bounding_box()
        assert head is None or head["height"] <= 1, head  # the column headings are for screen readers only
        card = page.locator(".admin-table tbody tr").first
        assert card.evaluate("(el) => getComputedStyle(el).display") == "flex"
        for part in (card.locator(".admin-status").first, card.get_by_role("link")):
            expect(part).to_be_visible()
            box = part.bounding_box()
            assert box is not None
            assert box["x"] >= 0, box
            assert box["x"] + box["width"] <= PHONE["width"], box
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"horizontal scroll on a phone: {width}px"
        assert small_targets(page) == []

        # The jobs list's "N applications" links and the other lists keep 44 px targets too.
        for path in ("/admin/jobs", "/admin/appointments", "/admin/messages"):
            page.goto(path)
            expect(page.locator(".admin-page-header h1")).to_be_visible()
            page.wait_for_load_state("networkidle")
            assert small_targets(page) == [], path
    finally:
        page.context.close()


def test_the_applicant_page_names_the_job_and_shows_its_main_actions_on_the_first_screen(
    browser: Browser, day: Day
) -> None:
    page = new_page(browser, day.base_url, viewport=LAPTOP)
    try:
        sign_in(page)
        page.goto("/admin/applications")
        page.get_by_role("link", name="Kwame Ɔdɔm").click()
        expect(page.get_by_role("heading", name="Kwame Ɔdɔm", level=1)).to_be_visible()
        job = page.get_by_test_id("application-summary").get_by_role("link", name=JOB_TITLE)
        expect(job).to_have_attribute("href", f"/jobs/{day.job_id}")
        main = page.locator("main")
        for plumbing in ("Job Id", "Shown Payment", day.job_id):
            expect(main).not_to_contain_text(plumbing)
        page.evaluate("window.scrollTo(0, 0)")
        for action in (
            page.get_by_role("link", name="Download CV"),
            page.get_by_role("button", name="Mark as Processing"),
        ):
            box = action.bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= LAPTOP["height"], box  # within the first screen, no scrolling
    finally:
        page.context.close()
