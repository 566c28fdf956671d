"""Staff's WhatsApp replies in the core (issue 48 item 4): free text only inside the 24-hour window
after the phone's last message, the template only to a standing opt-in; a reply's channel and text
checked; what a thread's reply box is told."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from agency_core.errors import Conflict, Rejected
from agency_core.staff.notes import (
    NO_PHONE_TO_REPLY,
    WHATSAPP_REPLY_MAX_LENGTH,
    WHATSAPP_REPLY_TOO_LONG,
    ReplyChannel,
    check_reply,
)
from agency_core.whatsapp.inbound import NO_WHATSAPP_MESSAGE, OUTSIDE_WINDOW
from agency_core.whatsapp.model import InboundMessage, OptIn
from agency_core.whatsapp.replies import NOT_A_WHATSAPP_THREAD, NOT_OPTED_IN, WhatsAppReplyRule
from tests.core.whatsapp.test_optins_inbound import PHONE, MemoryOptIns
from tests.support.clock import NOW


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


async def rule_after(written: datetime | None, opted_in: bool) -> tuple[WhatsAppReplyRule, Clock]:
    store, clock = MemoryOptIns(), Clock()
    if written is not None:
        await store.claim(InboundMessage("wamid.1", PHONE, written, "text", "hello"))
    if opted_in:
        await store.record(OptIn(PHONE, NOW - timedelta(days=3), "apply", "whatsapp-opt-in-v1"))
    return WhatsAppReplyRule(store, store, clock), clock


async def test_free_text_only_inside_the_window() -> None:
    rule, clock = await rule_after(NOW, opted_in=True)
    await rule.free_text(PHONE)
    clock.now = NOW + timedelta(hours=23, minutes=59)
    await rule.free_text(PHONE)
    clock.now = NOW + timedelta(hours=24)
    with pytest.raises(Conflict, match=OUTSIDE_WINDOW):
        await rule.free_text(PHONE)
    never, _ = await rule_after(None, opted_in=True)
    with pytest.raises(Conflict, match=NO_WHATSAPP_MESSAGE):
        await never.free_text(PHONE)


async def test_the_template_only_to_a_standing_opt_in_that_wrote() -> None:
    rule, _ = await rule_after(NOW - timedelta(days=5), opted_in=True)
    await rule.template(PHONE)
    not_opted, _ = await rule_after(NOW, opted_in=False)
    with pytest.raises(Conflict, match=NOT_OPTED_IN):
        await not_opted.template(PHONE)
    stopped, _ = await rule_after(NOW, opted_in=True)
    await stopped.opt_ins.opt_out(PHONE, NOW)
    with pytest.raises(Conflict, match=NOT_OPTED_IN):
        await stopped.template(PHONE)
    silent, _ = await rule_after(None, opted_in=True)
    with pytest.raises(Conflict, match=NOT_A_WHATSAPP_THREAD):
        await silent.template(PHONE)


async def test_the_window_a_thread_is_told() -> None:
    rule, clock = await rule_after(NOW - timedelta(hours=2), opted_in=False)
    window = await rule.window(PHONE)
    assert window is not None
    assert (window.open, window.opted_in, window.closes_at) == (True, False, NOW + timedelta(hours=22))
    assert (await rule.window(PHONE)) == window
    clock.now = NOW + timedelta(hours=22)
    closed = await rule.window(PHONE)
    assert closed is not None
    assert not closed.open
    assert await rule.window("+233200000000") is None
    assert await rule.window("") is None


def test_a_reply_s_whatsapp_channels_are_checked() -> None:
    assert check_reply("whatsapp", " Come on Monday ", False, True) == (ReplyChannel.WHATSAPP, "Come on Monday")
    assert check_reply("whatsapp-template", "ignored", True, True) == (ReplyChannel.WHATSAPP_TEMPLATE, "")
    with pytest.raises(Rejected) as too_long:
        check_reply("whatsapp", "x" * (WHATSAPP_REPLY_MAX_LENGTH + 1), False, True)
    assert too_long.value.errors == {"text": WHATSAPP_REPLY_TOO_LONG}
    with pytest.raises(Rejected) as no_phone:
        check_reply("whatsapp-template", "", True, False)
    assert no_phone.value.errors == {"channel": NO_PHONE_TO_REPLY}
