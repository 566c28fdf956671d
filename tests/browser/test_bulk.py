"""Bulk status move in chromium: staff select five applicants on the list, read the SMS each will
get, move them to processing, undo once (nobody is texted), then redo (each texted once, after
the undo window)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, DIST, PHONE, SCREENSHOTS, inject_axe, new_page
from tests.support.app_process import RunningApp, running_app
from tests.support.sms_gateway import RecordedSms

pytestmark = pytest.mark.browser

UNDO_S = 8
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
NAMES = [("Akosua", "Odom"), ("Kwame", "Mensah"), ("Efua", "Asante"), ("Yaw", "Boateng"), ("Abena", "Owusu")]


def _apply(base_url: str, first: str, last: str, n: int) -> str:
    data = {
        "firstName": first,
        "lastName": last,
        "email": f"{first.lower()}.{n}@example.com",
        "phone": f"024123{n:04d}",
        "country": "Ghana",
        "city": "Kumasi",
        "dateOfBirth": "1994-03-08",
        "nationality": "Ghanaian",
        "preferredCountry": "Qatar",
        "jobCategory": "Construction",
        "experience": "Mid Level (3-5 years)",
        "education": "Diploma/Certificate",
        "languages": "English, Twi",
        "availability": "Immediately",
        "salary": "",
        "hasPassport": "false",
        "additionalInfo": "",
        "terms": "true",
    }
    response = httpx.post(
        f"{base_url}/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")}, timeout=10
    )
    assert response.status_code == 201, response.text
    return str(response.json()["applicationId"])


@pytest.fixture
def bulk_app() -> Iterator[RunningApp]:
    """An app of each test's own: xdist may run this file's tests on different workers, so neither may
    count on what the other left."""
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-bulk-", with_gateway=True, env={"AGENCY_BULK_UNDO_SECONDS": str(UNDO_S)}) as app:
        for n, (first, last) in enumerate([*NAMES, ("Kofi", "Annan")]):
            _apply(app.base_url, first, last, n)
        yield app


def _bulk_sms(app: RunningApp) -> list[RecordedSms]:
    assert app.gateway is not None
    return [r for r in app.gateway.requests if (r.idempotency_key or "").startswith("BK")]


def _sign_in(page: Page) -> None:
    page.goto("/admin/login")
    page.get_by_role("button", name="Click to fill password").click()
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()


def _select_five_and_preview(page: Page) -> None:
    page.goto("/admin/applications")
    for first, last in NAMES:
        page.get_by_label(f"Select {first} {last}").check()
    expect(page.get_by_test_id("selected-count")).to_have_text("5 selected")
    page.get_by_role("button", name="Move to Processing").click()


def _serious_axe_violations(page: Page) -> list[dict[str, object]]:
    inject_axe(page)
    result = page.evaluate("async () => await axe.run(document, { resultTypes: ['violations'] })")
    return [{"id": v["id"]} for v in result["violations"] if v.get("impact") in {"serious", "critical"}]


def test_select_five_preview_move_undo_and_redo(browser: Browser, bulk_app: RunningApp) -> None:
    page = new_page(browser, bulk_app.base_url, viewport=DESKTOP)
    try:
        _sign_in(page)
        _select_five_and_preview(page)
        dialog = page.get_by_role("dialog", name="Move 5 applicants to Processing?")
        expect(dialog).to_be_visible()
        expect(dialog.get_by_test_id("move-summary")).to_contain_text(re.compile(r"^5 SMS, \d part"))
        for first, last in NAMES:
            expect(dialog).to_contain_text(f"Dear {first} {last}, your application is now being processed.")
        expect(dialog).not_to_contain_text("Kofi Annan")
        assert _serious_axe_violations(page) == []
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "admin-bulk-preview.png"))

        dialog.get_by_role("button", name="Move 5 applicants to Processing").click()
        expect(page.get_by_text("Moved 5 applicants to Processing.")).to_be_visible()
        rows = page.get_by_role("row").filter(has_text="Processing")
        expect(rows).to_have_count(5)
        page.get_by_role("button", name="Undo").click()
        expect(page.get_by_text("Undone: 5 applicants back to their previous status; no SMS was sent.")).to_be_visible()
        expect(page.get_by_role("row").filter(has_text="Processing")).to_have_count(0)

        _select_five_and_preview(page)
        page.get_by_role("button", name="Move 5 applicants to Processing").click()
        expect(page.get_by_text("Moved 5 applicants to Processing.")).to_be_visible()
        moved_at = time.monotonic()
        assert _bulk_sms(bulk_app) == []  # held in the outbox during the undo window
        deadline = moved_at + UNDO_S + 20
        while len(_bulk_sms(bulk_app)) < 5 and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.0)
        sent = _bulk_sms(bulk_app)
        assert len(sent) == 5
        assert len({r.idempotency_key for r in sent}) == 5
        assert len({(r.idempotency_key or "").split("-")[0] for r in sent}) == 1  # the redo's texts only
        assert sorted(r.message.split(",")[0] for r in sent) == sorted(f"Dear {f} {last}" for f, last in NAMES)
    finally:
        page.context.close()


def test_on_a_phone_find_odom_select_five_read_the_sms_move_and_undo(browser: Browser, bulk_app: RunningApp) -> None:
    """At 390x844: "ODOM" finds Akosua Odom's card, the five cards are selected through 44 px boxes, the
    dialog shows each SMS, the move is undone and nobody is texted, even after the undo window."""
    page = new_page(browser, bulk_app.base_url, viewport=PHONE)
    try:
        _sign_in(page)
        page.goto("/admin/applications?q=ODOM")
        expect(page.get_by_role("link", name="Akosua Odom")).to_be_visible()
        page.goto("/admin/applications?status=received")
        for first, last in NAMES:
            box = page.get_by_label(f"Select {first} {last}")
            box.check()
            label = box.locator("xpath=ancestor::label[1]").bounding_box()
            assert label is not None
            assert label["height"] >= 44
        expect(page.get_by_test_id("selected-count")).to_have_text("5 selected")
        page.get_by_role("button", name="Move to Processing").click()
        dialog = page.get_by_role("dialog", name="Move 5 applicants to Processing?")
        for first, last in NAMES:
            expect(dialog).to_contain_text(f"Dear {first} {last}, your application is now being processed.")
        dialog.get_by_role("button", name="Move 5 applicants to Processing").click()
        expect(page.get_by_text("Moved 5 applicants to Processing.")).to_be_visible()
        undone_at = time.monotonic()
        page.get_by_role("button", name="Undo").click()
        expect(page.get_by_text("Undone: 5 applicants back to their previous status; no SMS was sent.")).to_be_visible()
        time.sleep(max(0.0, undone_at + UNDO_S + 2 - time.monotonic()))  # past the window the texts were held for
        assert _bulk_sms(bulk_app) == []
    finally:
        page.context.close()
