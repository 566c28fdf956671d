"""The outbox worker's WhatsApp side: sending a ``whatsapp`` row, and the check before its fallback SMS.

:class:`WhatsAppDelivery` is what the worker is given (``OutboxWorker(whatsapp=...)``): it reads the
phone's window, composes the send (:func:`~agency_core.whatsapp.channel.compose`), sends it and records
the Cloud API's id, so the webhook's statuses find the message. A refused send is final for the
WhatsApp row (the worker then sends its fallback SMS at once); the fallback SMS, when it falls due,
goes only if WhatsApp has not reported the message delivered or read.
"""

from __future__ import annotations

import logging

from agency_core.clock import Clock, utc_now
from agency_core.masking import mask_phone
from agency_core.ports import SendResult
from agency_core.records import OutboxMessage
from agency_core.whatsapp.channel import (
    DEFAULT_LANGUAGE,
    DEFAULT_TEMPLATE,
    InboundTimes,
    WhatsAppMessages,
    WhatsAppSender,
    compose,
    fallback_id,
    fallback_wanted,
    whatsapp_id_of,
)

logger = logging.getLogger("agency.whatsapp")

NOT_NEEDED = "not sent: WhatsApp reported the message delivered"


class WhatsAppDelivery:
    def __init__(
        self,
        sender: WhatsAppSender,
        messages: WhatsAppMessages,
        inbound: InboundTimes,
        *,
        clock: Clock = utc_now,
        template: str = DEFAULT_TEMPLATE,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        self.sender = sender
        self.messages = messages
        self.inbound = inbound
        self.clock = clock
        self.template = template
        self.language = language

    async def send(self, message: OutboxMessage) -> SendResult:
        """Send one ``whatsapp`` outbox row: free-form inside the window, else the template."""
        now = self.clock()
        out = compose(
            message,
            await self.inbound.last_inbound(message.address),
            now,
            template=self.template,
            language=self.language,
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
