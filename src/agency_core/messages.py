"""SMS texts: application status, the admin alert and the appointment confirmation.

Every text is GSM-7 only (names are transliterated), so it is billed as 7-bit parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from agency_core import constants as c
from agency_core.gsm import to_gsm7


class ApplicationStatus(StrEnum):
    """The four application status message types (spec section 3)."""

    RECEIVED = "received"
    PROCESSING = "processing"
    APPROVED = "approved"
    REJECTED = "rejected"


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


def status_message(status: ApplicationStatus, name: str, track_url: str = "") -> str:
    """The applicant's status text; it ends with ``track_url`` (see :func:`track_link`) when given."""
    text = f"{_STATUS_TEXTS[status].format(name=name.strip())}\n{c.AGENCY_SIGN_OFF}"
    return to_gsm7(f"{text}\nTrack: {track_url}" if track_url else text)


def admin_alert_message(alert: ApplicationAlert) -> str:
    return to_gsm7(
        "\n".join(
            (
                "NEW JOB APPLICATION",
                f"Name: {alert.applicant_name}",
                f"Email: {alert.email}",
                f"Phone: {alert.phone}",
                f"Job: {alert.job_category}",
                f"Country: {alert.preferred_country}",
                f"ID: {alert.application_id}",
                "Login to admin panel to review.",
                c.AGENCY_SIGN_OFF,
            )
        )
    )


def appointment_message(details: AppointmentDetails) -> str:
    service = c.SERVICE_TYPE_LABELS.get(details.service, details.service)
    return to_gsm7(
        f"Your {service} appointment with Vandy Travel is booked for {details.date} at "
        f"{details.time}. Ref: {details.reference}. We will send a reminder "
        f"{c.APPOINTMENT_REMINDER_BEFORE} before.\n{c.AGENCY_SIGN_OFF}"
    )
