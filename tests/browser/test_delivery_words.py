"""Issue 43, ranked problem 2, "/track tells applicants their texts were 'not delivered'", in chromium.
Delivery states in words that are true: on a phone, an applicant whose text the
gateway accepted (no report yet) reads "sent" on /track, not a red "not delivered"; staff who undo
a bulk move read "Withdrawn" in the applicant's SMS history, and the dashboard counts it withdrawn,
not failed; the receipt e-mail of a paid fee is listed "Sent", never as awaiting an SMS report."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, DIST, PHONE, SCREENSHOTS, new_page, open_route
from tests.browser.test_demo_refunds import paid_on_the_test_checkout
from tests.support.app_process import RunningApp, running_app
from tests.support.forms import application_without_passport

pytestmark = pytest.mark.browser

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@pytest.fixture
def app() -> Iterator[RunningApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-delivery-words-", with_gateway=True, env={"AGENCY_BULK_UNDO_SECONDS": "60"}) as running:
        yield running


def _apply(app: RunningApp, first: str, last: str, phone: str) -> str:
    data = application_without_passport(
        firstName=first, lastName=last, email=f"{first.lower()}@example.com", phone=phone, dateOfBirth="1995-05-14"
    )
    answer = httpx.post(
        f"{app.base_url}/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")}, timeout=10
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["applicationId"])


def _wait_for_text_to(app: RunningApp, phone: str) -> None:
    assert app.gateway is not None
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if any(sms.phone == phone for sms in app.gateway.delivered()):
            return
        time.sleep(0.1)
    raise AssertionError(f"no text reached the gateway for {phone}")


def _sign_in(page: Page) -> None:
    page.goto("/admin/login")
    page.get_by_role("button", name="Click to fill password").click()
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()


def test_track_tells_applicants_their_texts_were_not_delivered_no_more_on_a_phone_it_says_sent(
    browser: Browser, app: RunningApp
) -> None:
    application_id = _apply(app, "Esi", "Quaye", "0241239811")
    _wait_for_text_to(app, "+233241239811")  # accepted by the gateway, which sends no report here
    page = new_page(browser, app.base_url, viewport=PHONE)
    try:
        open_route(page, "/track")
        form = page.get_by_role("form", name="Track application form")
        form.get_by_label("Application ID").fill(application_id)
        form.get_by_label("Phone number or email").fill("024 123 9811")
        form.get_by_role("button", name="Track Application").click()
        messages = page.get_by_test_id("track-messages")
        word = messages.locator("strong")
        expect(word).to_have_text("sent")
        expect(messages).not_to_contain_text("not delivered")
        # Calm colours: the word keeps its line's colour (red is only for "not delivered").
        colours = word.evaluate("el => [getComputedStyle(el).color, getComputedStyle(el.parentElement).color]")
        assert colours[0] == colours[1], colours
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "track-sent-phone.png"), full_page=True)
    finally:
        page.context.close()


def test_track_tells_applicants_their_texts_were_not_delivered_no_more_staff_read_withdrawn_not_failed(
    browser: Browser, app: RunningApp
) -> None:
    application_id = _apply(app, "Kojo", "Badu", "0241239822")
    page = new_page(browser, app.base_url, viewport=DESKTOP)
    try:
        _sign_in(page)
        page.goto("/admin/applications")
        page.get_by_label("Select Kojo Badu").check()
        page.get_by_role("button", name="Move to Processing").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_role("button", name=re.compile(r"^Move 1 applicant")).click()
        page.get_by_role("button", name="Undo").click()
        expect(page.get_by_text(re.compile(r"^Undone: 1 applicant"))).to_be_visible()

        page.goto(f"/admin/applications/{application_id}")
        history = page.get_by_role("table").filter(has_text="Attempts")
        withdrawn = history.get_by_test_id("sms-delivery").filter(has_text="Withdrawn")
        expect(withdrawn).to_have_count(1)
        expect(withdrawn).to_have_attribute("data-state", "withdrawn")

        page.goto("/admin")
        expect(page.get_by_test_id("outbox-withdrawn")).to_have_text("1")
        expect(page.get_by_test_id("outbox-failed")).to_have_text("0")
        expect(page.get_by_text("Check the gateway settings")).to_have_count(0)
    finally:
        page.context.close()


def test_track_tells_applicants_their_texts_were_not_delivered_no_more_an_email_awaits_no_sms_report(
    browser: Browser, app: RunningApp
) -> None:
    application_id = paid_on_the_test_checkout(app.base_url, "ekua.receipt@example.com")
    page = new_page(browser, app.base_url, viewport=DESKTOP)
    try:
        _sign_in(page)
        page.goto(f"/admin/applications/{application_id}")
        history = page.get_by_role("table").filter(has_text="Attempts")
        email = history.get_by_role("row").filter(has_text="ekua.receipt@example.com")
        expect(email).to_have_count(1)
        expect(email.get_by_test_id("sms-delivery")).to_have_text("Sent")
        expect(email.get_by_test_id("sms-delivery")).to_have_attribute("data-state", "emailed")
        expect(email).not_to_contain_text("awaiting report")
    finally:
        page.context.close()
