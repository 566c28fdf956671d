"""What a verified webhook reports: statuses of sent messages and applicants' inbound messages.

The route checks the signature and reads the body (``app.whatsapp.webhook``); :class:`WebhookEvents`
takes what it read. A status moves its message's state forward only, in the store's conditional write
(a repeat, a late or an out-of-order status changes nothing); a status that moves a message to
``failed`` sends its SMS fallback now (not at its scheduled time). Inbound messages go to the
:class:`~agency_core.whatsapp.model.InboundHandler`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from agency_core.whatsapp.channel import WhatsAppMessages, fallback_id
from agency_core.whatsapp.model import InboundHandler, InboundMessage, MessageState

logger = logging.getLogger("agency.whatsapp")


@dataclass(frozen=True, slots=True)
class StatusReport:
    """One ``statuses[]`` entry: WhatsApp's message id, the state it reports and when."""

    wa_message_id: str
    state: MessageState
    at: datetime


class WebhookEvents:
    def __init__(
        self,
        messages: WhatsAppMessages,
        inbound: InboundHandler,
        fallback_now: Callable[[str], Awaitable[object]],
    ) -> None:
        self.messages = messages
        self.inbound = inbound
        self.fallback_now = fallback_now
        """Sends one outbox message now, by id (the worker's ``send_now``)."""

    async def statuses(self, reports: Sequence[StatusReport]) -> int:
        """Apply each status; returns how many changed a state."""
        changed = 0
        for report in reports:
            if not await self.messages.report(report.wa_message_id, report.state, report.at):
                continue
            changed += 1
            if report.state is MessageState.FAILED:
                outbox_id = await self.messages.outbox_id_of(report.wa_message_id)
                if outbox_id is not None:
                    logger.info("whatsapp reported failed: its SMS goes now", extra={"sms_id": outbox_id})
                    await self.fallback_now(fallback_id(outbox_id))
        return changed

    async def received(self, messages: Sequence[InboundMessage]) -> None:
        for message in messages:
            await self.inbound.received(message)
