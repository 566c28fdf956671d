"""Notes, owners and replies: what staff write about an applicant, who looks after one, and the
answers sent to a contact message (records, rules and ports; pure: no framework, no storage).

A note is plain text, bounded, with its author and times; an edit bumps its ``version`` (the
condition of the next edit) and a delete keeps the note as a tombstone (``deleted_at``). An
owner is a staff user of the role directory, kept on the application by id with the name it had
when it was set. A reply is kept in the message's thread and sent through the outbox.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final, Protocol

from agency_core.errors import Rejected

NOTE_MAX_LENGTH: Final = 2000
NOTE_REQUIRED: Final = "Note is required"
NOTE_TOO_LONG: Final = f"Note must be at most {NOTE_MAX_LENGTH} characters"
NOTE_CHANGED: Final = "The note changed meanwhile; reload it."
OWNER_MUST_BE_STAFF: Final = "Owner must be a staff member"

REPLY_MAX_LENGTH: Final = 5000
SMS_REPLY_MAX_LENGTH: Final = 459
"""Three GSM-7 parts."""
REPLY_REQUIRED: Final = "Reply is required"
REPLY_TOO_LONG: Final = f"Reply must be at most {REPLY_MAX_LENGTH} characters"
SMS_REPLY_TOO_LONG: Final = f"An SMS reply must be at most {SMS_REPLY_MAX_LENGTH} characters"
WHATSAPP_REPLY_MAX_LENGTH: Final = 4096
"""WhatsApp's limit on a text message's body."""
WHATSAPP_REPLY_TOO_LONG: Final = f"A WhatsApp reply must be at most {WHATSAPP_REPLY_MAX_LENGTH} characters"
CHANNEL_MUST_BE: Final = "Channel must be email, sms, whatsapp or whatsapp-template"
NO_EMAIL_TO_REPLY: Final = "The message has no e-mail address: reply by SMS"
NO_PHONE_TO_REPLY: Final = "The message has no phone number: reply by e-mail"


class ReplyChannel(StrEnum):
    EMAIL = "email"
    SMS = "sms"
    WHATSAPP = "whatsapp"
    """Free text on WhatsApp: only inside the 24-hour window (``agency_core.whatsapp.replies``)."""
    WHATSAPP_TEMPLATE = "whatsapp-template"
    """The approved template with the staff-editable text: what goes outside the window."""


@dataclass(frozen=True, slots=True)
class Author:
    """The signed-in staff member who writes: the e-mail the audit log names, and a display name."""

    email: str
    name: str


@dataclass(frozen=True, slots=True)
class Note:
    id: str
    application_id: str
    author: str
    """The author's e-mail."""
    author_name: str
    text: str
    created_at: datetime
    edited_at: datetime | None = None
    edited_by: str = ""
    deleted_at: datetime | None = None
    deleted_by: str = ""
    version: int = 1


@dataclass(frozen=True, slots=True)
class Reply:
    id: str
    message_id: str
    channel: ReplyChannel
    recipient: str
    """The e-mail address or E.164 phone it went to."""
    subject: str
    """The e-mail's subject ("" for an SMS)."""
    text: str
    sender: str
    """The staff member's e-mail."""
    sender_name: str
    sent_at: datetime
    outbox_id: str


@dataclass(frozen=True, slots=True)
class StaffMember:
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class NoteInput:
    """A note as staff send it: ``{text}``."""

    text: object = None


@dataclass(frozen=True, slots=True)
class OwnerInput:
    """The owner staff pick: ``{ownerId}`` ("" or null: nobody)."""

    owner_id: object = None


@dataclass(frozen=True, slots=True)
class ReplyInput:
    """A reply as staff send it: ``{channel, text}`` (no channel: e-mail when the message has an address)."""

    channel: object = None
    text: object = None


def check_note_text(raw: object) -> str:
    """The note's text, trimmed; else a message for ``text``."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        raise Rejected({"text": NOTE_REQUIRED})
    if len(text) > NOTE_MAX_LENGTH:
        raise Rejected({"text": NOTE_TOO_LONG})
    return text


_DEFAULT_LIMIT: Final = (REPLY_MAX_LENGTH, REPLY_TOO_LONG)
_LIMITS: Final = {
    ReplyChannel.SMS: (SMS_REPLY_MAX_LENGTH, SMS_REPLY_TOO_LONG),
    ReplyChannel.WHATSAPP: (WHATSAPP_REPLY_MAX_LENGTH, WHATSAPP_REPLY_TOO_LONG),
}


def check_reply(raw_channel: object, raw_text: object, has_email: bool, has_phone: bool) -> tuple[ReplyChannel, str]:
    """The channel (default: e-mail when the message has an address, else SMS) and the text (``""``
    for the WhatsApp template, whose text staff edit among the templates)."""
    errors: dict[str, str] = {}
    channel: ReplyChannel | None
    if raw_channel in (None, ""):
        channel = ReplyChannel.EMAIL if has_email or not has_phone else ReplyChannel.SMS
    else:
        channel = next((c for c in ReplyChannel if c.value == raw_channel), None)
    if channel is None:
        errors["channel"] = CHANNEL_MUST_BE
    elif channel is ReplyChannel.EMAIL and not has_email:
        errors["channel"] = NO_EMAIL_TO_REPLY
    elif channel is not ReplyChannel.EMAIL and not has_phone:
        errors["channel"] = NO_PHONE_TO_REPLY
    text = raw_text.strip() if isinstance(raw_text, str) else ""
    limit, too_long = _DEFAULT_LIMIT if channel is None else _LIMITS.get(channel, _DEFAULT_LIMIT)
    if channel is ReplyChannel.WHATSAPP_TEMPLATE:
        text = ""  # the template's text is the staff-edited one, not written here
    elif not text:
        errors["text"] = REPLY_REQUIRED
    elif len(text) > limit:
        errors["text"] = too_long
    if errors or channel is None:
        raise Rejected(errors)
    return channel, text


# -- ports ----------------------------------------------------------------------------------


class NotesStore(Protocol):
    """Reads notes and replies; they are written through the unit of work."""

    async def start(self) -> None: ...

    async def notes(self, application_id: str) -> list[Note]:
        """Every note of the application, deleted ones too, oldest first."""
        ...

    async def note(self, note_id: str) -> Note | None: ...

    async def last_note_dates(self, application_ids: Sequence[str]) -> dict[str, datetime]:
        """When the newest note that is not deleted was written, by application (none: left out)."""
        ...

    async def replies(self, message_id: str) -> list[Reply]:
        """The message's thread, oldest first."""
        ...


class StaffDirectory(Protocol):
    """The staff users an applicant can be given to (the role directory's admins)."""

    async def staff(self) -> list[StaffMember]:
        """By name."""
        ...
