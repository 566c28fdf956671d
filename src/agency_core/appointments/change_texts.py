"""The texts of an applicant's change (move, cancel) of a booking: to the applicant, and to staff.

One module, so the message templates can take them over in one place."""

from __future__ import annotations

from agency_core.jobs.alerts import Attachment, Email
from agency_core.messaging.gsm import to_gsm7
from agency_core.messaging.sms_texts import AppointmentDetails
from agency_core.spec import constants as c

CHANGE_LINK_LABEL = "Change or cancel"


def change_link_line(link: str) -> str:
    """The line the confirmations end with: the applicant's own page to move or cancel the booking."""
    return f"{CHANGE_LINK_LABEL}: {link}"


def with_change_link(text: str, link: str) -> str:
    return to_gsm7(f"{text}\n{change_link_line(link)}") if link else text


def _service(details: AppointmentDetails) -> str:
    return c.SERVICE_TYPE_LABELS.get(details.service, details.service)


def moved_message(details: AppointmentDetails, link: str = "") -> str:
    text = (
        f"Your {_service(details)} appointment with Vandy Travel is moved to {details.date} at "
        f"{details.time}. Ref: {details.reference}.\n{c.AGENCY_SIGN_OFF}"
    )
    return with_change_link(to_gsm7(text), link)


def cancelled_message(details: AppointmentDetails) -> str:
    return to_gsm7(
        f"Your {_service(details)} appointment with Vandy Travel on {details.date} at {details.time} is "
        f"cancelled. Ref: {details.reference}.\n{c.AGENCY_SIGN_OFF}"
    )


def staff_change_message(details: AppointmentDetails, name: str, before: str) -> str:
    """To the admin phones: ``before`` is the old date and time; ``details`` the new (or cancelled) one."""
    return to_gsm7(
        f"Appointment {details.reference} ({name.strip()}, {_service(details)}) moved by the applicant "
        f"from {before} to {details.date} at {details.time}."
    )


def staff_cancel_message(details: AppointmentDetails, name: str) -> str:
    return to_gsm7(
        f"Appointment {details.reference} ({name.strip()}, {_service(details)}) on {details.date} at "
        f"{details.time} cancelled by the applicant."
    )


def _letter(name: str, lines: list[str]) -> str:
    return "\n".join([f"Dear {name.strip()},", "", *lines, "", c.AGENCY_SIGN_OFF])


def moved_email(
    to: str, name: str, details: AppointmentDetails, link: str, calendar: Attachment, promise_reminder: bool
) -> Email:
    lines = [
        f"Your {_service(details)} appointment with {c.AGENCY_NAME} is moved to {details.date} at {details.time}.",
        f"Your reference is {details.reference}. Please quote it whenever you contact us.",
    ]
    if promise_reminder:
        lines.append(f"We will send a reminder {c.APPOINTMENT_REMINDER_BEFORE} before.")
    if link:
        lines += ["", change_link_line(link)]
    return Email(to, f"Your appointment {details.reference} is moved", _letter(name, lines), (), (calendar,))


def cancelled_email(to: str, name: str, details: AppointmentDetails, calendar: Attachment) -> Email:
    lines = [
        f"Your {_service(details)} appointment with {c.AGENCY_NAME} on {details.date} at {details.time} is cancelled.",
        f"Your reference is {details.reference}. You are welcome to book again at any time.",
    ]
    return Email(to, f"Your appointment {details.reference} is cancelled", _letter(name, lines), (), (calendar,))
