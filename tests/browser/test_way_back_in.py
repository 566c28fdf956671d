"""Issue 43, ranked problem 5, "Getting into /track is hard", on a 360x780 phone in chromium: a Track
link in the menu and the footer of every public page (in the served HTML, working without
JavaScript); the application ID in the first SMS, in the payment modal and on the paid page; the paid
page links the receipt, which a guessed ID does not open."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, new_page, open_route
from tests.browser.test_phone_wizard import PDF, PHONE_360, walk_to_step_4
from tests.support.app_process import RunningApp, running_app

pytestmark = pytest.mark.browser

ROUTES = json.loads((Path(__file__).resolve().parents[2] / "client/src/app/public-routes.json").read_text())
PUBLIC = [r["path"] for r in ROUTES["static"]] + [r["path"] for r in ROUTES["records"] if ":" not in r["path"]]
MENU_LINK = re.compile(r'<nav id="primary-nav"[^>]*>(?:(?!</nav>).)*<a [^>]*href="/track"[^>]*>Track</a>', re.S)
FOOTER_LINK = re.compile(r'id="footer-quick".*?<a href="/track"[^>]*>Track Your Application</a>', re.S)


@pytest.fixture(scope="module")
def texting_app() -> Iterator[RunningApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-way-back-", with_gateway=True) as app:
        yield app


@pytest.fixture
def phone(browser: Browser, texting_app: RunningApp) -> Iterator[Page]:
    page = new_page(browser, texting_app.base_url, viewport=PHONE_360)
    yield page
    page.context.close()


def test_getting_into_track_is_hard_no_more_a_track_link_in_the_menu_and_footer_of_every_page(
    browser: Browser, live_server: str
) -> None:
    for path in [*PUBLIC, "/blog/1", "/no-such-page"]:
        markup = httpx.get(live_server + path, timeout=20).text
        assert MENU_LINK.search(markup), f"no Track link in the menu of {path}"
        assert FOOTER_LINK.search(markup), f"no Track link in the footer of {path}"
    # without JavaScript, as served: the footer's link opens /track
    context = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=PHONE_360)
    try:
        page = context.new_page()
        page.goto("/about")
        page.get_by_role("navigation", name="Quick Links").get_by_role("link", name="Track Your Application").click()
        expect(page).to_have_url(re.compile(r"/track$"))
        expect(page.get_by_label("Application ID")).to_be_visible()
    finally:
        context.close()
    # with it, on the phone: the menu's link
    page = new_page(browser, live_server, viewport=PHONE_360)
    try:
        open_route(page, "/about")
        page.get_by_role("button", name="Open menu").click()
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Track", exact=True).click()
        expect(page).to_have_url(re.compile(r"/track$"))
        expect(page.get_by_label("Application ID")).to_be_visible()
    finally:
        page.context.close()


def test_getting_into_track_is_hard_no_more_the_id_in_the_first_sms_the_modal_and_the_paid_page_with_its_receipt(
    phone: Page, texting_app: RunningApp
) -> None:
    gateway = texting_app.gateway
    assert gateway is not None
    before = len(gateway.delivered())
    walk_to_step_4(phone, "adwoa.track@example.com")
    form = phone.get_by_role("form", name="Job application")
    form.get_by_label("CV / Resume").set_input_files({"name": "cv.pdf", "mimeType": "application/pdf", "buffer": PDF})
    form.get_by_label("I accept the terms and conditions").check()
    form.get_by_role("button", name="Submit Application").click()

    # the modal writes the ID, to read or copy (not only in the toast that goes)
    dialog = phone.get_by_role("dialog", name="Complete Your Application")
    shown = dialog.get_by_test_id("payment-application-id")
    expect(shown).to_have_text(re.compile(r"^VA\d+$"))
    application_id = shown.inner_text()
    expect(dialog.get_by_role("button", name="Copy")).to_be_visible()
    phone.wait_for_timeout(6_000)  # the toast has gone: the ID stays
    expect(shown).to_be_visible()

    # the first SMS to the applicant names it
    sent = gateway.wait_for(before + 1, timeout_s=15)[before:]
    first = next(sms for sms in sent if sms.phone == "+233245550101")
    assert f"Application ID: {application_id}" in first.message
    assert "/track" in first.message

    # pay on the demo's test checkout; the paid page has the ID and the receipt
    dialog.get_by_role("button", name="Pay with Paystack").click()
    phone.get_by_role("button", name=re.compile(r"^Pay .* \(test\)$")).click()
    expect(phone.get_by_role("heading", name="Payment received")).to_be_visible()
    expect(phone.get_by_test_id("paid-application-id")).to_have_text(application_id)
    receipt = phone.get_by_role("link", name="View your receipt")
    href = receipt.get_attribute("href") or ""
    assert re.fullmatch(rf"/receipt/{application_id}\?token=[0-9a-f]{{32}}", href), href
    with phone.context.expect_page() as opened:
        receipt.click()
    receipt_page = opened.value
    expect(receipt_page.get_by_role("heading", level=2)).to_have_text(re.compile(r"^Receipt \d{6}$"))
    expect(receipt_page.locator("body")).to_contain_text(application_id)
    receipt_page.close()

    # a stranger who guesses the ID gets no receipt, and no payment for a made-up reference
    base = texting_app.base_url
    for guess in (f"/receipt/{application_id}", f"/receipt/{application_id}?token={'0' * 32}"):
        answer = httpx.get(base + guess, timeout=10)
        assert answer.status_code == 404
        assert "Sarpong" not in answer.text
    assert httpx.get(f"{base}/api/payments/{application_id}-guessed1", timeout=10).status_code == 404

    # and the paid page leads to /track with the ID filled in
    phone.get_by_role("main").get_by_role("link", name="Track your application").click()
    expect(phone).to_have_url(re.compile(rf"/track\?id={application_id}$"))
    expect(phone.get_by_label("Application ID")).to_have_value(application_id)
