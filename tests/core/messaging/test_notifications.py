from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict

import pytest

from adapters.sms_http import HttpSmsGateway
from agency_core import ApplicationAlert, ApplicationStatus, notify_application, send_status_sms
from agency_core.messaging.outcomes import NotSent
from agency_core.ports import SendResult
from tests.support.sms_gateway import SmsGatewayServer

ADMINS = ("+233241234567", "+233207654321", "+971501234567", "+971557654321")
ALERT = ApplicationAlert("Ama Owusu", "ama@example.com", "+233501112222", "Healthcare & Medical", "Qatar", "VA1")


class RecordingGateway:
    """A fake in the cosmicpython manner: it records what it was asked to send."""

    def __init__(self, failing: frozenset[str] = frozenset()) -> None:
        self.sent: dict[str, list[str]] = defaultdict(list)
        self.order: list[str] = []
        self.failing = failing

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        self.order.append(phone)
        if phone in self.failing:
            return SendResult(False, "Insufficient credit")
        self.sent[phone].append(message)
        return SendResult(True, "queued", {"id": len(self.order)})


async def test_applicant_is_texted_first_then_every_admin() -> None:
    gateway = RecordingGateway()
    result = await notify_application(gateway, ALERT, ADMINS)
    assert gateway.order[0] == ALERT.phone
    assert sorted(gateway.order[1:]) == sorted(ADMINS)
    assert "received" in gateway.sent[ALERT.phone][0]
    assert all(gateway.sent[p][0].startswith("NEW JOB APPLICATION") for p in ADMINS)
    assert result.applicant.message == "Application status SMS sent successfully"
    assert [r.message for r in result.admins] == ["Admin notification SMS sent successfully"] * 4


async def test_one_failing_admin_number_stops_none_of_the_others(caplog: pytest.LogCaptureFixture) -> None:
    gateway = RecordingGateway(failing=frozenset({ADMINS[1]}))
    with caplog.at_level(logging.WARNING):
        result = await notify_application(gateway, ALERT, ADMINS)
    assert [r.success for r in result.admins] == [True, False, True, True]
    assert result.admins[1].message == "Insufficient credit"
    assert set(gateway.sent) == {ALERT.phone, ADMINS[0], ADMINS[2], ADMINS[3]}
    assert "Failed to send SMS to +2332******21" in caplog.text


async def test_status_sms_reports_the_spec_success_message() -> None:
    gateway = RecordingGateway()
    result = await send_status_sms(gateway, "+233241234567", "Yaw", ApplicationStatus.APPROVED)
    assert result.success
    assert result.message == "Application status SMS sent successfully"
    assert "Congratulations Yaw" in gateway.sent["+233241234567"][0]


async def test_admin_sends_overlap_against_a_slow_real_gateway(sms_server: SmsGatewayServer) -> None:
    sms_server.behaviour.delay_s = 0.4
    gateway = HttpSmsGateway(sms_server.base_url, "key", "VANDY")
    try:
        started = time.monotonic()
        result = await notify_application(gateway, ALERT, ADMINS)
        elapsed = time.monotonic() - started
    finally:
        await gateway.aclose()
    assert result.applicant.success
    assert all(r.success for r in result.admins)
    # One applicant send, then four admin sends side by side: about 2 x 0.4 s, not 5 x 0.4 s.
    assert elapsed < 1.4, elapsed
    admin_arrivals = sorted(r.received_at for r in sms_server.requests if r.phone in ADMINS)
    assert admin_arrivals[-1] - admin_arrivals[0] < 0.3


async def test_concurrent_notifications_do_not_interfere() -> None:
    gateway = RecordingGateway()
    await asyncio.gather(*(notify_application(gateway, ALERT, ADMINS) for _ in range(10)))
    assert len(gateway.order) == 50


async def test_the_library_call_refuses_an_invalid_phone_without_a_gateway_request(
    sms_server: SmsGatewayServer,
) -> None:
    gateway = HttpSmsGateway(sms_server.base_url, "key", "VANDY", 5.0)
    try:
        result = await send_status_sms(gateway, "not a phone", "Ama", ApplicationStatus.APPROVED)
        assert result == NotSent("", "Enter a valid phone number")
        assert sms_server.delivered() == []
        sent = await send_status_sms(gateway, "0241234567", "Ama", ApplicationStatus.APPROVED)
        assert sent.success
        (delivered,) = sms_server.wait_for(1)
        assert delivered.phone == "+233241234567"
    finally:
        await gateway.aclose()


async def test_notify_application_sends_local_numbers_in_e164_and_refuses_bad_ones() -> None:
    gateway = RecordingGateway()
    alert = ApplicationAlert("Ama Owusu", "ama@example.com", "0501112222", "Healthcare & Medical", "Qatar", "VA1")
    result = await notify_application(gateway, alert, ("024 123 4567", "nope"))
    assert gateway.order == ["+233501112222", "+233241234567"]
    assert result.admins[1] == SendResult(False, "Enter a valid phone number")


async def test_the_library_call_sends_an_idempotency_key_so_a_repeat_is_not_texted_twice(
    sms_server: SmsGatewayServer,
) -> None:
    gateway = HttpSmsGateway(sms_server.base_url, "key", "VANDY", 5.0)
    try:
        first = await send_status_sms(gateway, "0241234567", "Ama", ApplicationStatus.APPROVED)
        again = await send_status_sms(gateway, "+233241234567", "Ama", ApplicationStatus.APPROVED)
        given = await send_status_sms(
            gateway, "050 123 4567", "Ama", ApplicationStatus.APPROVED, region="AE", idempotency_key="job-7"
        )
        ambiguous = await send_status_sms(gateway, "050 123 4567", "Ama", ApplicationStatus.APPROVED)
    finally:
        await gateway.aclose()
    assert first.key == again.key
    assert first.key.startswith("sms-status-approved-")
    assert (first.state, again.state, given.key) == ("sent", "sent", "job-7")
    assert [r.replayed for r in sms_server.requests] == [False, True, False]
    assert [r.idempotency_key for r in sms_server.requests] == [first.key, first.key, "job-7"]
    assert sms_server.requests[2].phone == "+971501234567"
    assert ambiguous.state == "not_sent"
    assert "+233501234567, +971501234567" in ambiguous.message
