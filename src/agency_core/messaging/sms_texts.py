"""SMS texts: application status, the admin alert and the appointment confirmation.

Every text is GSM-7 only (names are transliterated), so it is billed as 7-bit parts.
"""

from __future__ import annotations

from dataclasses import dataclass

from agency_core.messaging.gsm import gsm7_name, to_gsm7
from agency_core.messaging.templates import DEFAULTS, Texts, render
from agency_core.records import ApplicationStatus
from agency_core.spec import constants as c

_STATUS_KEYS = {
    ApplicationStatus.RECEIVED: "sms.status.received",
    ApplicationStatus.PROCESSING: "sms.status.processing",
    ApplicationStatus.APPROVED: "sms.status.approved",
    ApplicationStatus.REJECTED: "sms.status.rejected",
}


def status_template(status: ApplicationStatus) -> str:
    """The template key of ``status``'s text."""
    return _STATUS_KEYS[status]


def _sms(key: str, texts: Texts, **values: str) -> str:
    """The one rendering path of every SMS: values in GSM-7, the template's own words as staff wrote them
    (a character outside GSM-7 there sends the text as UCS-2, which the admin preview shows)."""
    return render(key, {name: to_gsm7(value) for name, value in values.items()}, texts)


@dataclass(frozen=True, slots=True)
class ApplicationAlert:
    """The application SMS payload of spec section 3."""

    applicant_name: str
    email: str
    phone: str
    job_category: str
    preferred_country: str
    application_id: str
    job_title: str = ""
    """The title of the job applied for, when the application names one."""


JOB_TITLE_IN_SMS = 40
"""A job title is cut to this many characters in an SMS, so a text stays within its parts."""


def short_title(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= JOB_TITLE_IN_SMS else title[: JOB_TITLE_IN_SMS - 3].rstrip() + "..."


@dataclass(frozen=True, slots=True)
class AppointmentDetails:
    """The appointment SMS input of spec section 3 (besides the recipient's phone)."""

    service: str
    date: str
    time: str
    reference: str


STATUS_SMS_MAX_PARTS = 2
"""Every status text, with the longest realistic name and its ``/track`` link, fits this many parts."""


def track_link(public_url: str) -> str:
    """The short ``/track`` link of the status texts: ``https://`` is dropped (phones link a bare
    domain), any other scheme (``http://`` in development) is kept."""
    base = public_url.strip().rstrip("/")
    return f"{base.removeprefix('https://')}/track" if base else ""


NAME_LEFT_OUT = "applicant"
"""Said instead of a name none of whose words can be written in GSM-7."""


def status_message(
    status: ApplicationStatus, name: str, track_url: str = "", texts: Texts = DEFAULTS, application_id: str = ""
) -> str:
    """The applicant's status text; it ends with ``track_url`` (see :func:`track_link`) when given.
    The name is written in GSM-7 (:func:`gsm7_name`), never with ``?`` for a letter it lacks. The
    "received" text (the first SMS) carries ``application_id`` where its template has the placeholder."""
    name = gsm7_name(name) or NAME_LEFT_OUT
    return _sms(_STATUS_KEYS[status], texts, name=name, track_url=track_url, application_id=application_id)


def received_for_job_message(
    name: str, job_title: str, track_url: str = "", texts: Texts = DEFAULTS, application_id: str = ""
) -> str:
    """The "received" text for an application to a named job, with ``application_id``; it ends with
    ``track_url`` when given."""
    name = gsm7_name(name) or NAME_LEFT_OUT
    return _sms(
        "sms.received_for_job",
        texts,
        name=name,
        job_title=short_title(job_title),
        track_url=track_url,
        application_id=application_id,
    )


def _job_line(alert: ApplicationAlert) -> str:
    return f"{short_title(alert.job_title)} ({alert.job_category})" if alert.job_title else alert.job_category


def admin_alert_message(alert: ApplicationAlert, texts: Texts = DEFAULTS) -> str:
    return _sms(
        "sms.admin_alert",
        texts,
        applicant_name=alert.applicant_name,
        email=alert.email,
        phone=alert.phone,
        job=_job_line(alert),
        country=alert.preferred_country,
        application_id=alert.application_id,
    )


def reminder_promise(texts: Texts = DEFAULTS) -> str:
    """The sentence promising the reminder, in the booking SMS and e-mail."""
    return render("appointment.reminder_promise", {}, texts)


def appointment_message(
    details: AppointmentDetails, promise_reminder: bool = True, texts: Texts = DEFAULTS, change_link: str = ""
) -> str:
    """The confirmation; it promises the reminder only when one is scheduled (booked 24 hours ahead or more),
    and ends with the applicant's ``change_link`` (move or cancel) when there is one."""
    return _sms(
        "sms.appointment.confirmation",
        texts,
        service=c.SERVICE_TYPE_LABELS.get(details.service, details.service),
        date=details.date,
        time=details.time,
        reference=details.reference,
        reminder_promise=reminder_promise(texts) if promise_reminder else "",
        change_link=change_link.removeprefix("https://"),
    )


def appointment_reminder_message(details: AppointmentDetails, texts: Texts = DEFAULTS, change_link: str = "") -> str:
    """The reminder 24 hours before; it ends with the applicant's ``change_link`` when there is one."""
    return _sms(
        "sms.appointment.reminder",
        texts,
        service=c.SERVICE_TYPE_LABELS.get(details.service, details.service),
        date=details.date,
        time=details.time,
        reference=details.reference,
        change_link=change_link.removeprefix("https://"),
    )


def payment_receipt_message(
    name: str, application_id: str, amount: str, reference: str, texts: Texts = DEFAULTS
) -> str:
    """The receipt for the processing fee, sent once per paid application (``amount`` like ``USD 50``)."""
    return _sms(
        "sms.payment_receipt",
        texts,
        name=name.strip(),
        amount=amount,
        application_id=application_id,
        reference=reference,
    )


def id_reminder_message(name: str, application_id: str, track_url: str = "", texts: Texts = DEFAULTS) -> str:
    """Sent when the same application is submitted again: the ID goes to the phone on record,
    never to whoever submitted the repeat."""
    return _sms("sms.id_reminder", texts, name=name.strip(), application_id=application_id, track_url=track_url)
