"""Replies to contact messages from the admin area: by e-mail through the outbox to a real local
SMTP server (from the agency's address, "Re: <subject>"), by SMS to the local gateway when only a
phone was given; each kept in the message's thread with who sent it, and audited."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, TypeVar

import pytest

from agency_core.records import ContactMessage
from agency_core.spec.forms import ContactForm, form_of
from agency_core.staff.notes import (
    CHANNEL_MUST_BE,
    NO_EMAIL_TO_REPLY,
    NO_PHONE_TO_REPLY,
    REPLY_REQUIRED,
    SMS_REPLY_MAX_LENGTH,
    SMS_REPLY_TOO_LONG,
)
from app.api_settings import ApiSettings, OutboxSettings
from app.settings import DEFAULT_EMAIL_SENDER, SmsSettings, SmtpSettings
from tests.admin.area import T0, audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support import writes
from tests.support.sms_gateway import SmsGatewayServer
from tests.support.smtp_server import SmtpServer

T = TypeVar("T")
URL = "/api/admin/messages"
FAST = OutboxSettings(lease_s=5, retry_base_s=0.05, retry_cap_s=0.2, max_attempts=50, poll_s=0.05)


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


async def harness(make_harness: MakeHarness, smtp: SmtpServer, sms: SmsGatewayServer) -> AdminHarness:
    return await signed_in(
        make_harness,
        smtp=SmtpSettings(host="127.0.0.1", port=smtp.port, starttls=False),
        sms=SmsSettings(base_url=sms.base_url, api_key="test-key"),
        api=replace(ApiSettings(), rate_limit_per_minute=0, outbox=FAST),
    )


async def add_message(h: AdminHarness, message_id: str, **data: Any) -> None:
    values = {
        "name": "Abena Owusu",
        "subject": "Visa for Qatar",
        "message": "How long does a visa take?\nThanks",
        **data,
    }
    await writes.add_contact_message(container(h).store, ContactMessage(message_id, form_of(ContactForm, values), T0))


async def until(seen: Callable[[], list[T]]) -> list[T]:
    """What ``seen`` returns once it holds something (the app's outbox runs on this event loop)."""
    for _ in range(300):
        if got := seen():
            return got
        await asyncio.sleep(0.05)
    raise AssertionError("nothing arrived")


async def wait_for_delivery(h: AdminHarness, message_id: str) -> dict[str, Any]:
    for _ in range(200):
        thread: dict[str, Any] = (await h.client.get(f"{URL}/{message_id}")).json()
        if thread["replies"] and all(r["delivery"] == "delivered" for r in thread["replies"]):
            return thread
        await asyncio.sleep(0.05)
    raise AssertionError("the reply was not delivered")


async def test_an_email_reply_reaches_the_smtp_server_and_shows_in_the_thread(
    make_harness: MakeHarness, smtp: SmtpServer, sms_server: SmsGatewayServer
) -> None:
    h = await harness(make_harness, smtp, sms_server)
    await add_message(h, "M1", email="abena@example.com", phone="+233241234567")
    before = (await h.client.get(f"{URL}/M1")).json()
    assert (before["message"]["subject"], before["replies"]) == ("Visa for Qatar", [])

    sent = await h.unsafe("POST", f"{URL}/M1/replies", json={"text": "About two weeks.\nAma"})
    assert sent.status_code == 201, sent.text
    (reply,) = sent.json()["replies"]
    assert (reply["channel"], reply["recipient"], reply["subject"], reply["text"]) == (
        "email",
        "abena@example.com",
        "Re: Visa for Qatar",
        "About two weeks.\nAma",
    )
    assert (reply["sender"], reply["senderName"]) == ("admin@vandytravel.com", "Admin User")

    (mail,) = await until(smtp.received)
    assert (mail["To"], mail["Subject"], mail["From"]) == (
        "abena@example.com",
        "Re: Visa for Qatar",
        DEFAULT_EMAIL_SENDER,
    )
    body = mail.get_payload(decode=True).decode()
    assert "Dear Abena Owusu,\n\nAbout two weeks.\nAma\n" in body.replace("\r\n", "\n")
    assert "> How long does a visa take?" in body
    thread = await wait_for_delivery(h, "M1")
    assert [r["id"] for r in thread["replies"]] == [reply["id"]]
    assert sms_server.delivered() == []
    assert [e["target"] for e in await audit_actions(h) if e["action"] == "message.reply"] == [
        f"M1: email {reply['id']}"
    ]


async def test_a_reply_that_greets_the_reader_itself_reaches_them_with_one_greeting(
    make_harness: MakeHarness, smtp: SmtpServer, sms_server: SmsGatewayServer
) -> None:
    h = await harness(make_harness, smtp, sms_server)
    await add_message(h, "M3", email="abena@example.com")
    text = "Good morning Abena,\n\nAbout two weeks."
    assert (await h.unsafe("POST", f"{URL}/M3/replies", json={"text": text})).status_code == 201
    (mail,) = await until(smtp.received)
    body = mail.get_payload(decode=True).decode().replace("\r\n", "\n")
    assert body.startswith("Good morning Abena,\n\nAbout two weeks.\n")
    assert "Dear" not in body


async def test_an_sms_reply_reaches_the_gateway_when_only_a_phone_was_given(
    make_harness: MakeHarness, smtp: SmtpServer, sms_server: SmsGatewayServer
) -> None:
    h = await harness(make_harness, smtp, sms_server)
    await add_message(h, "M2", phone="024 123 4567")
    refused = await h.unsafe("POST", f"{URL}/M2/replies", json={"channel": "email", "text": "Hello"})
    assert (refused.status_code, refused.json()) == (422, {"errors": {"channel": NO_EMAIL_TO_REPLY}})
    sent = await h.unsafe("POST", f"{URL}/M2/replies", json={"text": "Please call the office."})
    assert sent.status_code == 201, sent.text
    (reply,) = sent.json()["replies"]
    assert (reply["channel"], reply["recipient"], reply["subject"]) == ("sms", "+233241234567", "")
    (sms,) = await until(sms_server.delivered)
    assert (sms.phone, sms.message) == ("+233241234567", "Please call the office.")
    await wait_for_delivery(h, "M2")
    assert smtp.received() == []
    assert [e["target"] for e in await audit_actions(h) if e["action"] == "message.reply"] == [f"M2: sms {reply['id']}"]


async def test_a_reply_is_checked_and_a_stranger_gets_nothing(
    make_harness: MakeHarness, smtp: SmtpServer, sms_server: SmsGatewayServer
) -> None:
    h = await harness(make_harness, smtp, sms_server)
    await add_message(h, "M3", email="abena@example.com")
    for body, errors in (
        ({"text": " "}, {"text": REPLY_REQUIRED}),
        ({"channel": "fax", "text": "x"}, {"channel": CHANNEL_MUST_BE}),
        ({"channel": "sms", "text": "x"}, {"channel": NO_PHONE_TO_REPLY}),
    ):
        refused = await h.unsafe("POST", f"{URL}/M3/replies", json=body)
        assert (refused.status_code, refused.json()) == (422, {"errors": errors})
    await add_message(h, "M4", phone="+233241234567")
    long = await h.unsafe(
        "POST", f"{URL}/M4/replies", json={"channel": "sms", "text": "x" * (SMS_REPLY_MAX_LENGTH + 1)}
    )
    assert long.json() == {"errors": {"text": SMS_REPLY_TOO_LONG}}
    missing = await h.unsafe("POST", f"{URL}/M9/replies", json={"text": "x"})
    assert (missing.status_code, missing.json()) == (404, {"message": "Message not found"})
    assert (await h.client.get(f"{URL}/M9")).status_code == 404
    thread = await h.client.get(f"{URL}/M3")
    assert "no-store" in thread.headers["cache-control"]
    assert thread.json()["replies"] == []
    await h.sign_out()
    assert (await h.client.get(f"{URL}/M3")).status_code == 401
    assert (await h.unsafe("POST", f"{URL}/M3/replies", json={"text": "x"})).status_code == 401
    assert smtp.received() == []
