"""Message templates in the browser: staff edit the "approved" SMS, watch the server's preview
change its part count, save; an applicant moved to approved then receives the edited words at the
local SMS gateway."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DIST, inject_axe, new_page
from tests.support.app_process import RunningApp, running_app
from tests.support.forms import application_without_passport
from tests.support.sms_gateway import RecordedSms

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
APPLICATION = application_without_passport(
    firstName="Akosua",
    lastName="Boateng",
    email="akosua.boateng@example.com",
    phone="0241237777",
    dateOfBirth="1996-05-10",
    jobCategory="Hospitality & Tourism",
    availability="Immediately",
    salary="",
    additionalInfo="",
)
EDITED = "Akwaaba {name}! Your application is approved. We will call you this week.\nTrack: {track_url}"
LONG = EDITED + "\nBring your passport, two photos, your CV and your certificates to our Kumasi office." * 2


@pytest.fixture(scope="module")
def app() -> Iterator[RunningApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    # A one-second undo window: the status SMS leaves soon after the confirmation (docs/bulk.md).
    with running_app("agency-templates-", with_gateway=True, env={"AGENCY_BULK_UNDO_SECONDS": "1"}) as running:
        yield running


def wait_for_sms(app: RunningApp, needle: str, timeout_s: float = 15.0) -> RecordedSms:
    assert app.gateway is not None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for sms in list(app.gateway.requests):
            if needle in sms.message:
                return sms
        time.sleep(0.1)
    raise AssertionError(f"no SMS with {needle!r}; got {[s.message for s in app.gateway.requests]}")


def serious_axe_violations(page: Page) -> list[object]:
    inject_axe(page)
    # The page itself: notistack's toasts (its own colours) are left out.
    script = (
        "async () => await axe.run({ exclude: [['.notistack-SnackbarContainer']] }, { resultTypes: ['violations'] })"
    )
    result = page.evaluate(script)
    serious = [v for v in result["violations"] if v.get("impact") in {"serious", "critical"}]
    return [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in serious]


def sign_in(page: Page) -> None:
    page.goto("/admin/login")
    page.get_by_role("button", name="Click to fill password").click()
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()


def test_staff_edit_the_approved_sms_and_the_applicant_receives_it(browser: Browser, app: RunningApp) -> None:
    response = httpx.post(
        f"{app.base_url}/api/applications",
        data=APPLICATION,
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    page = new_page(browser, app.base_url)
    try:
        sign_in(page)
        page.get_by_role("navigation", name="Admin sections").get_by_role("link", name="Templates").click()
        expect(page.get_by_role("heading", name="Message templates", level=1)).to_be_visible()
        page.get_by_role("link", name="SMS: application approved").click()

        box = page.get_by_label("Text of “SMS: application approved”")
        facts = page.get_by_test_id("template-facts")
        expect(facts).to_contain_text("Encoding: GSM-7 · 2 SMS parts")  # the default, at the longest name
        box.fill(LONG)
        expect(facts).to_contain_text("3 SMS parts")
        expect(page.get_by_role("status").filter(has_text="more than 2")).to_be_visible()
        box.fill(EDITED.replace("{name}", "{nmae}"))
        expect(page.get_by_text("Unknown placeholder {nmae}: this message can use {name}, {track_url}")).to_be_visible()
        box.fill(EDITED)
        expect(facts).to_contain_text("Encoding: GSM-7 · 1 SMS part")
        expect(page.get_by_test_id("template-rendered")).to_contain_text(
            "Akwaaba Nana Akosua Frimpomaa Ofori-Atta! Your application is approved."
        )
        assert serious_axe_violations(page) == []
        page.get_by_role("button", name="Save template").click()
        expect(page.get_by_text("Template saved", exact=True)).to_be_visible()
        expect(page.get_by_text(re.compile(r"Version 1 · admin@"))).to_be_visible()

        page.get_by_role("navigation", name="Admin sections").get_by_role("link", name="Applications").click()
        page.get_by_role("link", name="Akosua Boateng").click()
        page.get_by_role("button", name="Mark as Processing").click()
        page.get_by_role("dialog", name="Move 1 applicant to Processing?").get_by_role(
            "button", name="Move 1 applicant to Processing"
        ).click()
        expect(page.get_by_text("Status changed to Processing", exact=True)).to_be_visible()
        page.get_by_role("button", name="Approve").click()
        confirm = page.get_by_role("dialog", name="Move 1 applicant to Approved?")
        expect(confirm).to_contain_text("Akwaaba Akosua Boateng! Your application is approved.")
        confirm.get_by_role("button", name="Move 1 applicant to Approved").click()
        expect(page.get_by_text("Status changed to Approved", exact=True)).to_be_visible()

        sms = wait_for_sms(app, "Akwaaba Akosua Boateng! Your application is approved. We will call you this week.")
        assert sms.phone.endswith("241237777")
        assert sms.message.startswith("Akwaaba Akosua Boateng!")
        assert "Congratulations" not in sms.message
    finally:
        page.context.close()
