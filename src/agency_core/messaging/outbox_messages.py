"""Every outbox message is made here: an SMS now, an SMS at a later time, an e-mail.

The functions take keyword arguments only, so no caller passes seven values by position and gets
two of them swapped. An e-mail's content is an :class:`~agency_core.messaging.email.Email` (to,
subject, text, headers, attachments): :func:`email` encodes it into the message, and
:func:`email_of` decodes it back for the worker. The store keeps the encoded form (JSON in the
message's ``text``); that encoding lives in this module and nowhere else in the core.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from agency_core.messaging.email import Attachment, Email
from agency_core.records import Channel, OutboxMessage
from agency_core.spec.inputs import input_of

EMAIL_KIND: Final = "email"
"""The outbox kind of an e-mail (its channel is ``email``)."""


def sms(*, id: str, source_id: str, kind: str, phone: str, text: str, now: datetime) -> OutboxMessage:
    """A text to ``phone``, due at once; ``id`` is also the gateway's idempotency key."""
    return OutboxMessage(id, source_id, kind, phone, text, now, now)


def scheduled_sms(
    *, id: str, source_id: str, kind: str, phone: str, text: str, now: datetime, at: datetime
) -> OutboxMessage:
    """A text to ``phone`` made ``now`` that no worker claims before ``at``."""
    return OutboxMessage(id, source_id, kind, phone, text, now, at)


def task(*, id: str, source_id: str, kind: str, payload: str, now: datetime, at: datetime) -> OutboxMessage:
    """Work for the app at ``at`` (channel ``task``, no address): the worker hands it to its task runner
    by ``kind``; ``payload`` is what the task needs (its text). ``id`` makes it once: a repeat is refused."""
    return OutboxMessage(id, source_id, kind, "", payload, now, at, channel=Channel.TASK)


def whatsapp(*, id: str, source_id: str, kind: str, phone: str, text: str, now: datetime) -> OutboxMessage:
    """A text to ``phone`` by WhatsApp (channel ``whatsapp``), due at once: made only when an SMS row is
    handed over to an opted-in phone (``agency_core.whatsapp.channel.handover``)."""
    return OutboxMessage(id, source_id, kind, phone, text, now, now, channel=Channel.WHATSAPP)


def email(*, id: str, source_id: str, mail: Email, now: datetime) -> OutboxMessage:
    """``mail`` to its address, due at once."""
    return OutboxMessage(id, source_id, EMAIL_KIND, mail.to, _encode(mail), now, now, channel=Channel.EMAIL)


def scheduled_email(*, id: str, source_id: str, mail: Email, now: datetime, at: datetime) -> OutboxMessage:
    """``mail`` made ``now`` that no worker claims before ``at`` (withdrawn when no longer wanted)."""
    return OutboxMessage(id, source_id, EMAIL_KIND, mail.to, _encode(mail), now, at, channel=Channel.EMAIL)


def email_of(message: OutboxMessage) -> Email:
    """The e-mail an outbox message of the ``email`` channel carries (as :func:`email` made it, or
    as stored before attachments were carried)."""
    carried = input_of(_Carried, json.loads(message.text))
    headers = tuple((str(k), str(v)) for k, v in carried.headers)
    attachments = tuple(Attachment(str(f), str(t), str(b)) for f, t, b in carried.attachments)
    return Email(message.address, str(carried.subject), str(carried.text), headers, attachments)


@dataclass(frozen=True, slots=True)
class _Carried:
    """The stored form of an e-mail (older messages lack ``attachments``)."""

    subject: str = ""
    text: str = ""
    headers: Sequence[Sequence[str]] = ()
    attachments: Sequence[Sequence[str]] = ()


def _encode(mail: Email) -> str:
    fields: dict[str, object] = {
        "subject": mail.subject,
        "text": mail.text,
        "headers": [list(h) for h in mail.headers],
    }
    if mail.attachments:
        fields["attachments"] = [[a.filename, a.content_type, a.content] for a in mail.attachments]
    return json.dumps(fields)


__all__ = ["EMAIL_KIND", "email", "email_of", "scheduled_email", "scheduled_sms", "sms", "task", "whatsapp"]
