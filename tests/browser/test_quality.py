"""axe-core accessibility checks and screenshots of every page at phone and desktop widths."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import DESKTOP, PHONE, SCREENSHOTS, inject_axe, new_page, open_route, settle
from tests.browser.routes import SCREENSHOT_ROUTES

pytestmark = pytest.mark.browser


def _run_axe(page: Page) -> list[dict[str, object]]:
    inject_axe(page)
    result = page.evaluate("async () => await axe.run(document, { resultTypes: ['violations'] })")
    return [v for v in result["violations"] if v.get("impact") in {"serious", "critical"}]


@pytest.mark.parametrize("name", list(SCREENSHOT_ROUTES))
def test_no_serious_accessibility_violations(browser: Browser, live_server: str, name: str) -> None:
    # Reduced motion: no transitions mid-way while axe measures colour contrast.
    page = new_page(browser, live_server, reduced_motion=True)
    try:
        open_route(page, SCREENSHOT_ROUTES[name])
        settle(page)
        violations = _run_axe(page)
    finally:
        page.context.close()
    summary = [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}  # type: ignore[index, union-attr]
        for v in violations
    ]
    assert not violations, json.dumps(summary, indent=2)


@pytest.mark.parametrize("viewport_name", ["phone", "desktop"])
def test_screenshots_of_every_page(browser: Browser, live_server: str, viewport_name: str) -> None:
    viewport = PHONE if viewport_name == "phone" else DESKTOP
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(browser, live_server, viewport=viewport)
    try:
        for name, path in SCREENSHOT_ROUTES.items():
            open_route(page, path)
            settle(page)
            target = SCREENSHOTS / f"{name}-{viewport['width']}.png"
            page.screenshot(path=str(target), full_page=True, animations="disabled")
            assert target.stat().st_size > 0
    finally:
        page.context.close()
