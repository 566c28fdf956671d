"""What the request path costs in CPU, in process: GET /api/health and POST /api/appointments called
on the ASGI app directly (no socket, no client), so the figures are the app's own work.

    .venv/bin/python bench/request_path.py [--requests 500] [--rate-limit 0] [--profile]

Prints CPU microseconds per request (``time.process_time``: far less sensitive to other processes on
the machine than wall time, which ``bench/submit.py`` measures end to end) and, with ``--profile``, the
functions that take the most of a booking (cProfile, cumulative): each middleware and hook, the rate
limit counter, the use case, the transaction and its commit.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

from _common import REPO_ROOT  # noqa: F401 - puts the repository on the path
from submit import BODY, free_slot

Call = Callable[[int], Awaitable[int]]


def _scope(method: str, path: str, body: bytes) -> dict[str, Any]:
    headers = [(b"host", b"127.0.0.1:8000"), (b"user-agent", b"bench")]
    if body:
        headers += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }


def caller(app: Any, method: str, path: str, body: Callable[[int], bytes]) -> Call:
    async def call(i: int) -> int:
        payload = body(i)
        sent = False
        status = 0

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.sleep(3600)
            sent = True
            return {"type": "http.request", "body": payload, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]

        await app(_scope(method, path, payload), receive, send)
        return status

    return call


async def cpu_per_request(call: Call, count: int, offset: int, expected: int) -> float:
    started = time.process_time()
    for i in range(offset, offset + count):
        status = await call(i)
        assert status == expected, status
    return (time.process_time() - started) / count * 1e6


async def run(count: int, profile: bool) -> None:
    from litestar.testing import AsyncTestClient

    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings.from_env())
    async with AsyncTestClient(app):  # runs the lifespan: stores migrated, outbox worker started
        health = caller(app, "GET", "/api/health", lambda _: b"")
        booking = caller(app, "POST", "/api/appointments", lambda i: json.dumps(BODY | free_slot(i)).encode())
        await cpu_per_request(health, 200, 0, 200)  # warm up
        await cpu_per_request(booking, 50, 0, 201)
        health_us = await cpu_per_request(health, count, 0, 200)
        booking_us = await cpu_per_request(booking, count, 50, 201)
        print(f"GET /api/health          {health_us:8.0f} us CPU per request")
        print(f"POST /api/appointments   {booking_us:8.0f} us CPU per request ({booking_us / health_us:.1f}x health)")
        if profile:
            profiler = cProfile.Profile()
            profiler.enable()
            await cpu_per_request(booking, count, 50 + count, 201)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(45)
            print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--rate-limit", default="0", help="AGENCY_RATE_LIMIT (0: off, as bench/submit.py)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ |= {
            "AGENCY_DATA_DIR": data_dir,
            "AGENCY_RATE_LIMIT": args.rate_limit,
            "AGENCY_SMS_BASE_URL": "",
            "AGENCY_OUTBOX_POLL_S": "3600",
        }
        asyncio.run(run(args.requests, args.profile))


if __name__ == "__main__":
    main()
