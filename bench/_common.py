"""Shared bits of the benchmarks: run the app as a process, measure latencies."""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.support.app_process import AppProcess  # noqa: E402
from tests.support.sms_gateway import SmsGatewayServer  # noqa: E402

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

__all__ = ["AppProcess", "SmsGatewayServer", "measure", "report", "sign_in_demo_admin"]


async def measure(count: int, concurrency: int, call: Callable[[int], Awaitable[None]]) -> tuple[float, list[float]]:
    """Run ``call(i)`` for i < count with at most ``concurrency`` at once; (seconds, latencies)."""
    latencies: list[float] = []
    limit = asyncio.Semaphore(concurrency)

    async def one(i: int) -> None:
        async with limit:
            started = time.perf_counter()
            await call(i)
            latencies.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(count)))
    return time.perf_counter() - started, latencies


def report(name: str, elapsed: float, latencies: list[float]) -> float:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    rate = len(ordered) / elapsed
    print(f"{name:<28} {len(ordered):>6} req  {rate:>8.0f} req/s  p50 {p50:>7.1f} ms  p99 {p99:>7.1f} ms")
    return rate


def sign_in_demo_admin(context: BrowserContext) -> None:
    """Sign a browser context in as the demo admin through the API (its cookies then carry the session)."""
    context.request.get("/api/admin/session")
    csrf = next(cookie["value"] for cookie in context.cookies() if cookie["name"] == "csrftoken")
    answer = context.request.post(
        "/api/admin/session",
        data={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
        headers={"X-CSRF-Token": csrf},
    )
    if not answer.ok:
        raise RuntimeError(f"the demo admin could not sign in: {answer.status}")
