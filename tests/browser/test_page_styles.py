"""A page's inline styles keep their cascade once scripts run: no stylesheet is appended later.

The pre-render inlines the entry's stylesheet, then the page's own (client/scripts/prerender.mjs);
a chunk loaded later (the job-alert or newsletter form, notistack at the first interaction) lists the
entry's stylesheet among its dependencies. Were it appended again, after the page's own, shared rules
would win over the page's: the inner page hero moved 4 px on a phone (`.container` over
`.page-hero__inner`), and the blog page grew by 400 px.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import PHONE, new_page

pytestmark = pytest.mark.browser

# Blocks laid out only when they come near are laid out first (client/src/lib/later-sections.ts):
# their placeholder heights are not what the page measures.
GEOMETRY = """() => {
  const later = document.querySelectorAll('.section--later, .later-on-phone');
  for (const block of later) block.classList.add('later--shown');
  const hero = document.querySelector('.page-hero__inner');
  return { heroLeft: hero ? getComputedStyle(hero).marginLeft : null,
           height: document.getElementById('root').getBoundingClientRect().height };
}"""
ACTIVE_LINKS = "() => [...document.querySelectorAll('link[rel=stylesheet]:not([disabled])')].map((l) => l.href)"


@pytest.mark.parametrize("path", ["/blog", "/about", "/"])
def test_no_stylesheet_is_appended_and_nothing_moves(browser: Browser, live_server: str, path: str) -> None:
    static = browser.new_context(java_script_enabled=False, viewport=PHONE, base_url=live_server)
    try:
        before = static.new_page()
        before.goto(path)
        served = before.evaluate(GEOMETRY)
    finally:
        static.close()
    page = new_page(browser, live_server, viewport=PHONE)
    try:
        page.goto(path, wait_until="networkidle")
        page.locator("html[data-hydrated]").wait_for(state="attached")
        # The first interaction loads notistack; the forms near the screen load theirs.
        page.keyboard.press("Tab")
        page.mouse.wheel(0, 4000)
        page.wait_for_load_state("networkidle")
        page.mouse.wheel(0, -8000)
        page.wait_for_timeout(500 if path != "/" else 3_500)
        assert page.evaluate(ACTIVE_LINKS) == []
        hydrated = page.evaluate(GEOMETRY)
    finally:
        page.context.close()
    assert hydrated["heroLeft"] == served["heroLeft"]
    if path == "/blog":
        assert hydrated["height"] == pytest.approx(served["height"], abs=2)
