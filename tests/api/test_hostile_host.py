"""A malformed Host header answers 400 with the security headers over real HTTP (uvicorn), and
anything that escapes Litestar's error handling still answers JSON with them."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from litestar.testing import AsyncTestClient
from litestar.types import Message, Receive, Scope, Send

from app.api.errors import INTERNAL_ERROR
from app.outer_guard import INVALID_HOST, outer_guard, valid_host
from tests.api.conftest import AppFactory
from tests.api.test_security_headers import assert_secure
from tests.support.app_process import RunningApp, running_app

BAD_HOSTS: list[bytes] = [
    b"x:99999",
    b"x:abc",
    b"x:-1",
    b"x:65536",
    b"x:+1",
    b"x:0x10",
    b"x:1:2",
    b"x:",
    b"x y",
    b"[::1",
    b"x/y",
    b"x@y",
    b"\xc3\xa4.example",
    b"",
    b"x:\xc2\xb9",
]
PATHS = [
    ("GET", "/"),
    ("GET", "/jobs"),
    ("GET", "/sitemap.xml"),
    ("GET", "/robots.txt"),
    ("GET", "/api/health"),
    ("POST", "/api/applications/VA1795464090457/payment"),
    ("GET", "/api/payments/VA1-x"),
]


@pytest.fixture(scope="module")
def app() -> Iterator[RunningApp]:
    with running_app("agency-host-") as running:
        yield running


@pytest.mark.parametrize("host", BAD_HOSTS, ids=lambda h: repr(h))
def test_a_malformed_host_answers_400_with_the_security_headers(app: RunningApp, host: bytes) -> None:
    with httpx.Client(base_url=app.base_url) as client:
        for method, path in PATHS:
            response = client.request(method, path, headers={"Host": host})
            assert response.status_code == 400, (host, path, response.text)
            assert response.json() == {"message": INVALID_HOST}
            assert_secure(response.headers)


def raw_request(app: RunningApp, request: bytes) -> tuple[str, httpx.Headers, bytes]:
    """What the server answers to bytes httpx refuses to send (two Host headers, none at all)."""
    port = int(app.base_url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    return status, httpx.Headers([tuple(line.split(": ", 1)) for line in lines]), body


@pytest.mark.parametrize(
    "request_bytes",
    [b"GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n", b"GET /jobs HTTP/1.1\r\n\r\n"],
    ids=["two Host headers", "no Host on HTTP/1.1"],
)
def test_requests_the_protocol_refuses_answer_400_json_with_the_security_headers(
    app: RunningApp, request_bytes: bytes
) -> None:
    status, headers, body = raw_request(app, request_bytes)
    assert status == "HTTP/1.1 400 Bad Request"
    assert headers["content-type"] == "application/json"
    assert "message" in json.loads(body)
    assert_secure(headers)


def test_good_hosts_are_served(app: RunningApp) -> None:
    with httpx.Client(base_url=app.base_url) as client:
        for host in ("example.com", "example.com:8080", "127.0.0.1:1", "[::1]:65535", "xn--bcher-kva.example"):
            response = client.get("/robots.txt", headers={"Host": host})
            assert response.status_code == 200, host
            assert_secure(response.headers)


@pytest.mark.parametrize(
    ("host", "ok"),
    [(b"a.b", True), (b"a.b:0", True), (b"a.b:65535", True), (b"a.b:65536", False), (b"a:\xd9\xa3", False)],
)
def test_valid_host_accepts_ascii_ports_up_to_65535(host: bytes, ok: bool) -> None:
    assert valid_host(host) is ok


async def _call(app: Any, path: str = "/") -> list[Message]:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    scope: Scope = {"type": "http", "path": path, "headers": [(b"host", b"example.com")]}  # type: ignore[typeddict-item]
    await app(scope, receive, send)
    return sent


async def test_an_error_outside_the_handlers_answers_json_500_with_the_security_headers() -> None:
    async def broken(_scope: Scope, _receive: Receive, _send: Send) -> None:
        raise RuntimeError("an error handler or before_send hook that raised")

    start, body = await _call(outer_guard(broken, production=True))
    assert start["status"] == 500
    headers = httpx.Headers([(k.decode(), v.decode()) for k, v in start["headers"]])
    assert_secure(headers, production=True)
    assert headers["content-type"] == "application/json"
    assert body["body"] == b'{"message": "' + INTERNAL_ERROR.encode() + b'"}'


async def test_an_error_after_the_answer_started_is_not_answered_twice() -> None:
    async def half(_scope: Scope, _receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        raise RuntimeError("mid-body")

    with pytest.raises(RuntimeError):
        await _call(outer_guard(half, production=False))


async def test_the_app_answers_a_failing_hook_with_a_json_500_and_the_headers(make_app: AppFactory) -> None:
    app = make_app()

    async def broken_hook(message: Message, _scope: Scope) -> None:
        if message["type"] == "http.response.start":
            raise RuntimeError("a before_send hook that raised")

    app.before_send.append(broken_hook)
    async with AsyncTestClient(app) as client:
        response = await client.get("/api/health")
    assert response.status_code == 500
    assert response.json() == {"message": INTERNAL_ERROR}
    assert_secure(response.headers)
