"""The offices that take bookings: each a settings entry with its zone, hours, seats and address.

The first office is the main one (Kumasi: ``AGENCY_OFFICE_TIME_ZONE``, the admin settings' capacity
and closed dates); with it alone the public form is exactly the spec's. Another office (a Dubai desk)
has its own zone, weekdays, opening hours (which of the spec's slots it offers) and seats per slot.
Bookings stored without an office belong to the main one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, time
from typing import Final

from agency_core.appointments.slots import OFFICE_WEEKDAYS, OfficeCalendar, slot_clock_time
from agency_core.records import Appointment
from agency_core.spec import constants as c

MAIN_OFFICE_ID: Final = "kumasi"


@dataclass(frozen=True, slots=True)
class Office:
    id: str
    name: str
    zone: str
    address: str
    opens: time = time(8)
    closes: time = time(18)
    weekdays: frozenset[int] = OFFICE_WEEKDAYS
    capacity: int | None = None
    """Seats per slot; ``None``: the admin settings' number (the main office)."""

    @property
    def slot_labels(self) -> tuple[str, ...]:
        """The spec's slots that start within the office's hours."""
        return tuple(s for s in c.APPOINTMENT_TIME_SLOTS if self.opens <= slot_clock_time(s) < self.closes)


def main_office(zone: str) -> Office:
    return Office(MAIN_OFFICE_ID, "Kumasi", zone, c.OFFICE_LOCATION)


def office_calendar(office: Office, capacity: int, closed_dates: Collection[date]) -> OfficeCalendar:
    """The office's calendar; the admin settings' capacity and closed dates hold where it sets none."""
    return OfficeCalendar(
        office.zone, office.capacity or capacity, frozenset(closed_dates), office.weekdays, office.slot_labels
    )


def find_office(offices: Sequence[Office], office_id: str) -> Office | None:
    """``""`` is the main (first) office."""
    if not office_id:
        return offices[0] if offices else None
    return next((o for o in offices if o.id == office_id), None)


def held_at(appointment: Appointment, office: Office) -> bool:
    return (appointment.office or MAIN_OFFICE_ID) == office.id
