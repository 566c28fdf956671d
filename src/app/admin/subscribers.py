"""``/api/admin/subscribers/*``: newsletter subscriptions and job alerts, with CSV exports."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.params import FromQuery, QueryParameter

from agency_core.signin.identity import AdminUser
from agency_core.spec.forms import form_fields
from agency_core.staff.subscribers import SubscribersAdmin
from app.admin.common import csv_response, page_request
from app.admin.schemas.common import Page, page_of
from app.admin.schemas.subscribers import (
    ALERT_FIELDS,
    JobAlertSubscriber,
    NewsletterSubscriber,
    job_alert_subscriber,
    newsletter_subscriber,
)


class SubscribersController(Controller):
    path = "/subscribers"

    @get("/newsletter", summary="Newsletter subscriptions, newest first")
    async def newsletter(
        self,
        subscribers_admin: NamedDependency[SubscribersAdmin],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[NewsletterSubscriber]:
        return page_of(await subscribers_admin.newsletter(page_request(page, page_size)), newsletter_subscriber)

    @get("/job-alerts", summary="Job alerts, newest first")
    async def job_alerts(
        self,
        subscribers_admin: NamedDependency[SubscribersAdmin],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[JobAlertSubscriber]:
        return page_of(await subscribers_admin.job_alerts(page_request(page, page_size)), job_alert_subscriber)

    @get("/newsletter/export.csv", summary="CSV of every newsletter subscription (audited)")
    async def export_newsletter(
        self, subscribers_admin: NamedDependency[SubscribersAdmin], admin: NamedDependency[AdminUser]
    ) -> Response[str]:
        rows = await subscribers_admin.export_newsletter(admin.email)
        return csv_response(
            "newsletter",
            subscribers_admin.context.clock(),
            ("id", "email", "name", "interests", "createdAt", "updatedAt"),
            ((s.id, s.email, s.name, list(s.interests), s.created_at, s.updated_at) for s in rows),
        )

    @get("/job-alerts/export.csv", summary="CSV of every job alert (audited)")
    async def export_job_alerts(
        self, subscribers_admin: NamedDependency[SubscribersAdmin], admin: NamedDependency[AdminUser]
    ) -> Response[str]:
        rows = await subscribers_admin.export_job_alerts(admin.email)
        return csv_response(
            "job-alerts",
            subscribers_admin.context.clock(),
            ("id", *ALERT_FIELDS, "createdAt"),
            ((a.id, *form_fields(a.data, ALERT_FIELDS), a.created_at) for a in rows),
        )
