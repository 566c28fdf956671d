"""Applicants see where they stand, and the legal facts come from settings: a person applies,
tracks the application, an admin moves it to processing, tracking shows it; the privacy page
and the footer show the settings' numbers."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, new_page, open_route
from tests.browser.test_admin import sign_in, toast
from tests.browser.test_forms import PDF, _fill_application_steps
from tests.support.app_process import RunningApp, running_app

pytestmark = pytest.mark.browser

LEGAL_ENV = {
    "AGENCY_LEGAL_NAME": "Vandy Travel and Recruitment Services Ltd",
    "AGENCY_DPC_REGISTRATION": "DPC-BROWSER-0042",
    "AGENCY_LABOUR_LICENCE": "LD-PEA-BROWSER-315",
    "AGENCY_DATA_REQUEST_CONTACT": "dpo@vandytravel.com",
    "AGENCY_RETENTION_DOCUMENTS_DAYS": "200",
    "AGENCY_SITE_URL": "https://vandytravel.com",
}


@pytest.fixture(scope="module")
def legal_app() -> Iterator[RunningApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-track-", with_gateway=True, env=LEGAL_ENV) as app:
        yield app


@pytest.fixture
def public_page(browser: Browser, legal_app: RunningApp) -> Iterator[Page]:
    page = new_page(browser, legal_app.base_url)
    yield page
    page.context.close()


def _track(page: Page, application_id: str, contact: str) -> None:
    open_route(page, "/track")
    form = page.get_by_role("form", name="Track application form")
    form.get_by_label("Application ID").fill(application_id)
    form.get_by_label("Phone number or email").fill(contact)
    form.get_by_role("button", name="Track Application").click()


def test_apply_track_admin_moves_to_processing_track_shows_it(
    public_page: Page, browser: Browser, legal_app: RunningApp
) -> None:
    page = public_page
    open_route(page, "/apply")
    form = page.get_by_role("form", name="Job application")
    _fill_application_steps(page, "yaa.tracker@example.com", "024 555 1234")
    form.get_by_label("CV / Resume").set_input_files({"name": "cv.pdf", "mimeType": "application/pdf", "buffer": PDF})
    consent = form.get_by_label("I accept the terms and conditions")
    consent.check()
    # The notice is linked beside the consent checkbox.
    expect(form.get_by_role("link", name="Privacy Policy")).to_have_attribute("href", "/privacy")
    form.get_by_role("button", name="Submit Application").click()
    detail = page.get_by_text(re.compile(r"^Your application ID: VA\d+$"))
    expect(detail).to_be_visible()
    application_id = detail.inner_text().rsplit(" ", 1)[-1]

    # Tracking: a wrong phone gets the one not-found answer; the right one shows "Received".
    _track(page, application_id, "0245559999")
    expect(page.get_by_role("alert")).to_have_text("No application matches this ID and phone number or email.")
    _track(page, application_id, "+233 24 555 1234")
    result = page.get_by_role("region", name=f"Application {application_id}")
    expect(result).to_contain_text("Status: Received")
    expect(result.locator("ol.track-history > li")).to_have_count(1)
    # The "received" text, as the delivery reports left it (no report here: sent, or still sending).
    expect(result.get_by_test_id("track-messages").get_by_role("listitem")).to_have_count(1)
    expect(result.get_by_test_id("track-messages")).to_contain_text(re.compile(r": (sending|sent)$"))
    expect(result).to_contain_text("No specific job opening")
    expect(result).to_contain_text("Processing fee not paid yet")

    # The "received" SMS ends with the short /track link.
    assert legal_app.gateway is not None
    deadline = time.monotonic() + 15
    texts: list[str] = []
    while not texts and time.monotonic() < deadline:
        texts = [s.message for s in legal_app.gateway.delivered() if s.phone == "+233245551234"]
        time.sleep(0.1)
    assert texts
    assert texts[0].endswith("Track: vandytravel.com/track")

    # An admin moves it to processing.
    admin = new_page(browser, legal_app.base_url)
    try:
        sign_in(admin)
        admin.goto(f"/admin/applications/{application_id}")
        expect(admin.get_by_role("heading", name="Kwame Mensah", level=1)).to_be_visible()
        admin.get_by_role("button", name="Mark as Processing").click()
        admin.get_by_role("button", name="Move 1 applicant to Processing").click()
        toast(admin, "Status changed to Processing")
    finally:
        admin.context.close()

    # Tracking shows it, with the date of each change.
    _track(page, application_id, "yaa.tracker@example.com")
    result = page.get_by_role("region", name=f"Application {application_id}")
    expect(result).to_contain_text("Status: Processing")
    items = result.locator("ol.track-history > li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Received")
    expect(items.nth(1)).to_contain_text("Processing")
    expect(items.nth(1)).to_contain_text("(Ghana time)")
    # Now two texts to the applicant: "received" and "processing", each with its delivery word.
    expect(result.get_by_test_id("track-messages").get_by_role("listitem")).to_have_count(2)


def test_privacy_page_and_footer_show_the_settings_numbers(public_page: Page) -> None:
    page = public_page
    open_route(page, "/about")
    footer = page.locator("footer")
    expect(footer.get_by_test_id("footer-registration")).to_contain_text("LD-PEA-BROWSER-315")
    expect(footer.get_by_test_id("footer-registration")).to_contain_text("DPC-BROWSER-0042")
    footer.get_by_role("link", name="Privacy Policy").click()
    expect(page).to_have_url(re.compile(r"/privacy$"))
    expect(page.get_by_role("heading", name="Privacy Policy", level=1)).to_be_visible()
    expect(page.get_by_test_id("dpc-registration")).to_have_text("DPC-BROWSER-0042")
    expect(page.get_by_test_id("labour-licence")).to_have_text("LD-PEA-BROWSER-315")
    expect(page.get_by_test_id("retention")).to_contain_text("200 days")
    expect(page.locator("main")).to_contain_text("Vandy Travel and Recruitment Services Ltd")
    expect(page.locator("main")).to_contain_text("dpo@vandytravel.com")
    page.locator("footer").get_by_role("link", name="Terms of Service").click()
    expect(page).to_have_url(re.compile(r"/terms$"))
    expect(page.get_by_test_id("labour-licence")).to_have_text("LD-PEA-BROWSER-315")
