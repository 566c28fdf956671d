"""The spec's nine slots as instants in the office's zone, and the rules for booking one.

A slot is the spec's label (``"10:00 AM"``) on a date, read in the office's IANA zone; it is
stored as the UTC instant it starts at plus that zone. "Today" and "already past" are judged in
the office's zone, whatever the server's or the visitor's clock says. The capacity itself is
enforced by the unit of work at commit (:class:`agency_core.unit_of_work.SlotFull`); these rules
only say what may be asked for, and what the form shows as free.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.spec import constants as c
from agency_core.spec.forms import AppointmentRequest

OFFICE_WEEKDAYS: Final = frozenset(range(5))
"""Monday to Friday (the spec's office hours, Mon-Fri 8:00-18:00); every slot lies within them."""

SLOT_FULL: Final = "This time slot is fully booked. Please choose another time."
SLOT_PAST: Final = "This time has already passed. Please choose a later time."
OFFICE_CLOSED: Final = "The office is closed on this date. Please choose another weekday."


class SlotState(StrEnum):
    FREE = "free"
    FULL = "full"
    PAST = "past"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class OfficeCalendar:
    """When the office takes bookings: its zone, its closed dates and the seats per slot."""

    zone: str = c.AGENCY_TIME_ZONE
    capacity: int = 1
    closed_dates: Collection[date] = ()
    weekdays: Collection[int] = OFFICE_WEEKDAYS
    slot_labels: tuple[str, ...] = c.APPOINTMENT_TIME_SLOTS
    """The spec's slots this office offers (all nine for the main office)."""

    def is_open_on(self, day: date) -> bool:
        return day.weekday() in self.weekdays and day not in self.closed_dates


@dataclass(frozen=True, slots=True)
class SlotView:
    """One slot of a day as the booking form shows it."""

    label: str
    starts_at: datetime
    state: SlotState
    free: int


def slot_clock_time(label: str) -> time:
    """``"01:00 PM"`` -> 13:00."""
    return datetime.strptime(label, "%I:%M %p").time()


def slot_start(day: date, label: str, zone: str) -> datetime:
    """The UTC instant the slot ``label`` on ``day`` starts at, read in ``zone``."""
    return datetime.combine(day, slot_clock_time(label), ZoneInfo(zone)).astimezone(UTC)


def office_today(now: datetime, zone: str) -> date:
    return now.astimezone(ZoneInfo(zone)).date()


def zone_name(instant: datetime, zone: str) -> str:
    """The zone's short name at ``instant`` (``GMT``, ``+04`` for Asia/Dubai), as texts show it."""
    return instant.astimezone(ZoneInfo(zone)).tzname() or zone


def local_label(instant: datetime, zone: str) -> str:
    """``"10:00 AM GMT"``: the wall-clock time in ``zone`` and the zone's name."""
    local = instant.astimezone(ZoneInfo(zone))
    return f"{local.strftime('%I:%M %p')} {zone_name(instant, zone)}"


def appointment_date(day: date) -> str:
    """``"Tue 1 Dec 2026"``: the date of an appointment as every message to the applicant writes it, with
    its weekday (an ISO ``2026-12-01`` was misread), short enough for an SMS, in English whatever the
    server's locale."""
    return f"{_WEEKDAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


def local_date(instant: datetime, zone: str) -> str:
    """:func:`appointment_date` of the day ``instant`` falls on in ``zone`` (the office's)."""
    return appointment_date(instant.astimezone(ZoneInfo(zone)).date())


_WEEKDAYS: Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS: Final = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def booking_problem(day: date, label: str, calendar: OfficeCalendar, now: datetime) -> str | None:
    """Why the slot cannot be asked for (closed day, already started), or ``None``."""
    if not calendar.is_open_on(day):
        return OFFICE_CLOSED
    if slot_start(day, label, calendar.zone) <= now:
        return SLOT_PAST
    return None


def day_slots(day: date, calendar: OfficeCalendar, booked: Mapping[datetime, int], now: datetime) -> list[SlotView]:
    """Every slot of ``day`` with its state; ``booked`` counts the live bookings by start instant."""
    views: list[SlotView] = []
    for label in calendar.slot_labels:
        start = slot_start(day, label, calendar.zone)
        free = max(calendar.capacity - booked.get(start, 0), 0)
        if not calendar.is_open_on(day):
            state = SlotState.CLOSED
        elif start <= now:
            state = SlotState.PAST
        elif free == 0:
            state = SlotState.FULL
        else:
            state = SlotState.FREE
        views.append(SlotView(label, start, state, free if state is SlotState.FREE else 0))
    return views


@dataclass(frozen=True, slots=True)
class WindowSlots:
    """What cannot be booked in a whole booking window, for the form to know before a date is picked:
    the closed days (weekends, holidays) and, per open day, the slots that are full or past. A slot
    named nowhere is free; the server still judges each booking at commit."""

    first: date
    last: date
    zone: str
    closed: list[date]
    taken: dict[date, list[str]]


def window_slots(
    first: date, last: date, calendar: OfficeCalendar, booked: Mapping[datetime, int], now: datetime
) -> WindowSlots:
    """:func:`day_slots` of every day from ``first`` to ``last``, kept to what is not free."""
    closed: list[date] = []
    taken: dict[date, list[str]] = {}
    day = first
    while day <= last:
        if not calendar.is_open_on(day):
            closed.append(day)
        else:
            labels = [s.label for s in day_slots(day, calendar, booked, now) if s.state is not SlotState.FREE]
            if labels:
                taken[day] = labels
        day += timedelta(days=1)
    return WindowSlots(first, last, calendar.zone, closed, taken)


def stored_slot_start(data: AppointmentRequest, zone: str = c.AGENCY_TIME_ZONE) -> datetime | None:
    """The start of a booking stored before slots were kept, from its form values, or ``None``."""
    day, label = data.preferred_date, data.preferred_time
    if label not in c.APPOINTMENT_TIME_SLOTS:
        return None
    try:
        return slot_start(date.fromisoformat(day), label, zone)
    except (TypeError, ValueError):
        return None
