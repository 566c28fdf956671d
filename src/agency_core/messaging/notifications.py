"""Notification fan-out: who is texted what when an application or appointment arrives.

:func:`application_messages` and :func:`appointment_messages` *plan* the texts (the API
stores them in its outbox); :func:`notify_application` and :func:`send_status_sms` *send*
them straight through a gateway, for scripts and the CLI.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from agency_core.errors import InvalidPhone
from agency_core.masking import mask_phone
from agency_core.messaging.outcomes import STATUS_SMS_SENT, NotSent, Outcome, outcome_of_result
from agency_core.messaging.phones import phone_for_sms
from agency_core.messaging.sms_texts import (
    ApplicationAlert,
    AppointmentDetails,
    admin_alert_message,
    appointment_message,
    received_for_job_message,
    status_message,
)
from agency_core.messaging.templates import DEFAULTS, Texts
from agency_core.ports import SendResult, SmsGateway
from agency_core.records import ApplicationStatus
from agency_core.spec.validation import DEFAULT_PHONE_REGION, INVALID_PHONE, normalise_phone

ADMIN_SMS_SENT = "Admin notification SMS sent successfully"
APPOINTMENT_SMS_SENT = "Appointment SMS sent successfully"

logger = logging.getLogger(__name__)


class SmsKind(StrEnum):
    STATUS = "status"
    ADMIN_ALERT = "admin_alert"
    APPOINTMENT = "appointment"
    PAYMENT_RECEIPT = "payment_receipt"
    ID_REMINDER = "id_reminder"
    APPOINTMENT_REMINDER = "appointment_reminder"


@dataclass(frozen=True, slots=True)
class OutgoingSms:
    """One planned text to one phone."""

    kind: SmsKind
    phone: str
    text: str


def application_messages(
    alert: ApplicationAlert, admin_phones: Sequence[str], track_url: str = "", texts: Texts = DEFAULTS
) -> list[OutgoingSms]:
    """The applicant's "received" text first, then the admin alert to each admin number."""
    application_id = alert.application_id
    text = (
        received_for_job_message(alert.applicant_name, alert.job_title, track_url, texts, application_id)
        if alert.job_title
        else status_message(ApplicationStatus.RECEIVED, alert.applicant_name, track_url, texts, application_id)
    )
    applicant = OutgoingSms(SmsKind.STATUS, alert.phone, text)
    alert_text = admin_alert_message(alert, texts)
    return [applicant, *(OutgoingSms(SmsKind.ADMIN_ALERT, phone, alert_text) for phone in admin_phones)]


def appointment_messages(
    phone: str,
    details: AppointmentDetails,
    promise_reminder: bool = True,
    texts: Texts = DEFAULTS,
    change_link: str = "",
) -> list[OutgoingSms]:
    message = appointment_message(details, promise_reminder, texts, change_link)
    return [OutgoingSms(SmsKind.APPOINTMENT, phone, message)]


def status_messages(
    phone: str,
    name: str,
    status: ApplicationStatus,
    track_url: str = "",
    texts: Texts = DEFAULTS,
    application_id: str = "",
) -> list[OutgoingSms]:
    """The status text of ``status`` (its template as staff saved it in ``texts``, else the default);
    the "received" text names ``application_id`` when given."""
    return [OutgoingSms(SmsKind.STATUS, phone, status_message(status, name, track_url, texts, application_id))]


_SUCCESS_MESSAGES = {
    SmsKind.STATUS: STATUS_SMS_SENT,
    SmsKind.ADMIN_ALERT: ADMIN_SMS_SENT,
    SmsKind.APPOINTMENT: APPOINTMENT_SMS_SENT,
}


async def deliver(gateway: SmsGateway, sms: OutgoingSms, idempotency_key: str | None = None) -> SendResult:
    """Send one planned text; a success carries the spec's success message for its kind.

    The phone is normalised to E.164 by the forms' rule first (a local Ghanaian ``024…`` gets
    its country code); one that cannot be a phone number fails with "Enter a valid phone number"
    and the gateway is not called."""
    phone = normalise_phone(sms.phone)
    if phone is None:
        logger.warning("Refused to send SMS to %s", mask_phone(sms.phone), extra={"reason": INVALID_PHONE})
        return SendResult(False, INVALID_PHONE)
    result = await gateway.send(phone, sms.text, idempotency_key=idempotency_key)
    if not result.success:
        logger.warning("Failed to send SMS to %s", mask_phone(phone), extra={"reason": result.message})
        return result
    return SendResult(True, _SUCCESS_MESSAGES[sms.kind], result.data, result.delivery, result.gateway_status)


