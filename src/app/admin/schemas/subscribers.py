"""Newsletter subscriptions and job alerts as the admin lists them."""

from __future__ import annotations

from datetime import datetime

from agency_core.records import JobAlert, NewsletterSubscription
from agency_core.spec.validation import JOB_ALERT
from agency_core.staff.csv_export import form_columns
from app.admin.schemas.common import Body, from_object, with_form


class NewsletterSubscriber(Body):
    id: str
    email: str
    name: str
    interests: list[str]
    created_at: datetime
    updated_at: datetime
    confirmed_at: datetime | None
    """When the address confirmed from the welcome e-mail (double opt-in); null: unconfirmed, gets no newsletter."""


class JobAlertSubscriber(Body):
    id: str
    email: str | None
    job_category: str | None
    preferred_country: str | None
    salary_range: str | None
    experience_level: str | None
    created_at: datetime


ALERT_FIELDS = form_columns(JOB_ALERT)
"""A job alert's form fields, in the CSV export's order."""


def newsletter_subscriber(subscription: NewsletterSubscription) -> NewsletterSubscriber:
    return from_object(NewsletterSubscriber, subscription)


def job_alert_subscriber(alert: JobAlert) -> JobAlertSubscriber:
    return with_form(JobAlertSubscriber, alert.data, id=alert.id, created_at=alert.created_at)
