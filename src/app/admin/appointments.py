"""``/api/admin/appointments``: by preferred date; mark done or cancelled."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter

from agency_core.admin import AppointmentRecord, AppointmentStatus
from agency_core.admin_service import AdminService
from agency_core.identity import AdminUser
from app.admin.common import PROBLEMS, iso, page_json, page_request, status_filter


def appointment_json(record: AppointmentRecord) -> dict[str, Any]:
    a = record.appointment
    d = a.data
    return {
        "reference": a.reference,
        "fullName": d.get("fullName"),
        "email": d.get("email"),
        "phone": d.get("phone"),
        "countryOfInterest": d.get("countryOfInterest"),
        "serviceType": d.get("serviceType"),
        "preferredDate": d.get("preferredDate"),
        "preferredTime": d.get("preferredTime"),
        "message": d.get("message"),
        "status": record.status.value,
        "createdAt": iso(a.created_at),
    }


class AppointmentsController(Controller):
    path = "/appointments"
    exception_handlers = PROBLEMS

    @get("/", summary="Appointments by preferred date")
    async def list_appointments(
        self,
        area: NamedDependency[AdminService],
        status: FromQuery[str | None] = None,
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> dict[str, Any]:
        wanted = status_filter(status, AppointmentStatus)
        found = await area.appointments(wanted, page_request(page, page_size))
        return page_json(found, appointment_json)

    @post("/{reference:str}/status", status_code=200, summary="Mark done or cancelled")
    async def set_status(
        self,
        area: NamedDependency[AdminService],
        admin: NamedDependency[AdminUser],
        reference: FromPath[str],
        data: JSONBody[dict[str, Any]],
    ) -> dict[str, Any]:
        record = await area.set_appointment_status(admin.email, reference, data.get("status"))
        return appointment_json(record)