NAME_REQUIRED = "Give the applicant's name: a status text is never sent without one"


def status_sms_key(status: ApplicationStatus, phone: str, name: str, text: str) -> str:
    """The idempotency key of a status text sent by phone (no application record): one per person
    and text, so two people sharing a phone are each texted, and a repeat is answered, not sent."""
    person_and_text = "\n".join((phone, name.strip(), text))
    return f"sms-status-{status.value}-{hashlib.sha256(person_and_text.encode()).hexdigest()[:20]}"


def application_status_key(application_id: str, status: ApplicationStatus) -> str:
    """The key of an application's status text: the outbox's (``agency status``), so the same
    change texted by both paths reaches the applicant once."""
    return f"{application_id}-status-{status.value}"


async def send_status_sms(
    gateway: SmsGateway,
    phone: str,
    name: str,
    status: ApplicationStatus,
    track_url: str = "",
    *,
    region: str | None = None,
    default_region: str = DEFAULT_PHONE_REGION,
    idempotency_key: str | None = None,
    application_id: str | None = None,
    texts: Texts = DEFAULTS,
) -> Outcome:
    """Text an applicant their application status; returns a typed outcome, never raises.

    A blank ``name`` is refused. A local number is read in ``region`` (else in the agency's
    countries, refused when valid in more than one: :func:`~agency_core.messaging.phones.phone_for_sms`).
    The text goes with ``idempotency_key``, else the application's key (:func:`application_status_key`)
    when ``application_id`` is given, else one per person and text (:func:`status_sms_key`), so a
    repeat is answered, not sent twice. The words are the status template's: as staff saved it in
    ``texts``, else the default."""
    planned = plan_status_sms(phone, name, status, track_url, region=region, default_region=default_region, texts=texts)
    if isinstance(planned, NotSent):
        return NotSent(idempotency_key or "", planned.reason)
    key = idempotency_key or status_sms_key_of(planned, name, status, application_id)
    return outcome_of_result(key, await deliver(gateway, planned, key))


def status_sms_key_of(sms: OutgoingSms, name: str, status: ApplicationStatus, application_id: str | None) -> str:
    """The default key of a status text sent by phone: the application's when one is named, else
    one per person and text."""
    if application_id:
        return application_status_key(application_id, status)
    return status_sms_key(status, sms.phone, name, sms.text)


def plan_status_sms(
    phone: str,
    name: str,
    status: ApplicationStatus,
    track_url: str = "",
    *,
    region: str | None = None,
    default_region: str = DEFAULT_PHONE_REGION,
    texts: Texts = DEFAULTS,
) -> OutgoingSms | NotSent:
    """The status text to a person, to the phone read as :func:`send_status_sms` reads it, or why
    none may go (a blank name, an invalid or ambiguous phone; the ``NotSent`` has no key yet)."""
    if not name.strip():
        return NotSent("", NAME_REQUIRED)
    try:
        e164 = phone_for_sms(phone, region, default_region)
    except InvalidPhone as exc:
        logger.warning("Refused to send SMS to %s", mask_phone(phone), extra={"reason": exc.message})
        return NotSent("", exc.message)
    (sms,) = status_messages(e164, name, status, track_url, texts)
    return sms


@dataclass(frozen=True, slots=True)
class ApplicationNotification:
    applicant: SendResult
    admins: tuple[SendResult, ...]


async def notify_application(
    gateway: SmsGateway, alert: ApplicationAlert, admin_phones: Sequence[str], texts: Texts = DEFAULTS
) -> ApplicationNotification:
    """One SMS to the applicant, then the admin alert to every admin number at once.

    A failed admin send is logged and reported in its result; it stops none of the others.
    """
    applicant, *admins = application_messages(alert, admin_phones, texts=texts)
    applicant_result = await deliver(gateway, applicant)
    admin_results = await asyncio.gather(*(deliver(gateway, sms) for sms in admins))
    return ApplicationNotification(applicant_result, tuple(admin_results))
