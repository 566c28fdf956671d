"""Issue 48 items 1, 2 and 4 in the core: an opt-in recorded from a ticked box only (when, which
form, which wording), STOP in any case opts out, inbound messages matched by phone into the inbox
(new, unread, once per WhatsApp id, media refused with a note) and the 24-hour reply window."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest

from agency_core.errors import Conflict, Rejected
from agency_core.ids import IdGenerator
from agency_core.records import ContactMessage
from agency_core.submitted import Accepted
from agency_core.unit_of_work import Writes
from agency_core.whatsapp.inbound import (
    MEDIA_REFUSED,
    NO_WHATSAPP_MESSAGE,
    OUTSIDE_WINDOW,
    STOPPED,
    UNKNOWN_SENDER,
    Applicant,
    WhatsAppInbox,
    check_window,
)
from agency_core.whatsapp.model import InboundMessage, OptIn
from agency_core.whatsapp.optins import (
    OPT_IN_NEEDS_PHONE,
    WHATSAPP_OPT_IN_VERSION,
    WHATSAPP_OPT_IN_WORDING_V1,
    WORDINGS,
    OptIns,
    is_stop,
    opt_in_of,
    view_of,
)
from tests.core.fakes import FakeUnitOfWork
from tests.support.clock import NOW

PHONE = "+233241234567"


class MemoryOptIns:
    """An ``OptInStore`` and ``InboundLog`` in memory."""

    def __init__(self) -> None:
        self.opt_ins: dict[str, OptIn] = {}
        self.inbound: dict[str, InboundMessage] = {}

    async def record(self, opt_in: OptIn) -> None:
        self.opt_ins[opt_in.phone] = opt_in

    async def opt_out(self, phone: str, at: datetime) -> None:
        current = self.opt_ins.get(phone)
        if current is not None and current.opted_out_at is None:
            self.opt_ins[phone] = replace(current, opted_out_at=at)

    async def current(self, phone: str) -> OptIn | None:
        return self.opt_ins.get(phone)

    async def claim(self, message: InboundMessage) -> bool:
        if message.wa_message_id in self.inbound:
            return False
        self.inbound[message.wa_message_id] = message
        return True

    async def forget(self, wa_message_id: str) -> None:
        self.inbound.pop(wa_message_id, None)

    async def last_inbound(self, phone: str) -> datetime | None:
        return max((m.at for m in self.inbound.values() if m.phone == phone), default=None)


class Applicants:
    def __init__(self, *found: Applicant) -> None:
        self.found = found

    async def by_phone(self, phone: str) -> Sequence[Applicant]:
        return [a for a in self.found if phone == PHONE]


def test_wording_names_the_agency_and_is_versioned() -> None:
    assert WHATSAPP_OPT_IN_WORDING_V1 == "Send me updates on WhatsApp from Vandy Travel and Recruitment Services"
    assert WORDINGS[WHATSAPP_OPT_IN_VERSION] == WHATSAPP_OPT_IN_WORDING_V1


@pytest.mark.parametrize("word", ["STOP", "stop", "  Stop \n", "sToP"])
def test_stop_in_any_case_trimmed(word: str) -> None:
    assert is_stop(word)


@pytest.mark.parametrize("word", ["STOP please", "", "S T O P", "unstop"])
def test_other_texts_are_not_stop(word: str) -> None:
    assert not is_stop(word)


def test_ticked_box_gives_the_opt_in_with_its_form_and_wording() -> None:
    data = {"phone": "024 123 4567", "phoneRegion": "GH", "whatsappOptIn": True}
    assert opt_in_of("book", data, NOW) == OptIn(PHONE, NOW, "book", WHATSAPP_OPT_IN_VERSION)
    multipart = {"phone": "+971501234567", "whatsappOptIn": "true"}
    assert opt_in_of("apply", multipart, NOW) == OptIn("+971501234567", NOW, "apply", WHATSAPP_OPT_IN_VERSION)


@pytest.mark.parametrize("box", [None, False, "false", ""])
def test_unticked_box_gives_nothing(box: object) -> None:
    assert opt_in_of("contact", {"phone": PHONE, "whatsappOptIn": box}, NOW) is None


def test_ticked_without_a_phone_is_refused_for_the_phone() -> None:
    with pytest.raises(Rejected) as refused:
        opt_in_of("contact", {"whatsappOptIn": True, "phone": "  "}, NOW)
    assert refused.value.errors == {"phone": OPT_IN_NEEDS_PHONE}


async def test_submitted_keeps_the_opt_in_only_when_the_record_was_stored() -> None:
    store = MemoryOptIns()
    opt_ins = OptIns(store, lambda: NOW)

    async def stored() -> Accepted:
        return Accepted("VA1")

    async def bot() -> Accepted:
        return Accepted("VA2", discarded=True)

    async def refused() -> Accepted:
        raise Rejected({"email": "Email is required"})

    assert (await opt_ins.submitted("contact", {"phone": PHONE}, stored)).id == "VA1"
    assert store.opt_ins == {}
    await opt_ins.submitted("contact", {"phone": PHONE, "whatsappOptIn": True}, bot)
    assert store.opt_ins == {}
    with pytest.raises(Rejected):
        await opt_ins.submitted("contact", {"phone": PHONE, "whatsappOptIn": True}, refused)
    assert store.opt_ins == {}
    await opt_ins.submitted("contact", {"phone": PHONE, "whatsappOptIn": True}, stored)
    assert store.opt_ins[PHONE] == OptIn(PHONE, NOW, "contact", WHATSAPP_OPT_IN_VERSION)
    assert await opt_ins.may_message(PHONE)


async def test_stop_opts_out_once_and_no_message_may_go() -> None:
    store = MemoryOptIns()
    await store.record(OptIn(PHONE, NOW, "apply", WHATSAPP_OPT_IN_VERSION))
    later = NOW + timedelta(hours=3)
    opt_ins = OptIns(store, lambda: later)
    assert await opt_ins.stop(PHONE)
    assert not await opt_ins.stop(PHONE)
    assert store.opt_ins[PHONE].opted_out_at == later
    assert not await opt_ins.may_message(PHONE)
    assert not await opt_ins.may_message("+233200000000")
    view = await opt_ins.view(PHONE)
    assert view is not None
    assert (view.channel, view.wording, view.opted_out_at) == ("sms", WHATSAPP_OPT_IN_WORDING_V1, later)
    assert view_of(OptIn(PHONE, NOW, "book", "gone-v0")).wording == ""


def _inbox(store: MemoryOptIns, *found: Applicant) -> tuple[WhatsAppInbox, FakeUnitOfWork]:
    uow = FakeUnitOfWork()
    writes = Writes(IdGenerator(lambda: 1_000), uow, lambda: NOW)
    return WhatsAppInbox(store, Applicants(*found), OptIns(store, lambda: NOW), writes), uow


def _stored(uow: FakeUnitOfWork) -> list[ContactMessage]:
    added: list[Any] = [w.args[0] for w in uow.writes if (w.repository, w.method) == ("contact_messages", "add")]
    return added


def _message(
    text: str = "Hello, any news?", wa_id: str = "wamid.1", kind: str = "text", phone: str = PHONE
) -> InboundMessage:
    return InboundMessage(wa_id, phone, NOW, kind, text, None if kind == "text" else "media-1")


async def test_inbound_matched_by_phone_lands_once_in_the_inbox() -> None:
    store = MemoryOptIns()
    inbox, uow = _inbox(store, Applicant("VA100", "Ama Mensah", "ama@example.com", "Kofi"))
    await inbox.received(_message())
    await inbox.received(_message())  # the same wa_message_id again
    [stored] = _stored(uow)
    assert stored.data.name == "Ama Mensah"
    assert stored.data.email == "ama@example.com"
    assert stored.data.phone == PHONE
    assert stored.data.message == "Hello, any news?"
    assert "VA100" in stored.data.subject
    assert "Kofi" in stored.data.subject
    assert stored.created_at == NOW


async def test_unknown_phone_lands_as_a_contact_style_message() -> None:
    inbox, uow = _inbox(MemoryOptIns())
    await inbox.received(_message(phone="+233209999999"))
    [stored] = _stored(uow)
    assert (stored.data.name, stored.data.email, stored.data.phone) == (UNKNOWN_SENDER, "", "+233209999999")


async def test_media_is_refused_with_a_clear_note_in_the_thread() -> None:
    inbox, uow = _inbox(MemoryOptIns())
    await inbox.received(_message("my passport", kind="image"))
    [stored] = _stored(uow)
    assert stored.data.message.startswith(MEDIA_REFUSED)
    assert "my passport" in stored.data.message


async def test_inbound_stop_opts_the_phone_out_and_shows_in_the_thread() -> None:
    store = MemoryOptIns()
    await store.record(OptIn(PHONE, NOW - timedelta(days=1), "apply", WHATSAPP_OPT_IN_VERSION))
    inbox, uow = _inbox(store)
    await inbox.received(_message(" stop "))
    assert store.opt_ins[PHONE].opted_out_at == NOW
    assert STOPPED in _stored(uow)[0].data.message


async def test_a_failed_store_forgets_the_claim_so_the_retry_lands() -> None:
    store = MemoryOptIns()
    inbox, uow = _inbox(store)
    uow.fail_next.append(RuntimeError("database away"))
    with pytest.raises(RuntimeError):
        await inbox.received(_message())
    await inbox.received(_message())
    assert len(_stored(uow)) == 1


async def test_reply_window_is_24_hours_from_the_last_inbound() -> None:
    store = MemoryOptIns()
    inbox, _ = _inbox(store)
    assert not await inbox.window_open(PHONE, NOW)
    await inbox.received(_message())
    assert await inbox.window_open(PHONE, NOW + timedelta(hours=23, minutes=59))
    assert not await inbox.window_open(PHONE, NOW + timedelta(hours=24))
    check_window(NOW, NOW + timedelta(hours=23))
    with pytest.raises(Conflict, match="24 hours"):
        check_window(NOW, NOW + timedelta(hours=24, seconds=1))
    with pytest.raises(Conflict) as none:
        check_window(None, NOW)
    assert str(none.value) == NO_WHATSAPP_MESSAGE or none.value.args[0] == NO_WHATSAPP_MESSAGE
    assert OUTSIDE_WINDOW.startswith("The applicant's last WhatsApp message")
