"""The dashboard: four figures, the latest applications and the SMS outbox's health."""

from __future__ import annotations

import msgspec

from agency_core.staff import service as admin_service
from app.admin.schemas.applications import ApplicationSummary, application_summary
from app.admin.schemas.common import Body


class OutboxFigures(Body):
    pending: int
    failed_last_24h: int = msgspec.field(name="failedLast24h")


class AppointmentFigures(Body):
    today: int
    """Bookings (not cancelled) whose slot is today, in the office's zone."""
    no_show_rate: float | None
    """This month's no-shows / (attended + no-shows), 0 to 1; null before any outcome is recorded."""


class Dashboard(Body):
    total_applications: int
    active_jobs: int
    new_messages: int
    blog_posts: int
    latest_applications: list[ApplicationSummary]
    outbox: OutboxFigures
    appointments: AppointmentFigures


def dashboard_body(board: admin_service.Dashboard) -> Dashboard:
    counts = board.counts
    return Dashboard(
        total_applications=counts.total_applications,
        active_jobs=counts.active_jobs,
        new_messages=counts.new_messages,
        blog_posts=counts.blog_posts,
        latest_applications=[application_summary(r) for r in board.latest],
        outbox=OutboxFigures(pending=board.outbox.pending, failed_last_24h=board.outbox.failed_last_24h),
        appointments=AppointmentFigures(board.appointments.today, board.appointments.no_show_rate),
    )
