"""Texts received twice when the SMS gateway ignores ``Idempotency-Key`` and loses answers.

    .venv/bin/python bench/lost_answers.py [--changes 50] [--lose 0.2] [--report-delay 0.3]

The local test gateway ignores the key, accepts every send, drops the answer of a seeded share of
them (the connection closes unanswered, as a timeout or a reset after the request went) and reports
each accepted text DELIVERED to its callback URL ``--report-delay`` seconds later. The app runs as a
process on a fresh SQLite data directory (it receives the reports; its outbox worker polls the same
outbox) and a script changes 50 statuses:

- script: ``change_statuses`` waits for each text, then re-runs the rows whose outcome is not
  settled (what a script author does with ``unknown``), up to five rounds a second apart; the
  app's worker retries only after an hour, so the script alone decides;
- worker: the script queues the texts (``wait=False``) and the app's worker, retrying fast, sends.

It prints the answers lost, the doubles (texts a phone received twice) and the outbox's messages by
status at the end. Target: 0 doubles, every applicant texted once. On the shared 2-core machine
(docs/performance/2026-11-28-lost-answers.md), before the outbox held a text whose answer was lost:

    script  50 changes in  14.1 s: 14 answers lost, 50 applicants texted, 14 doubles; outbox {'delivered': 50}
    worker  50 changes in  18.6 s: 14 answers lost, 50 applicants texted, 14 doubles; outbox {'delivered': 50}

and after:

    script  50 changes in  15.5 s: 12 answers lost, 50 applicants texted,  0 doubles; outbox {'delivered': 50}
    worker  50 changes in  18.3 s: 12 answers lost, 50 applicants texted,  0 doubles; outbox {'delivered': 50}
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import tempfile
import time
from pathlib import Path

from _common import AppProcess, SmsGatewayServer
from status_batch import seed
from tests.support.app_process import FAST_OUTBOX

from agency_scripts import AsyncStatusClient, StatusRow

SECRET = "bench-lost-answers-report-secret-0123456789"
RUNS_OF_A_SCRIPT = 5
SLOW_WORKER = {"AGENCY_OUTBOX_RETRY_BASE_S": "3600", "AGENCY_OUTBOX_RETRY_CAP_S": "3600", "AGENCY_OUTBOX_POLL_S": "0.5"}


def environment(data_dir: Path, gateway: SmsGatewayServer, site: str) -> dict[str, str]:
    return {
        "AGENCY_DATA_DIR": str(data_dir),
        "AGENCY_SMS_BASE_URL": gateway.base_url,
        "AGENCY_SMS_API_KEY": "bench",
        "AGENCY_SMS_TIMEOUT_S": "2",
        "AGENCY_SMS_REPORT_SECRET": SECRET,
        "AGENCY_SITE_URL": site,
        "AGENCY_RATE_LIMIT": "0",
        "AGENCY_SCRIPT_ACTOR": "script:bench",
        "AGENCY_SCRIPT_CONCURRENCY": "10",
    }


def outbox_counts(data_dir: Path) -> dict[str, int]:
    with sqlite3.connect(data_dir / "agency.sqlite3") as db:
        rows = db.execute("SELECT status, COUNT(*) FROM outbox GROUP BY status").fetchall()
    return {str(status): int(count) for status, count in rows}


async def by_script(env: dict[str, str], ids: list[str]) -> None:
    rows = [StatusRow(i, "processing") for i in ids]
    async with AsyncStatusClient.from_env(env) as client:
        for _ in range(RUNS_OF_A_SCRIPT):
            report = await client.change_statuses(rows)
            rows = [StatusRow(r.application_id, "processing") for r in report.reports if not r.outcome.success]
            if not rows:
                return
            await asyncio.sleep(1.0)


async def by_worker(env: dict[str, str], ids: list[str], data_dir: Path, wait_s: float) -> None:
    async with AsyncStatusClient.from_env(env) as client:
        await client.change_statuses((StatusRow(i, "processing") for i in ids), wait=False)
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and outbox_counts(data_dir).get("delivered", 0) < len(ids):  # noqa: ASYNC110 - another process writes
        await asyncio.sleep(0.25)
    await asyncio.sleep(2.0)  # a retry that was already under way lands too


async def one_run(name: str, args: argparse.Namespace) -> None:
    gateway = SmsGatewayServer().start()
    b = gateway.behaviour
    b.honour_idempotency_key, b.lose_share = False, args.lose
    b.report, b.report_delay_s = "DELIVERED", args.report_delay
    try:
        with tempfile.TemporaryDirectory(prefix="bench-lost-") as tmp:
            data_dir = Path(tmp)
            ids = await seed(data_dir, args.changes)
            app = AppProcess({}, log_path=data_dir / "app.log")
            env = environment(data_dir, gateway, app.base_url)
            app.env |= env | (SLOW_WORKER if name == "script" else FAST_OUTBOX)
            app.start()
            try:
                started = time.perf_counter()
                if name == "script":
                    await by_script(env, ids)
                else:
                    await by_worker(env, ids, data_dir, args.wait)
                elapsed = time.perf_counter() - started
                counts = outbox_counts(data_dir)
            finally:
                app.stop()
    finally:
        gateway.stop()
    lost = sum(r.answer_lost for r in gateway.requests)
    texted = len({r.phone for r in gateway.delivered()})
    print(
        f"{name:<8}{args.changes} changes in {elapsed:5.1f} s: {lost:>2} answers lost, {texted} applicants texted, "
        f"{gateway.doubles():>2} doubles; outbox {dict(sorted(counts.items()))}"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--changes", type=int, default=50)
    parser.add_argument("--lose", type=float, default=0.2, help="share of accepted sends whose answer is lost")
    parser.add_argument("--report-delay", type=float, default=0.3, help="seconds from a send to its report")
    parser.add_argument("--wait", type=float, default=20.0, help="seconds the worker run waits for the outbox")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the script's own warnings of each lost answer
    await one_run("script", args)
    await one_run("worker", args)


if __name__ == "__main__":
    asyncio.run(main())
