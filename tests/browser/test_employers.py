"""Employers and job orders in the admin area (issue 46 items 1 and 2), in Debian's chromium on a laptop: staff
create an employer with a contact in the Gulf, find it by a folded search, add a job order, upload its demand
letter, link a job of the board to it, are refused the job's publishing in the server's words while the order
has no Labour Department approval, record the approval and publish it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import new_page
from tests.browser.test_admin import PDF, sign_in_through_the_api

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
JOB = {
    "title": "Office Cleaner (Ɔdɔm)",
    "category": "Domestic Services",
    "country": "United Arab Emirates",
    "description": "Cleaning offices in Dubai.",
    "status": "draft",
}
NO_APPROVAL = (
    "The order has no Labour Department approval reference (labour certificate or MoU): "
    "a job linked to it cannot be published"
)


@pytest.fixture
def staff(browser: Browser, live_server: str) -> Iterator[Page]:
    page = new_page(browser, live_server, viewport=LAPTOP)
    sign_in_through_the_api(page.context)
    csrf = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrftoken")
    made = page.context.request.post("/api/admin/jobs", data=JOB, headers={"X-CSRF-Token": csrf})
    assert made.status == 201, made.text()
    yield page
    page.context.close()


def test_staff_create_an_employer_and_an_order_link_a_job_and_publish_it_once_approved(staff: Page) -> None:
    page = staff
    page.goto("/admin/employers")
    page.get_by_role("link", name="New employer").click()
    expect(page.get_by_role("heading", name="New employer", level=1)).to_be_visible()
    page.get_by_label("Company", exact=True).fill("Ɔdɔm Facilities LLC")
    page.get_by_label("Country", exact=True).select_option("AE")
    page.get_by_label("City", exact=True).fill("Dubai")
    page.get_by_label("Trade licence number").fill("DXB-4471")
    contact = page.get_by_role("group", name="Contact 1")
    contact.get_by_label("Name").fill("Sara Ali")
    contact.get_by_label("Phone", exact=True).fill("050 123 4567")
    page.get_by_role("button", name="Save employer").click()
    expect(page.get_by_role("heading", name="Ɔdɔm Facilities LLC", level=1)).to_be_visible()
    # Read in the contact's country (the UAE), never as a Ghanaian number.
    expect(contact.get_by_label("Phone", exact=True)).to_have_value("+971501234567")

    page.goto("/admin/employers?q=odom")
    expect(page.get_by_role("link", name="Ɔdɔm Facilities LLC")).to_be_visible()
    page.get_by_role("link", name="Ɔdɔm Facilities LLC").click()

    page.get_by_role("link", name="New job order").click()
    expect(page.get_by_role("heading", name="New job order", level=1)).to_be_visible()
    position = page.get_by_role("group", name="Position 1")
    position.get_by_label("Trade").fill("Cleaner")
    position.get_by_label("Head-count").fill("12")
    position.get_by_label("Salary a month").fill("1500")
    page.get_by_label("Accommodation").check()
    page.get_by_label("Valid until").fill("2027-03-31")
    page.get_by_role("button", name="Create order").click()
    expect(page.get_by_role("heading", name="Cleaner for Ɔdɔm Facilities LLC", level=1)).to_be_visible()
    expect(page.get_by_text("0 selected, 0 deployed of 12")).to_be_visible()
    expect(page.get_by_text(NO_APPROVAL, exact=True)).to_be_visible()

    files = page.get_by_role("region", name="Files")
    files.get_by_label(re.compile(r"^File \(")).set_input_files(
        {"name": "demand-letter.pdf", "mimeType": "application/pdf", "buffer": PDF}
    )
    files.get_by_role("button", name="Upload").click()
    expect(files.get_by_role("link", name="Download demand letter")).to_be_visible()

    jobs = page.get_by_role("region", name="Jobs on the board")
    jobs.get_by_label("Job to link").select_option(label=f"{JOB['title']} (draft)")
    jobs.get_by_role("button", name="Link job").click()
    publish = jobs.get_by_role("button", name=f"Publish {JOB['title']}")
    expect(publish).to_be_visible()
    publish.click()
    expect(jobs.get_by_role("alert")).to_have_text(NO_APPROVAL)

    approval = page.get_by_role("region", name="Labour Department approval")
    approval.get_by_label("Approval reference").fill("LC-2026-0193")
    approval.get_by_role("button", name="Record the approval").click()
    expect(approval.get_by_text("Labour certificate LC-2026-0193")).to_be_visible()
    expect(page.get_by_text("Its jobs may be published.")).to_be_visible()
    publish.click()
    expect(jobs.get_by_text("Open", exact=True)).to_be_visible()
    expect(publish).to_have_count(0)
