"""Issue 43, item 1 (ranked first): every full load of an admin page waited about three seconds before it was
usable. Now the admin frame and the sign-in form are in the served HTML (client/scripts/admin-pages.mjs), the app
hydrates them in place, and the route's code and the session check leave together.

The app is the one of ``test_admin.py`` (demo mode, one application in it)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Route, expect

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from tests.browser.conftest import PHONE, new_page
from tests.browser.test_admin import AdminApp, admin_app, sign_in_through_the_api, toast

pytestmark = pytest.mark.browser
__all__ = ["admin_app"]  # the module's app, used here as a fixture

ENTRY = re.compile(r"/assets/index-[^/]+\.js$")

# Each request's start and end, and what it is, from the page's resource timings.
TIMINGS = """() => performance.getEntriesByType('resource').map((e) => (
  { url: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }))"""


def rounds_before(timings: list[dict[str, Any]], first: dict[str, Any]) -> int:
    """How many requests in a row (each asked for once the one before had arrived) the scripts and stylesheets
    asked for before `first` make: the longest chain of them, the HTML not counted."""
    code = sorted(
        (t for t in timings if re.search(r"\.(js|css)$", t["url"]) and t["start"] < first["start"]),
        key=lambda t: t["start"],
    )
    depth: dict[int, int] = {}
    for index, timing in enumerate(code):
        before = [depth[i] for i, other in enumerate(code[:index]) if other["end"] <= timing["start"]]
        depth[index] = 1 + max(before, default=0)
    return max(depth.values(), default=0)


def hydration_errors(page: Page) -> list[str]:
    errors: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        if message.type == "error" and re.search(r"hydrat|did not match", message.text, re.I):
            errors.append(message.text)

    page.on("console", keep)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_every_full_load_of_an_admin_page_is_usable_without_waiting(browser: Browser, admin_app: AdminApp) -> None:
    # The sign-in form is the served HTML: shown as it is with JavaScript off.
    context = browser.new_context(base_url=admin_app.base_url, viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/admin/login")
        expect(page.get_by_role("heading", name="Admin Login")).to_be_visible()
        expect(page.get_by_label("Email")).to_be_visible()
        expect(page.get_by_label("Password")).to_be_visible()
        expect(page.get_by_role("button", name="Sign In")).to_be_visible()
    finally:
        context.close()

    # At first paint, before any script has arrived: what is typed and a Sign In pressed are kept, and sign in
    # once the app is there (never a GET of the page with the password in its URL).
    page = new_page(browser, admin_app.base_url, viewport=PHONE)
    errors = hydration_errors(page)
    held: list[Route] = []
    page.route(ENTRY, lambda route: held.append(route))
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    try:
        page.goto("/admin/login", wait_until="domcontentloaded")
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the entry was not requested"
        page.get_by_label("Email").fill(DEMO_ADMIN_EMAIL)
        page.get_by_label("Password").fill(DEMO_ADMIN_PASSWORD)
        page.get_by_role("button", name="Sign In").click()
        expect(page).to_have_url(re.compile(r"/admin/login$"))
        # The app is not there yet (it marks the page when it has hydrated).
        assert page.evaluate("() => document.documentElement.hasAttribute('data-hydrated')") is False
        for route in held:
            route.continue_()
        toast(page, "Login successful")
        expect(page).to_have_url(re.compile(r"/admin$"))
        expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()
        assert not [url for url in urls if "password" in url.lower()], urls
        assert not errors, errors
    finally:
        page.context.close()

    # A signed-in full load of /admin/applications: the frame at once, the first row with no wait in between.
    # With 200 ms on every request, so that rounds cannot overlap by chance: before the first API call, two
    # rounds of code (the starter, then the entry with the admin and page chunks), and that call is the
    # session check.
    page = new_page(browser, admin_app.base_url, tests_clock=False)  # it reads the resource timings
    errors = hydration_errors(page)
    sign_in_through_the_api(page.context)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 200, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    try:
        page.goto("/admin/applications", wait_until="commit")
        expect(page.get_by_role("navigation", name="Admin sections")).to_be_visible()
        expect(page.get_by_text("Kwabena Asante").first).to_be_visible()
        expect(page.get_by_role("heading", name="Applications", level=1)).to_be_visible()
        timings: list[dict[str, Any]] = page.evaluate(TIMINGS)
        first_api = min((t for t in timings if t["url"].startswith("/api/")), key=lambda t: t["start"])
        assert first_api["url"] == "/api/admin/session", first_api
        assert rounds_before(timings, first_api) <= 2, timings
        assert not errors, errors
    finally:
        page.context.close()
