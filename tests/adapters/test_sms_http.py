from __future__ import annotations

import socket

from adapters.sms_http import HttpSmsGateway
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
