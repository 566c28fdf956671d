"""The processing fee end to end in chromium: apply, pay through the local Paystack checkout,
land on the result page with the spec's success toast, and see "Paid" in the admin area; a
declined payment says so and offers to try again. Paystack's webhook is sent by the local
Paystack to the app process, as the real one would."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, new_page, open_route
from tests.browser.test_admin import sign_in
from tests.browser.test_forms import apply_through_the_wizard, toast
from tests.support.app_process import RunningApp, running_app
from tests.support.paystack import LocalPaystack
from tests.support.sms_gateway import SmsGatewayServer

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
PAID_TOAST = "Payment processed successfully! Welcome to Vandy Recruitment."


@dataclass
class PayApp:
    base_url: str
    paystack: LocalPaystack
    gateway: SmsGatewayServer
    data_dir: Path

    def payment(self, application_id: str) -> sqlite3.Row:
        return payment_row(self.data_dir, application_id)


def payment_row(data_dir: Path, application_id: str) -> sqlite3.Row:
    with sqlite3.connect(data_dir / "agency.sqlite3") as db:
        db.row_factory = sqlite3.Row
        row: sqlite3.Row = db.execute(
            "SELECT payment_state, payment_reference, payment_amount, payment_currency FROM applications WHERE id = ?",
            (application_id,),
        ).fetchone()
        return row


@pytest.fixture(scope="module")
def pay_app() -> Iterator[PayApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    paystack = LocalPaystack().start()
    try:
        env = {"PAYSTACK_SECRET_KEY": paystack.secret_key, "PAYSTACK_BASE_URL": paystack.base_url}
        with running_app("agency-pay-", with_gateway=True, env=env) as app:
            assert app.gateway is not None
            paystack.webhook_url = f"{app.base_url}/api/payments/paystack/webhook"
            yield PayApp(app.base_url, paystack, app.gateway, app.data_dir)
    finally:
        paystack.stop()


@pytest.fixture
def pay_page(browser: Browser, pay_app: PayApp) -> Iterator[Page]:
    page = new_page(browser, pay_app.base_url)
    yield page
    page.context.close()


def apply_and_open_payment(page: Page, email: str) -> str:
    open_route(page, "/apply")
    return apply_through_the_wizard(page, email, "020 123 4567")


def test_apply_pay_through_checkout_and_see_paid_in_the_admin_area(pay_page: Page, pay_app: PayApp) -> None:
    page = pay_page
    application_id = apply_and_open_payment(page, "pay.browser@example.com")
    dialog = page.get_by_role("dialog", name="Complete Your Application")
    expect(dialog).to_contain_text("$50")
    expect(dialog).not_to_contain_text("not available")
    dialog.get_by_role("button", name="Pay with Paystack").click()

    # the local Paystack's checkout page, a real top-level navigation away from the site
    expect(page).to_have_url(re.compile(rf"^{re.escape(pay_app.paystack.base_url)}/checkout/{application_id}-"))
    expect(page.get_by_text("Pay USD 50.00 to Vandy Travel")).to_be_visible()
    expect(page.get_by_text(PAID_TOAST)).to_have_count(0)
    page.get_by_role("link", name="Pay USD 50.00").click()

    # back on the site: the result page asks the server to verify, then toasts
    expect(page).to_have_url(re.compile(rf"/payment/callback\?trxref={application_id}-"))
    expect(page.get_by_role("heading", name="Payment received")).to_be_visible()
    toast(page, PAID_TOAST)
    expect(page.get_by_text(application_id).first).to_be_visible()
    row = pay_app.payment(application_id)
    assert (row["payment_state"], row["payment_amount"], row["payment_currency"]) == ("paid", 5000, "USD")
    # the webhook came too (the local Paystack sends it on completion): still one receipt
    deadline = time.monotonic() + 15
    receipts: list[str] = []
    while time.monotonic() < deadline:
        receipts = [s.message for s in pay_app.gateway.delivered() if "processing fee" in s.message]
        if receipts:
            break
        time.sleep(0.1)
    assert any(w.status == 200 for w in pay_app.paystack.webhooks)
    time.sleep(0.5)
    receipts = [s.message for s in pay_app.gateway.delivered() if "processing fee" in s.message]
    assert len(receipts) == 1
    assert application_id in receipts[0]
    # a reload verifies again: same answer, no second receipt
    page.reload()
    expect(page.get_by_role("heading", name="Payment received")).to_be_visible()

    sign_in(page)
    page.goto("/admin/applications?payment=paid")
    table = page.get_by_role("table")
    expect(table).to_contain_text(application_id)
    row_el = table.get_by_role("row").filter(has_text=application_id)
    expect(row_el.get_by_text("Paid", exact=True)).to_be_visible()
    row_el.get_by_role("link").first.click()
    payment = page.get_by_role("region", name="Processing fee")
    expect(payment).to_contain_text("Paid")
    expect(payment).to_contain_text("50 USD")
    expect(payment).to_contain_text(str(pay_app.payment(application_id)["payment_reference"]))
    assert len([s for s in pay_app.gateway.delivered() if "processing fee" in s.message]) == 1


def test_a_declined_payment_says_so_and_can_be_tried_again(pay_page: Page, pay_app: PayApp) -> None:
    page = pay_page
    application_id = apply_and_open_payment(page, "declined.browser@example.com")
    page.get_by_role("dialog", name="Complete Your Application").get_by_role("button", name="Pay with Paystack").click()
    page.get_by_role("link", name="Decline").click()
    expect(page.get_by_role("heading", name="Your payment did not go through")).to_be_visible()
    expect(page.get_by_text(PAID_TOAST)).to_have_count(0)
    assert pay_app.payment(application_id)["payment_state"] == "failed"
    page.get_by_role("button", name="Try again").click()
    expect(page).to_have_url(re.compile(rf"/checkout/{application_id}-"))
    page.get_by_role("link", name="Pay USD 50.00").click()
    expect(page.get_by_role("heading", name="Payment received")).to_be_visible()
    toast(page, PAID_TOAST)


# -- demo mode without Paystack keys (make run): the built-in test checkout -----------------------


@pytest.fixture(scope="module")
def demo_app() -> Iterator[RunningApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-demo-pay-") as app:  # demo mode, no Paystack keys
        yield app


def test_demo_mode_pays_through_the_labelled_test_checkout_to_the_success_toast(
    browser: Browser, demo_app: RunningApp
) -> None:
    page = new_page(browser, demo_app.base_url)
    try:
        application_id = apply_and_open_payment(page, "demo.pay@example.com")
        dialog = page.get_by_role("dialog", name="Complete Your Application")
        expect(dialog).to_contain_text("$50")
        expect(dialog).to_contain_text("Test payment: this demo site has no Paystack keys")
        dialog.get_by_role("button", name="Pay with Paystack").click()

        # the site's own test checkout, labelled as a test payment like Paystack's test mode
        expect(page).to_have_url(re.compile(rf"/test-checkout/{application_id}-"))
        expect(page.get_by_text("TEST PAYMENT: no money is taken")).to_be_visible()
        expect(page.get_by_text(PAID_TOAST)).to_have_count(0)
        page.get_by_role("button", name="Pay $50 (test)").click()

        expect(page).to_have_url(re.compile(rf"/payment/callback\?trxref={application_id}-"))
        expect(page.get_by_role("heading", name="Payment received")).to_be_visible()
        toast(page, PAID_TOAST)
        row = payment_row(demo_app.data_dir, application_id)
        assert (row["payment_state"], row["payment_amount"], row["payment_currency"]) == ("paid", 5000, "USD")
    finally:
        page.context.close()
