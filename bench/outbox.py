"""100 applications while the SMS gateway answers 503 for 20 s, then recovers.

    .venv/bin/python bench/outbox.py [--applications 100] [--outage 20]

Starts the local test gateway and the app (retry backoff capped at 5 s for the run) and
prints messages expected, delivered, duplicated and lost, and the time to drain after the
gateway came back. Target: 500, 500, 0, 0.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from _common import AppProcess, SmsGatewayServer

APPLICATION = {
    "firstName": "Kwame",
    "lastName": "Mensah",
    "phone": "0201234567",
    "country": "Ghana",
    "city": "Kumasi",
    "dateOfBirth": "1995-04-12",
    "nationality": "Ghanaian",
    "preferredCountry": "Qatar",
    "jobCategory": "Construction",
    "experience": "Mid Level (3-5 years)",
    "education": "Diploma/Certificate",
    "languages": "English, Twi",
    "availability": "Within 1 month",
    "hasPassport": "false",
    "terms": "true",
}
PDF = b"%PDF-1.7\n" + b"0" * 4096


async def submit_all(base_url: str, count: int) -> None:
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:

        async def one(i: int) -> None:
            response = await client.post(
                "/api/applications",
                data={**APPLICATION, "email": f"worker{i}@example.com"},
                files={"cv": ("cv.pdf", PDF, "application/pdf")},
            )
            assert response.status_code == 201, response.text

        await asyncio.gather(*(one(i) for i in range(count)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--applications", type=int, default=100)
    parser.add_argument("--outage", type=float, default=20.0)
    args = parser.parse_args()
    expected = args.applications * 5
    gateway = SmsGatewayServer().start()
    gateway.behaviour.fail_until = time.monotonic() + args.outage
    recovered_at = time.monotonic() + args.outage
    with tempfile.TemporaryDirectory() as data_dir:
        env = {
            "AGENCY_DATA_DIR": data_dir,
            "AGENCY_RATE_LIMIT": "0",
            "AGENCY_SMS_BASE_URL": gateway.base_url,
            "AGENCY_SMS_API_KEY": "bench",
            "AGENCY_OUTBOX_RETRY_CAP_S": "5",
            "AGENCY_OUTBOX_MAX_ATTEMPTS": "50",
        }
        app = AppProcess(env).start()
        try:
            started = time.monotonic()
            asyncio.run(submit_all(app.base_url, args.applications))
            print(f"{args.applications} applications accepted in {time.monotonic() - started:.2f} s (gateway down)")
            try:
                gateway.wait_for(expected, timeout_s=args.outage + 40)
            except AssertionError as exc:
                print(f"not drained: {exc}")
            drained_at = time.monotonic()
            time.sleep(1.0)  # room for late duplicates
        finally:
            app.stop()
        with sqlite3.connect(Path(data_dir) / "agency.sqlite3") as db:
            statuses = dict(db.execute("SELECT status, COUNT(*) FROM outbox GROUP BY status").fetchall())
            attempts = db.execute("SELECT MAX(attempts), AVG(attempts) FROM outbox").fetchone()
    gateway.stop()
    delivered = gateway.delivered()
    per_key = Counter(r.idempotency_key for r in delivered)
    unique = len(per_key)
    duplicated = sum(n - 1 for n in per_key.values())
    refused = sum(r.answered_status >= 400 for r in gateway.requests)
    replays = sum(r.replayed for r in gateway.requests)
    print(f"messages expected   {expected}")
    print(f"delivered           {unique}")
    print(f"duplicated          {duplicated}  (idempotent replays answered by the gateway: {replays})")
    print(f"lost                {expected - unique}")
    print(f"gateway refusals    {refused} (503 during the outage)")
    print(f"outbox statuses     {statuses}; attempts max {attempts[0]}, mean {attempts[1]:.2f}")
    print(f"time to drain       {max(0.0, drained_at - recovered_at):.2f} s after the gateway recovered")


if __name__ == "__main__":
    main()
