"""Forms whose code loads at their first use (issue 25): a form route loads no form library until the
visitor uses the form, and what the visitor types, clicks or submits before the code arrives is
kept. The form's chunk is held back by the test until the visitor has acted, so each case runs
against the pre-rendered, not yet hydrated form."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import PHONE, new_page
from tests.support.app_process import RunningApp

pytestmark = pytest.mark.browser

# The chunk of each form (components behind `whenUsed` in client/src) and the form library's chunk.
FORM_CODE = re.compile(
    r"/assets/(ApplicationForm|ContactForm|AppointmentForm|JobAlertForm|BlogNewsletterBox|rules-form)"
)


@dataclass
class App:
    base_url: str
    data_dir: Path

    def rows(self, sql: str) -> list[sqlite3.Row]:
        with sqlite3.connect(self.data_dir / "agency.sqlite3") as db:
            db.row_factory = sqlite3.Row
            return list(db.execute(sql))


@pytest.fixture(scope="module")
def app(live_app: RunningApp) -> App:
    """The session's app: every case finds its own records by its own e-mail address."""
    return App(live_app.base_url, live_app.data_dir)


@dataclass
class HeldFormCode:
    """Holds the form's code on the network until `release()`; records every script requested."""

    scripts: list[str] = field(default_factory=list)
    held: list[Route] = field(default_factory=list)
    holding: bool = True

    def route(self, route: Route) -> None:
        url = route.request.url
        self.scripts.append(url.rsplit("/", 1)[-1])
        if self.holding and FORM_CODE.search(url):
            self.held.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.held:
            route.continue_()
        self.held.clear()

    def form_code_requested(self) -> list[str]:
        return [name for name in self.scripts if FORM_CODE.search(f"/assets/{name}")]


@pytest.fixture
def phone(browser: Browser, app: App) -> Iterator[tuple[Page, HeldFormCode]]:
    page = new_page(browser, app.base_url, viewport=PHONE)
    held = HeldFormCode()
    page.route("**/assets/*.js", held.route)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, held
    page.context.close()
    assert errors == [], f"console errors: {errors}"


def load_until_idle(page: Page, path: str) -> None:
    page.goto(path, wait_until="networkidle")
    page.locator("html[data-hydrated]").wait_for(state="attached")
    page.wait_for_timeout(500)


@pytest.mark.parametrize("path", ["/apply", "/contact", "/book-appointment", "/blog", "/"])
def test_a_form_route_loads_no_form_code_until_the_form_is_used(phone: tuple[Page, HeldFormCode], path: str) -> None:
    page, held = phone
    held.holding = False
    load_until_idle(page, path)
    assert held.form_code_requested() == [], f"{path} loaded form code before any use: {held.scripts}"
    form = page.locator("form[data-form-shell]").first
    assert form.get_attribute("data-ready") is None  # the pre-rendered HTML, as it came
    form.locator("input:not([type=hidden]):not([tabindex='-1'])").first.focus()
    page.locator("form[data-form-shell][data-ready]").first.wait_for(state="attached")
    assert held.form_code_requested(), "focusing a field loaded nothing"


def test_typing_and_a_click_before_the_application_form_hydrates_are_kept(
    phone: tuple[Page, HeldFormCode],
) -> None:
    page, held = phone
    load_until_idle(page, "/apply")
    form = page.get_by_role("form", name="Job application")
    form.get_by_label("First Name").fill("Abena")
    form.get_by_label("Current City").fill("Accra")
    form.get_by_role("button", name="Next Step").click()  # React would drop it: the form is not hydrated
    assert held.held, "the first use of the form requested its code"
    assert form.get_attribute("data-ready") is None
    held.release()
    page.locator("form[data-form-shell][data-ready]").wait_for(state="attached")
    # The click was replayed: Next validated step 1 with what had been typed.
    expect(page.get_by_role("alert").filter(has_text=re.compile("^Last name is required$"))).to_have_count(1)
    expect(page.get_by_role("alert").filter(has_text=re.compile("^First name is required$"))).to_have_count(0)
    expect(form.get_by_label("First Name")).to_have_value("Abena")
    expect(form.locator("legend")).to_contain_text("Step 1 of 4")
    # What was typed is in the form's state, not only on the screen: it is in the saved draft.
    page.wait_for_function("() => (sessionStorage.getItem('application-draft') || '').includes('Accra')")


