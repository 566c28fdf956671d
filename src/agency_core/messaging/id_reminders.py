"""The application ID sent again when the same application is submitted twice: by SMS and
e-mail to the phone and e-mail on record (never in the answer to whoever sent the repeat).

The outbox ids are fixed per application (``<id>-id-resent-sms``, ``-mail``) and the outbox
skips an id it has queued already, so repeats cannot be used to flood the applicant: one SMS
and one e-mail per application, whatever the number of repeats.
"""

from __future__ import annotations

from datetime import datetime

from agency_core.messaging import outbox_messages
from agency_core.messaging.confirmation_emails import id_reminder_email
from agency_core.messaging.notifications import SmsKind
from agency_core.messaging.sms_texts import id_reminder_message
from agency_core.messaging.templates import DEFAULTS, Texts
from agency_core.records import Application, OutboxMessage


def id_reminder_ids(application_id: str) -> tuple[str, str]:
    return f"{application_id}-id-resent-sms", f"{application_id}-id-resent-mail"


def id_reminders(
    earlier: Application, track_url: str, site_url: str, now: datetime, texts: Texts = DEFAULTS
) -> list[OutboxMessage]:
    sms_id, mail_id = id_reminder_ids(earlier.id)
    name = earlier.data.applicant_name
    messages: list[OutboxMessage] = []
    phone = earlier.data.phone
    if phone:
        text = id_reminder_message(name, earlier.id, track_url, texts)
        messages.append(
            outbox_messages.sms(
                id=sms_id, source_id=earlier.id, kind=SmsKind.ID_REMINDER.value, phone=phone, text=text, now=now
            )
        )
    email = earlier.data.email
    if email:
        messages.append(
            outbox_messages.email(
                id=mail_id,
                source_id=earlier.id,
                mail=id_reminder_email(email, name, earlier.id, site_url, texts),
                now=now,
            )
        )
    return messages
