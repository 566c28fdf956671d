"""Staff answer a WhatsApp message from the admin area (issue 48 item 4): the rule and what a thread shows.

A thread is a WhatsApp thread when its sender's phone has written on WhatsApp (the inbound log knows
its last message). Inside the 24-hour customer-service window staff may answer in free text
(:func:`~agency_core.whatsapp.inbound.check_window`, a :class:`~agency_core.errors.Conflict`
otherwise); outside it only the approved template goes, carrying the staff-editable text
:data:`TEMPLATE_KEY`, and only to a phone whose opt-in stands. :class:`WhatsAppReplyRule` is what
:class:`~agency_core.staff.notes_service.NotesService` asks before it queues either.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from agency_core.clock import Clock, utc_now
from agency_core.errors import Conflict
from agency_core.whatsapp.channel import SERVICE_WINDOW, InboundTimes, window_open
from agency_core.whatsapp.inbound import check_window
from agency_core.whatsapp.model import OptInStore

TEMPLATE_KEY: Final = "sms.whatsapp.reply_template"
"""The staff-editable text the template message carries (``agency_core.messaging.templates``)."""
NOT_OPTED_IN: Final = "The applicant has no standing WhatsApp opt-in: a template message cannot go to this number."
NOT_A_WHATSAPP_THREAD: Final = "The sender has not written on WhatsApp: reply by e-mail or SMS."


@dataclass(frozen=True, slots=True)
class ThreadWindow:
    """What a WhatsApp thread's reply box is told."""

    last_inbound: datetime
    closes_at: datetime
    open: bool
    """Free text may go now."""
    opted_in: bool
    """The phone's opt-in stands: a template may go."""


class WhatsAppReplyRule:
    """Whether, and how, staff may answer a phone on WhatsApp now."""

    def __init__(self, inbound: InboundTimes, opt_ins: OptInStore, clock: Clock = utc_now) -> None:
        self.inbound = inbound
        self.opt_ins = opt_ins
        self.clock = clock

    async def window(self, phone: str) -> ThreadWindow | None:
        """``None``: the phone never wrote on WhatsApp (not a WhatsApp thread)."""
        last = await self.inbound.last_inbound(phone) if phone else None
        if last is None:
            return None
        opt_in = await self.opt_ins.current(phone)
        now = self.clock()
        return ThreadWindow(last, last + SERVICE_WINDOW, window_open(last, now), opt_in is not None and opt_in.active)

    async def free_text(self, phone: str) -> None:
        """A free-text reply goes only inside the window (409 otherwise)."""
        check_window(await self.inbound.last_inbound(phone) if phone else None, self.clock())

    async def template(self, phone: str) -> None:
        """The template goes only to a phone that wrote on WhatsApp and whose opt-in stands (409 otherwise)."""
        if phone == "" or await self.inbound.last_inbound(phone) is None:
            raise Conflict(NOT_A_WHATSAPP_THREAD)
        opt_in = await self.opt_ins.current(phone)
        if opt_in is None or not opt_in.active:
            raise Conflict(NOT_OPTED_IN)
