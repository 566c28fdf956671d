"""Slow clients against a real app process over loopback sockets: connections that trickle their
headers or body, or say nothing, are closed by the server; a normal request still gets through."""

from __future__ import annotations

import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.app_process import AppProcess

HEADER_TIMEOUT_S = 1.0
CONNECTIONS_PER_KIND = 20


@pytest.fixture(scope="module")
def slow_app() -> Iterator[AppProcess]:
    with tempfile.TemporaryDirectory(prefix="agency-slow-") as data_dir:
        env = {
            "AGENCY_DATA_DIR": data_dir,
            "AGENCY_RATE_LIMIT": "0",
            "AGENCY_CLIENT_HEADER_TIMEOUT_S": str(HEADER_TIMEOUT_S),
            "AGENCY_CLIENT_BODY_MIN_BPS": "1024",
        }
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start()
        try:
            yield app
        finally:
            app.stop()


def trickle(port: int, head: bytes, drip: bytes, closed_at: list[float], started: float) -> None:
    """Send ``head`` at once, then ``drip`` a byte every 0.2 s until the server closes the socket."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.settimeout(0.2)
        if head:
            sock.sendall(head)
        for byte in drip:
            try:
                if sock.recv(4096) == b"":
                    break
            except TimeoutError:
                pass
            except ConnectionError:
                break
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionError):
                break
        closed_at.append(time.monotonic() - started)


def test_slow_and_silent_connections_are_closed_and_others_still_served(slow_app: AppProcess) -> None:
    request_line = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: "
    body_head = (
        b"POST /api/contact-messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 5000\r\n\r\n{"
    )
    kinds = {
        "silent": (b"", b""),
        "slow headers": (b"", request_line + b"a" * 200),
        "slow body": (body_head, b"a" * 200),
    }
    started = time.monotonic()
    closed: dict[str, list[float]] = {kind: [] for kind in kinds}
    threads = []
    for kind, (head, drip) in kinds.items():
        for _ in range(CONNECTIONS_PER_KIND):
            if kind == "silent":
                target = silent
                args: tuple[object, ...] = (slow_app.port, closed[kind], started)
            else:
                target = trickle
                args = (slow_app.port, head, drip, closed[kind], started)
            thread = threading.Thread(target=target, args=args, daemon=True)
            thread.start()
            threads.append(thread)
    time.sleep(0.3)
    assert httpx.get(f"{slow_app.base_url}/api/health", timeout=5).status_code == 200
    for thread in threads:
        thread.join(timeout=15)
    for kind, times in closed.items():
        assert len(times) == CONNECTIONS_PER_KIND, (kind, len(times))
        # Closed by the server after the timeout (plus the check interval and a loaded machine's slack).
        assert max(times) < HEADER_TIMEOUT_S + 5, (kind, max(times))
        if kind != "silent":
            assert min(times) >= HEADER_TIMEOUT_S * 0.9, (kind, min(times))


def silent(port: int, closed_at: list[float], started: float) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            while sock.recv(4096):
                pass
        except (TimeoutError, ConnectionError):
            return
        closed_at.append(time.monotonic() - started)


def test_a_steady_upload_is_not_cut_off(slow_app: AppProcess) -> None:
    """A body that arrives at a decent pace over more than the header timeout is answered."""
    with socket.create_connection(("127.0.0.1", slow_app.port), timeout=10) as sock:
        body = b'{"name": "' + b"a" * 6000 + b'"}'
        sock.sendall(
            b"POST /api/contact-messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        )
        for offset in range(0, len(body), 1000):  # 1000 bytes every 0.3 s: ~3.3 KB/s for ~2 s
            sock.sendall(body[offset : offset + 1000])
            time.sleep(0.3)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 422"), answer[:200]
