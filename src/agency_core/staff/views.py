"""Views for a working day: the quick views (:class:`~agency_core.staff.query.View`) as store
filters, the next and previous applicant of a filtered list, and the dashboard's figures of the day.

"Today" is the office's calendar day (``AGENCY_TIME_ZONE``, Africa/Accra), from its midnight.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from agency_core.records import ApplicationStatus, AppointmentStatus
from agency_core.staff.query import ApplicationQuery, View


@dataclass(frozen=True, slots=True)
class Day:
    """One calendar day of the office as UTC instants: ``[start, end)``."""

    start: datetime
    end: datetime


def office_day(now: datetime, zone: str) -> Day:
    tz = ZoneInfo(zone)
    today: date = now.astimezone(tz).date()

    def midnight(day: date) -> datetime:
        return datetime.combine(day, time(0), tz).astimezone(UTC)

    return Day(midnight(today), midnight(today + timedelta(days=1)))


def application_filters(query: ApplicationQuery, day: Day) -> ApplicationQuery:
    """``query`` with its view as filters: today -> submitted since midnight, new -> status received
    (the view wins over a status filter), unread -> never opened."""
    if query.view is View.TODAY:
        return replace(query, since=day.start)
    if query.view is View.NEW:
        return replace(query, status=ApplicationStatus.RECEIVED)
    if query.view is View.UNREAD:
        return replace(query, unopened=True)
    return query


@dataclass(frozen=True, slots=True)
class AppointmentFilter:
    """The appointments list's filters: a status, and the slots starting in ``[starts_from, starts_before)``."""

    status: AppointmentStatus | None = None
    starts_from: datetime | None = None
    starts_before: datetime | None = None

    def keeps(self, status: AppointmentStatus, starts_at: datetime | None) -> bool:
        """The filter for stores that filter in memory (the SQLite store does it in SQL)."""
        if self.status is not None and status is not self.status:
            return False
        if self.starts_from is not None and (starts_at is None or starts_at < self.starts_from):
            return False
        return not (self.starts_before is not None and (starts_at is None or starts_at >= self.starts_before))


def appointment_filter(status: AppointmentStatus | None, view: View | None, day: Day) -> AppointmentFilter:
    """today -> slot today (any status, unless one is asked); new -> booked, not yet marked."""
    if view is View.TODAY:
        return AppointmentFilter(status, day.start, day.end)
    if view is View.NEW:
        return AppointmentFilter(AppointmentStatus.BOOKED)
    return AppointmentFilter(status)


@dataclass(frozen=True, slots=True)
class MessageFilter:
    """unread -> not marked read; ``since`` -> received at or after it (today: since midnight)."""

    unread: bool = False
    since: datetime | None = None

    def keeps(self, read_at: datetime | None, created_at: datetime) -> bool:
        if self.unread and read_at is not None:
            return False
        return self.since is None or created_at >= self.since


def message_filter(view: View | None, day: Day) -> MessageFilter:
    if view is View.TODAY:
        return MessageFilter(since=day.start)
    return MessageFilter(unread=view is View.UNREAD)


@dataclass(frozen=True, slots=True)
class Neighbours:
    """Where an application sits in a filtered list: the IDs before and after it (``None`` at an
    end), its 1-based position and the list's length; position 0 when it is not in the list."""

    previous: str | None
    next: str | None
    position: int
    total: int


def neighbours(ids: Sequence[str], current: str) -> Neighbours:
    try:
        at = list(ids).index(current)
    except ValueError:
        return Neighbours(None, None, 0, len(ids))
    previous = ids[at - 1] if at > 0 else None
    following = ids[at + 1] if at + 1 < len(ids) else None
    return Neighbours(previous, following, at + 1, len(ids))


@dataclass(frozen=True, slots=True)
class DayFigures:
    """The dashboard's figures of the day: applications by status, submitted today, not opened yet."""

    by_status: dict[ApplicationStatus, int]
    new_today: int
    unread: int
