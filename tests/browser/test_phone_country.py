"""The phone's country on a 360px phone: the served HTML already has the country select (no
JavaScript needed to see or post it), and a UAE applicant who picks UAE is stored and texted as the UAE's."""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.api.conftest import BOOKING_DAY
from tests.browser.conftest import DIST, new_page, open_route
from tests.support.app_process import running_app
from tests.support.sms_gateway import SmsGatewayServer

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def gateway_app() -> Iterator[tuple[str, SmsGatewayServer, str]]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-phones-", with_gateway=True) as app:
        assert app.gateway is not None
        yield app.base_url, app.gateway, str(app.data_dir)


@pytest.fixture
def small_phone(browser: Browser, gateway_app: tuple[str, SmsGatewayServer, str]) -> Iterator[Page]:
    page = new_page(browser, gateway_app[0], viewport=SMALL_PHONE)
    yield page
    page.context.close()


@pytest.mark.parametrize("path", ["/book-appointment", "/contact", "/apply"])
def test_the_served_html_has_the_phone_country_select(
    gateway_app: tuple[str, SmsGatewayServer, str], path: str
) -> None:
    with urllib.request.urlopen(gateway_app[0] + path) as response:
        html = response.read().decode()
    select = re.search(r'<select[^>]*name="phoneRegion"[^>]*>(.*?)</select>', html, re.S)
    assert select is not None, path
    assert '<option value="GH" selected="">Ghana (+233)</option>' in select.group(1)
    assert '<option value="AE">United Arab Emirates (+971)</option>' in select.group(1)


def test_a_uae_applicant_on_a_360px_phone_picks_uae_and_is_texted_there(
    small_phone: Page, gateway_app: tuple[str, SmsGatewayServer, str]
) -> None:
    page, gateway = small_phone, gateway_app[1]
    open_route(page, "/book-appointment")
    form = page.get_by_role("form", name="Appointment booking form")
    form.dispatch_event("pointerdown")
    country = form.get_by_label("Phone country")
    number = form.get_by_label("Phone Number")
    expect(country).to_have_value("GH")
    for control in (country, number):  # side by side, inside the screen
        box = control.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= SMALL_PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]

    form.get_by_label("Full Name").fill("Layla Haddad")
    form.get_by_label("Email Address").fill("layla@example.com")
    country.select_option("AE")
    number.fill("050 123 4567")
    form.get_by_label("Visa Services").check()
    form.get_by_label("Preferred Date").fill(BOOKING_DAY)
    form.get_by_label("Preferred Time").select_option("11:00 AM")
    form.get_by_label("I agree to be contacted about this appointment and accept the terms").check()
    before = len(gateway.delivered())
    form.get_by_role("button", name="Book Appointment").click()
    expect(page.get_by_text(re.compile(r"^Your booking reference: VA\d+$"))).to_be_visible()
    (sms,) = gateway.wait_for(before + 1, timeout_s=15)[before:]
    assert sms.phone == "+971501234567"
    stored = _appointment_data(gateway_app[2])
    assert (stored["phone"], stored["phoneRegion"]) == ("+971501234567", "AE")


def _appointment_data(data_dir: str) -> dict[str, object]:
    with sqlite3.connect(f"{data_dir}/agency.sqlite3") as db:
        (text,) = db.execute("SELECT data FROM appointments ORDER BY created_at DESC LIMIT 1").fetchone()
    return dict(json.loads(text))
