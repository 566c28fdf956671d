"""The slot rules with a fixed clock: the office's zone decides "today" and "past", weekends and
closed dates take no bookings, and the free seats of a day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from agency_core.appointments.slots import (
    OFFICE_CLOSED,
    SLOT_PAST,
    OfficeCalendar,
    SlotState,
    appointment_date,
    booking_problem,
    day_slots,
    local_date,
    local_label,
    office_today,
    slot_start,
    stored_slot_start,
    zone_name,
)
from agency_core.spec.constants import APPOINTMENT_TIME_SLOTS
from agency_core.spec.forms import AppointmentRequest, form_of

ACCRA = OfficeCalendar("Africa/Accra", capacity=2)
DUBAI = OfficeCalendar("Asia/Dubai", capacity=1)
MONDAY = date(2026, 11, 23)


def test_a_slot_is_the_instant_it_starts_in_the_office_zone() -> None:
    assert slot_start(MONDAY, "10:00 AM", "Africa/Accra") == datetime(2026, 11, 23, 10, tzinfo=UTC)
    assert slot_start(MONDAY, "01:00 PM", "Africa/Accra") == datetime(2026, 11, 23, 13, tzinfo=UTC)
    assert slot_start(MONDAY, "12:00 PM", "Asia/Dubai") == datetime(2026, 11, 23, 8, tzinfo=UTC)


def test_texts_name_the_zone() -> None:
    ten = datetime(2026, 11, 23, 10, tzinfo=UTC)
    assert local_label(ten, "Africa/Accra") == "10:00 AM GMT"
    assert local_label(ten, "Asia/Dubai") == "02:00 PM +04"
    assert zone_name(ten, "Europe/London") == "GMT"
    assert zone_name(datetime(2026, 7, 1, tzinfo=UTC), "Europe/London") == "BST"


def test_today_is_the_office_s_date_in_the_minutes_around_midnight() -> None:
    # 23:59 in Accra is already the next day in Dubai, and 00:01 in Accra is still Sunday in Los Angeles.
    before = datetime(2026, 11, 22, 23, 59, tzinfo=UTC)
    after = before + timedelta(minutes=2)
    assert office_today(before, "Africa/Accra") == date(2026, 11, 22)
    assert office_today(after, "Africa/Accra") == MONDAY
    assert office_today(before, "Asia/Dubai") == MONDAY


def test_a_slot_that_started_earlier_today_is_refused_and_a_later_one_is_not() -> None:
    now = datetime(2026, 11, 23, 10, 0, 1, tzinfo=UTC)
    assert booking_problem(MONDAY, "10:00 AM", ACCRA, now) == SLOT_PAST
    assert booking_problem(MONDAY, "09:00 AM", ACCRA, now) == SLOT_PAST
    assert booking_problem(MONDAY, "11:00 AM", ACCRA, now) is None
    # In Dubai 10:00 UTC is 14:00: the 02:00 PM slot has started there.
    assert booking_problem(MONDAY, "02:00 PM", DUBAI, now) == SLOT_PAST
    assert booking_problem(MONDAY, "03:00 PM", DUBAI, now) is None


def test_a_booking_23_hours_59_minutes_ahead_is_accepted() -> None:
    now = datetime(2026, 11, 23, 10, 1, tzinfo=UTC)
    tomorrow = MONDAY + timedelta(days=1)
    assert slot_start(tomorrow, "10:00 AM", "Africa/Accra") - now == timedelta(hours=23, minutes=59)
    assert booking_problem(tomorrow, "10:00 AM", ACCRA, now) is None


def test_weekends_and_closed_dates_take_no_bookings() -> None:
    now = datetime(2026, 11, 20, 8, tzinfo=UTC)
    holiday = OfficeCalendar("Africa/Accra", closed_dates=frozenset({date(2026, 12, 25)}))
    assert booking_problem(date(2026, 11, 21), "10:00 AM", holiday, now) == OFFICE_CLOSED  # Saturday
    assert booking_problem(date(2026, 11, 22), "10:00 AM", holiday, now) == OFFICE_CLOSED  # Sunday
    assert booking_problem(date(2026, 12, 25), "10:00 AM", holiday, now) == OFFICE_CLOSED
    assert booking_problem(date(2026, 12, 24), "10:00 AM", holiday, now) is None


def test_a_day_shows_each_of_the_nine_slots_free_full_or_past() -> None:
    now = datetime(2026, 11, 23, 11, 30, tzinfo=UTC)
    booked = {datetime(2026, 11, 23, 13, tzinfo=UTC): 2, datetime(2026, 11, 23, 14, tzinfo=UTC): 1}
    views = day_slots(MONDAY, ACCRA, booked, now)
    assert [v.label for v in views] == list(APPOINTMENT_TIME_SLOTS)
    states = {v.label: (v.state, v.free) for v in views}
    assert states["11:00 AM"] == (SlotState.PAST, 0)
    assert states["12:00 PM"] == (SlotState.FREE, 2)
    assert states["01:00 PM"] == (SlotState.FULL, 0)
    assert states["02:00 PM"] == (SlotState.FREE, 1)
    saturday = day_slots(date(2026, 11, 28), ACCRA, {}, now)
    assert {v.state for v in saturday} == {SlotState.CLOSED}


def test_a_stored_booking_gets_its_slot_from_its_form_values() -> None:
    data = {"preferredDate": "2026-11-23", "preferredTime": "04:00 PM"}
    assert stored_slot_start(form_of(AppointmentRequest, data)) == datetime(2026, 11, 23, 16, tzinfo=UTC)
    assert (
        stored_slot_start(form_of(AppointmentRequest, {"preferredDate": "2026-11-23", "preferredTime": "4 pm"})) is None
    )
    assert (
        stored_slot_start(form_of(AppointmentRequest, {"preferredDate": "soon", "preferredTime": "04:00 PM"})) is None
    )


@given(
    moment=st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2030, 12, 31), timezones=st.just(UTC)),
    label=st.sampled_from(APPOINTMENT_TIME_SLOTS),
    zone=st.sampled_from(["Africa/Accra", "Asia/Dubai", "Europe/London", "America/New_York"]),
)
def test_a_slot_is_past_exactly_when_its_start_is_not_after_now(moment: datetime, label: str, zone: str) -> None:
    calendar = OfficeCalendar(zone)
    day = office_today(moment, zone)
    problem = booking_problem(day, label, calendar, moment)
    if not calendar.is_open_on(day):
        assert problem == OFFICE_CLOSED
    else:
        assert (problem == SLOT_PAST) == (slot_start(day, label, zone) <= moment)
        assert slot_start(day, label, zone).astimezone(ZoneInfo(zone)).date() == day


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31)))
def test_an_appointment_date_names_its_weekday_and_reads_back(day: date) -> None:
    """Issue 43: "Tue 1 Dec 2026", never ``2026-12-01``; the weekday is the date's own, in English."""
    text = appointment_date(day)
    assert datetime.strptime(text, "%a %d %b %Y").date() == day
    assert text.split(" ", 1)[0] == ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[day.weekday()]
    assert text.split(" ")[1] == str(day.day)  # no leading zero


def test_an_instant_is_dated_in_the_office_zone() -> None:
    assert appointment_date(date(2026, 12, 1)) == "Tue 1 Dec 2026"
    late = datetime(2026, 12, 1, 21, 30, tzinfo=UTC)  # 1 December in Accra, 2 December in Dubai
    assert (local_date(late, "Africa/Accra"), local_date(late, "Asia/Dubai")) == ("Tue 1 Dec 2026", "Wed 2 Dec 2026")
