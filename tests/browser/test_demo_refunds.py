"""Refunds in demo mode in chromium (issue 43): a fee paid on the built-in test checkout is refunded
from the applicant's page through the test checkout's refunds, after a confirmation; a refused
amount leaves the reason as typed."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import new_page
from tests.browser.test_admin import sign_in_through_the_api
from tests.support.forms import application_without_passport

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def paid_on_the_test_checkout(base_url: str, email: str) -> str:
    with httpx.Client(base_url=base_url, timeout=10) as client:
        made = client.post(
            "/api/applications",
            data=application_without_passport(email=email, phone="0241230099"),
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
        )
        assert made.status_code == 201, made.text
        app_id: str = made.json()["applicationId"]
        started = client.post(f"/api/applications/{app_id}/payment", json={"paymentKey": made.json()["paymentKey"]})
        reference = started.json()["reference"]
        client.post(f"/test-checkout/{reference}", data={"outcome": "success"})
        assert client.get(f"/api/payments/{reference}").json()["state"] == "paid"
    return app_id


def test_refunds_in_demo_mode_go_through_the_test_checkout_after_a_confirmation(
    browser: Browser, live_server: str
) -> None:
    app_id = paid_on_the_test_checkout(live_server, "demo.refund@example.com")
    page = new_page(browser, live_server)
    try:
        sign_in_through_the_api(page.context)
        page.goto(f"/admin/applications/{app_id}")
        refunds = page.get_by_role("region", name="Refunds")
        expect(refunds.get_by_test_id("refund-status")).to_have_text("Nothing refunded")
        refunds.get_by_label("Reason for the refund").fill("Visa refused")
        refunds.get_by_label("Amount to refund", exact=False).fill("60")
        refunds.get_by_role("button", name="Refund").click()
        page.get_by_role("dialog", name="Refund the processing fee?").get_by_role("button", name="Refund").click()
        expect(refunds.get_by_text("At most $50 can be refunded")).to_be_visible()
        expect(refunds.get_by_label("Reason for the refund")).to_have_value("Visa refused")  # kept after the error
        refunds.get_by_label("Amount to refund", exact=False).fill("20")
        refunds.get_by_role("button", name="Refund").click()
        asked = page.get_by_role("dialog", name="Refund the processing fee?")
        expect(asked).to_contain_text("Refund 20 USD to the applicant")
        asked.get_by_role("button", name="Refund").click()
        expect(refunds.get_by_test_id("refund-status")).to_have_text("Partly refunded")
        expect(refunds.get_by_text("$20: Processed")).to_be_visible()
        expect(page.get_by_text("Refunds need Paystack")).to_have_count(0)
    finally:
        page.context.close()
