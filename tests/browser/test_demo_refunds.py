"""Issue 43, ranked problem 4, "Refunds fail in demo mode after the form is filled", in chromium: a fee
paid on the built-in test checkout is refunded from the applicant's page through the test checkout's
refunds, after a confirmation; a refused amount leaves the reason as typed. The other money and
irreversible actions ask first too: an appointment's Attended, No-show and Cancel open a dialog whose
"Go back" changes nothing."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.api.conftest import APPOINTMENT
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


def test_refunds_fail_in_demo_mode_after_the_form_is_filled_no_more_they_go_through_the_test_checkout(
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


def test_refunds_fail_in_demo_mode_after_the_form_is_filled_no_more_attended_no_show_and_cancel_ask_first(
    browser: Browser, live_server: str
) -> None:
    booking = APPOINTMENT | {"fullName": "Kojo Antwi", "email": "kojo.antwi@example.com", "phone": "0241230098"}
    booked = httpx.post(f"{live_server}/api/appointments", json=booking, timeout=10)
    assert booked.status_code == 201, booked.text
    reference = booked.json()["reference"]
    page = new_page(browser, live_server)
    try:
        sign_in_through_the_api(page.context)
        page.goto("/admin/appointments")
        row = page.get_by_role("row").filter(has_text=reference)
        expect(row).to_contain_text("Booked")
        for button, title in (
            (f"Mark {reference} attended", f"Mark {reference} attended?"),
            (f"Mark {reference} no-show", f"Mark {reference} no-show?"),
            (f"Cancel {reference}", f"Cancel {reference}?"),
        ):
            row.get_by_role("button", name=button).click()
            asked = page.get_by_role("dialog", name=title)
            expect(asked).to_contain_text("Kojo Antwi")
            asked.get_by_role("button", name="Go back").click()
            expect(asked).to_have_count(0)
            expect(row).to_contain_text("Booked")  # nothing happened
        row.get_by_role("button", name=f"Cancel {reference}").click()
        page.get_by_role("dialog", name=f"Cancel {reference}?").get_by_role(
            "button", name="Cancel the appointment"
        ).click()
        expect(row).to_contain_text("Cancelled")
        expect(row.get_by_role("button", name=f"Cancel {reference}")).to_have_count(0)
    finally:
        page.context.close()
