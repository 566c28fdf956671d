"""SMS texts: application status, the admin alert and the appointment confirmation.

Every text is GSM-7 only (names are transliterated), so it is billed as 7-bit parts.
"""

from __future__ import annotations

from dataclasses import dataclass

from agency_core.messaging.gsm import gsm7_name, to_gsm7
from agency_core.records import ApplicationStatus
from agency_core.spec import constants as c

_STATUS_TEXTS = {
    ApplicationStatus.RECEIVED: (
        "Dear {name}, thank you for applying with Vandy Travel. Your application has been "
        f"received and we will reply within {c.APPLICATION_REPLY_WITHIN}."
    ),
    ApplicationStatus.PROCESSING: (
        "Dear {name}, your application is now being processed. This takes "
        f"{c.PROCESSING_TIME}; we will keep you updated."
    ),
    ApplicationStatus.APPROVED: (
        "Congratulations {name}! Your application has been approved. Our team will call you "
        f"within {c.APPROVAL_CALL_WITHIN} with the next steps."
    ),
    ApplicationStatus.REJECTED: (
        "Dear {name}, thank you for your interest. We cannot take your application further "
        "this time, but we will contact you about future openings."
    ),
}


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


def status_message(status: ApplicationStatus, name: str, track_url: str = "") -> str:
    """The applicant's status text; it ends with ``track_url`` (see :func:`track_link`) when given.
    The name is written in GSM-7 (:func:`gsm7_name`), never with ``?`` for a letter it lacks."""
    text = f"{_STATUS_TEXTS[status].format(name=gsm7_name(name) or NAME_LEFT_OUT)}\n{c.AGENCY_SIGN_OFF}"
    return to_gsm7(f"{text}\nTrack: {track_url}" if track_url else text)


def received_for_job_message(name: str, job_title: str, track_url: str = "") -> str:
    """The "received" text for an application to a named job; it ends with ``track_url`` when given."""
    text = (
        f"Dear {gsm7_name(name) or NAME_LEFT_OUT}, thank you for applying with Vandy Travel "
        f"for the job {short_title(job_title)}. "
        f"Your application has been received and we will reply within {c.APPLICATION_REPLY_WITHIN}."
        f"\n{c.AGENCY_SIGN_OFF}"
    )
    return to_gsm7(f"{text}\nTrack: {track_url}" if track_url else text)


def _job_line(alert: ApplicationAlert) -> str:
    return f"{short_title(alert.job_title)} ({alert.job_category})" if alert.job_title else alert.job_category


def admin_alert_message(alert: ApplicationAlert) -> str:
    return to_gsm7(
        "\n".join(
            (
                "NEW JOB APPLICATION",
                f"Name: {alert.applicant_name}",
                f"Email: {alert.email}",
                f"Phone: {alert.phone}",
                f"Job: {short_title(alert.job_title)} ({alert.job_category})"
                if alert.job_title
                else f"Job: {alert.job_category}",
                f"Country: {alert.preferred_country}",
                f"ID: {alert.application_id}",
                "Login to admin panel to review.",
                c.AGENCY_SIGN_OFF,
            )
        )
    )


def appointment_message(details: AppointmentDetails, promise_reminder: bool = True) -> str:
    """The confirmation; it promises the reminder only when one is scheduled (booked 24 hours ahead or more)."""
    service = c.SERVICE_TYPE_LABELS.get(details.service, details.service)
    promise = f" We will send a reminder {c.APPOINTMENT_REMINDER_BEFORE} before." if promise_reminder else ""
    return to_gsm7(
        f"Your {service} appointment with Vandy Travel is booked for {details.date} at "
        f"{details.time}. Ref: {details.reference}.{promise}\n{c.AGENCY_SIGN_OFF}"
    )


def appointment_reminder_message(details: AppointmentDetails) -> str:
    service = c.SERVICE_TYPE_LABELS.get(details.service, details.service)
    return to_gsm7(
        f"Reminder: your {service} appointment with Vandy Travel is on {details.date} at "
        f"{details.time}. Ref: {details.reference}.\n{c.AGENCY_SIGN_OFF}"
    )


def payment_receipt_message(name: str, application_id: str, amount: str, reference: str) -> str:
    """The receipt for the processing fee, sent once per paid application (``amount`` like ``USD 50``)."""
    return to_gsm7(
        f"Dear {name.strip()}, we have received your processing fee of {amount} for application "
        f"{application_id}. Ref: {reference}. Our team will now review your documents.\n{c.AGENCY_SIGN_OFF}"
    )


def id_reminder_message(name: str, application_id: str, track_url: str = "") -> str:
    """Sent when the same application is submitted again: the ID goes to the phone on record,
    never to whoever submitted the repeat."""
    text = (
        f"Dear {name.strip()}, we already have your application with Vandy Travel. Your application ID is "
        f"{application_id}. If you did not just apply again, you can ignore this message.\n{c.AGENCY_SIGN_OFF}"
    )
    return to_gsm7(f"{text}\nTrack: {track_url}" if track_url else text)
