"""N concurrent JSON appointment submissions against the running app, and GET /api/health.

    .venv/bin/python bench/submit.py [--requests 2000] [--concurrency 50]

Starts its own app (uvicorn, one process, SQLite in a temp dir, rate limit off, SMS to the log
gateway) on a free loopback port and prints requests/s and p50/p99 latency for both, so the
ratio shows what our code (validation, SQLite transaction, outbox) costs over the framework.
Each booking takes its own free slot (the nine slots of successive weekdays from next Monday) for its own
person (e-mail and phone): a slot holds one booking by default and a person two a day, so booking one slot
again, or as one person, would measure refusals. Twelve weeks from next Monday stay inside the default
90-day booking horizon: at most :data:`MAX_REQUESTS` bookings.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from datetime import date, timedelta

import httpx
from _common import AppProcess, measure, report

SLOTS = ("09:00 AM", "10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM", "02:00 PM", "03:00 PM", "04:00 PM", "05:00 PM")
FIRST_DAY = date.today() + timedelta(days=7 - date.today().weekday())  # next Monday
MAX_REQUESTS = 9 * 5 * 12  # twelve weeks of weekdays' slots, inside the default 90-day horizon

BODY = {
    "fullName": "Ama Owusu",
    "email": "ama@example.com",
    "phone": "0241234567",
    "serviceType": "recruitment",
    "preferredDate": FIRST_DAY.isoformat(),
    "preferredTime": "10:00 AM",
    "consent": True,
}


def free_slot(i: int) -> dict[str, str]:
    """The ``i``-th slot of the weekdays from :data:`FIRST_DAY`, for the ``i``-th person: a different slot
    and person for every booking."""
    weekday, slot = divmod(i, len(SLOTS))
    weeks, day = divmod(weekday, 5)
    return {
        "preferredDate": (FIRST_DAY + timedelta(weeks=weeks, days=day)).isoformat(),
        "preferredTime": SLOTS[slot],
        "email": f"ama{i}@example.com",
        "phone": f"024{1000000 + i:07d}",
    }


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
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    if args.requests > MAX_REQUESTS:
        parser.error(f"--requests: at most {MAX_REQUESTS} bookings fit in the booking horizon")
    with tempfile.TemporaryDirectory() as data_dir:
        env = {"AGENCY_DATA_DIR": data_dir, "AGENCY_RATE_LIMIT": "0", "AGENCY_SMS_BASE_URL": ""}
        app = AppProcess(env).start()
        try:
            print(f"{args.requests} requests each, {args.concurrency} concurrent, app on {app.base_url}")
            asyncio.run(run(app.base_url, args.requests, args.concurrency))
        finally:
            app.stop()


if __name__ == "__main__":
    main()
