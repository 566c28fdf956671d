"""The senders used without a gateway or SMTP host (any mode: demo, development, log-only
production) log a masked recipient and never the text: names, addresses and links with tokens."""

from __future__ import annotations

import logging

import pytest

from adapters.email_log import LoggingEmailSender
from adapters.sms_log import LoggingSmsGateway
from agency_core.messaging.email import Email

LINK = "https://www.vandytravel.example/appointment?token=Zx81kq0-secret-token"


async def test_the_logging_gateway_logs_the_masked_phone_and_no_text(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    text = f"Dear Abena Owusu (abena@example.com), change or cancel: {LINK}"
    result = await LoggingSmsGateway().send("+233241234567", text, "VA123-0")
    assert result.success
    (line,) = [r.getMessage() for r in caplog.records if r.name == "adapters.sms_log"]
    assert line == f"SMS (no gateway configured, not sent) VA123-0 to +2332******67: {len(text)} characters"


async def test_the_logging_sender_logs_the_masked_address_and_no_subject_or_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    email = Email("abena@example.com", "Abena Owusu, your appointment", f"Change or cancel: {LINK}")
    await LoggingEmailSender().send(email, "AP42-mail-0")
    (line,) = [r.getMessage() for r in caplog.records if r.name == "adapters.email_log"]
    assert line == "E-mail (no SMTP host configured, not sent) AP42-mail-0 to a***@example.com"
