"""Notes, owners and replies in Debian's chromium, against the real app (demo mode) with a local SMS
gateway and a local SMTP server: write a note on an applicant, make yourself the owner and find
the applicant in "My applications", then answer a contact message from its page and find the
e-mail ("Re: <subject>", from the agency's address) at the SMTP server and the reply in the thread;
at 1366×768 and at 390×844."""

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
from tests.browser.conftest import DIST, PHONE, new_page
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


LAPTOP = {"width": 1366, "height": 768}


@dataclass
class NotesApp:
    base_url: str
    smtp: SmtpServer

    def add_records(self, last_name: str) -> tuple[str, str]:
        """An application by Kwabena <last_name> and a message from Abena <last_name>: (application id, subject)."""
        applied = httpx.post(
            f"{self.base_url}/api/applications",
            data={**APPLICATION, "lastName": last_name, "email": f"kwabena.{last_name.lower()}@example.com"},
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
            timeout=10,
        )
        assert applied.status_code == 201, applied.text
        subject = f"Visa for Qatar ({last_name})"
        contact = {**CONTACT, "name": f"Abena {last_name}", "subject": subject}
        sent = httpx.post(f"{self.base_url}/api/contact-messages", json=contact, timeout=10)
        assert sent.status_code in (200, 201), sent.text
        return applied.json()["applicationId"], subject


@pytest.fixture(scope="module")
def notes_app() -> Iterator[NotesApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    smtp = SmtpServer().start()
    env = {"AGENCY_SMTP_HOST": "127.0.0.1", "AGENCY_SMTP_PORT": str(smtp.port), "AGENCY_SMTP_STARTTLS": "0"}
    try:
        with running_app("agency-notes-", with_gateway=True, env=env) as app:
            yield NotesApp(app.base_url, smtp)
    finally:
        smtp.stop()


@pytest.fixture(params=[pytest.param((LAPTOP, "Asante"), id="laptop"), pytest.param((PHONE, "Mensah"), id="phone")])
def screen(request: pytest.FixtureRequest, browser: Browser, notes_app: NotesApp) -> Iterator[tuple[Page, str]]:
    viewport, last_name = request.param
    page = new_page(browser, notes_app.base_url, viewport=viewport)
    yield page, last_name
    page.context.close()


def wait_for_mail(smtp: SmtpServer, subject: str, timeout_s: float = 20.0) -> Message:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for mail in smtp.received():
            if mail["Subject"] == subject:
                return mail
        time.sleep(0.1)
    raise AssertionError(f"no e-mail {subject!r}; got {[m['Subject'] for m in smtp.received()]}")


def test_write_a_note_own_the_applicant_and_reply_to_a_message(screen: tuple[Page, str], notes_app: NotesApp) -> None:
    page, last_name = screen
    application_id, subject = notes_app.add_records(last_name)
    sign_in(page)

    # A note on the applicant, shown as plain text with who wrote it.
    page.goto(f"/admin/applications/{application_id}")
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
    row = page.get_by_role("row", name=re.compile(f"Kwabena {last_name}"))
    expect(row.get_by_label(f"Owner of Kwabena {last_name}")).to_have_value(re.compile(r".+"))

    # Reply to the contact message in the app (no mailto: link left).
    page.goto("/admin/messages")
    expect(page.locator('a[href^="mailto:"]', has_text="Reply")).to_have_count(0)
    page.get_by_role("link", name=f"Reply to Abena {last_name}").click()
    expect(page.get_by_role("heading", name=subject, level=1)).to_be_visible()
    expect(page.get_by_text("No replies yet.")).to_be_visible()
    expect(page.get_by_text(f"Re: {subject}", exact=False)).to_be_visible()
    page.get_by_label("Your reply").fill("About two weeks once the medical is done.")
    page.get_by_role("button", name="Send reply").click()
    expect(page.get_by_text("Reply sent", exact=True)).to_be_visible()
    thread = page.get_by_role("list", name="Replies to this message")
    expect(thread.get_by_text("About two weeks once the medical is done.")).to_be_visible()
    expect(thread.get_by_text(re.compile(r"Admin User .* by e-mail to abena\.owusu@example\.com"))).to_be_visible()

    mail = wait_for_mail(notes_app.smtp, f"Re: {subject}")
    assert (mail["To"], mail["From"]) == ("abena.owusu@example.com", DEFAULT_EMAIL_SENDER)
    assert "About two weeks once the medical is done." in str(mail.get_payload(decode=True).decode())
    page.get_by_role("button", name="Refresh").click()
    expect(thread.get_by_text("delivered", exact=False)).to_be_visible()
