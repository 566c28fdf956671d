"""The stage-time report over 20,000 moves of the pipeline's history (issue 45 item 5; target: the
answer in at most 200 ms).

    .venv/bin/python bench/stage_report.py [--applicants 2000] [--moves-each 10] [--runs 5]

Starts the app as a process (demo mode, SQLite in a temp dir), writes ``--applicants`` applicants
with ``--moves-each`` moves each into its file (``pipeline_seed.py``; 20,000 rows by default, over
about the last year), signs the demo admin in, then asks ``--runs`` times for the report over the
whole year (``GET /api/admin/pipeline/report``) and over its last 90 days, and once for the CSV,
and prints the median and range of the answer time.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from pipeline_seed import seeded_app, signed_in

from adapters.sqlite.pipeline_board import report_moves
from agency_core.pipeline.report import midnight, stage_times


def timed(client: httpx.Client, path: str, params: dict[str, str], runs: int) -> tuple[list[float], httpx.Response]:
    seconds: list[float] = []
    answer: httpx.Response | None = None
    for _ in range(runs):
        started = time.perf_counter()
        answer = client.get(path, params=params)
        seconds.append(time.perf_counter() - started)
        answer.raise_for_status()
    assert answer is not None
    return seconds, answer


def in_process(db_path: Path, params: dict[str, str], runs: int) -> tuple[list[float], list[float]]:
    """The report's read and computation without the app around it, on the same file: wall and CPU seconds
    of each run (the CPU time is what the work costs whatever else the machine runs)."""
    start = midnight(datetime.fromisoformat(params["from"]).date())
    end = midnight(datetime.fromisoformat(params["to"]).date() + timedelta(days=1))
    conn = sqlite3.connect(db_path)
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        stage_times(report_moves(conn, start, end), start, end)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    conn.close()
    return wall, cpu


def line(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return f"| {name} | {statistics.median(ms):.0f} ms | {min(ms):.0f}-{max(ms):.0f} ms | {len(ms)} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--applicants", type=int, default=2000)
    parser.add_argument("--moves-each", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    today = datetime.now(UTC).date()
    year = {"from": str(today - timedelta(days=400)), "to": str(today)}
    quarter = {"from": str(today - timedelta(days=89)), "to": str(today)}
    with tempfile.TemporaryDirectory() as data_dir:
        app, moves = seeded_app(Path(data_dir), args.applicants, args.moves_each)
        try:
            client = signed_in(app.base_url)
            client.get("/api/admin/pipeline/report").raise_for_status()  # the first request's imports
            whole, answer = timed(client, "/api/admin/pipeline/report", year, args.runs)
            rows = answer.json()["rows"]
            print(f"{moves} moves of {args.applicants} applicants; {len(rows)} rows (destination x stage)")
            print(f"stays counted over the year: {sum(r['stays'] for r in rows)}")
            last, _ = timed(client, "/api/admin/pipeline/report", quarter, args.runs)
            csv, _ = timed(client, "/api/admin/pipeline/report.csv", year, args.runs)
            print("| answer | median | range | runs |\n| --- | --- | --- | --- |")
            print(line("report, the whole year", whole))
            print(line("report, the last 90 days", last))
            print(line("report.csv, the whole year", csv))
            wall, cpu = in_process(Path(data_dir) / "agency.sqlite3", year, args.runs)
            print(line("in process: read and compute, the whole year (wall)", wall))
            print(line("in process: read and compute, the whole year (CPU)", cpu))
        finally:
            app.stop()


if __name__ == "__main__":
    main()
