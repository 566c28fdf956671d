"""Fixtures for the browser tests: the real app on a free port, Debian's chromium, fresh pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from tests.support.app_process import RunningApp, running_app
from tests.support.clock import NOW

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "client" / "dist"
AXE = ROOT / "client" / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
POPUP_FLAG = "newsletter-popup-shown"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

CSP_LISTENER = """
document.addEventListener('securitypolicyviolation', (e) => {
  window.__agencyCspViolation({
    directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber,
    page: location.pathname,
  });
});
"""
CSP_VIOLATIONS: list[dict[str, Any]] = []
"""Every CSP violation (event or console error) seen by any page made by :func:`new_page`;
the autouse fixture below fails the test that caused one."""


def collect_csp_violations(context: BrowserContext) -> None:
    def report(violation: dict[str, Any]) -> None:
        CSP_VIOLATIONS.append(violation)

    context.expose_function("__agencyCspViolation", report)
    context.add_init_script(CSP_LISTENER)
    context.on(
        "console",
        lambda message: (
            CSP_VIOLATIONS.append({"console": message.text})
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )


@pytest.fixture(autouse=True)
def no_csp_violations() -> Iterator[None]:
    CSP_VIOLATIONS.clear()
    yield
    assert not CSP_VIOLATIONS, f"CSP violations: {CSP_VIOLATIONS}"


def inject_axe(page: Page) -> None:
    """axe-core into the page by the DevTools protocol: an inline <script> would break the CSP."""
    if not AXE.is_file():
        pytest.fail("client/node_modules/axe-core missing: run `npm ci` in client/")
    page.evaluate(AXE.read_text(encoding="utf-8"))


# The app shares the machine with other test processes; be patient rather than flaky.
expect.set_options(timeout=10_000)


@pytest.fixture(scope="session")
def live_app() -> Iterator[RunningApp]:
    """The session's one app process in demo mode (no SMTP: its e-mails stay in the outbox of
    ``data_dir``'s database, where a test reads them)."""
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-browser-") as app:
        yield app


@pytest.fixture(scope="session")
def live_server(live_app: RunningApp) -> str:
    return live_app.base_url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def on_the_tests_clock(context: BrowserContext) -> None:
    """The pages' ``Date`` starts at ``tests.support.clock.NOW`` and runs on, timers and all, as the app
    under test does (``running_app`` sets ``AGENCY_NOW``): the browser's today is the app's, the
    booking form's first day, the calendar's today and an undo's seconds left agree at any real hour."""
    context.clock.install(time=NOW)


def new_page(
    browser: Browser,
    base_url: str,
    *,
    viewport: dict[str, int] | None = None,
    popup_seen: bool = True,
    reduced_motion: bool = False,
    tests_clock: bool = True,
) -> Page:
    """A page in a fresh context; by default the newsletter pop-up flag is already stored, and the page
    runs on the tests' clock (:func:`on_the_tests_clock`). ``tests_clock=False`` for a test that reads the
    Performance API's entries (resource timings, paints): Playwright's clock answers none of them."""
    options: dict[str, Any] = {"base_url": base_url, "viewport": viewport or DESKTOP}
    if reduced_motion:
        options["reduced_motion"] = "reduce"
    context = browser.new_context(**options)
    if tests_clock:
        on_the_tests_clock(context)
    collect_csp_violations(context)
    if popup_seen:
        context.add_init_script(f"window.localStorage.setItem('{POPUP_FLAG}', 'true');")
    context.set_default_timeout(20_000)
    return context.new_page()


@pytest.fixture
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    fresh = new_page(browser, live_server)
    yield fresh
    fresh.context.close()


def wait_for_splash_gone(page: Page) -> None:
    page.wait_for_selector("[data-testid=splash]", state="detached", timeout=8_000)


def open_route(page: Page, path: str) -> None:
    """Navigates and waits until the page's h1 has rendered (and, on /, the splash is gone)."""
    page.goto(path)
    # Pre-rendered pages show their content before React is attached: wait until it is.
    page.locator("html[data-hydrated]").wait_for(state="attached")
    if path == "/":
        wait_for_splash_gone(page)
    page.locator("h1").first.wait_for()


def hydrate_everything(page: Page) -> None:
    """The visitor's first interaction (the wheel) lets the parts held until then hydrate
    (client/src/lib/hydrate-on-interaction.tsx); waits until none waits any more."""
    page.locator("html[data-hydrated]").wait_for(state="attached")
    page.mouse.wheel(0, 1)
    page.locator("html:not([data-deferred-hydration])").wait_for(state="attached")


SETTLE_SCRIPT = """async (limitMs) => {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let y = 0; y < document.body.scrollHeight; y += 600) {
    window.scrollTo({ top: y, behavior: 'instant' });
    await pause(40);
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  // A lazy image the scroll passed too quickly for (a busy machine) would never load off screen.
  const images = [...document.images].filter((img) => !img.complete);
  images.forEach((img) => { img.loading = 'eager'; });
  const loaded = Promise.all(images.map((img) => new Promise((resolve) => {
    if (img.complete) return resolve();
    img.addEventListener('load', resolve, { once: true });
    img.addEventListener('error', resolve, { once: true });
  })));
  await Promise.race([loaded, pause(limitMs)]);
  await pause(100);
  return images.filter((img) => !img.complete).map((img) => img.currentSrc || img.src);
}"""
SETTLE_LIMIT_MS = 20_000


def settle(page: Page) -> None:
    """Scrolls through the page so lazy images load, waits for them (20 s at most, like every other
    wait of the browser tests: a script's evaluate has no time limit of its own), and returns to the top."""
    unloaded = page.evaluate(SETTLE_SCRIPT, SETTLE_LIMIT_MS)
    assert not unloaded, f"images still loading after {SETTLE_LIMIT_MS} ms on {page.url}: {unloaded}"
