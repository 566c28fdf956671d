"""Issue 48's browser test: an applicant ticks "Send me updates on WhatsApp" on /apply, the
confirmation reaches the local WhatsApp Cloud API as a WhatsApp message, the applicant replies (the
local Cloud API posts the signed inbound webhook), staff sign in, see the reply in the message thread
and answer it in free text inside the 24-hour window; the answer reaches the local Cloud API.

One app process of its own (module-scoped), in demo mode with the WhatsApp settings pointing at the
local Cloud API, on the real time (``AGENCY_NOW=""``): the webhook's messages carry the real time,
and the 24-hour window is measured against it."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import DIST, hydrate_everything, new_page, open_route
from tests.browser.test_admin import sign_in
from tests.browser.test_forms import apply_through_the_wizard
from tests.support.app_process import running_app
from tests.support.whatsapp_cloud import RecordedSend, WhatsAppCloudServer, settings_env

pytestmark = pytest.mark.browser

APPLICANT_PHONE = "+233241239871"
OPT_IN_LABEL = "Send me updates on WhatsApp from Vandy Travel and Recruitment Services"


@dataclass
class WhatsAppApp:
    base_url: str
    cloud: WhatsAppCloudServer


@pytest.fixture(scope="module")
def whatsapp_app() -> Iterator[WhatsAppApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with WhatsAppCloudServer() as cloud:
        env = {**settings_env(cloud.base_url), "AGENCY_NOW": ""}
        with running_app("agency-whatsapp-", with_gateway=True, env=env) as app:
            cloud.webhook_url = f"{app.base_url}/api/whatsapp/webhook"
            yield WhatsAppApp(app.base_url, cloud)


def sends_to(cloud: WhatsAppCloudServer, phone: str, count: int, timeout_s: float = 30.0) -> list[RecordedSend]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        sent = cloud.sent_to(phone)
        if len(sent) >= count:
            return sent
        time.sleep(0.1)
    raise AssertionError(f"{len(cloud.sent_to(phone))} WhatsApp sends to {phone}, waited for {count}")


def apply_with_the_box_ticked(page: Page) -> str:
    open_route(page, "/apply")
    hydrate_everything(page)

    def tick_the_box(form: Locator) -> None:
        box = form.get_by_label(OPT_IN_LABEL)  # on the first step, beside the phone; unticked
        expect(box).not_to_be_checked()
        box.check()
        expect(box).to_be_checked()
        expect(form.get_by_label("First Name")).to_have_value("Kwame")

    return apply_through_the_wizard(page, "kwame.whatsapp@example.com", "024 123 9871", tick_the_box)


def test_opt_in_confirmation_reply_and_staff_answer_on_whatsapp(browser: Browser, whatsapp_app: WhatsAppApp) -> None:
    cloud = whatsapp_app.cloud
    applicant = new_page(browser, whatsapp_app.base_url, tests_clock=False)
    try:
        application_id = apply_with_the_box_ticked(applicant)
    finally:
        applicant.context.close()

    # The confirmation goes by WhatsApp: the approved template (no window yet), the text inside it.
    confirmation = sends_to(cloud, APPLICANT_PHONE, 1)[0]
    assert confirmation.template == "agency_update"
    assert application_id in confirmation.text

    # The applicant answers on WhatsApp: the local Cloud API posts the signed webhook.
    assert cloud.inbound(APPLICANT_PHONE, "Thank you! When is the interview?") == 200

    staff = new_page(browser, whatsapp_app.base_url, tests_clock=False)
    try:
        sign_in(staff)
        staff.goto(f"/admin/applications/{application_id}")
        expect(staff.get_by_test_id("whatsapp-opt-in")).to_have_text(
            re.compile(r"^WhatsApp: opted in .+ from the application form \(wording whatsapp-opt-in-v1\)$")
        )
        expect(staff.get_by_test_id("whatsapp-channel")).to_have_text("Their messages go by WhatsApp")

        staff.goto("/admin/messages")
        staff.get_by_role("link", name="Reply to Kwame Mensah").first.click()
        expect(staff.get_by_text("Thank you! When is the interview?")).to_be_visible()
        whatsapp = staff.get_by_role("radio", name=f"WhatsApp to {APPLICANT_PHONE}")
        expect(whatsapp).to_be_checked()
        staff.get_by_label("Your reply").fill("Monday at 10:00, at our Accra office.")
        staff.get_by_role("button", name="Send reply").click()
        replies = staff.get_by_role("list", name="Replies to this message")
        expect(replies.get_by_text(re.compile(r"by WhatsApp to \+233241239871"))).to_be_visible()
        expect(replies.get_by_text("Monday at 10:00, at our Accra office.")).to_be_visible()
    finally:
        staff.context.close()

    answer = sends_to(cloud, APPLICANT_PHONE, 2)[1]
    assert answer.body["type"] == "text"
    assert answer.text == "Monday at 10:00, at our Accra office."
