"""The confirmation e-mails of the public forms: the applicant gets the application ID, whoever
books an appointment gets the reference. Both go through the durable outbox (``email`` kind)
in the same unit of work as their record, with the id ``<record id>-mail``."""

from __future__ import annotations

from datetime import datetime

from agency_core.jobs.alerts import Email, to_outbox
from agency_core.records import OutboxMessage
from agency_core.spec import constants as c


def application_email(to: str, name: str, application_id: str, job_title: str, site_url: str) -> Email:
    job = f" for the job {job_title}" if job_title else ""
    lines = [
        f"Dear {name.strip()},",
        "",
        f"Thank you for applying with {c.AGENCY_NAME}{job}.",
        f"Your application ID is {application_id}. Please quote it whenever you contact us.",
        f"We review every application and will reply within {c.APPLICATION_REPLY_WITHIN}.",
    ]
    if site_url:
        lines += ["", f"Follow your application: {site_url}/track"]
    lines += ["", c.AGENCY_SIGN_OFF]
    return Email(to, f"Your application {application_id}", "\n".join(lines))


def appointment_email(
    to: str, name: str, reference: str, service: str, day: str, slot: str, promise_reminder: bool = True
) -> Email:
    label = c.SERVICE_TYPE_LABELS.get(service, service)
    lines = [
        f"Dear {name.strip()},",
        "",
        f"Your {label} appointment with {c.AGENCY_NAME} is booked for {day} at {slot}.",
        f"Your reference is {reference}. Please quote it whenever you contact us.",
    ]
    if promise_reminder:
        lines.append(f"We will send a reminder {c.APPOINTMENT_REMINDER_BEFORE} before.")
    lines += ["", c.AGENCY_SIGN_OFF]
    return Email(to, f"Your appointment {reference}", "\n".join(lines))


def appointment_reminder_email(to: str, name: str, reference: str, service: str, day: str, slot: str) -> Email:
    label = c.SERVICE_TYPE_LABELS.get(service, service)
    lines = [
        f"Dear {name.strip()},",
        "",
        f"This is a reminder of your {label} appointment with {c.AGENCY_NAME} on {day} at {slot}.",
        f"Your reference is {reference}. Please quote it whenever you contact us.",
        "",
        c.AGENCY_SIGN_OFF,
    ]
    return Email(to, f"Reminder: your appointment {reference}", "\n".join(lines))


def confirmation(email: Email, record_id: str, now: datetime) -> OutboxMessage:
    return to_outbox(email, f"{record_id}-mail", f"{record_id}-mail", now)
