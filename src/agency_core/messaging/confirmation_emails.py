"""The confirmation e-mails of the public forms: the applicant gets the application ID, whoever
books an appointment gets the reference. Both go through the durable outbox (``email`` kind)
in the same unit of work as their record, with the id ``<record id>-mail``."""

from __future__ import annotations

from datetime import datetime
from urllib.parse import quote

from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.sms_texts import reminder_promise
from agency_core.messaging.templates import DEFAULTS, Texts, render
from agency_core.records import OutboxMessage
from agency_core.spec import constants as c

PAY_PATH = "/payment/start"
"""The page that starts paying the processing fee; the key rides in the link's fragment, which
browsers never send to a server (no access log, no ``Referer``)."""


def payment_link(site_url: str, application_id: str, payment_key: str) -> str:
    return f"{site_url}{PAY_PATH}?application={quote(application_id)}#key={quote(payment_key)}"


def _email(to: str, kind: str, texts: Texts, **values: str) -> Email:
    """The one rendering path of every confirmation e-mail: its subject and body templates."""
    subject = render(f"email.{kind}.subject", values, texts)
    return Email(to, subject, render(f"email.{kind}.body", values, texts))


def _track(site_url: str) -> str:
    return f"{site_url}/track" if site_url else ""


def application_email(
    to: str,
    name: str,
    application_id: str,
    job_title: str,
    site_url: str,
    payment_key: str = "",
    texts: Texts = DEFAULTS,
) -> Email:
    return _email(
        to,
        "application",
        texts,
        name=name.strip(),
        for_the_job=f" for the job {job_title}" if job_title else "",
        application_id=application_id,
        payment_key=payment_key,
        payment_link=payment_link(site_url, application_id, payment_key) if payment_key and site_url else "",
        track_url=_track(site_url),
    )


def id_reminder_email(to: str, name: str, application_id: str, site_url: str, texts: Texts = DEFAULTS) -> Email:
    return _email(
        to, "id_reminder", texts, name=name.strip(), application_id=application_id, track_url=_track(site_url)
    )


def appointment_email(
    to: str,
    name: str,
    reference: str,
    service: str,
    day: str,
    slot: str,
    promise_reminder: bool = True,
    change_link: str = "",
    texts: Texts = DEFAULTS,
) -> Email:
    return _email(
        to,
        "appointment",
        texts,
        name=name.strip(),
        service=c.SERVICE_TYPE_LABELS.get(service, service),
        date=day,
        time=slot,
        reference=reference,
        reminder_promise=reminder_promise(texts) if promise_reminder else "",
        change_link=change_link,
    )


def appointment_reminder_email(
    to: str,
    name: str,
    reference: str,
    service: str,
    day: str,
    slot: str,
    texts: Texts = DEFAULTS,
    change_link: str = "",
) -> Email:
    """The reminder 24 hours before; it carries the applicant's ``change_link`` (move or cancel) when there is one."""
    return _email(
        to,
        "appointment_reminder",
        texts,
        name=name.strip(),
        service=c.SERVICE_TYPE_LABELS.get(service, service),
        date=day,
        time=slot,
        reference=reference,
        change_link=change_link,
    )


def confirmation(email: Email, record_id: str, now: datetime) -> OutboxMessage:
    return outbox_messages.email(id=f"{record_id}-mail", source_id=f"{record_id}-mail", mail=email, now=now)
