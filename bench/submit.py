"""N concurrent JSON appointment submissions against the running app, and GET /api/health.

    .venv/bin/python bench/submit.py [--requests 2000] [--concurrency 50]

Starts its own app (uvicorn, one process, SQLite in a temp dir, rate limit off, SMS to the log
gateway) on a free loopback port and prints requests/s and p50/p99 latency for both, so the
ratio shows what our code (validation, SQLite transaction, outbox) costs over the framework.
Each booking takes its own free slot (the nine slots of successive weekdays from 2099-03-02): a
slot holds one booking by default, so booking one slot again would measure refusals.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from datetime import date, timedelta

import httpx
from _common import AppProcess, measure, report

SLOTS = ("09:00 AM", "10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM", "05:00 PM")
FIRST_DAY = date(2099, 3, 2)  # a Monday

BODY = {
    "fullName": "Ama Owusu",
    "email": "ama@example.com",
    "phone": "0241234567",
    "serviceType": "recruitment",
    "preferredDate": "2099-03-02",
    "preferredTime": "10:00 AM",
    "consent": True,
}


def free_slot(i: int) -> dict[str, str]:
    """The ``i``-th slot of the weekdays from :data:`FIRST_DAY`: a different slot for every booking."""
    weekday, slot = divmod(i, len(SLOTS))
    weeks, day = divmod(weekday, 5)
    return {"preferredDate": (FIRST_DAY + timedelta(weeks=weeks, days=day)).isoformat(), "preferredTime": SLOTS[slot]}


async def run(base_url: str, count: int, concurrency: int) -> None:
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=30) as client:

        async def health(_: int) -> None:
            response = await client.get("/api/health")
            assert response.status_code == 200

        async def appointment(i: int) -> None:
            response = await client.post("/api/appointments", json=BODY | free_slot(i))
            assert response.status_code == 201, response.text

        await measure(200, concurrency, health)  # warm up
        health_rate = report("GET /api/health", *await measure(count, concurrency, health))
        submit_rate = report("POST /api/appointments", *await measure(count, concurrency, appointment))
        print(f"cost of our code: a submission takes {health_rate / submit_rate:.1f}x a health check")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        app = AppProcess({"AGENCY_DATA_DIR": data_dir, "AGENCY_RATE_LIMIT": "0", "AGENCY_SMS_BASE_URL": ""}).start()
        try:
            print(f"{args.requests} requests each, {args.concurrency} concurrent, app on {app.base_url}")
            asyncio.run(run(app.base_url, args.requests, args.concurrency))
        finally:
            app.stop()


if __name__ == "__main__":
    main()
