"""Security headers and the Content-Security-Policy in Debian's chromium: every public page and
every admin page loads under the policy with no violation (events and console errors are collected
by ``conftest.new_page``), the headers are on every document, and the site cannot be framed."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import Browser, Page, Response, expect
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import CSP_VIOLATIONS, new_page, open_route, settle
from tests.browser.routes import ROUTES

pytestmark = pytest.mark.browser

ADMIN_PAGES = {
    "/admin": "Dashboard",
    "/admin/applications": "Applications",
    "/admin/jobs": "Jobs",
    "/admin/messages": "Messages",
    "/admin/appointments": "Appointments",
    "/admin/subscribers": "Subscribers",
    "/admin/blog": "Blog Posts",
    "/admin/settings": "Settings",
}


def assert_document_headers(response: Response | None) -> None:
    assert response is not None
    headers = response.headers
    csp = headers["content-security-policy"]
    assert "script-src 'self';" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-eval" not in csp
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert "camera=()" in headers["permissions-policy"]


@pytest.fixture(scope="module")
def app_url(live_server: str) -> str:
    return live_server


def test_every_public_page_runs_under_the_policy(browser: Browser, app_url: str) -> None:
    page = new_page(browser, app_url, popup_seen=False)
    try:
        scripts: list[Response] = []
        page.on("response", lambda r: scripts.append(r) if r.request.resource_type == "script" else None)
        response = page.goto("/")
        assert_document_headers(response)
        page.wait_for_selector("[data-testid=splash]", state="detached", timeout=8_000)
        for path in ROUTES:
            open_route(page, path)
            settle(page)
            assert not CSP_VIOLATIONS, (path, CSP_VIOLATIONS)
        for path in ("/about", "/no-such-page", "/blog/does-not-exist"):
            assert_document_headers(page.goto(path))
        assert scripts, "no scripts loaded"
        for script in scripts:
            assert script.headers["x-content-type-options"] == "nosniff"
    finally:
        page.context.close()


def test_the_chat_and_newsletter_pop_up_work_under_the_policy(browser: Browser, app_url: str) -> None:
    page = new_page(browser, app_url, popup_seen=False)
    try:
        open_route(page, "/")
        dialog = page.get_by_role("dialog")
        expect(dialog.first).to_be_visible(timeout=15_000)
        page.keyboard.press("Escape")
        chat = page.get_by_role("button", name=re.compile("chat", re.IGNORECASE)).first
        chat.click()
        expect(page.get_by_role("textbox").last).to_be_visible()
        assert not CSP_VIOLATIONS
    finally:
        page.context.close()


def test_every_admin_page_runs_under_the_policy(browser: Browser, app_url: str) -> None:
    page = new_page(browser, app_url)
    try:
        assert_document_headers(page.goto("/admin/login"))
        expect(page.get_by_role("button", name="Click to fill password")).to_be_visible()
        page.get_by_role("button", name="Click to fill password").click()
        page.get_by_role("button", name="Sign In").click()
        expect(page).to_have_url(re.compile(r"/admin$"))
        for path, heading in ADMIN_PAGES.items():
            page.goto(path)
            expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible()
            assert not CSP_VIOLATIONS, (path, CSP_VIOLATIONS)
    finally:
        page.context.close()


def test_the_site_cannot_be_framed(browser: Browser, app_url: str) -> None:
    context = browser.new_context()  # no CSP collector: the refusal itself is reported as one
    page: Page = context.new_page()
    try:
        page.set_content(f'<iframe id="f" src="{app_url}/admin/login" width="600" height="400"></iframe>')
        page.wait_for_timeout(1500)
        frame = page.frame_locator("#f")
        expect(frame.get_by_role("button", name="Click to fill password")).to_have_count(0)
        expect(frame.get_by_text("Vandy")).to_have_count(0)
        (child,) = page.main_frame.child_frames
        assert child.url.startswith("chrome-error://"), child.url  # the refusal page, not the site
    finally:
        context.close()


def test_the_collector_does_see_a_violation(browser: Browser, app_url: str) -> None:
    """The check above could fail: an inline script, as an injected one would be, is reported."""
    page = new_page(browser, app_url)
    try:
        open_route(page, "/about")
        with contextlib.suppress(PlaywrightError):  # Playwright may report the blocked script itself
            page.add_script_tag(content="window.injected = true;")
        page.wait_for_timeout(500)
        assert page.evaluate("window.injected === undefined")
        assert any(v.get("directive", "").startswith("script-src") for v in CSP_VIOLATIONS), CSP_VIOLATIONS
    finally:
        page.context.close()
        CSP_VIOLATIONS.clear()
