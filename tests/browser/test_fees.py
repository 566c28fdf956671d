"""Fees end to end in chromium: staff set "no fee" for one country in the fee policy; an applicant
to that country sees the reason and no payment; another pays through the local Paystack and opens
the numbered receipt from /track; staff refund it from the application's page (Paystack's refund
webhook comes after its answer); /track shows the refund. The Terms page shows the policy in the
server's HTML."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import new_page, open_route
from tests.browser.test_admin import sign_in
from tests.browser.test_forms import _fill_application_steps, toast
from tests.browser.test_payments import PAID_TOAST, PDF, PayApp, pay_app  # noqa: F401 - the module's app fixture

pytestmark = pytest.mark.browser

UAE = "United Arab Emirates"
UAE_REASON = "No fee: the employer pays all recruitment costs for jobs in the UAE"


@pytest.fixture
def fees_page(browser: Browser, pay_app: PayApp) -> Iterator[Page]:  # noqa: F811 - the fixture imported above
    page = new_page(browser, pay_app.base_url)
    yield page
    page.context.close()


def apply_to(page: Page, country: str, email: str) -> str:
    open_route(page, "/apply")
    form = page.get_by_role("form", name="Job application")
    _fill_application_steps(page, email, "020 123 4567")
    if country != "Qatar":
        form.get_by_role("button", name="Previous").click()
        form.get_by_role("button", name="Previous").click()
        form.get_by_label("Preferred Country").select_option(country)
        form.get_by_role("button", name="Next Step").click()
        form.get_by_role("button", name="Next Step").click()
    form.get_by_label("CV / Resume").set_input_files({"name": "cv.pdf", "mimeType": "application/pdf", "buffer": PDF})
    form.get_by_label("I accept the terms and conditions").check()
    form.get_by_role("button", name="Submit Application").click()
    detail = page.get_by_text(re.compile(r"^Your application ID: VA\d+$")).first
    expect(detail).to_be_visible()
    return detail.inner_text().rsplit(" ", 1)[-1]


def track(page: Page, application_id: str, contact: str) -> None:
    open_route(page, "/track")
    form = page.get_by_role("form", name="Track application form")
    form.get_by_label("Application ID").fill(application_id)
    form.get_by_label("Phone number or email").fill(contact)
    form.get_by_role("button", name="Track Application").click()


def test_no_fee_country_skips_payment_and_a_paid_fee_has_a_receipt_on_track(
    fees_page: Page,
    pay_app: PayApp,  # noqa: F811 - the fixture imported above
) -> None:
    page = fees_page
    # staff: no fee for the UAE, with the reason the applicant is shown
    sign_in(page)
    page.goto("/admin/settings")
    page.get_by_role("link", name="Fee policy").click()
    expect(page.get_by_role("heading", name="Fee policy", level=1)).to_be_visible()
    page.get_by_role("button", name="Add a country rule").click()
    page.get_by_label("Destination country").select_option(UAE)
    page.get_by_label("Reason shown to the applicant").fill(UAE_REASON)
    page.get_by_role("button", name="Save fee policy").click()
    toast(page, "Fee policy saved")

    # the Terms page shows it in the HTML the server sends
    terms = httpx.get(f"{pay_app.base_url}/terms", timeout=10).text
    assert f"<strong>{UAE}</strong>: No fee. {UAE_REASON}" in terms
    assert "The processing fee is <strong>$50</strong>" in terms

    # an applicant to the UAE: the reason, and nothing to pay
    applicant = new_page(page.context.browser, pay_app.base_url)  # type: ignore[arg-type]
    free_id = apply_to(applicant, UAE, "uae.fees@example.com")
    dialog = applicant.get_by_role("dialog", name="Complete Your Application")
    expect(dialog.get_by_test_id("fee-reason")).to_have_text(UAE_REASON)
    expect(dialog).to_contain_text("No processing fee is due for this application")
    expect(dialog.get_by_role("button", name="Pay with Paystack")).to_have_count(0)
    dialog.get_by_role("button", name="Close").click()
    track(applicant, free_id, "uae.fees@example.com")
    expect(applicant.get_by_test_id("track-payment")).to_contain_text("No processing fee for this application")
    applicant.context.close()

    # another applicant pays and opens the receipt from /track
    payer = new_page(page.context.browser, pay_app.base_url)  # type: ignore[arg-type]
    paid_id = apply_to(payer, "Qatar", "qatar.fees@example.com")
    dialog = payer.get_by_role("dialog", name="Complete Your Application")
    expect(dialog).to_contain_text("$50")
    dialog.get_by_role("button", name="Pay with Paystack").click()
    payer.get_by_role("link", name="Pay USD 50.00").click()
    toast(payer, PAID_TOAST)
    track(payer, paid_id, "qatar.fees@example.com")
    payment = payer.get_by_test_id("track-payment")
    expect(payment).to_contain_text("Processing fee paid")
    link = payment.get_by_role("link", name=re.compile(r"^View receipt \d{6}$"))
    href = link.get_attribute("href")
    assert href is not None
    assert href.startswith(f"/receipt/{paid_id}?token=")
    payer.goto(href)
    expect(payer.get_by_role("heading", name=re.compile(r"^Receipt \d{6}$"))).to_be_visible()
    expect(payer.get_by_text(paid_id).first).to_be_visible()
    expect(payer.get_by_text("$50 (USD 50)")).to_be_visible()

    # staff refund it from the application's page; Paystack's webhook settles it
    pay_app.paystack.behaviour.refund_webhook = "after"
    page.goto(f"/admin/applications/{paid_id}")
    refunds = page.get_by_role("region", name="Refunds")
    expect(refunds.get_by_test_id("refund-status")).to_have_text("Nothing refunded")
    refunds.get_by_label("Reason for the refund").fill("Rejected before processing")
    refunds.get_by_role("button", name="Refund").click()
    page.get_by_role("dialog", name="Refund the processing fee?").get_by_role("button", name="Refund").click()
    toast(page, "Refund sent to Paystack")
    expect(refunds.get_by_role("button", name="Refund")).to_have_count(0)
    deadline_reload = 0
    while deadline_reload < 20:
        page.reload()
        if page.get_by_test_id("refund-status").inner_text() == "Refunded":
            break
        deadline_reload += 1
        page.wait_for_timeout(250)
    expect(page.get_by_test_id("refund-status")).to_have_text("Refunded")

    # /track shows the refund
    track(payer, paid_id, "qatar.fees@example.com")
    expect(payer.get_by_test_id("track-refund")).to_contain_text("Refunded: USD 50")
    payer.context.close()
