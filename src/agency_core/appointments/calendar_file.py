"""The appointment as an iCalendar file (RFC 5545/5546), attached to the applicant's e-mails.

Built with the ``icalendar`` library: one ``VEVENT`` whose ``UID`` is fixed per appointment, whose
``SEQUENCE`` is the appointment's version (0 at booking, one more at each move, and one more again
for the cancellation), with ``DTSTART`` in the office's zone (``TZID`` plus its ``VTIMEZONE``).
``METHOD:REQUEST`` adds or updates the event in the applicant's calendar; ``METHOD:CANCEL`` removes it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum
from functools import cache
from typing import Final
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, Timezone, vCalAddress

from agency_core.messaging.email import Attachment
from agency_core.spec import constants as c

SLOT_LENGTH: Final = timedelta(hours=1)
UID_DOMAIN: Final = "vandytravel.com"
PRODUCT_ID: Final = f"-//{c.AGENCY_NAME}//Appointments//EN"
FILENAME: Final = "appointment.ics"


class CalendarMethod(StrEnum):
    REQUEST = "REQUEST"
    CANCEL = "CANCEL"


@cache
def _vtimezone(zone: str) -> Timezone:
    """The zone's ``VTIMEZONE``, built once per zone: the library derives it from the tz database in
    tens of milliseconds, too slow to repeat on every booking."""
    return Timezone.from_tzid(zone)


def event_uid(reference: str) -> str:
    """The same for every file of one appointment, so a calendar updates or removes its event."""
    return f"appointment-{reference}@{UID_DOMAIN}"


def appointment_calendar(
    reference: str,
    title: str,
    starts_at: datetime,
    zone: str,
    attendee: str,
    sequence: int,
    method: CalendarMethod,
    now: datetime,
) -> str:
    """The text of the ``.ics`` file for one appointment."""
    local = starts_at.astimezone(ZoneInfo(zone))
    event = Event()
    event.add("uid", event_uid(reference))
    event.add("sequence", sequence)
    event.add("dtstamp", now)
    # Wall-clock time with its TZID (and the zone's VTIMEZONE below), even for a zone at UTC+0,
    # which the library would otherwise write as a bare UTC time without naming the office's zone.
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


def calendar_attachment(text: str, method: CalendarMethod) -> Attachment:
    return Attachment(FILENAME, f"text/calendar; method={method.value}; charset=utf-8", text)
