"""One e-mail to one address, its sender port, and how an e-mail rides in the outbox."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol

from agency_core.records import Channel, OutboxMessage
from agency_core.spec.inputs import input_of


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file attached to an e-mail, as text (``text/calendar; method=REQUEST`` for an invitation)."""

    filename: str
    content_type: str
    content: str


@dataclass(frozen=True, slots=True)
class Email:
    """One e-mail to one address. ``headers`` are extra headers (``List-Unsubscribe``...)."""

    to: str
    subject: str
    text: str
    headers: tuple[tuple[str, str], ...] = ()
    attachments: tuple[Attachment, ...] = ()


class EmailSender(Protocol):
    """Sends one e-mail; raises on failure (the outbox retries). ``message_id`` is stable per
    message, so a retried send can be recognised."""

    async def send(self, email: Email, message_id: str) -> None: ...


EMAIL_KIND: Final = "email"
"""The outbox kind of an e-mail (its channel is ``email``): ``text`` holds the message as JSON."""


def to_outbox(email: Email, message_id: str, source_id: str, now: datetime) -> OutboxMessage:
    fields: dict[str, object] = {
        "subject": email.subject,
        "text": email.text,
        "headers": [list(h) for h in email.headers],
    }
    if email.attachments:
        fields["attachments"] = [[a.filename, a.content_type, a.content] for a in email.attachments]
    return OutboxMessage(
        message_id, source_id, EMAIL_KIND, email.to, json.dumps(fields), now, now, channel=Channel.EMAIL
    )


@dataclass(frozen=True, slots=True)
class _Carried:
    """The JSON :func:`to_outbox` puts in an outbox message's ``text`` (older messages lack ``attachments``)."""

    subject: str = ""
    text: str = ""
    headers: Sequence[Sequence[str]] = ()
    attachments: Sequence[Sequence[str]] = ()


def from_outbox(message: OutboxMessage) -> Email:
    carried = input_of(_Carried, json.loads(message.text))
    headers = tuple((str(k), str(v)) for k, v in carried.headers)
    attachments = tuple(Attachment(str(f), str(t), str(b)) for f, t, b in carried.attachments)
    return Email(message.address, str(carried.subject), str(carried.text), headers, attachments)
