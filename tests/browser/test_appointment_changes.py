"""Appointment changes as people make them, in Debian's chromium against the real app process:
an applicant books on the form, opens the link from the confirmation e-mail (read from the local
SMTP server), moves the booking to another free slot and cancels it, all on the page the server
sends (plain forms); a staff member opens the calendar, sees the day's bookings and free seats,
and marks one booking attended and another a no-show."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import icalendar
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.appointments.slots import appointment_date
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Appointment
from agency_core.spec.forms import AppointmentRequest, NewAppointmentNotice, form_of
from app.api.appointment_change import CANCEL_BUTTON, CANCELLED, MOVE_BUTTON, MOVED
from tests.api.conftest import APPOINTMENT, BOOKING_DAY
from tests.browser.conftest import DIST, new_page
from tests.browser.test_admin import sign_in, toast
from tests.support.app_process import running_app
from tests.support.clock import NOW
from tests.support.sealing import data_dir_sealer
from tests.support.sms_gateway import SmsGatewayServer
from tests.support.smtp_server import SmtpServer

pytestmark = pytest.mark.browser

DAY = BOOKING_DAY  # a Monday


@dataclass
class ChangesApp:
    base_url: str
    data_dir: Path
    smtp: SmtpServer
    gateway: SmsGatewayServer


@pytest.fixture(scope="module")
def changes_app() -> Iterator[ChangesApp]:
    if not (DIST / "index.html").is_file():
        pytest.fail("client/dist missing: run make build")
    smtp = SmtpServer().start()
    env = {"AGENCY_SMTP_HOST": "127.0.0.1", "AGENCY_SMTP_PORT": str(smtp.port), "AGENCY_SMTP_STARTTLS": "0"}
    try:
        with running_app("agency-changes-", with_gateway=True, env=env) as app:
            assert app.gateway is not None
            yield ChangesApp(app.base_url, app.data_dir, smtp, app.gateway)
    finally:
        smtp.stop()


@pytest.fixture
def page(browser: Browser, changes_app: ChangesApp) -> Iterator[Page]:
    fresh = new_page(browser, changes_app.base_url)
    yield fresh
    fresh.context.close()


def _link_from_confirmation(smtp: SmtpServer, reference: str) -> str:
    # Waits for this booking's own e-mail: the module's earlier tests' mails are already there.
    mail = smtp.wait_for_subject(f"Your appointment {reference}")
    assert isinstance(mail, EmailMessage)
    body = mail.get_body(("plain",))
    assert body is not None
    found = re.search(r"Change or cancel your appointment: (\S+)", str(body.get_content()))
    assert found is not None
    return found.group(1)


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
    """Before the app's today (it and the page run on the tests' clock, from ``NOW``)."""
    day = NOW.date() - timedelta(days=1)
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


SMALL_PHONE = {"width": 360, "height": 780}


def _page_date(day: date) -> str:
    """The client's rule for pages (lib/appointment-date.ts): "Tuesday, 1 December 2026"."""
    return f"{day:%A}, {day.day} {day:%B} {day.year}"


def _mail(smtp: SmtpServer, subject: str) -> str:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for mail in smtp.received():
            if str(mail["Subject"]) == subject:
                assert isinstance(mail, EmailMessage)
                body = mail.get_body(("plain",))
                assert body is not None
                return str(body.get_content())
        time.sleep(0.05)
    raise AssertionError(f"no e-mail {subject!r}")


def _sms(gateway: SmsGatewayServer, phone: str, words: str) -> str:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for sms in gateway.delivered():
            if sms.phone == phone and words in sms.message:
                return sms.message
        time.sleep(0.05)
    raise AssertionError(f"no SMS to {phone} with {words!r}")


def _calendar_download(page: Page, link: Locator) -> icalendar.Component:
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "appointment.ics"
    calendar = icalendar.Calendar.from_ical(Path(download.path()).read_bytes())
    (event,) = calendar.walk("VEVENT")
    return event


