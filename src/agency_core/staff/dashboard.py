"""The admin dashboard: the counts, the latest applications, the outbox's health, today's
appointments and the month's no-show rate, the figures of the day and the texts not delivered in time."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.appointments.records import AppointmentRecord
from agency_core.paging import PageRequest
from agency_core.records import ApplicationStatus, AppointmentStatus, JobStatus, OutboxMessage
from agency_core.staff.applications import ApplicationsAdmin
from agency_core.staff.appointments import AppointmentsAdmin
from agency_core.staff.context import StaffContext
from agency_core.staff.deliveries import Deliveries
from agency_core.staff.jobs_admin import JobsAdmin
from agency_core.staff.query import ApplicationQuery, View
from agency_core.staff.records import ApplicationRecord, Counts, OutboxHealth
from agency_core.staff.views import DayFigures

LATEST_APPLICATIONS: Final = 5


@dataclass(frozen=True, slots=True)
class AppointmentFigures:
    today: int
    """Bookings (not cancelled) whose slot is today in the office's zone."""
    no_show_rate: float | None
    """This month's no-shows among the outcomes recorded (attended + no-show); ``None`` without any."""


@dataclass(frozen=True, slots=True)
class Dashboard:
    counts: Counts
    latest: list[ApplicationRecord]
    outbox: OutboxHealth
    appointments: AppointmentFigures = AppointmentFigures(0, None)
    not_delivered: tuple[OutboxMessage, ...] = ()
    """SMS not delivered in time (``agency_core.messaging.delivery.not_delivered_in_time``)."""
    day: DayFigures = field(default_factory=lambda: DayFigures({}, 0, 0))
    todays_appointments: tuple[AppointmentRecord, ...] = ()
    """Today's bookings by start time (at most a page of them)."""


class DashboardAdmin:
    def __init__(
        self,
        context: StaffContext,
        applications: ApplicationsAdmin,
        appointments: AppointmentsAdmin,
        jobs: JobsAdmin,
        deliveries: Deliveries,
    ) -> None:
        self.context = context
        self.applications = applications
        self.appointments = appointments
        self.jobs = jobs
        self.deliveries = deliveries

    async def dashboard(self) -> Dashboard:
        counts = replace(
            await self.context.store.counts(), active_jobs=len(await self.jobs.jobs_on_today(JobStatus.OPEN))
        )
        latest = await self.context.store.applications(ApplicationQuery(), PageRequest(1, LATEST_APPLICATIONS))
        health = await self.context.store.outbox_health(self.context.clock() - timedelta(hours=24))
        today = await self.appointments.appointments(None, PageRequest(), View.TODAY)
        day = await self.day_figures()
        now = self.context.clock()  # every booking of today has its start; the fallback only satisfies the type
        by_start = tuple(sorted(today.items, key=lambda r: r.appointment.starts_at or now))
        return Dashboard(
            counts,
            latest.items,
            health,
            await self.appointment_figures(),
            await self.deliveries.not_delivered_in_time(),
            day,
            by_start,
        )

    async def day_figures(self) -> DayFigures:
        async def total(query: ApplicationQuery) -> int:
            return (await self.applications.applications(query, PageRequest(1, 1))).total

        by_status = {status: await total(ApplicationQuery(status=status)) for status in ApplicationStatus}
        return DayFigures(
            by_status, await total(ApplicationQuery(view=View.TODAY)), await total(ApplicationQuery(view=View.UNREAD))
        )

    async def appointment_figures(self) -> AppointmentFigures:
        zone = ZoneInfo(self.context.office_zone)
        today = self.context.clock().astimezone(zone).date()
        month = today.replace(day=1)
        next_month = (month + timedelta(days=32)).replace(day=1)

        def midnight(day: date) -> datetime:
            return datetime.combine(day, time(0), zone).astimezone(UTC)

        booked_today = await self.context.store.appointment_counts(midnight(today), midnight(today + timedelta(days=1)))
        in_month = await self.context.store.appointment_counts(midnight(month), midnight(next_month))
        seen = in_month.get(AppointmentStatus.ATTENDED, 0) + in_month.get(AppointmentStatus.NO_SHOW, 0)
        rate = in_month.get(AppointmentStatus.NO_SHOW, 0) / seen if seen else None
        live = sum(n for status, n in booked_today.items() if status is not AppointmentStatus.CANCELLED)
        return AppointmentFigures(live, rate)


__all__ = ["AppointmentFigures", "Dashboard", "DashboardAdmin"]
