"""The confirmation e-mails of the public forms: the applicant gets the application ID, whoever
books an appointment gets the reference. Both go through the durable outbox (``email`` kind)
in the same unit of work as their record, with the id ``<record id>-mail``."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import quote

from agency_core.jobs.alerts import Email, to_outbox
from agency_core.records import OutboxMessage
from agency_core.spec import constants as c

PAY_PATH = "/payment/start"
"""The page that starts paying the processing fee; the key rides in the link's fragment, which
browsers never send to a server (no access log, no ``Referer``)."""


def payment_link(site_url: str, application_id: str, payment_key: str) -> str:
    return f"{site_url}{PAY_PATH}?application={quote(application_id)}#key={quote(payment_key)}"


def application_email(
    to: str, name: str, application_id: str, job_title: str, site_url: str, payment_key: str = ""
) -> Email:
    job = f" for the job {job_title}" if job_title else ""
    lines = [
        f"Dear {name.strip()},",
        "",
        f"Thank you for applying with {c.AGENCY_NAME}{job}.",
        f"Your application ID is {application_id}. Please quote it whenever you contact us.",
        f"We review every application and will reply within {c.APPLICATION_REPLY_WITHIN}.",
    ]
    if payment_key:
        lines += ["", f"Your payment key is {payment_key}. Keep it private: it lets you pay the processing fee."]
        if site_url:
            lines += [f"Pay the processing fee: {payment_link(site_url, application_id, payment_key)}"]
    if site_url:
        lines += ["", f"Follow your application: {site_url}/track"]
    lines += ["", c.AGENCY_SIGN_OFF]
    return Email(to, f"Your application {application_id}", "\n".join(lines))


def id_reminder_email(to: str, name: str, application_id: str, site_url: str) -> Email:
    lines = [
        f"Dear {name.strip()},",
        "",
        f"Someone (perhaps you) has just submitted the same application to {c.AGENCY_NAME} again.",
        f"We already have it: your application ID is {application_id}. Please quote it whenever you contact us.",
        "If it was not you, you can ignore this e-mail: nothing was changed.",
    ]
    if site_url:
        lines += ["", f"Follow your application: {site_url}/track"]
    lines += ["", c.AGENCY_SIGN_OFF]
    return Email(to, f"Your application {application_id}", "\n".join(lines))


def appointment_email(
    to: str,
    name: str,
    reference: str,
    service: str,
    day: str,
    slot: str,
    promise_reminder: bool = True,
    change_link: str = "",
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
    if change_link:
        lines += ["", f"Change or cancel your appointment: {change_link}"]
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
