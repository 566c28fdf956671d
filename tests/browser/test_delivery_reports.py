"""Delivery reports in the admin area, in Debian's chromium: staff open an application whose text
the local gateway has accepted and see it "Sent, awaiting report"; the gateway then reports it
delivered to the app's callback URL, and after a refresh the SMS history says "Delivered"."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, SCREENSHOTS, new_page
from tests.support.app_process import RunningApp, running_app
from tests.support.forms import application_without_passport
from tests.support.sms_gateway import RecordedSms, SmsGatewayServer

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
APPLICANT_PHONE = "+233241239870"
APPLICATION = application_without_passport(
    firstName="Adwoa",
    lastName="Boateng",
    email="adwoa.boateng@example.com",
    phone="0241239870",
    dateOfBirth="1996-07-21",
    availability="Immediately",
)


@pytest.fixture(scope="module")
def app() -> Iterator[RunningApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-delivery-", with_gateway=True) as running:
        yield running


def applicant_text(gateway: SmsGatewayServer, application_id: str) -> RecordedSms:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for sms in gateway.delivered():
            if sms.phone == APPLICANT_PHONE and (sms.idempotency_key or "").startswith(application_id):
                return sms
        time.sleep(0.1)
    raise AssertionError("the applicant's text never reached the gateway")


def sign_in(page: Page) -> None:
    """Demo mode: the e-mail is pre-filled and the password is one click away."""
    page.goto("/admin/login")
    page.get_by_role("button", name="Click to fill password").click()
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()


def test_the_admin_sees_delivered_after_the_gateways_report(browser: Browser, app: RunningApp) -> None:
    gateway = app.gateway
    assert gateway is not None
    answer = httpx.post(
        f"{app.base_url}/api/applications",
        data=APPLICATION,
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    application_id = answer.json()["applicationId"]
    sms = applicant_text(gateway, application_id)

    page = new_page(browser, app.base_url)
    try:
        sign_in(page)
        expect(page.get_by_test_id("outbox-not-delivered")).to_have_text("0")
        page.goto(f"/admin/applications/{application_id}")
        history = page.get_by_role("table").filter(has_text="Attempts")
        row = history.get_by_role("row").filter(has_text=APPLICANT_PHONE)
        delivery = row.get_by_test_id("sms-delivery")
        # Accepted by the gateway, no report yet (a refresh until the outbox worker's write shows).
        for _ in range(50):
            if (delivery.text_content() or "").strip() == "Sent, awaiting report":
                break
            page.get_by_role("button", name="Refresh").click()
            page.wait_for_timeout(200)
        expect(delivery).to_have_text("Sent, awaiting report")
        expect(history.get_by_role("columnheader", name="Delivery")).to_be_visible()

        assert gateway.send_report(sms, "DELIVERED") == 200
        page.get_by_role("button", name="Refresh").click()
        expect(delivery).to_have_text("Delivered")
        expect(delivery.locator(".admin-status")).to_have_attribute("title", "Gateway report: DELIVERED")
        expect(row.get_by_test_id("sms-late")).to_have_count(0)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "admin-sms-delivered.png"), full_page=True)
        expect(page).to_have_url(re.compile(rf"/admin/applications/{application_id}$"))
    finally:
        page.context.close()
