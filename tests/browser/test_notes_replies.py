"""Notes, owners and replies in Debian's chromium, against the real app (demo mode) with a local SMS
gateway and a local SMTP server: write a note on an applicant, make yourself the owner and find
the applicant in "My applications", then answer a contact message from its page and find the
e-mail ("Re: <subject>", from the agency's address) at the SMTP server and the reply in the thread."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from app.settings import DEFAULT_EMAIL_SENDER
from tests.browser.conftest import DESKTOP, DIST, new_page
from tests.browser.test_admin import APPLICATION, PDF, sign_in
from tests.support.app_process import running_app
from tests.support.smtp_server import SmtpServer

pytestmark = pytest.mark.browser

CONTACT = {
    "name": "Abena Owusu",
    "email": "abena.owusu@example.com",
    "phone": "",
    "service": "Visa Services",
    "subject": "Visa for Qatar",
    "message": "How long does a work visa for Qatar take?",
}


@dataclass
class NotesApp:
    base_url: str
    smtp: SmtpServer
    application_id: str


@pytest.fixture(scope="module")
def notes_app() -> Iterator[NotesApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    smtp = SmtpServer().start()
    env = {"AGENCY_SMTP_HOST": "127.0.0.1", "AGENCY_SMTP_PORT": str(smtp.port), "AGENCY_SMTP_STARTTLS": "0"}
    try:
        with running_app("agency-notes-", with_gateway=True, env=env) as app:
            applied = httpx.post(
                f"{app.base_url}/api/applications",
                data=APPLICATION,
                files={"cv": ("cv.pdf", PDF, "application/pdf")},
                timeout=10,
            )
            assert applied.status_code == 201, applied.text
            contact = httpx.post(f"{app.base_url}/api/contact-messages", json=CONTACT, timeout=10)
            assert contact.status_code in (200, 201), contact.text
            yield NotesApp(app.base_url, smtp, applied.json()["applicationId"])
    finally:
        smtp.stop()


@pytest.fixture
def page(browser: Browser, notes_app: NotesApp) -> Iterator[Page]:
    page = new_page(browser, notes_app.base_url, viewport=DESKTOP)
    yield page
    page.context.close()


def wait_for_mail(smtp: SmtpServer, subject: str, timeout_s: float = 20.0) -> Message:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for mail in smtp.received():
            if mail["Subject"] == subject:
                return mail
        time.sleep(0.1)
    raise AssertionError(f"no e-mail {subject!r}; got {[m['Subject'] for m in smtp.received()]}")


def test_write_a_note_own_the_applicant_and_reply_to_a_message(page: Page, notes_app: NotesApp) -> None:
    sign_in(page)

    # A note on the applicant, shown as plain text with who wrote it.
    page.goto(f"/admin/applications/{notes_app.application_id}")
    notes = page.locator("section", has=page.get_by_role("heading", name="Notes", exact=True))
    expect(notes.get_by_text("No notes yet.")).to_be_visible()
    notes.get_by_role("button", name="Add note").click()
    expect(notes.get_by_role("alert")).to_have_text("Note is required")
    notes.get_by_label("New note").fill("Passport expires in March <b>renew</b>")
    notes.get_by_role("button", name="Add note").click()
    expect(notes.get_by_text("Passport expires in March <b>renew</b>", exact=True)).to_be_visible()
    expect(notes.get_by_text(re.compile(r"Admin User \(admin@vandytravel\.com\)"))).to_be_visible()

    # Own the applicant from the record, then find them in "My applications".
    owner = page.get_by_label("Owner of this applicant")
    expect(owner.locator("option", has_text="Admin User")).to_have_count(1)
    owner.select_option(label="Admin User")
    expect(page.get_by_text("Owner saved", exact=True)).to_be_visible()
    page.get_by_role("link", name="All applications").click()
    mine = page.get_by_role("button", name="My applications")
    expect(mine).to_have_attribute("aria-pressed", "false")
    mine.click()
    expect(page).to_have_url(re.compile(r"owner=me"))
    expect(mine).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_text("1 application", exact=True)).to_be_visible()
    row = page.get_by_role("row", name=re.compile("Kwabena Asante"))
    expect(row.get_by_label("Owner of Kwabena Asante")).to_have_value(re.compile(r".+"))

    # Reply to the contact message in the app (no mailto: link left).
    page.goto("/admin/messages")
    expect(page.locator('a[href^="mailto:"]', has_text="Reply")).to_have_count(0)
    page.get_by_role("link", name="Reply to Abena Owusu").click()
    expect(page.get_by_role("heading", name="Visa for Qatar", level=1)).to_be_visible()
    expect(page.get_by_text("No replies yet.")).to_be_visible()
    expect(page.get_by_text("Re: Visa for Qatar", exact=False)).to_be_visible()
    page.get_by_label("Your reply").fill("About two weeks once the medical is done.")
    page.get_by_role("button", name="Send reply").click()
    expect(page.get_by_text("Reply sent", exact=True)).to_be_visible()
    thread = page.get_by_role("list", name="Replies to this message")
    expect(thread.get_by_text("About two weeks once the medical is done.")).to_be_visible()
    expect(thread.get_by_text(re.compile(r"Admin User .* by e-mail to abena\.owusu@example\.com"))).to_be_visible()

    mail = wait_for_mail(notes_app.smtp, "Re: Visa for Qatar")
    assert (mail["To"], mail["From"]) == ("abena.owusu@example.com", DEFAULT_EMAIL_SENDER)
    assert "About two weeks once the medical is done." in str(mail.get_payload(decode=True).decode())
    page.get_by_role("button", name="Refresh").click()
    expect(thread.get_by_text("delivered", exact=False)).to_be_visible()
