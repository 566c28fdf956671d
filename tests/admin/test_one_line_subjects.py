"""E-mail subjects against the app and a real local SMTP server (aiosmtpd): staff cannot save a
subject with a line break, and a confirmation e-mail stored with such a subject (before the rule)
is sent with its subject on one line instead of failing at every attempt."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace

import pytest

from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.records import OutboxStatus
from app.api_settings import ApiSettings, OutboxSettings
from app.settings import SmtpSettings
from tests.admin.area import container, signed_in
from tests.admin.conftest import MakeHarness
from tests.support.clock import NOW
from tests.support.smtp_server import SmtpServer

URL = "/api/admin/templates/email.application.subject"
FAST = OutboxSettings(lease_s=5, retry_base_s=0.05, retry_cap_s=0.2, max_attempts=5, poll_s=0.05)


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


async def test_a_subject_with_a_line_break_is_refused_when_staff_save_it(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    broken = "Your application\n{application_id}"
    preview = await h.unsafe("POST", f"{URL}/preview", json={"text": broken})
    assert preview.json()["error"] == "A subject must be one line: remove the line break"
    saved = await h.unsafe("PUT", URL, json={"text": broken})
    assert (saved.status_code, saved.json()) == (
        422,
        {"errors": {"text": "A subject must be one line: remove the line break"}},
    )
    assert (await h.client.get(URL)).json()["versions"] == []


async def test_a_stored_message_with_a_broken_subject_is_sent_on_one_line_not_failed_for_ever(
    make_harness: MakeHarness, smtp: SmtpServer
) -> None:
    h = await signed_in(
        make_harness,
        smtp=SmtpSettings(host="127.0.0.1", port=smtp.port, starttls=False),
        api=replace(ApiSettings(), rate_limit_per_minute=0, outbox=FAST),
    )
    now = NOW  # the app's clock starts there (``make_harness``): the mail is due at once
    stored = json.dumps({"subject": "Your application\nVA1795479503425", "text": "Dear Ama,", "headers": []})
    mail = Email("ama@example.com", "Your application VA1795479503425", "Dear Ama,")
    message = replace(
        outbox_messages.email(id="VA1795479503425-mail", source_id="VA1795479503425", mail=mail, now=now), text=stored
    )
    async with container(h).store.unit_of_work() as uow:
        await uow.outbox.enqueue([message])
    container(h).outbox_worker.wake()
    (received,) = await asyncio.to_thread(smtp.wait_for, 1, 15.0)
    assert str(received["Subject"]) == "Your application VA1795479503425"
    assert str(received["To"]) == "ama@example.com"
    for _ in range(100):
        sent = await container(h).store.outbox.get(message.id)
        if sent is not None and sent.status is OutboxStatus.DELIVERED:
            break
        await asyncio.sleep(0.05)
    assert sent is not None
    assert (sent.status, sent.attempts) == (OutboxStatus.DELIVERED, 1)
