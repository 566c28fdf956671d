"""Which channel a text goes by, what a WhatsApp send carries, and when the SMS fallback goes.

One function chooses the channel for every outbox message (:func:`choose_channel`), whatever its kind
and wherever it was built: the builders keep making SMS rows, and when the worker claims one whose
phone has an active opt-in (and the channel is on) it hands it over (:func:`handover`): in one commit
a ``whatsapp`` row (the SMS row's id + ``~wa``) and its SMS fallback (that id + ``~sms``, scheduled
``fallback_after`` later) are added if new, and the SMS row is withdrawn. The outbox's own scheduling
is the "not delivered within N minutes" timer, and its conditional insert and leases make the
WhatsApp message and its fallback once each across instances and restarts. When the
fallback falls due (or the WhatsApp send failed and brought it forward), :func:`fallback_wanted` says
whether it still goes: never once WhatsApp reported the message delivered or read.

What a WhatsApp send carries (:func:`compose`): free-form text only inside the 24-hour customer-service
window (the phone's last inbound message), else the approved template with the staff-editable text as
its body parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Protocol

from agency_core.messaging import outbox_messages
from agency_core.ports import SendResult
from agency_core.records import Channel, OutboxMessage
from agency_core.whatsapp.model import MessageState, OptIn, reached_handset

SERVICE_WINDOW: Final = timedelta(hours=24)
"""Meta's customer-service window: free-form messages within 24 hours of the user's last message."""
DEFAULT_FALLBACK_AFTER: Final = timedelta(minutes=15)
WHATSAPP_SUFFIX: Final = "~wa"
"""The WhatsApp row's id is the SMS row's it takes over and this (no builder makes an id with ``~``)."""
FALLBACK_SUFFIX: Final = "~sms"
"""The fallback SMS's id is the WhatsApp row's id and this."""
DEFAULT_TEMPLATE: Final = "agency_update"
"""The approved template every business-initiated message uses: one body parameter, the text."""
DEFAULT_LANGUAGE: Final = "en"


@dataclass(frozen=True, slots=True)
class Template:
    """An approved WhatsApp template and the values of its body parameters, in order."""

    name: str
    language: str
    parameters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WhatsAppOut:
    """One WhatsApp send: free-form ``text`` (inside the window) or a ``template`` (outside it)."""

    to: str
    text: str | None = None
    template: Template | None = None

    def __post_init__(self) -> None:
        if (self.text is None) == (self.template is None):
            raise ValueError("a WhatsApp send is either free-form text or a template")


class WhatsAppSender(Protocol):
    """Sends one WhatsApp message through the Cloud API. Never raises: a failure is a result, and a
    success carries the Cloud API's message id (``wamid.…``) as ``gateway_id``."""

    async def send(self, out: WhatsAppOut, idempotency_key: str) -> SendResult: ...


class WhatsAppMessages(Protocol):
    """The WhatsApp messages the product sent and their states (table/collection ``whatsapp_messages``)."""

    async def sent(self, outbox_id: str, wa_message_id: str, phone: str, at: datetime) -> None:
        """The Cloud API accepted outbox message ``outbox_id`` as ``wa_message_id`` (state ``sent``,
        unless a status for it already moved it further)."""
        ...

    async def report(self, wa_message_id: str, state: MessageState, at: datetime) -> bool:
        """A status from the webhook: moves the message forward only (:func:`next_state`), as one
        conditional write; ``True`` when it changed the state."""
        ...

    async def state_of(self, outbox_id: str) -> MessageState | None:
        """The state of the WhatsApp message sent for ``outbox_id``; ``None`` when none was sent."""
        ...

    async def outbox_id_of(self, wa_message_id: str) -> str | None:
        """The outbox row a WhatsApp message was sent for (``None``: unknown, or a status came first)."""
        ...


