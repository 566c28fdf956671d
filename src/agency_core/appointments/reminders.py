"""The reminder 24 hours before an appointment: scheduled in the durable outbox at booking.

A scheduled message is an ordinary outbox row whose first attempt is not before a given time
(:meth:`~agency_core.records.OutboxMessage.not_before`): the workers claim it only once that time
has come, with the same leases, retries and idempotency id as every message, so it is sent once
across restarts, outages and instances. Withdrawing it (a cancelled booking) marks the pending
rows failed with a reason, in the same unit of work as the change that withdrew them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

from agency_core.messaging import outbox_messages
from agency_core.messaging.confirmation_emails import appointment_reminder_email
from agency_core.messaging.notifications import SmsKind
from agency_core.messaging.sms_texts import AppointmentDetails, appointment_reminder_message
from agency_core.messaging.templates import DEFAULTS, Texts
from agency_core.messaging.withdrawal import withdrawal_reason
from agency_core.records import OutboxMessage

REMINDER_LEAD: Final = timedelta(hours=24)
WITHDRAWN_CANCELLED: Final = withdrawal_reason("the appointment was cancelled")
WITHDRAWN_MOVED: Final = withdrawal_reason("the appointment was moved")


def reminder_ids(reference: str, version: int = 0) -> tuple[str, str]:
    """The SMS and e-mail reminder of one booking at one version (0 at booking, one more per move):
    fixed ids, so scheduling twice sends once, and a move's new reminders never collide with the old."""
    suffix = f"-v{version}" if version else ""
    return f"{reference}-reminder{suffix}", f"{reference}-reminder-mail{suffix}"


def reminder_time(starts_at: datetime, now: datetime) -> datetime | None:
    """When the reminder goes out, or ``None`` for a booking made less than 24 hours ahead."""
    at = starts_at - REMINDER_LEAD
    return at if at >= now else None


def reminder_messages(
    details: AppointmentDetails,
    phone: str,
    email: str,
    name: str,
    at: datetime,
    now: datetime,
    *,
    version: int = 0,
    texts: Texts = DEFAULTS,
    change_link: str = "",
) -> list[OutboxMessage]:
    """The SMS reminder, and the e-mail one when an address was given, both not before ``at``; both carry
    the applicant's ``change_link`` (it works until the appointment starts, so past the reminder)."""
    sms_id, mail_id = reminder_ids(details.reference, version)
    text = appointment_reminder_message(details, texts, change_link)
    messages = [
        outbox_messages.sms(
            id=sms_id,
            source_id=details.reference,
            kind=SmsKind.APPOINTMENT_REMINDER.value,
            phone=phone,
            text=text,
            now=now,
        )
    ]
    if email:
        mail = appointment_reminder_email(
            email, name, details.reference, details.service, details.date, details.time, texts, change_link
        )
        messages.append(outbox_messages.email(id=mail_id, source_id=details.reference, mail=mail, now=now))
    return [message.not_before(at) for message in messages]
