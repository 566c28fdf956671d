"""The pre-rendered public pages in a real browser: hydration without errors, no layout shift."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE, hydrate_everything, new_page

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
        # The page's content was in the HTML and is still the same nodes once React is interactive,
        # the parts held until the visitor's first interaction included.
        page.locator("h1").first.wait_for()
        hydrate_everything(page)
        page.wait_for_timeout(500)
        assert page.evaluate("() => document.querySelectorAll('#root h1').length") >= 1
    finally:
        page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


@pytest.mark.parametrize("path", ["/", "/apply", "/privacy"])
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


def test_job_board_and_job_page_hydrate_from_the_html(browser: Browser) -> None:
    """``/jobs`` and ``/jobs/{id}`` arrive with their content and data block: React hydrates them
    without a hydration error and without asking the API again."""
    from tests.browser.test_jobs import TITLE, publish_job
    from tests.support.app_process import running_app

    with running_app("agency-jobs-prerendered-") as app:
        admin = new_page(browser, app.base_url)
        try:
            publish_job(admin)
        finally:
            admin.context.close()
        page = new_page(browser, app.base_url)
        try:
            errors = _watch_errors(page)
            api_calls: list[str] = []
            page.on("request", lambda r: api_calls.append(r.url) if "/api/jobs" in r.url else None)
            page.goto("/jobs", wait_until="networkidle")
            page.wait_for_selector("html[data-hydrated]")
            link = page.get_by_role("link", name=TITLE)
            href = link.get_attribute("href")
            assert href is not None
            assert href.startswith("/jobs/")
            assert "open job" in (page.get_by_test_id("jobs-count").text_content() or "")
            # A filtered board is served ready too, with the filters it was served for.
            page.goto("/jobs?country=Qatar&category=Healthcare+%26+Medical", wait_until="networkidle")
            page.wait_for_selector("html[data-hydrated]")
            count = page.get_by_test_id("jobs-count").text_content() or ""
            assert count == "1 open job · Healthcare & Medical jobs in Qatar"
            assert page.get_by_label("Country").input_value() == "Qatar"
            page.goto(href, wait_until="networkidle")
            page.wait_for_selector("html[data-hydrated]")
            assert page.locator("#root h1").text_content() == TITLE
            assert page.get_by_role("link", name="Apply for this job").is_visible()
            # Both pages were hydrated from their data block: no request to the jobs API.
            assert api_calls == []
            # Client navigation still loads from the API (the block belongs to the first page only).
            page.get_by_role("link", name="← Back to Jobs").click()
            page.get_by_role("link", name=TITLE).wait_for()
            assert any(url.endswith("/api/jobs") for url in api_calls)
        finally:
            page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


def test_without_javascript_the_splash_goes_and_home_shows(browser: Browser, live_server: str) -> None:
    # The splash is in the pre-rendered HTML of /; its CSS fades it out after splashMs (3 s) like the
    # script does, so a visitor without JavaScript is not left behind it.
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/")
        splash = page.locator("[data-testid=splash]")
        assert splash.count() == 1
        # Its fade-out (opacity, run by the compositor) and its hiding at the end (one step), seen at
        # their start and at their end: on a loaded machine the page can take longer to load than
        # the 3 s the splash stays, so the test seeks the animations, not the clock.
        fades = "document.getAnimations().filter((a) => ['splash-out', 'splash-hidden'].includes(a.animationName))"
        timing = page.evaluate(
            f"""() => {fades}.map((fade) => {{
              fade.pause();
              fade.currentTime = 0;
              const t = fade.effect.getTiming();
              return [fade.animationName, t.delay, t.duration, t.fill];
            }})"""
        )
        assert sorted(timing) == [["splash-hidden", 3500, 0, "forwards"], ["splash-out", 3000, 500, "forwards"]]
        assert splash.is_visible()
        page.evaluate(f"() => {fades}.forEach((fade) => {{ fade.currentTime = 3500; }})")
        assert not splash.is_visible()
        # And by itself, in real time.
        page.evaluate(f"() => {fades}.forEach((fade) => {{ fade.currentTime = 0; fade.play(); }})")
        splash.wait_for(state="hidden", timeout=20_000)
        hero = page.get_by_role("heading", level=1)
        assert hero.first.is_visible()
        assert "Your Gateway to" in (hero.first.text_content() or "")
        # nothing covers the page: the point at the centre of the h1 is the h1's own
        covered = page.evaluate(
            """() => {
              const h1 = document.querySelector('h1');
              const r = h1.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return !h1.contains(hit);
            }"""
        )
        assert covered is False
    finally:
        context.close()


ANIMATIONS = """() => document.getAnimations().map((a) => ({
  name: a.animationName || String(a.constructor.name),
  duration: a.effect.getTiming().duration,
  properties: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))].filter(
    (p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p),
  ),
}))"""


def _animations(page: Page, path: str) -> list[dict[str, Any]]:
    try:
        page.goto(path)
        animated: list[dict[str, Any]] = page.evaluate(ANIMATIONS)
        return animated
    finally:
        page.context.close()


@pytest.mark.parametrize("path", ["/", "/apply", "/blog"])
def test_what_moves_while_a_page_loads_moves_on_the_compositor(browser: Browser, live_server: str, path: str) -> None:
    """Transform and opacity only (the splash's bar grows by scaleX, not width): a phone's main
    thread, busy starting the page, lays out and paints nothing for an animation. A step of no
    duration (the splash's hiding) is one frame, allowed. Read twice: as the server sent the page
    (without JavaScript, where nothing unmounts the splash however slowly the machine loads it) and
    with the app started."""
    without_script = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=PHONE)
    as_sent = _animations(without_script.new_page(), path)
    started = _animations(new_page(browser, live_server, viewport=PHONE), path)
    if path == "/":
        assert {"splash-fill", "splash-out", "splash-hidden", "spin"} <= {a["name"] for a in as_sent}, as_sent
    moving = [a for a in [*as_sent, *started] if a["duration"] != 0]
    assert [a for a in moving if not set(a["properties"]) <= {"transform", "opacity"}] == [], moving


LATER_SECTIONS = """() => [...document.querySelectorAll('#main section.section--later')].map((s) => ({
  top: Math.round(s.getBoundingClientRect().top + window.scrollY),
  height: Math.round(s.getBoundingClientRect().height),
  rendered: s.firstElementChild.checkVisibility({ contentVisibilityAuto: true }),
}))"""


@pytest.mark.parametrize("path", ["/", "/services"])
def test_sections_far_below_the_first_screen_are_laid_out_when_they_come_near(
    browser: Browser, live_server: str, path: str
) -> None:
    """The first layout of a long page is most of its blocking time on an entry-level phone: the
    sections marked `section--later` are skipped (content-visibility) until the visitor scrolls to
    them, and keep their real height once shown. As the server sent the page, without JavaScript."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(path)
        page.wait_for_timeout(300)
        later = page.evaluate(LATER_SECTIONS)
        # Chrome lays out what is within a few screens' reach: the farther ones wait.
        skipped = [s for s in later if not s["rendered"]]
        assert len(later) >= 3, later
        assert len(skipped) >= len(later) // 2, later
        assert not later[-1]["rendered"], later

        last = page.locator("#main section.section--later").last
        last.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        shown = page.evaluate(LATER_SECTIONS)[-1]
        assert shown["rendered"], shown
        text = last.text_content() or ""
        page.mouse.wheel(0, -100_000)
        page.wait_for_timeout(300)
        # Skipped again once far away, at the height it had when shown: nothing jumps.
        again = page.evaluate(LATER_SECTIONS)[-1]
        assert not again["rendered"], again
        assert again["height"] == shown["height"], (shown, again)
        assert text.strip()
        assert text == last.text_content()
    finally:
        context.close()


# Every block that this viewport lays out only when it comes near: `section--later` at any size,
# `later-on-phone` in the phone layout (client/src/lib/later-sections.ts).
LATER_BLOCKS = """() => [...document.body.querySelectorAll('*')]
  .filter((e) => getComputedStyle(e).contentVisibility === 'auto')
  .map((e) => ({
    block: `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`,
    top: Math.round(e.getBoundingClientRect().top + window.scrollY),
  }))"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 412, "height": 823}, DESKTOP, {"width": 1920, "height": 1080}])
def test_a_block_laid_out_later_is_never_on_the_first_screen(
    browser: Browser, live_server: str, viewport: dict[str, int]
) -> None:
    """A skipped block on screen at the first paint would be drawn at its placeholder height and
    then push what follows it (a layout shift): `section--later` is only for sections that start
    below the first screen on phones and on a 1920x1080 desktop, `later-on-phone` for blocks that
    do in the phone layout (the cards of a long grid after the first, the footer's columns after the
    first), on every public page."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=viewport)
    try:
        page = context.new_page()
        too_high = {}
        seen = set()
        for path in PUBLIC_ROUTES:
            page.goto(path)
            blocks = page.evaluate(LATER_BLOCKS)
            seen.update(b["block"] for b in blocks)
            # The first one's top is exact: nothing above it is skipped.
            if blocks and min(b["top"] for b in blocks) < viewport["height"]:
                too_high[path] = blocks
        assert too_high == {}
        on_phone = {"nav.later-on-phone", "div.footer-bottom.later-on-phone", "article.card.destination.later-on-phone"}
        assert on_phone <= seen if viewport["width"] <= 480 else not any("later-on-phone" in b for b in seen), seen
    finally:
        context.close()


@pytest.mark.parametrize("width", [360, 390, 412])
def test_no_public_page_is_wider_than_a_phone(browser: Browser, live_server: str, width: int) -> None:
    """A page wider than the screen makes a phone zoom out, and everything on screen moves when it
    stops being so (a skipped card's placeholder width once did that on /blog: a layout shift)."""
    context = browser.new_context(
        base_url=live_server, java_script_enabled=False, viewport={"width": width, "height": 800}
    )
    try:
        page = context.new_page()
        wide = {}
        for path in PUBLIC_ROUTES:
            page.goto(path)
            if (scroll_width := page.evaluate("document.documentElement.scrollWidth")) > width:
                wide[path] = scroll_width
        assert wide == {}
    finally:
        context.close()


PLACEHOLDERS = """() => {
  const blocks = [...document.querySelectorAll('.later-on-phone')];
  const placeholders = blocks.map((e) => parseFloat(getComputedStyle(e).containIntrinsicHeight.replace('auto', '')));
  for (const e of blocks) e.classList.add('later--shown');
  return blocks.map((e, i) => ({
    block: `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`,
    placeholder: placeholders[i],
    height: Math.ceil(e.getBoundingClientRect().height),
  }));
}"""


def test_a_later_block_s_placeholder_is_as_tall_as_the_block_on_a_small_phone(
    browser: Browser, live_server: str
) -> None:
    """Text past a skipped block's placeholder stands on what follows it, for the browser and for axe
    (Lighthouse's accessibility audit read the footer's light text on the page's white)."""
    context = browser.new_context(
        base_url=live_server, java_script_enabled=False, viewport={"width": 360, "height": 640}
    )
    try:
        page = context.new_page()
        short = {}
        for path in PUBLIC_ROUTES:
            page.goto(path)
            blocks = page.evaluate(PLACEHOLDERS)
            assert blocks, path
            if too_short := [b for b in blocks if b["height"] > b["placeholder"]]:
                short[path] = too_short
        assert short == {}
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/blog/category/career-advice", "/blog/tag/Visa", "/jobs?country=Oman"])
def test_listing_and_filtered_pages_hydrate_from_the_html(browser: Browser, live_server: str, path: str) -> None:
    """Served with their posts (or the board) and a data block: no hydration error, no API request."""
    page = new_page(browser, live_server)
    try:
        errors = _watch_errors(page)
        api_calls: list[str] = []
        page.on("request", lambda r: api_calls.append(r.url) if "/api/" in r.url else None)
        page.goto(path, wait_until="networkidle")
        hydrate_everything(page)
        if path.startswith("/blog"):
            assert page.locator("#root article.blog-card").count() >= 2
        else:
            assert page.get_by_role("heading", name="No open jobs in Oman right now").is_visible()
        assert [url for url in api_calls if "/api/blog-posts" in url or "/api/jobs" in url] == []
    finally:
        page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


@pytest.mark.parametrize("path", ["/", "/apply", "/blog"])
def test_the_app_is_requested_after_the_page_is_painted(browser: Browser, live_server: str, path: str) -> None:
    # The HTML names the entry and its imports on client/scripts/start-after-paint.js instead of
    # requesting them from the head, where they would share the wire with the first paint.
    page = new_page(browser, live_server, tests_clock=False)  # it reads the paint and resource timings
    try:
        errors = _watch_errors(page)
        page.goto(path)
        page.wait_for_selector("html[data-hydrated]")
        timing = page.evaluate(
            """() => {
              const starter = document.querySelector('script[data-entry]');
              const entry = new URL(starter.dataset.entry, location.href).href;
              const paint = performance.getEntriesByName('first-paint')[0];
              const request = performance.getEntriesByName(entry)[0];
              const meta = document.querySelector('meta[name="page-modules"]');
              const modules = (meta ? meta.content.split(' ') : []).map((m) => new URL(m, location.href).href);
              const links = [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.href);
              return {
                load: performance.getEntriesByType('navigation')[0].loadEventStart,
                paint: paint ? paint.startTime : null,
                request: request ? request.startTime : null,
                modules: modules.map((m) => ({
                  url: m,
                  requests: performance.getEntriesByName(m).map((r) => r.startTime),
                  links: links.filter((l) => l === m).length,
                })),
              };
            }"""
        )
        # The page's own chunk and its imports (named in its head by client/scripts/prerender.mjs) are
        # requested with the entry, once each, and Vite's preloader does not append them again.
        assert timing["modules"], timing
        assert any("/assets/" in m["url"] for m in timing["modules"])
        for module in timing["modules"]:
            assert module["links"] == 1, module
            assert len(module["requests"]) == 1, module
            assert module["requests"][0] >= timing["request"], (module, timing)
        assert timing["paint"] is not None, timing
        assert timing["request"] is not None, timing
        assert timing["request"] >= timing["paint"], timing
        # After the page's own images too: the largest of them is often what a phone paints last.
        assert timing["request"] >= timing["load"] > 0, timing
    finally:
        page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


@pytest.mark.parametrize("path", ["/", "/about"])
def test_static_content_hydrates_at_the_first_interaction(browser: Browser, live_server: str, path: str) -> None:
    """Text, pictures and links below the hero (the whole page on /about) and the footer need no
    JavaScript: React leaves their server HTML until the visitor first does something, and the
    footer's code is not even requested until then. Then they hydrate without an error."""
    page = new_page(browser, live_server)
    try:
        errors = _watch_errors(page)
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(path, wait_until="networkidle")
        page.wait_for_selector("html[data-hydrated]")
        page.wait_for_timeout(300)
        assert page.evaluate("() => document.documentElement.dataset.deferredHydration") == "pending"
        assert not [url for url in requested if "/assets/Footer-" in url], requested
        assert page.locator("footer.site-footer a[href='/privacy']").first.is_visible()
        page.mouse.wheel(0, 200)
        page.locator("html:not([data-deferred-hydration])").wait_for(state="attached")
        assert [url for url in requested if "/assets/Footer-" in url]
        # Hydrated: a footer link now navigates inside the app (no new document).
        page.evaluate("() => { window.__sameDocument = true; }")
        page.locator("footer.site-footer a[href='/privacy']").first.click()
        page.wait_for_url("**/privacy")
        page.get_by_role("heading", level=1).first.wait_for()
        assert page.evaluate("() => window.__sameDocument === true")
    finally:
        page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


def test_a_footer_link_tapped_before_anything_hydrated_still_opens_its_page(browser: Browser, live_server: str) -> None:
    page = new_page(browser, live_server, viewport=PHONE)
    try:
        errors = _watch_errors(page)
        page.goto("/about", wait_until="networkidle")
        page.wait_for_selector("html[data-hydrated]")
        assert page.evaluate("() => document.documentElement.dataset.deferredHydration") == "pending"
        page.locator("footer.site-footer a[href='/terms']").first.click()
        page.wait_for_url("**/terms")
        # The URL changes before React has rendered the new page: wait for its heading, not any h1.
        expect(page.get_by_role("heading", level=1).first).to_contain_text("Terms")
    finally:
        page.context.close()
    assert not [e for e in errors if HYDRATION.search(e)], errors


FONTS_LAID_OUT = """() => {
  const fonts = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element.checkVisibility({ contentVisibilityAuto: true })) continue;
    const style = getComputedStyle(element);
    fonts.add(`${style.fontSize} ${style.fontWeight} ${style.fontStyle} ${style.fontFamily}`);
  }
  return [...fonts].sort();
}"""
# The page's font stack as computed (global.css `--font`).
PAGE_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'


def test_a_page_lays_out_its_text_in_few_fonts(browser: Browser, live_server: str) -> None:
    """Every size and weight of the page's font is a font the browser looks up before the first
    layout ends (on Linux a round trip to the browser process each; in a trace of `/blog` here, most
    of that layout's time): text uses the type scale of global.css, and form controls the page's
    font, not the browser's own. Counted as the server sent each public page, without the skipped
    sections."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        too_many, other_family = {}, {}
        for path in PUBLIC_ROUTES:
            page.goto(path)
            fonts = page.evaluate(FONTS_LAID_OUT)
            if len(fonts) > 14:
                too_many[path] = fonts
            if others := [f for f in fonts if not f.endswith(PAGE_FONT)]:
                other_family[path] = others
        assert too_many == {}
        assert other_family == {}
    finally:
        context.close()


def test_without_javascript_the_promo_shows_its_poster_not_a_dead_player(browser: Browser, live_server: str) -> None:
    """The poster is a lazy image under the video (tests/api/test_public_pages.py); without JavaScript
    the custom controls do nothing and Chrome would draw its own over a black box, so neither shows."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto("/")
        player = page.locator(".promo__player")
        player.scroll_into_view_if_needed()
        expect(player.locator("img.promo__poster")).to_be_visible()
        page.wait_for_function("document.querySelector('img.promo__poster').naturalWidth > 0")
        expect(player.locator("video")).to_be_hidden()
        expect(player.locator(".player-controls")).to_be_hidden()
    finally:
        context.close()