class InboundTimes(Protocol):
    """When each phone last wrote: the customer-service window (the inbound log keeps it,
    ``agency_core.whatsapp.inbound.InboundLog``)."""

    async def last_inbound(self, phone: str) -> datetime | None: ...


def window_open(last_inbound: datetime | None, now: datetime) -> bool:
    """Whether free-form messages may go: the phone wrote within the last 24 hours."""
    return last_inbound is not None and now - last_inbound < SERVICE_WINDOW


def choose_channel(message: OutboxMessage, opt_in: OptIn | None, *, whatsapp_on: bool) -> Channel:
    """THE channel choice, for every kind of message: a text to a phone with an active opt-in goes by
    WhatsApp while the channel is on; everything else keeps its channel (SMS, e-mail, a task)."""
    if message.channel is not Channel.SMS or not whatsapp_on:
        return message.channel
    if whatsapp_id_of(message) is not None:
        return Channel.SMS  # a fallback goes by SMS: that is what it is for
    if opt_in is None or not opt_in.active or opt_in.phone != message.address:
        return Channel.SMS
    return Channel.WHATSAPP


def fallback_id(whatsapp_id: str) -> str:
    return whatsapp_id + FALLBACK_SUFFIX


def whatsapp_id_of(message: OutboxMessage) -> str | None:
    """The WhatsApp row an SMS is the fallback of; ``None`` for any other message."""
    if message.channel is not Channel.SMS or not message.id.endswith(FALLBACK_SUFFIX):
        return None
    return message.id.removesuffix(FALLBACK_SUFFIX)


def handover(message: OutboxMessage, now: datetime, fallback_after: timedelta) -> tuple[OutboxMessage, OutboxMessage]:
    """The WhatsApp row that takes over SMS row ``message`` (id + :data:`WHATSAPP_SUFFIX`, due ``now``)
    and its SMS fallback (that id + :data:`FALLBACK_SUFFIX`, due ``fallback_after`` later): the ids
    derive from the original's, so writing them again (another instance, a restart) adds nothing."""
    whatsapp = outbox_messages.whatsapp(
        id=message.id + WHATSAPP_SUFFIX,
        source_id=message.source_id,
        kind=message.kind,
        phone=message.address,
        text=message.text,
        now=now,
    )
    fallback = outbox_messages.scheduled_sms(
        id=fallback_id(whatsapp.id),
        source_id=message.source_id,
        kind=message.kind,
        phone=message.address,
        text=message.text,
        now=now,
        at=now + fallback_after,
    )
    return whatsapp, fallback


def compose(
    message: OutboxMessage,
    last_inbound: datetime | None,
    now: datetime,
    *,
    template: str = DEFAULT_TEMPLATE,
    language: str = DEFAULT_LANGUAGE,
) -> WhatsAppOut:
    """What goes to WhatsApp for ``message``: its text free-form inside the window, else ``template``
    with the text (the staff-editable wording, already filled in) as its one body parameter."""
    if window_open(last_inbound, now):
        return WhatsAppOut(message.address, text=message.text)
    return WhatsAppOut(message.address, template=Template(template, language, (message.text,)))


def fallback_wanted(whatsapp_state: MessageState | None) -> bool:
    """Whether the fallback SMS still goes when it falls due: not once WhatsApp reached the handset."""
    return whatsapp_state is None or not reached_handset(whatsapp_state)


def brings_fallback_forward(result: SendResult) -> bool:
    """A WhatsApp send the Cloud API refused: its fallback SMS goes now, not at its scheduled time."""
    return not result.success


__all__ = [
    "DEFAULT_FALLBACK_AFTER",
    "FALLBACK_SUFFIX",
    "SERVICE_WINDOW",
    "WHATSAPP_SUFFIX",
    "InboundTimes",
    "Template",
    "WhatsAppMessages",
    "WhatsAppOut",
    "WhatsAppSender",
    "choose_channel",
    "compose",
    "fallback_id",
    "fallback_wanted",
    "handover",
    "whatsapp_id_of",
    "window_open",
]
