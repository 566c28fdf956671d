"""``/api/admin/appointments``: by preferred date; mark attended, no-show or cancelled."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter

from agency_core.errors import Rejected
from agency_core.records import AppointmentStatus
from agency_core.signin.identity import AdminUser
from agency_core.spec.forms import form_fields
from agency_core.spec.validation import APPOINTMENT
from agency_core.staff.appointments import AppointmentsAdmin
from agency_core.staff.csv_export import form_columns
from agency_core.staff.query import APPOINTMENT_VIEWS
from app.admin.common import CONFLICT, csv_response, page_request, status_filter, view_filter
from app.admin.schemas.appointments import (
    AdminAppointment,
    AppointmentCalendarOut,
    AppointmentStatusChange,
    admin_appointment,
    calendar_out,
)
from app.admin.schemas.common import Page, page_of, to_core
from app.checked_body import CoreChecked

VIEW_HELP = "today: the slot is today; new: booked, not yet marked"
CSV_FIELDS = form_columns(APPOINTMENT)


def calendar_start(raw: str | None, now: datetime) -> date:
    """``YYYY-MM-DD``; absent: today in UTC by the app's clock (the client sends the office's today)."""
    if not raw:
        return now.astimezone(UTC).date()
    try:
        return date.fromisoformat(raw) if len(raw) == 10 else date.fromisoformat("invalid")
    except ValueError:
        raise Rejected({"start": "Enter a date as YYYY-MM-DD"}) from None


def calendar_span(raw: str | None) -> int:
    return 7 if raw == "7" else 1 if raw in (None, "", "1") else 0


class AppointmentsController(Controller):
    path = "/appointments"

    @get("/", summary="Appointments by preferred date")
    async def list_appointments(
        self,
        appointments_admin: NamedDependency[AppointmentsAdmin],
        status: FromQuery[str | None] = None,
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
        view: Annotated[str | None, QueryParameter(description=VIEW_HELP)] = None,
    ) -> Page[AdminAppointment]:
        wanted = status_filter(status, AppointmentStatus)
        found = await appointments_admin.appointments(
            wanted, page_request(page, page_size), view_filter(view, APPOINTMENT_VIEWS)
        )
        return page_of(found, admin_appointment)

    @get("/calendar", summary="A day or a week of the office's slots with their bookings and free seats")
    async def calendar(
        self,
        appointments_admin: NamedDependency[AppointmentsAdmin],
        start: FromQuery[str | None] = None,
        days: FromQuery[str | None] = None,
        office: FromQuery[str | None] = None,
    ) -> AppointmentCalendarOut:
        found = await appointments_admin.appointment_calendar(
            calendar_start(start, appointments_admin.context.clock()), calendar_span(days), office or ""
        )
        return calendar_out(found, appointments_admin.offices)

    @get("/export.csv", summary="CSV of the appointments, by status (audited)")
    async def export(
        self,
        appointments_admin: NamedDependency[AppointmentsAdmin],
        admin: NamedDependency[AdminUser],
        status: FromQuery[str | None] = None,
        view: Annotated[str | None, QueryParameter(description=VIEW_HELP)] = None,
    ) -> Response[str]:
        wanted = status_filter(status, AppointmentStatus)
        rows = await appointments_admin.export_appointments(admin.email, wanted, view_filter(view, APPOINTMENT_VIEWS))
        header = ("reference", "startsAt", "timeZone", "status", "createdAt", *CSV_FIELDS)
        return csv_response(
            "appointments",
            appointments_admin.context.clock(),
            header,
            (
                (
                    r.appointment.reference,
                    r.appointment.starts_at,
                    r.appointment.time_zone,
                    r.status.value,
                    r.appointment.created_at,
                    *form_fields(r.appointment.data, CSV_FIELDS),
                )
                for r in rows
            ),
        )

    @post(
        "/{reference:str}/status",
        status_code=200,
        summary="Mark attended, no-show or cancelled",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def set_status(
        self,
        appointments_admin: NamedDependency[AppointmentsAdmin],
        admin: NamedDependency[AdminUser],
        reference: FromPath[str],
        data: JSONBody[AppointmentStatusChange],
    ) -> AdminAppointment:
        record = await appointments_admin.set_appointment_status(admin.email, reference, to_core(data).get("status"))
        return admin_appointment(record)