def test_moving_an_appointment_cannot_slip_on_a_phone(browser: Browser, changes_app: ChangesApp) -> None:
    """Issue 43 item 7, on a 360x780 phone: taken slots are disabled the moment a date is picked (the
    window came with the form: no request per date), a new date leaves no time chosen, dates name their
    weekday, the confirmation and the change page download a valid .ics, a move without a time says
    what is missing, and the moved SMS and e-mail carry the change link and the reminder promise."""
    tuesday = date.fromisoformat(DAY) + timedelta(days=1)
    wednesday = tuesday + timedelta(days=1)
    page = new_page(browser, changes_app.base_url, viewport=SMALL_PHONE)
    try:
        someone = {**APPOINTMENT, "fullName": "Kofi Boateng", "email": "kofi.b@example.com", "phone": "024 765 4321",
                   "preferredDate": tuesday.isoformat(), "preferredTime": "09:00 AM"}  # fmt: skip
        assert page.request.post("/api/appointments", data=someone).status == 201
        day_requests: list[str] = []
        page.on("request", lambda r: day_requests.append(r.url) if "/api/appointment-slots?" in r.url else None)
        with page.expect_response(lambda r: r.url.endswith("/api/appointment-slots/window")) as window:
            page.goto("/book-appointment")
            page.locator("html[data-hydrated]").wait_for(state="attached")
            page.locator('[data-form="appointment"]').click()  # the form loads at its first use
        assert len(window.value.body()) < 2_000
        form = page.get_by_role("form", name="Appointment booking form")
        time_field = form.get_by_label("Preferred Time")
        form.get_by_label("Preferred Date").fill(tuesday.isoformat())
        # taken at once: no wait on a request
        expect(time_field.get_by_role("option", name="09:00 AM")).to_be_disabled(timeout=300)
        expect(time_field.get_by_role("option", name="10:00 AM")).to_be_enabled(timeout=300)
        expect(form.get_by_text(f"Times on {_page_date(tuesday)}")).to_be_visible()
        time_field.select_option("10:00 AM")
        form.get_by_label("Preferred Date").fill(wednesday.isoformat())
        expect(time_field).to_have_value("")  # nothing carried to the new day
        expect(time_field.get_by_role("option", name="09:00 AM")).to_be_enabled(timeout=300)
        form.get_by_label("Preferred Date").fill(tuesday.isoformat())
        form.get_by_label("Full Name").fill("Kwame Asante")
        form.get_by_label("Email Address").fill("kwame@example.com")
        form.get_by_label("Phone Number").fill("020 123 4567")
        form.get_by_label("Visa Services").check()
        form.get_by_label("I agree to be contacted about this appointment and accept the terms").check()
        form.get_by_role("button", name="Book Appointment").click()
        expect(form.get_by_text("Preferred time is required")).to_be_visible()  # none chosen for this day
        time_field.select_option("10:00 AM")
        form.get_by_role("button", name="Book Appointment").click()
        booked = page.get_by_role("status", name="Your booking")
        expect(booked).to_contain_text(f"Booked for {_page_date(tuesday)} at 10:00 AM.")
        event = _calendar_download(page, booked.get_by_role("link", name="Add to calendar"))
        assert event.decoded("DTSTART").replace(tzinfo=None) == datetime(tuesday.year, tuesday.month, tuesday.day, 10)
        assert day_requests == []  # every pick answered from the window

        reference = str(event["UID"]).removeprefix("appointment-").split("@")[0]
        link = _link_from_confirmation(changes_app.smtp, reference)
        page.goto(link)
        expect(page.get_by_text(appointment_date(tuesday), exact=True)).to_be_visible()  # "Tue 8 Dec 2026"
        event = _calendar_download(page, page.get_by_role("link", name="Add to calendar"))
        assert str(event["UID"]) == f"appointment-{reference}@vandytravel.com"
        page.get_by_label("New date").fill(wednesday.isoformat())
        page.get_by_role("button", name="Show free times").click()
        expect(page.get_by_text(f"Free times on {appointment_date(wednesday)}")).to_be_visible()
        expect(page.locator("input[name=time]:checked")).to_have_count(0)  # no time pre-selected
        page.get_by_role("button", name=MOVE_BUTTON).click()
        expect(page.get_by_role("alert")).to_have_text("Please select a preferred time")
        expect(page.get_by_text("10:00 AM GMT", exact=True)).to_be_visible()  # nothing moved
        page.get_by_label("11:00 AM").check()
        page.get_by_role("button", name=MOVE_BUTTON).click()
        expect(page.get_by_text(MOVED)).to_be_visible()
        expect(page.get_by_text(appointment_date(wednesday), exact=True)).to_be_visible()

        mail = _mail(changes_app.smtp, f"Your appointment {reference} is moved")
        assert f"moved to {appointment_date(wednesday)} at 11:00 AM GMT" in mail
        assert "We will send a reminder 24 hours before." in mail
        assert f"Change or cancel: {link}" in mail
        sms = _sms(changes_app.gateway, "+233201234567", "is moved to")
        assert f"moved to {appointment_date(wednesday)} at 11:00 AM GMT" in sms
        assert "We will send a reminder 24 hours before." in sms
        assert link.split("://", 1)[1] in sms
    finally:
        page.context.close()
