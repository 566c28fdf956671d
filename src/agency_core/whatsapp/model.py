"""The types the WhatsApp channel shares: opt-ins, inbound messages and a sent message's state.

Pure data and one pure rule (:func:`next_state`); the stores and handlers that use them are ports
(:class:`OptInStore`, :class:`InboundHandler`) implemented elsewhere. All times are timezone-aware UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final, Literal, Protocol

OptInSource = Literal["apply", "book", "contact"]
"""The public form an opt-in was given on."""

InboundKind = Literal["text", "image", "document", "audio", "video", "other"]
"""What an inbound WhatsApp message carries."""

OPT_IN_SOURCES: Final[tuple[OptInSource, ...]] = ("apply", "book", "contact")
INBOUND_KINDS: Final[tuple[InboundKind, ...]] = ("text", "image", "document", "audio", "video", "other")


@dataclass(frozen=True, slots=True)
class OptIn:
    """A phone's consent to WhatsApp messages from the agency: when, on which form, which wording."""

    phone: str
    """E.164, e.g. ``+233241234567``."""
    opted_in_at: datetime
    source: str
    """One of :data:`OPT_IN_SOURCES`."""
    wording_version: str
    """The version of the opt-in sentence the applicant saw."""
    opted_out_at: datetime | None = None
    """When the applicant stopped (STOP reply or ``/track``); ``None`` while the opt-in stands. A new
    opt-in after a stop is a new :class:`OptIn` without it."""

    @property
    def active(self) -> bool:
        """Whether WhatsApp messages may go to this phone: opted in and not opted out since."""
        return self.opted_out_at is None


class OptInStore(Protocol):
    """Keeps each phone's latest opt-in (and opt-out)."""

    async def record(self, opt_in: OptIn) -> None:
        """Keep ``opt_in`` as the phone's current one."""
        ...

    async def opt_out(self, phone: str, at: datetime) -> None:
        """The phone stopped at ``at`` (nothing happens for a phone with no opt-in)."""
        ...

    async def current(self, phone: str) -> OptIn | None:
        """The phone's latest opt-in, active or not; ``None`` when it never opted in."""
        ...


@dataclass(frozen=True, slots=True)
class InboundMessage:
    """A message an applicant sent to the agency's WhatsApp number, as the webhook reported it."""

    wa_message_id: str
    """WhatsApp's id for it (``wamid.…``): the same message reported twice has the same id."""
    phone: str
    """The sender, E.164."""
    at: datetime
    kind: str
    """One of :data:`INBOUND_KINDS`."""
    text: str
    """The text (or a media message's caption; may be empty)."""
    media_id: str | None = None
    """The Cloud API's media id for a media message; ``None`` for text."""


@dataclass(frozen=True, slots=True)
class InboundSeen:
    """An inbound message as the log keeps it: WhatsApp's id, the sender and when (its text is in the
    staff inbox, a contact message)."""

    wa_message_id: str
    phone: str
    at: datetime


class PhoneRecords(Protocol):
    """What the opt-in store holds about one phone, for a data request: read for the export and
    erased with the applicant."""

    async def current(self, phone: str) -> OptIn | None: ...

    async def inbound(self, phone: str) -> list[InboundSeen]:
        """The inbound messages taken from the phone, oldest first."""
        ...

    async def erase(self, phone: str) -> None:
        """Delete the phone's opt-in and its inbound messages' rows (nothing for an unknown phone)."""
        ...


class InboundHandler(Protocol):
    """Takes each inbound message the webhook receives (matched to an applicant, put in the staff thread)."""

    async def received(self, message: InboundMessage) -> None: ...


class MessageState(StrEnum):
    """Where a WhatsApp message stands: queued by us, then as the Cloud API's statuses report it."""

    QUEUED = "queued"
    SENT = "sent"
    DELIVERED = "delivered"
    READ = "read"
    FAILED = "failed"


_RANK: Final[dict[MessageState, int]] = {
    MessageState.QUEUED: 0,
    MessageState.SENT: 1,
    MessageState.DELIVERED: 2,
    MessageState.READ: 3,
}


def next_state(current: MessageState, reported: MessageState) -> MessageState | None:
    """The state a message in ``current`` moves to when ``reported`` arrives; ``None``: it stays.

    Forward only: sent → delivered → read, where "delivered" may be skipped and statuses arrive in
    any order, twice or late, so a status at or behind the current one changes nothing. "failed" is
    final, and it never overrides "delivered" or "read" (the handset has the message).
    """
    if current is MessageState.FAILED or reported is MessageState.QUEUED:
        return None
    if reported is MessageState.FAILED:
        return MessageState.FAILED if _RANK[current] < _RANK[MessageState.DELIVERED] else None
    return reported if _RANK[reported] > _RANK[current] else None


def reached_handset(state: MessageState) -> bool:
    """WhatsApp reported the message delivered or read: it must never also go by SMS."""
    return state in (MessageState.DELIVERED, MessageState.READ)
