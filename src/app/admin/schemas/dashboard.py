"""The dashboard: four figures, the latest applications and the SMS outbox's health."""

from __future__ import annotations

from datetime import datetime

import msgspec

from agency_core.records import ApplicationStatus
from agency_core.staff import dashboard as admin_dashboard
from app.admin.schemas.applications import ApplicationSummary, application_summary
from app.admin.schemas.appointments import AdminAppointment, admin_appointment
from app.admin.schemas.common import Body, from_object

UNDELIVERED_SHOWN = 20


class OutboxFigures(Body):
    pending: int
    failed_last_24h: int = msgspec.field(name="failedLast24h")
    """Messages the outbox gave up on in the last 24 hours; a withdrawn one is never counted here."""
    withdrawn_last_24h: int = msgspec.field(name="withdrawnLast24h")
    """Taken back on purpose in the last 24 hours (an Undo of a bulk move, a moved or cancelled appointment)."""
    not_delivered: int
    """SMS of the last 7 days sent but not delivered within ``AGENCY_SMS_DELIVERY_DEADLINE_MIN`` minutes."""


class UndeliveredSms(Body):
    """One text flagged "not delivered in time"; ``sourceId`` is its application (or booking)."""

    id: str
    source_id: str
    kind: str
    delivered_at: datetime | None
    """When the gateway accepted it."""
    report_status: str | None


class AppointmentFigures(Body):
    today: int
    """Bookings (not cancelled) whose slot is today, in the office's zone."""
    no_show_rate: float | None
    """This month's no-shows / (attended + no-shows), 0 to 1; null before any outcome is recorded."""


class ApplicationFigures(Body):
    """The day's applications: how many of each status, submitted today (office's day), never opened."""

    received: int
    processing: int
    approved: int
    rejected: int
    new_today: int
    unread: int


class WelfareFigures(Body):
    open: int
    flagged: int


class Dashboard(Body):
    total_applications: int
    active_jobs: int
    new_messages: int
    blog_posts: int
    latest_applications: list[ApplicationSummary]
    outbox: OutboxFigures
    appointments: AppointmentFigures
    not_delivered: list[UndeliveredSms]
    """The newest texts flagged "not delivered in time" (at most 20)."""
    applications: ApplicationFigures
    todays_appointments: list[AdminAppointment]
    """Today's bookings (office's day), by start time."""
    last_backup: datetime | None = None
    """When ``agency backup`` last wrote an archive of this data directory; null before the first
    (and on Firestore, whose backups Google Cloud keeps)."""
    expiring_soon: dict[str, int] = msgspec.field(default_factory=dict)
    """Current documents expiring within their kind's window today, by kind (the expiry watch)."""
    welfare_cases: WelfareFigures | None = None
    """Open welfare cases, and those nobody opened within 24 hours."""


def dashboard_body(board: admin_dashboard.Dashboard, last_backup: datetime | None = None) -> Dashboard:
    counts = board.counts
    return Dashboard(
        total_applications=counts.total_applications,
        active_jobs=counts.active_jobs,
        new_messages=counts.new_messages,
        blog_posts=counts.blog_posts,
        latest_applications=[application_summary(r) for r in board.latest],
        outbox=OutboxFigures(
            pending=board.outbox.pending,
            failed_last_24h=board.outbox.failed_last_24h,
            withdrawn_last_24h=board.outbox.withdrawn_last_24h,
            not_delivered=len(board.not_delivered),
        ),
        appointments=AppointmentFigures(board.appointments.today, board.appointments.no_show_rate),
        not_delivered=[from_object(UndeliveredSms, m) for m in reversed(board.not_delivered[-UNDELIVERED_SHOWN:])],
        applications=ApplicationFigures(
            **{status.value: board.day.by_status.get(status, 0) for status in ApplicationStatus},
            new_today=board.day.new_today,
            unread=board.day.unread,
        ),
        todays_appointments=[admin_appointment(r) for r in board.todays_appointments],
        last_backup=last_backup,
    )
