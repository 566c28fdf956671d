from __future__ import annotations

import asyncio
import socket

from adapters.sms_http import HttpSmsGateway, gateway_id_of
from agency_core.ports import Delivery
from tests.support.sms_gateway import SmsGatewayServer


async def send(base_url: str, timeout_s: float = 5.0) -> tuple[bool, str, object]:
    gateway = HttpSmsGateway(base_url, "secret-key", "VANDY", timeout_s=timeout_s)
    try:
        result = await gateway.send("+233241234567", "Hello")
    finally:
        await gateway.aclose()
    return result.success, result.message, result.data


async def test_posts_json_with_the_api_key_header(sms_server: SmsGatewayServer) -> None:
    ok, message, data = await send(sms_server.base_url)
    (request,) = sms_server.requests
    assert request.headers["api-key"] == "secret-key"
    assert request.headers["content-type"] == "application/json"
    assert request.body == {"sender": "VANDY", "message": "Hello", "recipients": ["+233241234567"]}
    assert (ok, message, data) == (True, "Message queued", {"id": "msg-1"})


async def test_an_error_status_returns_the_gateways_message(sms_server: SmsGatewayServer) -> None:
    sms_server.behaviour.status = 402
    sms_server.behaviour.error_body = {"message": "Insufficient balance"}
    assert await send(sms_server.base_url) == (False, "Insufficient balance", None)


async def test_an_error_without_message_falls_back(sms_server: SmsGatewayServer) -> None:
    sms_server.behaviour.status = 500
    sms_server.behaviour.error_body = {}
    assert await send(sms_server.base_url) == (False, "Failed to send SMS", None)


async def test_a_hanging_gateway_times_out_as_a_failure(sms_server: SmsGatewayServer) -> None:
    sms_server.behaviour.delay_s = 2.0
    assert await send(sms_server.base_url, timeout_s=0.3) == (False, "Failed to send SMS", None)


async def test_an_unreachable_gateway_is_a_failure_not_an_exception() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert await send(f"http://127.0.0.1:{port}") == (False, "Failed to send SMS", None)


async def test_the_connection_is_reused(sms_server: SmsGatewayServer) -> None:
    gateway = HttpSmsGateway(sms_server.base_url, "k", "VANDY")
    try:
        for _ in range(3):
            assert (await gateway.send("+233241234567", "x")).success
    finally:
        await gateway.aclose()
    assert len(sms_server.requests) == 3


async def test_each_failure_says_whether_the_gateway_may_have_the_text(sms_server: SmsGatewayServer) -> None:
    """Refused (an answer), unknown (sent, no answer) and not sent (never left) are told apart."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}"
    unreachable = HttpSmsGateway(closed, "k", "VANDY", timeout_s=2.0)
    slow = HttpSmsGateway(sms_server.base_url, "k", "VANDY", timeout_s=0.3)
    pooled = HttpSmsGateway(sms_server.base_url, "k", "VANDY", timeout_s=0.3, max_connections=1)
    try:
        never = await unreachable.send("+233241234567", "Hello", idempotency_key="k1")
        sms_server.behaviour.delay_s = 1.0
        lost = await slow.send("+233241234567", "Hello", idempotency_key="k2")
        first, queued = await asyncio.gather(
            pooled.send("+233241234567", "Hello", idempotency_key="k3"),
            pooled.send("+233241234568", "Hello", idempotency_key="k4"),
        )
        sms_server.behaviour.delay_s = 0.0
        sms_server.behaviour.status = 429
        sms_server.behaviour.error_body = {"message": "Too many requests"}
        refused = await slow.send("+233241234567", "Hello", idempotency_key="k5")
    finally:
        for gateway in (unreachable, slow, pooled):
            await gateway.aclose()
    assert (never.outcome, lost.outcome, first.outcome) == (Delivery.NOT_SENT, Delivery.UNKNOWN, Delivery.UNKNOWN)
    assert queued.outcome is Delivery.NOT_SENT  # the pool's wait ran out: the request never left
    assert (refused.outcome, refused.gateway_status, refused.message) == (Delivery.REFUSED, 429, "Too many requests")
    assert sms_server.wait_for(2)  # the two that left reached the gateway, the pooled one never did
    assert "k4" not in [r.idempotency_key for r in sms_server.requests]


async def test_each_message_asks_for_reports_at_the_callback_url_with_its_id(sms_server: SmsGatewayServer) -> None:
    report_url = "https://www.example.com/api/sms/delivery-reports?key=" + "k" * 40
    gateway = HttpSmsGateway(sms_server.base_url, "secret-key", "VANDY", report_url=report_url)
    try:
        result = await gateway.send("+233241234567", "Hello", idempotency_key="VA1-status approved-sms")
        without_key = await gateway.send("+233241234567", "Hello")
    finally:
        await gateway.aclose()
    first, second = sms_server.requests
    assert first.body["callback_url"] == report_url + "&message=VA1-status+approved-sms"
    assert "callback_url" not in second.body  # no outbox message to report on
    # Only a text that asked for reports keeps the gateway's id (nothing else will be reported on).
    assert (result.gateway_id, without_key.gateway_id, without_key.data) == ("msg-1", None, {"id": "msg-2"})


def test_the_gateway_id_is_read_from_either_answer_shape() -> None:
    assert gateway_id_of({"id": "abc"}) == "abc"
    assert gateway_id_of([{"recipient": "233241234567", "id": "9b75-41"}]) == "9b75-41"
    assert gateway_id_of({"id": 42}) == "42"
    assert gateway_id_of(None) is None
    assert gateway_id_of({"id": True}) is None
    assert gateway_id_of([]) is None
