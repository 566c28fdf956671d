"""One e-mail to one address and its sender port (:mod:`agency_core.messaging.outbox_messages` puts
one in the outbox)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Protocol

from agency_core.masking import mask_email
from agency_core.spec.validation import is_email

_BREAKS: Final = re.compile(r"[\s\x00-\x1f\x7f]+")
NOT_ONE_ADDRESS: Final = "Refused: the recipient is not one e-mail address ({masked})"


def one_line(subject: str) -> str:
    """``subject`` as a mail header can carry it: every run of line breaks, other control characters
    and spaces folded into one space. A line break in a header fails every send of the message."""
    return _BREAKS.sub(" ", subject).strip()


def check_recipient(to: str) -> str:
    """``to`` when it is one address (:func:`~agency_core.spec.validation.is_email`); ``ValueError``
    otherwise, so that no sender hands a list or an extra header to the mail server."""
    if not is_email(to):
        raise ValueError(NOT_ONE_ADDRESS.format(masked=mask_email(to)))
    return to


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file attached to an e-mail, as text (``text/calendar; method=REQUEST`` for an invitation)."""

    filename: str
    content_type: str
    content: str


@dataclass(frozen=True, slots=True)
class Email:
    """One e-mail to one address. ``headers`` are extra headers (``List-Unsubscribe``...). The subject
    is always one line (:func:`one_line`): as rendered from a template and its values, and as read
    back from an outbox message stored before this rule."""

    to: str
    subject: str
    text: str
    headers: tuple[tuple[str, str], ...] = ()
    attachments: tuple[Attachment, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "subject", one_line(self.subject))


class EmailSender(Protocol):
    """Sends one e-mail; raises on failure (the outbox retries). ``message_id`` is stable per
    message, so a retried send can be recognised."""

    async def send(self, email: Email, message_id: str) -> None: ...
