"""The WhatsApp channel (issue 48 items 2, 3, 5): its sender, the worker's WhatsApp side, the webhook.

On with all four ``AGENCY_WHATSAPP_*`` settings (the Cloud API sender); in demo mode without them the
log sender stands in (``make run`` writes each WhatsApp send to the log, as it does SMS); otherwise off:
the worker gets no WhatsApp side (every text goes by SMS) and the webhook answers 404.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from adapters.whatsapp_cloud import CloudWhatsAppSender, LoggingWhatsAppSender
from agency_core.clock import Clock
from agency_core.messaging.outbox import OutboxWorker
from agency_core.whatsapp.delivery import WhatsAppDelivery, Wording
from agency_core.whatsapp.events import WebhookEvents
from agency_core.whatsapp.model import InboundHandler
from app.composition.backends import Backend, WhatsAppOptInStore
from app.settings import Settings
from app.whatsapp.status import channel_status
from app.whatsapp.webhook import WhatsAppWebhook


@dataclass
class WhatsAppChannel:
    webhook: WhatsAppWebhook
    delivery: WhatsAppDelivery | None
    """Set on the outbox worker (``OutboxWorker.whatsapp``); ``None``: the channel is off."""
    status_line: str
    """What the admin settings page shows."""
    sender: CloudWhatsAppSender | LoggingWhatsAppSender | None = None
    _fallbacks: set[asyncio.Task[object]] = field(default_factory=set)

    async def aclose(self) -> None:
        """Close the Cloud API client (the container's close)."""
        if self.sender is not None:
            await self.sender.aclose()


def _sender(settings: Settings) -> CloudWhatsAppSender | LoggingWhatsAppSender | None:
    whatsapp = settings.whatsapp
    if whatsapp.enabled:
        return CloudWhatsAppSender(
            whatsapp.api_url, whatsapp.api_version, whatsapp.phone_number_id, whatsapp.access_token
        )
    if settings.demo and not settings.production:
        return LoggingWhatsAppSender()
    return None


def build_whatsapp(
    settings: Settings,
    backend: Backend,
    worker: OutboxWorker,
    opt_ins: WhatsAppOptInStore,
    inbox: InboundHandler,
    clock: Clock,
) -> WhatsAppChannel:
    sender = _sender(settings)
    whatsapp = settings.whatsapp
    if sender is None:
        return WhatsAppChannel(WhatsAppWebhook("", "", None, clock), None, whatsapp.status_line)
    wording = Wording(fallback_after=whatsapp.fallback_after)
    messages = backend.whatsapp_messages
    delivery = WhatsAppDelivery(
        sender, messages, opt_ins, opt_ins, backend.store.unit_of_work, clock=clock, wording=wording
    )
    worker.whatsapp = delivery
    channel = WhatsAppChannel(WhatsAppWebhook("", "", None, clock), delivery, channel_status(settings)[1], sender)

    async def fallback_now(message_id: str) -> None:
        # In the background: the webhook answers Meta at once, the SMS goes meanwhile.
        task: asyncio.Task[object] = asyncio.create_task(worker.send_now(message_id))
        channel._fallbacks.add(task)
        task.add_done_callback(channel._fallbacks.discard)

    events = WebhookEvents(messages, inbox, fallback_now)
    channel.webhook = WhatsAppWebhook(whatsapp.app_secret, whatsapp.verify_token, events, clock)
    return channel
