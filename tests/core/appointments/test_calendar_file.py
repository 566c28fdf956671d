"""The ``.ics`` text written directly is byte for byte what the ``icalendar`` library writes for the
same event (the library built it before; it is kept here as the oracle), and the library reads it back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st
from icalendar import Calendar, Event, Timezone, vCalAddress

from agency_core.appointments.calendar_file import (
    PRODUCT_ID,
    SLOT_LENGTH,
    CalendarMethod,
    appointment_calendar,
    event_uid,
    fold,
)
from agency_core.spec import constants as c

ZONES = ("Africa/Accra", "Europe/London", "America/New_York", "Asia/Kolkata", "UTC", "Etc/GMT+5")


@cache
def _vtimezone(zone: str) -> Timezone:
    return Timezone.from_tzid(zone)


def library_calendar(
    reference: str,
    title: str,
    starts_at: datetime,
    zone: str,
    attendee: str,
    sequence: int,
    method: CalendarMethod,
    now: datetime,
) -> str:
    local = starts_at.astimezone(ZoneInfo(zone))
    event = Event()
    event.add("uid", event_uid(reference))
    event.add("sequence", sequence)
    event.add("dtstamp", now)
    wall = local.replace(tzinfo=None)
    event.add("dtstart", wall, parameters={"TZID": zone})
    event.add("dtend", wall + SLOT_LENGTH, parameters={"TZID": zone})
    event.add("summary", title)
    event.add("location", c.OFFICE_LOCATION)
    event.add("description", f"Reference: {reference}")
    event.add("status", "CANCELLED" if method is CalendarMethod.CANCEL else "CONFIRMED")
    organizer = vCalAddress(f"mailto:{c.CONTACT_EMAIL}")
    organizer.params["cn"] = c.AGENCY_NAME
    event.add("organizer", organizer)
    if attendee:
        event.add("attendee", vCalAddress(f"mailto:{attendee}"))
    calendar = Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("method", method.value)
    calendar.add_component(_vtimezone(zone))
    calendar.add_component(event)
    text: bytes = calendar.to_ical()
    return text.decode()


texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\\;,\r\n^N:\"'’é😀"), max_size=120)
instants = st.datetimes(datetime(2000, 1, 1), datetime(2099, 12, 31), timezones=st.just(UTC))
emails = st.from_regex(r"[a-z0-9._%+-]{1,70}@[a-z0-9-]{1,40}\.[a-z]{2,6}", fullmatch=True) | st.just("")


@settings(max_examples=150)
@given(
    reference=texts,
    title=texts,
    starts_at=instants,
    zone=st.sampled_from(ZONES),
    attendee=emails,
    sequence=st.integers(0, 50),
    method=st.sampled_from(CalendarMethod),
    now=instants,
)
def test_the_written_file_is_the_libraries(
    reference: str,
    title: str,
    starts_at: datetime,
    zone: str,
    attendee: str,
    sequence: int,
    method: CalendarMethod,
    now: datetime,
) -> None:
    args = (reference, title, starts_at, zone, attendee, sequence, method, now + timedelta(microseconds=1))
    written = appointment_calendar(*args)
    assert written == library_calendar(*args)
    event = Calendar.from_ical(written).walk("VEVENT")[0]
    assert event["SEQUENCE"] == sequence


def test_a_booking_file_reads_back() -> None:
    starts_at = datetime(2099, 3, 2, 10, tzinfo=UTC)
    text = appointment_calendar(
        "AP1",
        "Recruitment appointment",
        starts_at,
        "Africa/Accra",
        "ama@example.com",
        0,
        CalendarMethod.REQUEST,
        starts_at,
    )
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert "METHOD:REQUEST\r\n" in text
    assert "DTSTART;TZID=Africa/Accra:20990302T100000\r\n" in text
    assert "ATTENDEE:mailto:ama@example.com\r\n" in text
    assert text.endswith("END:VEVENT\r\nEND:VCALENDAR\r\n")
    event = Calendar.from_ical(text).walk("VEVENT")[0]
    assert event.decoded("DTSTART") == datetime(2099, 3, 2, 10, tzinfo=ZoneInfo("Africa/Accra"))


@given(st.text(max_size=300))
def test_folded_lines_keep_their_text_and_stay_short(line: str) -> None:
    line = line.replace("\r", "").replace("\n", "")
    folded = fold(line)
    parts = folded.split("\r\n ")
    assert "".join(parts) == line
    assert all(len(part.encode()) <= 75 for part in parts)
