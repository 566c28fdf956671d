"""The newsletter in a real browser (Debian's chromium) against the app as a process and a local SMTP
server: a subscriber confirms on the welcome link's page (a plain form, no JavaScript needed), then staff
start a newsletter from the blog digest, preview it, send a test to themselves and send it, and only the
confirmed subscriber gets it."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from tests.browser.conftest import DIST, new_page
from tests.browser.test_admin import sign_in, toast
from tests.support.app_process import FAST_OUTBOX, running_app
from tests.support.smtp_server import SmtpServer

pytestmark = pytest.mark.browser


@dataclass
class NewsletterApp:
    base_url: str
    smtp: SmtpServer

    def wait_for(self, count: int, timeout_s: float = 15.0) -> list[Message]:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            got = self.smtp.received()
            if len(got) >= count:
                return got
            time.sleep(0.1)
        raise AssertionError(f"expected {count} e-mails, got {[m['To'] for m in self.smtp.received()]}")


@pytest.fixture(scope="module")
def newsletter_app() -> Iterator[NewsletterApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    smtp = SmtpServer().start()
    env = {"AGENCY_SMTP_HOST": "127.0.0.1", "AGENCY_SMTP_PORT": str(smtp.port), "AGENCY_SMTP_STARTTLS": "0"}
    try:
        with running_app("agency-newsletter-", env={**env, **FAST_OUTBOX}) as app:
            yield NewsletterApp(app.base_url, smtp)
    finally:
        smtp.stop()


@pytest.fixture
def page(browser: Browser, newsletter_app: NewsletterApp) -> Iterator[Page]:
    page = new_page(browser, newsletter_app.base_url)
    yield page
    page.context.close()


def body(mail: Message) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def test_staff_write_preview_test_and_send_a_newsletter(page: Page, newsletter_app: NewsletterApp) -> None:
    app = newsletter_app
    for email in ("esi@example.com", "kojo@example.com"):
        answer = httpx.post(f"{app.base_url}/api/newsletter-subscriptions", json={"name": "Esi", "email": email})
        assert answer.status_code == 201, answer.text
    welcomes = {str(m["To"]): m for m in app.wait_for(2)}
    link = re.search(r"http://\S+/newsletter/confirm\?token=\S+", body(welcomes["esi@example.com"]))
    assert link is not None
    # The welcome link's page, without JavaScript: its button confirms.
    path = link.group(0).split("/newsletter/", 1)[1]
    page.context.set_extra_http_headers({})
    page.goto(f"/newsletter/{path}")
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("status")).to_have_text(
        "Thank you: your subscription is confirmed. You will receive our newsletter."
    )

    sign_in(page)
    page.get_by_role("navigation", name="Admin sections").get_by_role("link", name="Newsletter").click()
    expect(page.get_by_role("heading", name="Newsletter", level=1)).to_be_visible()
    expect(page.get_by_test_id("newsletter-audience")).to_contain_text("1 confirmed subscriber")

    page.get_by_role("button", name="Start from blog digest").click()
    expect(page.get_by_label("Subject")).to_have_value("New on the Vandy Travel blog")
    expect(page.get_by_label("Body (plain text)")).to_have_value(re.compile(r"Read more: .*/blog/\d+"))
    page.get_by_label("Subject").fill("Gulf jobs this month")
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_test_id("newsletter-preview-subject")).to_have_text("Gulf jobs this month")
    expect(page.get_by_test_id("newsletter-preview-text")).to_contain_text("Unsubscribe: ")
    expect(page.get_by_text("List-Unsubscribe=One-Click")).to_be_visible()

    page.get_by_role("button", name="Send test to me").click()
    toast(page, f"Test e-mail queued to {DEMO_ADMIN_EMAIL}")
    test_mail = app.wait_for(3)[2]
    assert (str(test_mail["To"]), str(test_mail["Subject"])) == (DEMO_ADMIN_EMAIL, "[Test] Gulf jobs this month")

    page.get_by_role("button", name="Send to subscribers…").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("to 1 confirmed subscriber?")
    dialog.get_by_role("button", name="Send now").click()
    toast(page, "Newsletter queued for 1 subscriber")
    sent = app.wait_for(4)[3]
    assert (str(sent["To"]), str(sent["Subject"])) == ("esi@example.com", "Gulf jobs this month")
    assert sent["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    time.sleep(0.5)
    assert len(app.smtp.received()) == 4  # the unconfirmed address got nothing
    # the issue is read again while the outbox sends: its counts change without Refresh (issue 43)
    expect(page.get_by_test_id("newsletter-state")).to_contain_text("Queued: 0 · Sent: 1 · Failed: 0")
    expect(page.get_by_role("heading", name="Newsletter “Gulf jobs this month”", level=2)).to_be_visible()
    row = page.get_by_role("row", name=re.compile("Gulf jobs this month"))
    expect(row).to_contain_text("Sent")
    row.get_by_role("button", name="Open").click()
    page.get_by_role("button", name="Refresh counts").click()
    expect(page.get_by_test_id("newsletter-state")).to_contain_text("Queued: 0 · Sent: 1 · Failed: 0")
