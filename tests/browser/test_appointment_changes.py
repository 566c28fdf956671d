"""Appointment changes as people make them, in Debian's chromium against the real app process:
an applicant books on the form, opens the link from the confirmation e-mail (read from the local
SMTP server), moves the booking to another free slot and cancels it, all on the page the server
sends (plain forms); a staff member opens the calendar, sees the day's bookings and free seats,
and marks one booking attended and another a no-show."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Appointment
from agency_core.spec.forms import AppointmentRequest, NewAppointmentNotice, form_of
from app.api.appointment_change import CANCEL_BUTTON, CANCELLED, MOVE_BUTTON, MOVED
from tests.api.conftest import BOOKING_DAY
from tests.browser.conftest import DIST, new_page
from tests.browser.test_admin import sign_in, toast
from tests.support.app_process import running_app
from tests.support.sealing import data_dir_sealer
from tests.support.smtp_server import SmtpServer

pytestmark = pytest.mark.browser

DAY = BOOKING_DAY  # a Monday


@dataclass
class ChangesApp:
    base_url: str
    data_dir: Path
    smtp: SmtpServer


@pytest.fixture(scope="module")
def changes_app() -> Iterator[ChangesApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    smtp = SmtpServer().start()
    env = {"AGENCY_SMTP_HOST": "127.0.0.1", "AGENCY_SMTP_PORT": str(smtp.port), "AGENCY_SMTP_STARTTLS": "0"}
    try:
        with running_app("agency-changes-", with_gateway=True, env=env) as app:
            yield ChangesApp(app.base_url, app.data_dir, smtp)
    finally:
        smtp.stop()


@pytest.fixture
def page(browser: Browser, changes_app: ChangesApp) -> Iterator[Page]:
    fresh = new_page(browser, changes_app.base_url)
    yield fresh
    fresh.context.close()


def _link_from_confirmation(smtp: SmtpServer, reference: str) -> str:
    for mail in smtp.wait_for(1):
        if str(mail["Subject"]) == f"Your appointment {reference}":
            assert isinstance(mail, EmailMessage)
            body = mail.get_body(("plain",))
            assert body is not None
            found = re.search(r"Change or cancel your appointment: (\S+)", str(body.get_content()))
            assert found is not None
            return found.group(1)
    raise AssertionError("no confirmation e-mail")


def _book_on_the_form(page: Page) -> str:
    page.goto("/book-appointment")
    page.locator("html[data-hydrated]").wait_for(state="attached")
    form = page.get_by_role("form", name="Appointment booking form")
    form.get_by_label("Full Name").fill("Ama Owusu")
    form.get_by_label("Email Address").fill("ama@example.com")
    form.get_by_label("Phone Number").fill("024 123 4567")
    form.get_by_label("Visa Services").check()
    form.get_by_label("Preferred Date").fill(DAY)
    form.get_by_label("Preferred Time").select_option("10:00 AM")
    form.get_by_label("I agree to be contacted about this appointment and accept the terms").check()
    form.get_by_role("button", name="Book Appointment").click()
    detail = page.get_by_text(re.compile(r"^Your booking reference: VA\d+$"))
    expect(detail).to_be_visible()
    return detail.inner_text().rsplit(" ", 1)[-1]


def test_book_open_the_link_move_and_cancel(page: Page, changes_app: ChangesApp) -> None:
    reference = _book_on_the_form(page)
    link = _link_from_confirmation(changes_app.smtp, reference)
    assert link.startswith(f"{changes_app.base_url}/appointment?token=")
    page.goto(link)
    expect(page.get_by_role("heading", name="Your appointment", level=1)).to_be_visible()
    expect(page.get_by_text(reference, exact=True)).to_be_visible()
    expect(page.get_by_text("10:00 AM GMT", exact=True)).to_be_visible()
    # another free slot of the day, chosen on the page the server sent
    page.get_by_label("11:00 AM").check()
    page.get_by_role("button", name=MOVE_BUTTON).click()
    expect(page.get_by_text(MOVED)).to_be_visible()
    expect(page.get_by_text("11:00 AM GMT", exact=True)).to_be_visible()
    # the old slot is free again, the new one taken (the public form's view)
    slots = page.request.get(f"/api/appointment-slots?date={DAY}").json()["slots"]
    assert {s["time"]: s["state"] for s in slots}["10:00 AM"] == "free"
    assert {s["time"]: s["state"] for s in slots}["11:00 AM"] == "full"
    page.get_by_role("button", name=CANCEL_BUTTON).click()
    expect(page.get_by_text(CANCELLED)).to_be_visible()
    page.goto(link)  # the link is spent
    expect(page.get_by_text(reference)).to_have_count(0)


def _last_weekday_before_today() -> date:
    day = datetime.now(UTC).date() - timedelta(days=1)
    while day.weekday() >= 5:
        day -= timedelta(days=1)
    return day


def _add_past_bookings(data_dir: Path, day: date) -> list[str]:
    """Two bookings of a day gone by (the booking form takes none in the past): staff mark what happened."""

    async def add() -> list[str]:
        db = Database(data_dir / "agency.sqlite3")
        store = SqliteStore(db, data_dir_sealer(data_dir))
        references = []
        for n, (hour, name) in enumerate(((10, "Kofi Mensah"), (11, "Esi Boateng"))):
            reference = f"VA99000000000{n}"
            starts_at = datetime(day.year, day.month, day.day, hour, tzinfo=UTC)
            data = {"fullName": name, "email": f"p{n}@example.com", "phone": "+233241234567",
                    "serviceType": "recruitment", "preferredDate": day.isoformat(),
                    "preferredTime": f"{hour}:00 AM"}  # fmt: skip
            appointment = Appointment(
                reference, form_of(AppointmentRequest, data), starts_at - timedelta(days=3), starts_at, "Africa/Accra"
            )
            note = AdminNotification(
                f"{reference}-admin",
                NEW_APPOINTMENT,
                form_of(NewAppointmentNotice, {"reference": reference}),
                starts_at,
            )
            async with store.unit_of_work() as uow:
                await uow.appointments.add(appointment, note, 5)
            references.append(reference)
        await db.close()
        return references

    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API keeps an event loop in this one
        return thread.submit(asyncio.run, add()).result()


def test_staff_see_the_calendar_and_mark_attended_and_no_show(browser: Browser, changes_app: ChangesApp) -> None:
    day = _last_weekday_before_today()
    first, second = _add_past_bookings(changes_app.data_dir, day)
    page = new_page(browser, changes_app.base_url)
    try:
        sign_in(page)
        page.get_by_role("link", name="Calendar").click()
        expect(page.get_by_role("heading", name="Calendar", level=1)).to_be_visible()
        page.get_by_label("Date", exact=True).fill(day.isoformat())
        table = page.get_by_role("table")
        expect(table.get_by_text("Kofi Mensah")).to_be_visible()
        expect(table.get_by_text("Esi Boateng")).to_be_visible()
        ten = page.get_by_role("row", name=re.compile(r"^10:00 AM GMT"))
        expect(ten.get_by_text("0 of 1 free", exact=True)).to_be_visible()
        page.get_by_role("button", name=f"Attended {first}").click()
        page.get_by_role("dialog", name=f"Mark {first} attended?").get_by_role("button", name="Mark attended").click()
        toast(page, "Appointment marked attended")
        page.get_by_role("button", name=f"No-show {second}").click()
        asked = page.get_by_role("dialog", name=f"Mark {second} no-show?")
        asked.get_by_role("button", name="Go back").click()  # nothing happens
        expect(page.get_by_role("button", name=f"No-show {second}")).to_be_enabled()
        page.get_by_role("button", name=f"No-show {second}").click()
        asked.get_by_role("button", name="Mark no-show").click()
        toast(page, "Appointment marked no-show")
        expect(page.get_by_role("button", name=f"Attended {first}")).to_have_count(0)
        row_ten = page.get_by_role("row", name=re.compile(r"^10:00 AM GMT"))
        expect(row_ten.get_by_text("Attended", exact=True)).to_be_visible()
        row_eleven = page.get_by_role("row", name=re.compile(r"^11:00 AM GMT"))
        expect(row_eleven.get_by_text("No show", exact=True)).to_be_visible()
        page.get_by_role("button", name="Week", exact=True).click()
        expect(page.get_by_role("heading", level=2)).to_have_count(7)
    finally:
        page.context.close()
