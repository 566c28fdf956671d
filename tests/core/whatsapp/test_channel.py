"""The channel choice (opt-in), the 24-hour window (template or free-form) and the fallback SMS's timing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.messaging.outbox import NOT_NEEDED, OutboxWorker, Pacing
from agency_core.records import Channel, OutboxMessage, OutboxStatus
from agency_core.whatsapp.channel import (
    DEFAULT_TEMPLATE,
    Template,
    WhatsAppOut,
    choose_channel,
    compose,
    fallback_id,
    handover,
    whatsapp_id_of,
    window_open,
)
from agency_core.whatsapp.delivery import HANDED_OVER, WhatsAppDelivery, Wording
from agency_core.whatsapp.model import MessageState, OptIn
from tests.core.messaging.test_outbox import Clock, FakeGateway
from tests.core.whatsapp.fakes import ClaimingOutbox, FakeMessages, FakeOptIns, FakeOutboxUnit, FakeSender
from tests.support.clock import NOW

PHONE = "+233241234567"
OTHER = "+233201234567"
OPTED_IN = OptIn(PHONE, NOW - timedelta(days=1), "apply", "v1")
FALLBACK = timedelta(minutes=15)


def text(id: str = "app-1-0", phone: str = PHONE) -> OutboxMessage:
    return outbox_messages.sms(
        id=id, source_id="app-1", kind="status", phone=phone, text="Your status: Shortlisted", now=NOW
    )


def test_an_opted_in_phone_gets_whatsapp_and_every_other_sms() -> None:
    assert choose_channel(text(), OPTED_IN, whatsapp_on=True) is Channel.WHATSAPP
    assert choose_channel(text(), None, whatsapp_on=True) is Channel.SMS
    stopped = OptIn(PHONE, NOW - timedelta(days=2), "apply", "v1", opted_out_at=NOW - timedelta(days=1))
    assert choose_channel(text(), stopped, whatsapp_on=True) is Channel.SMS
    assert choose_channel(text(phone=OTHER), OPTED_IN, whatsapp_on=True) is Channel.SMS


def test_the_channel_off_keeps_sms_and_an_email_stays_an_email() -> None:
    assert choose_channel(text(), OPTED_IN, whatsapp_on=False) is Channel.SMS
    mail = outbox_messages.email(id="m-1", source_id="app-1", mail=Email(PHONE, "Subject", "Body"), now=NOW)
    assert choose_channel(mail, OPTED_IN, whatsapp_on=True) is Channel.EMAIL


def test_the_handover_gives_a_whatsapp_row_and_its_fallback_scheduled_later() -> None:
    whatsapp, fallback = handover(text(), NOW, FALLBACK)
    assert (whatsapp.id, whatsapp.channel, whatsapp.next_attempt_at) == ("app-1-0~wa", Channel.WHATSAPP, NOW)
    assert (fallback.id, fallback.channel) == ("app-1-0~wa~sms", Channel.SMS)
    assert fallback.next_attempt_at == NOW + FALLBACK
    assert fallback.text == whatsapp.text == "Your status: Shortlisted"
    assert whatsapp_id_of(fallback) == whatsapp.id
    assert whatsapp_id_of(text()) is None
    assert choose_channel(fallback, OPTED_IN, whatsapp_on=True) is Channel.SMS


async def test_every_kind_is_handed_over_by_the_one_choice() -> None:
    kinds = ["status", "appointment", "appointment_reminder", "pipeline_stage", "welfare_check_in"]
    messages = [outbox_messages.sms(id=f"x-{k}", source_id="x", kind=k, phone=PHONE, text="t", now=NOW) for k in kinds]
    h = Harness(messages)
    assert await h.worker.run_once() == len(kinds)
    assert h.sms.sent == []
    assert {m.kind for m in h.outbox.rows.values() if m.channel is Channel.WHATSAPP} == set(kinds)
    for k in kinds:
        assert h.row(f"x-{k}").status is OutboxStatus.FAILED
        assert h.row(f"x-{k}").last_error == f"{HANDED_OVER} (x-{k}~wa)"


async def test_a_phone_without_an_opt_in_keeps_its_sms() -> None:
    h = Harness([text("app-2-0", OTHER)])
    assert await h.worker.run_once() == 1
    assert [key for _, _, key in h.sms.sent] == ["app-2-0"]
    assert h.sender.sent == []


def test_free_form_only_inside_the_24_hour_window() -> None:
    inside = compose(text(), NOW - timedelta(hours=23, minutes=59), NOW)
    assert inside == WhatsAppOut(PHONE, text="Your status: Shortlisted")
    outside = compose(text(), NOW - timedelta(hours=24), NOW)
    assert outside == WhatsAppOut(PHONE, template=Template(DEFAULT_TEMPLATE, "en", ("Your status: Shortlisted",)))
    assert compose(text(), None, NOW).template is not None
    assert not window_open(None, NOW)


def test_a_send_is_text_or_template_never_both() -> None:
    with pytest.raises(ValueError, match="either"):
        WhatsAppOut(PHONE)
    with pytest.raises(ValueError, match="either"):
        WhatsAppOut(PHONE, text="x", template=Template("t", "en", ()))


WA = "app-1-0~wa"


class Harness:
    def __init__(self, messages: list[OutboxMessage] | None = None) -> None:
        self.clock = Clock()
        self.clock.now = NOW
        self.outbox = ClaimingOutbox(messages if messages is not None else [text()])
        self.sms = FakeGateway()
        self.sender = FakeSender()
        self.states = FakeMessages()
        self.worker = OutboxWorker(self.outbox, self.sms, clock=self.clock, pacing=Pacing(lease_s=30))
        self.worker.whatsapp = WhatsAppDelivery(
            self.sender,
            self.states,
            self.states,
            FakeOptIns(OPTED_IN),
            lambda: FakeOutboxUnit(self.outbox),
            clock=self.clock,
            wording=Wording(fallback_after=FALLBACK),
        )

    def row(self, id: str) -> OutboxMessage:
        return self.outbox.rows[id]

    async def hand_over_and_send(self) -> None:
        assert await self.worker.run_once() == 1  # the SMS row: handed over
        assert await self.worker.run_once() == 1  # its WhatsApp row: sent


async def test_delivered_in_time_the_fallback_never_goes() -> None:
    h = Harness()
    await h.hand_over_and_send()
    assert len(h.sender.sent) == 1
    assert h.sms.sent == []
    await h.states.report("wamid.1", MessageState.DELIVERED, NOW)
    h.clock.advance(FALLBACK.total_seconds())
    assert await h.worker.run_once() == 1
    assert h.sms.sent == []
    assert h.row(fallback_id(WA)).status is OutboxStatus.FAILED
    assert h.row(fallback_id(WA)).last_error == NOT_NEEDED


async def test_not_delivered_within_n_minutes_the_sms_goes_once() -> None:
    h = Harness()
    await h.hand_over_and_send()
    await h.states.report("wamid.1", MessageState.SENT, NOW)
    h.clock.advance(FALLBACK.total_seconds() - 1)
    assert await h.worker.run_once() == 0
    assert h.sms.sent == []
    h.clock.advance(1)
    assert await h.worker.run_once() == 1
    assert [key for _, _, key in h.sms.sent] == [fallback_id(WA)]
    h.clock.advance(3600)
    assert await h.worker.run_once() == 0
    assert len(h.sms.sent) == 1


async def test_read_after_sent_also_stops_the_fallback() -> None:
    h = Harness()
    await h.hand_over_and_send()
    await h.states.report("wamid.1", MessageState.READ, NOW)
    h.clock.advance(FALLBACK.total_seconds())
    await h.worker.run_once()
    assert h.sms.sent == []


async def test_a_refused_whatsapp_send_sends_its_sms_at_once() -> None:
    h = Harness()
    h.sender.down = True
    await h.hand_over_and_send()
    assert h.row(WA).status is OutboxStatus.FAILED
    assert [key for _, _, key in h.sms.sent] == [fallback_id(WA)]
    assert h.row(fallback_id(WA)).status is OutboxStatus.DELIVERED
    h.clock.advance(FALLBACK.total_seconds())
    assert await h.worker.run_once() == 0
    assert len(h.sms.sent) == 1


async def test_the_send_inside_the_window_is_free_form() -> None:
    h = Harness()
    await h.states.saw_inbound(PHONE, NOW - timedelta(hours=2))
    await h.hand_over_and_send()
    out, key = h.sender.sent[0]
    assert out.text == "Your status: Shortlisted"
    assert out.template is None
    assert key == WA
    assert await h.states.state_of(WA) is MessageState.SENT
    assert h.row(WA).status is OutboxStatus.DELIVERED
