"""The staff side of appointments: the list and its export, an office's calendar, and the outcome
staff record (a cancellation withdraws the reminders and tells the person, in one unit of work).
The public booking is :mod:`agency_core.submissions.service`, its changes :mod:`agency_core.appointments.changes`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from agency_core.appointments.booking_limits import staff_calendar_problem
from agency_core.appointments.changes import cancellation_messages
from agency_core.appointments.offices import Office, find_office, held_at, main_office, office_calendar
from agency_core.appointments.records import AppointmentRecord
from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, reminder_ids
from agency_core.appointments.slots import office_today
from agency_core.appointments.staff_calendar import CALENDAR_SPANS, StaffCalendar, calendar_days, span_bounds
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.paging import ALL, Page, PageRequest
from agency_core.records import APPOINTMENT_OUTCOMES, AppointmentStatus
from agency_core.staff.context import StaffContext
from agency_core.staff.query import View, parse_status, status_must_be
from agency_core.staff.statuses import NOT_STARTED, can_move_appointment, not_started_yet
from agency_core.staff.views import appointment_filter
from agency_core.unit_of_work import PreconditionFailed


class AppointmentsAdmin:
    def __init__(
        self, context: StaffContext, offices: Sequence[Office] = (), templates: TemplateSource = NO_EDITS
    ) -> None:
        self.context = context
        self._offices = tuple(offices)
        self.templates = templates
        """The message texts staff saved: a cancellation's texts use them."""

    async def appointments(
        self, status: AppointmentStatus | None, page: PageRequest, view: View | None = None
    ) -> Page[AppointmentRecord]:
        """The list; ``view`` today: slots today, new: booked and not yet marked."""
        wanted = appointment_filter(status, view, self.context.office_day())
        return await self.context.store.appointments(
            wanted.status, page, starts_from=wanted.starts_from, starts_before=wanted.starts_before
        )

    async def export_appointments(
        self, actor: str, status: AppointmentStatus | None, view: View | None = None
    ) -> list[AppointmentRecord]:
        rows = (await self.appointments(status, ALL, view)).items
        listed = f"{status.value if status else 'all'}{f' view={view.value}' if view else ''}"
        await self.context.record_export(actor, "appointments", f"{listed} ({len(rows)} rows)")
        return rows

    @property
    def offices(self) -> tuple[Office, ...]:
        """The offices that take bookings, the main one first."""
        return self._offices or (main_office(self.context.office_zone),)

    async def appointment_calendar(self, start: date, days: int, office_id: str = "") -> StaffCalendar:
        """``days`` (1 or 7) of one office's slots from ``start`` (``""``: the main office), with their
        bookings and free seats."""
        if days not in CALENDAR_SPANS:
            raise Rejected({"days": "Days must be 1 or 7"})
        office = find_office(self.offices, office_id)
        out_of_range = staff_calendar_problem(start, days, office_today(self.context.clock(), self.context.office_zone))
        if out_of_range is not None:
            raise Rejected({"start": out_of_range})
        if office is None:
            raise NotFound("Office")
        current = await self.context.settings.current()
        calendar = office_calendar(office, current.appointment_capacity, current.closed_dates)
        records = await self.context.store.appointments_between(*span_bounds(start, days, office.zone))
        return calendar_days(start, days, calendar, [r for r in records if held_at(r.appointment, office)], office)

    async def set_appointment_status(self, actor: str, reference: str, raw_status: object) -> AppointmentRecord:
        new = parse_status(raw_status, AppointmentStatus, APPOINTMENT_OUTCOMES)
        if new is None:
            raise Rejected({"status": status_must_be(APPOINTMENT_OUTCOMES)})
        record = await self.context.store.appointment(reference)
        if record is None:
            raise NotFound("Appointment")
        if record.status is new:
            return record
        if not can_move_appointment(record.status, new):
            raise Conflict(f"The appointment is already {record.status.value}.")
        if not_started_yet(record.appointment, new, self.context.clock()):
            raise Conflict(NOT_STARTED)
        audit = self.context.audit(actor, "appointment.status", f"{reference}: {record.status.value} -> {new.value}")
        texts = await self.templates.texts()
        try:
            async with self.context.uow() as uow:
                await uow.appointments.set_status(reference, record.status, new, record.appointment.version)
                if new is AppointmentStatus.CANCELLED:
                    appointment = record.appointment
                    await uow.outbox.withdraw(reminder_ids(reference, appointment.version), WITHDRAWN_CANCELLED)
                    messages = cancellation_messages(
                        appointment, self.context.office_zone, self.context.clock(), texts=texts
                    )
                    await uow.outbox.enqueue(messages)
                await uow.audit.add(audit)
        except PreconditionFailed:
            raise Conflict("The appointment changed meanwhile; reload it.") from None
        if new is AppointmentStatus.CANCELLED:
            self.context.on_enqueue()
        return replace(record, status=new)


__all__ = ["AppointmentsAdmin"]
