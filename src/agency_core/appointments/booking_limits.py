"""How far ahead a booking may be, and how many bookings one person may hold on one day.

Both are admin settings (:class:`~agency_core.admin_settings.AdminSettings`, with their bounds). The horizon also bounds
every date a route reads (the slots of a day, the change page, the staff calendar), so no date a
visitor types reaches the date arithmetic outside the range it can handle: year 9999 or year 1 is
refused with a message instead of overflowing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from agency_core.admin_settings import DEFAULT_HORIZON_DAYS, MAX_HORIZON_DAYS
from agency_core.records import Appointment

STAFF_LOOKBACK_DAYS: Final = 3660
"""How far back the staff calendar goes: ten years of history, and nothing the arithmetic overflows on."""

DATE_BEFORE_TODAY: Final = "Please choose a date from today on."
CALENDAR_OUT_OF_RANGE: Final = "Choose a start date within ten years back and two years ahead."


def beyond_horizon(days: int) -> str:
    return f"Appointments can be booked up to {days} days ahead. Please choose an earlier date."


def daily_limit_reached(limit: int) -> str:
    booking = "appointment" if limit == 1 else "appointments"
    return f"You can book at most {limit} {booking} per day. Please choose another date."


@dataclass(frozen=True, slots=True)
class BookingWindow:
    """The dates that can be booked: from the office's ``today`` to ``horizon_days`` later."""

    today: date
    horizon_days: int = DEFAULT_HORIZON_DAYS

    @property
    def last_day(self) -> date:
        return self.today + timedelta(days=self.horizon_days)

    def problem(self, day: date) -> str | None:
        """Why ``day`` is outside the window (before today, beyond the horizon), or ``None``."""
        if day < self.today:
            return DATE_BEFORE_TODAY
        if day > self.last_day:
            return beyond_horizon(self.horizon_days)
        return None


def staff_calendar_problem(start: date, days: int, today: date) -> str | None:
    """Why a staff calendar from ``start`` cannot be shown, or ``None``: it starts within ten years back
    and ends within the longest horizon staff can set (every date that can be booked)."""
    first = today - timedelta(days=STAFF_LOOKBACK_DAYS)
    last = today + timedelta(days=MAX_HORIZON_DAYS)
    if not first <= start or (last - start).days < days - 1:
        return CALENDAR_OUT_OF_RANGE
    return None


def same_person(appointment: Appointment, phone: str, email: str) -> bool:
    """The booking was made with this phone or this e-mail (case aside); both come from the form's
    validation, so the phones compare as E.164."""
    theirs = appointment.data
    by_phone = bool(phone) and theirs.phone == phone
    by_email = bool(email) and theirs.email.strip().lower() == email.strip().lower()
    return by_phone or by_email


def bookings_of(live: Iterable[Appointment], phone: str, email: str) -> int:
    """How many of the day's ``live`` bookings are this person's."""
    return sum(1 for appointment in live if same_person(appointment, phone, email))
