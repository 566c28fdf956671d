"""The pre-rendered public pages in a real browser: hydration without errors, no layout shift."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import PHONE, new_page

pytestmark = pytest.mark.browser

ROUTES_FILE = Path(__file__).resolve().parents[2] / "client" / "src" / "app" / "public-routes.json"
ROUTES = json.loads(ROUTES_FILE.read_text())
PUBLIC_ROUTES = [r["path"] for r in ROUTES["static"] + ROUTES["records"] if ":" not in r["path"]] + ["/blog/1"]
# React's production hydration errors (#418 text/markup mismatch, #419-#425 related), or dev wording.
HYDRATION = re.compile(r"hydrat|Minified React error #4(1[89]|2[0-5])", re.IGNORECASE)

CLS_OBSERVER = """
window.__cls = 0;
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__cls += entry.value;
    const nodes = (entry.sources || []).map((s) => (s.node && s.node.outerHTML ? s.node.outerHTML.slice(0, 80) : ''));
    window.__shifts.push({ value: entry.value, nodes });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def _watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@pytest.mark.parametrize("path", PUBLIC_ROUTES)
def test_hydrates_without_errors(browser: Browser, live_server: str, path: str) -> None:
    page = new_page(browser, live_server)
    try:
        errors = _watch_errors(page)
        page.goto(path, wait_until="networkidle")
        # The page's content was in the HTML and is still the same nodes once React is interactive.
        page.locator("h1").first.wait_for()
        page.wait_for_timeout(500)
        assert page.evaluate("() => document.querySelectorAll('#root h1').length") >= 1
    finally:
        page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


@pytest.mark.parametrize("path", ["/", "/apply"])
def test_layout_shift_at_most_0_02(browser: Browser, live_server: str, path: str) -> None:
    # A phone, the pop-up not yet seen: the splash, the hero, the pop-up after 10 s all count.
    page = new_page(browser, live_server, viewport=PHONE, popup_seen=False)
    try:
        page.add_init_script(CLS_OBSERVER)
        page.goto(path, wait_until="networkidle")
        page.wait_for_timeout(11_000 if path == "/" else 2_000)
        cls = page.evaluate("() => window.__cls")
        shifts = page.evaluate("() => window.__shifts")
    finally:
        page.context.close()
    assert cls <= 0.02, shifts
