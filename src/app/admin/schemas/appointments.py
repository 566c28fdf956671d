"""Appointments: one row of the list (by preferred date) and the status change."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final

from agency_core.appointments.offices import Office
from agency_core.appointments.records import AppointmentRecord
from agency_core.appointments.staff_calendar import StaffCalendar
from agency_core.records import AppointmentStatus
from agency_core.spec.forms import AppointmentRequest
from app.admin.schemas.common import Body, with_form


class AdminAppointment(Body):
    reference: str
    full_name: str | None
    email: str | None
    phone: str | None
    country_of_interest: str | None
    service_type: str | None
    preferred_date: str | None
    """``YYYY-MM-DD``."""
    preferred_time: str | None
    message: str | None
    status: AppointmentStatus
    created_at: datetime
    starts_at: datetime | None = None
    """The UTC instant the slot starts (the admin area shows it in each staff member's chosen zone)."""
    time_zone: str = ""
    """The office zone it was booked in (``Africa/Accra``)."""


class AppointmentStatusChange(Body):
    """``attended``, ``no_show`` or ``cancelled`` (from ``booked`` only; outcomes from the start time)."""

    status: AppointmentStatus


FORM_FIELDS: Final = tuple(
    name for name in AdminAppointment.__struct_fields__ if name in AppointmentRequest.__dataclass_fields__
)
"""The booking form's fields the answer carries (attribute names): the CSV's columns (``form_columns``)."""


def admin_appointment(record: AppointmentRecord) -> AdminAppointment:
    a = record.appointment
    return with_form(
        AdminAppointment,
        a.data,
        reference=a.reference,
        status=record.status,
        created_at=a.created_at,
        starts_at=a.starts_at,
        time_zone=a.time_zone,
    )


class CalendarSlotOut(Body):
    time: str
    """The spec's label in the office's zone (``10:00 AM``)."""
    starts_at: datetime
    capacity: int
    free: int
    """Seats not held by a booking that is not cancelled."""
    bookings: list[AdminAppointment]


class CalendarDayOut(Body):
    date: str
    open: bool
    """False on a weekend or a closed date."""
    slots: list[CalendarSlotOut]
    other: list[AdminAppointment]
    """Bookings of the day at none of the slots."""


class OfficeOut(Body):
    id: str
    name: str
    address: str
    time_zone: str


class AppointmentCalendarOut(Body):
    start: str
    time_zone: str
    zone_name: str
    days: list[CalendarDayOut]
    office: OfficeOut
    offices: list[OfficeOut]
    """Every office, the main one first (one entry: the office selector is not shown)."""


def office_out(office: Office) -> OfficeOut:
    return OfficeOut(id=office.id, name=office.name, address=office.address, time_zone=office.zone)


def calendar_out(found: StaffCalendar, offices: Sequence[Office]) -> AppointmentCalendarOut:
    return AppointmentCalendarOut(
        office=office_out(found.office or offices[0]),
        offices=[office_out(o) for o in offices],
        start=found.start.isoformat(),
        time_zone=found.zone,
        zone_name=found.zone_name,
        days=[
            CalendarDayOut(
                date=day.day.isoformat(),
                open=day.open,
                slots=[
                    CalendarSlotOut(
                        time=s.label,
                        starts_at=s.starts_at,
                        capacity=s.capacity,
                        free=s.free,
                        bookings=[admin_appointment(b) for b in s.bookings],
                    )
                    for s in day.slots
                ],
                other=[admin_appointment(b) for b in day.other],
            )
            for day in found.days
        ],
    )
