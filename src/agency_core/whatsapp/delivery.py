"""The outbox worker's WhatsApp side: handing an SMS over, sending a ``whatsapp`` row, checking a fallback.

:class:`WhatsAppDelivery` is what the worker is given (``OutboxWorker.whatsapp``). For each SMS row it
claims, :meth:`~WhatsAppDelivery.hand_over` asks the one channel choice
(:func:`~agency_core.whatsapp.channel.choose_channel`) with the phone's opt-in; WhatsApp chosen, one
commit adds the ``whatsapp`` row and its scheduled SMS fallback (if new) and withdraws the SMS row.
:meth:`~WhatsAppDelivery.send` reads the phone's window, composes the send (free-form or template),
sends it and records the Cloud API's id, so the webhook's statuses find the message. A refused send
is final for the WhatsApp row (the worker then sends its fallback SMS at once); the fallback SMS,
when it falls due, goes only if WhatsApp has not reported the message delivered or read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from agency_core.clock import Clock, utc_now
from agency_core.masking import mask_phone
from agency_core.ports import SendResult
from agency_core.records import Channel, OutboxMessage
from agency_core.unit_of_work import UnitOfWork
from agency_core.whatsapp.channel import (
    DEFAULT_FALLBACK_AFTER,
    DEFAULT_LANGUAGE,
    DEFAULT_TEMPLATE,
    InboundTimes,
    WhatsAppMessages,
    WhatsAppSender,
    choose_channel,
    compose,
    fallback_id,
    fallback_wanted,
    handover,
    whatsapp_id_of,
)
from agency_core.whatsapp.model import OptInStore

logger = logging.getLogger("agency.whatsapp")

HANDED_OVER: Final = "went by WhatsApp"
"""The end of an SMS row a WhatsApp row took over (its ``last_error``, status ``failed``: not sent)."""


@dataclass(frozen=True, slots=True)
class Wording:
    """The approved template business-initiated messages use, and when the SMS fallback goes."""

    template: str = DEFAULT_TEMPLATE
    language: str = DEFAULT_LANGUAGE
    fallback_after: timedelta = DEFAULT_FALLBACK_AFTER


class WhatsAppDelivery:
    def __init__(
        self,
        sender: WhatsAppSender,
        messages: WhatsAppMessages,
        inbound: InboundTimes,
        opt_ins: OptInStore,
        uow: Callable[[], UnitOfWork],
        *,
        clock: Clock = utc_now,
        wording: Wording = Wording(),
    ) -> None:
        self.sender = sender
        self.messages = messages
        self.inbound = inbound
        self.opt_ins = opt_ins
        self.uow = uow
        self.clock = clock
        self.wording = wording

    async def hand_over(self, message: OutboxMessage) -> bool:
        """Whether SMS row ``message`` now goes by WhatsApp (its WhatsApp row and fallback written,
        itself withdrawn, in one commit); ``False``: it goes by SMS as it is."""
        if message.channel is not Channel.SMS or whatsapp_id_of(message) is not None:
            return False
        opt_in = await self.opt_ins.current(message.address)
        if choose_channel(message, opt_in, whatsapp_on=True) is not Channel.WHATSAPP:
            return False
        whatsapp, fallback = handover(message, self.clock(), self.wording.fallback_after)
        async with self.uow() as uow:
            await uow.outbox.enqueue_new([whatsapp, fallback])
            await uow.outbox.withdraw([message.id], f"{HANDED_OVER} ({whatsapp.id})")
        logger.info("text handed to whatsapp", extra={"sms_id": message.id, "whatsapp_id": whatsapp.id})
        return True

    async def send(self, message: OutboxMessage) -> SendResult:
        """Send one ``whatsapp`` outbox row: free-form inside the window, else the template."""
        now = self.clock()
        out = compose(
            message,
            await self.inbound.last_inbound(message.address),
            now,
            template=self.wording.template,
            language=self.wording.language,
        )
        try:
            result = await self.sender.send(out, message.id)
        except Exception as exc:  # a sender must not raise; if one does, the send failed
            logger.exception("whatsapp sender raised", extra={"sms_id": message.id})
            return SendResult(False, f"{type(exc).__name__}: {exc}"[:500])
        if result.success and result.gateway_id:
            await self.messages.sent(message.id, result.gateway_id, message.address, now)
        logger.info(
            "whatsapp send",
            extra={
                "sms_id": message.id,
                "phone": mask_phone(message.address),
                "template": out.template is not None,
                "success": result.success,
            },
        )
        return result

    def fallback_of(self, message: OutboxMessage) -> str:
        """The id of the SMS that stands in for ``message`` (a ``whatsapp`` row)."""
        return fallback_id(message.id)

    async def fallback_goes(self, message: OutboxMessage) -> bool:
        """Whether an SMS that falls due still goes: ``True`` for any SMS but a fallback whose
        WhatsApp message reached the handset."""
        whatsapp_id = whatsapp_id_of(message)
        if whatsapp_id is None:
            return True
        return fallback_wanted(await self.messages.state_of(whatsapp_id))
