"""The staff calendar: a day or a week of the office's slots, each with its bookings and free seats.

Read-only: staff move a booking's status from the calendar through
:meth:`agency_core.staff.appointments.AppointmentsAdmin.set_appointment_status` (enforced and audited there).
Cancelled bookings are shown but hold no seat; a booking whose start matches none of the day's
slots (booked under another zone or slot list) is listed under the day, not lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.appointments.offices import Office
from agency_core.appointments.records import AppointmentRecord
from agency_core.appointments.slots import OfficeCalendar, slot_start, zone_name
from agency_core.records import AppointmentStatus

CALENDAR_SPANS: Final = (1, 7)
"""A day or a week."""


@dataclass(frozen=True, slots=True)
class CalendarSlot:
    label: str
    starts_at: datetime
    capacity: int
    free: int
    bookings: list[AppointmentRecord]


@dataclass(frozen=True, slots=True)
class CalendarDay:
    day: date
    open: bool
    slots: list[CalendarSlot]
    other: list[AppointmentRecord] = field(default_factory=list)
    """Bookings of the day at no slot of the current list."""


@dataclass(frozen=True, slots=True)
class StaffCalendar:
    start: date
    days: list[CalendarDay]
    zone: str
    zone_name: str
    office: Office | None = None


def span_bounds(start: date, days: int, zone: str) -> tuple[datetime, datetime]:
    tz = ZoneInfo(zone)
    first = datetime.combine(start, time(0), tz).astimezone(UTC)
    return first, datetime.combine(start + timedelta(days=days), time(0), tz).astimezone(UTC)


def _live(record: AppointmentRecord) -> bool:
    return record.status is not AppointmentStatus.CANCELLED


def calendar_days(
    start: date,
    days: int,
    calendar: OfficeCalendar,
    records: Sequence[AppointmentRecord],
    office: Office | None = None,
) -> StaffCalendar:
    tz = ZoneInfo(calendar.zone)
    by_start: dict[datetime, list[AppointmentRecord]] = {}
    for record in records:
        if record.appointment.starts_at is not None:
            by_start.setdefault(record.appointment.starts_at, []).append(record)
    shown: list[CalendarDay] = []
    for offset in range(days):
        day = start + timedelta(days=offset)
        slots = []
        for label in calendar.slot_labels:
            at = slot_start(day, label, calendar.zone)
            bookings = by_start.pop(at, [])
            taken = sum(1 for b in bookings if _live(b))
            slots.append(CalendarSlot(label, at, calendar.capacity, max(calendar.capacity - taken, 0), bookings))
        other = [r for at, found in list(by_start.items()) if at.astimezone(tz).date() == day for r in found]
        shown.append(CalendarDay(day, calendar.is_open_on(day), slots, other))
    first = datetime.combine(start, time(12), tz)
    return StaffCalendar(start, shown, calendar.zone, zone_name(first, calendar.zone), office)
