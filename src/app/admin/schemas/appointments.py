"""Appointments: one row of the list (by preferred date) and the status change."""

from __future__ import annotations

from datetime import datetime

from agency_core.records import AppointmentStatus
from agency_core.staff.model import AppointmentRecord
from app.admin.schemas.common import UNSET, Body, Text, from_record


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

    status: Text = UNSET


def admin_appointment(record: AppointmentRecord) -> AdminAppointment:
    a = record.appointment
    values = {
        **a.data,
        "reference": a.reference,
        "status": record.status,
        "createdAt": a.created_at,
        "startsAt": a.starts_at,
        "timeZone": a.time_zone,
    }
    return from_record(AdminAppointment, values)
