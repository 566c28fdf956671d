"""The texts of an applicant's change (move, cancel) of a booking: to the applicant, and to staff.

Each is a message template (:mod:`agency_core.messaging.templates`); ``texts`` are the ones staff saved."""

from __future__ import annotations

from agency_core.messaging.email import Attachment, Email
from agency_core.messaging.gsm import to_gsm7
from agency_core.messaging.sms_texts import AppointmentDetails, reminder_promise
from agency_core.messaging.templates import DEFAULTS, Texts, render
from agency_core.spec import constants as c


def _values(details: AppointmentDetails) -> dict[str, str]:
    service = c.SERVICE_TYPE_LABELS.get(details.service, details.service)
    return {"service": service, "date": details.date, "time": details.time, "reference": details.reference}


def _sms(key: str, texts: Texts, details: AppointmentDetails, **values: str) -> str:
    """Values in GSM-7 (as every SMS), the template's words as staff wrote them."""
    return render(key, {name: to_gsm7(value) for name, value in (_values(details) | values).items()}, texts)


def moved_message(
    details: AppointmentDetails, link: str = "", texts: Texts = DEFAULTS, promise_reminder: bool = False
) -> str:
    """The applicant's SMS after a move: the change ``link`` again, and the reminder's promise when one is scheduled."""
    promise = reminder_promise(texts) if promise_reminder else ""
    return _sms(
        "sms.appointment.moved", texts, details, change_link=link.removeprefix("https://"), reminder_promise=promise
    )


def cancelled_message(details: AppointmentDetails, texts: Texts = DEFAULTS) -> str:
    return _sms("sms.appointment.cancelled", texts, details)


def staff_change_message(details: AppointmentDetails, name: str, before: str, texts: Texts = DEFAULTS) -> str:
    """To the admin phones: ``before`` is the old date and time; ``details`` the new (or cancelled) one."""
    return _sms("sms.admin.appointment_moved", texts, details, name=name.strip(), before=before)


def staff_cancel_message(details: AppointmentDetails, name: str, texts: Texts = DEFAULTS) -> str:
    return _sms("sms.admin.appointment_cancelled", texts, details, name=name.strip())


def _email(to: str, kind: str, texts: Texts, calendar: Attachment, values: dict[str, str]) -> Email:
    subject = render(f"email.{kind}.subject", values, texts)
    return Email(to, subject, render(f"email.{kind}.body", values, texts), (), (calendar,))


def moved_email(
    to: str,
    name: str,
    details: AppointmentDetails,
    link: str,
    calendar: Attachment,
    promise_reminder: bool,
    texts: Texts = DEFAULTS,
) -> Email:
    promise = reminder_promise(texts) if promise_reminder else ""
    values = _values(details) | {"name": name.strip(), "reminder_promise": promise, "change_link": link}
    return _email(to, "appointment_moved", texts, calendar, values)


def cancelled_email(
    to: str, name: str, details: AppointmentDetails, calendar: Attachment, texts: Texts = DEFAULTS
) -> Email:
    return _email(to, "appointment_cancelled", texts, calendar, _values(details) | {"name": name.strip()})