def test_a_contact_message_sent_before_the_form_hydrates_is_sent_once_with_what_was_typed(
    phone: tuple[Page, HeldFormCode], app: App
) -> None:
    page, held = phone
    load_until_idle(page, "/contact")
    form = page.get_by_role("form", name="Contact form")
    form.get_by_label("Full Name").fill("Kwame Early")
    form.get_by_label("Email Address").fill("kwame.early@example.com")
    form.get_by_label("Service of Interest (optional)").select_option("Visa Services")
    form.get_by_label("Subject").fill("Before the script")
    form.get_by_label(re.compile(r"^Message")).fill("Typed while the form's code was on its way.")
    form.get_by_role("button", name="Send Message").click()
    assert form.get_attribute("data-ready") is None
    held.release()
    success = page.get_by_text("Message sent successfully! We will get back to you soon.", exact=True)
    expect(success).to_be_visible()
    # No native submit: the answers never went into the URL.
    assert page.url.endswith("/contact"), page.url
    expect(form.get_by_label("Full Name")).to_have_value("")
    stored = [json.loads(row["data"]) for row in app.rows("SELECT data FROM contact_messages")]
    mine = [data for data in stored if data.get("email") == "kwame.early@example.com"]
    assert len(mine) == 1
    expected = {"name": "Kwame Early", "service": "Visa Services", "subject": "Before the script"}
    assert expected.items() <= mine[0].items()
    # The success toast as shown: white text on a background of AA contrast (4.5:1) or more.
    ratio = success.evaluate(CONTRAST_SCRIPT)
    assert ratio >= 4.5, f"success toast contrast {ratio:.2f}:1"


def test_a_message_sent_before_the_app_itself_has_loaded_is_kept_and_sent_once(browser: Browser, app: App) -> None:
    # The entry is requested after the first paint (client/scripts/start-after-paint.js): until it
    # runs, that script holds the submit, and the app takes it over.
    page = new_page(browser, app.base_url, viewport=PHONE)
    held: list[Route] = []

    def hold_entry(route: Route) -> None:
        if re.search(r"/assets/index-[^/]+\.js$", route.request.url) and not released:
            held.append(route)
        else:
            route.continue_()

    released = False
    page.route("**/assets/*.js", hold_entry)
    try:
        page.goto("/contact")
        form = page.get_by_role("form", name="Contact form")
        form.get_by_label("Full Name").fill("Esi Before")
        form.get_by_label("Email Address").fill("esi.before@example.com")
        form.get_by_label("Subject").fill("Before the app")
        form.get_by_label(re.compile(r"^Message")).fill("Sent while the app's own code was on its way.")
        page.wait_for_function("() => Array.isArray(window.__earlyFormActions)")
        form.get_by_role("button", name="Send Message").click()
        assert page.evaluate("() => window.__earlyFormActions.length") == 1
        assert page.url.endswith("/contact"), page.url  # no native GET with the answers
        released = True
        for route in held:
            route.continue_()
        expect(page.get_by_text("Message sent successfully! We will get back to you soon.", exact=True)).to_be_visible()
        assert page.url.endswith("/contact"), page.url
    finally:
        page.context.close()
    stored = [json.loads(row["data"]) for row in app.rows("SELECT data FROM contact_messages")]
    assert len([data for data in stored if data.get("email") == "esi.before@example.com"]) == 1


CONTRAST_SCRIPT = """(el) => {
  const toast = el.closest('.notistack-MuiContent');
  const rgb = (value) => value.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const style = getComputedStyle(toast);
  const [a, b] = [lum(rgb(style.backgroundColor)), lum(rgb(style.color))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""
