"""The pipeline board with 2,000 applicants spread over the stages (issue 45 item 5).

    .venv/bin/python bench/pipeline_board.py [--applicants 2000] [--runs 5]

Starts the app as a process (demo mode, SQLite in a temp dir), writes the applicants and their
moves into its file (``pipeline_seed.py``), signs the demo admin in, then asks for the board
``--runs`` times as the page does on navigation (``GET /api/admin/pipeline/board``: every column's
count and first 50 cards; the first column is in that one answer) and prints the median and range
of the time to the answer, unfiltered and filtered by destination; and one column paged on.
With ``--browser``, also the time from navigation to ``/admin/pipeline`` to the first column's
first card visible, in a fresh Debian chromium context each run (Playwright, cold cache, signed
in), on the built client (``client/dist``, as ``bench/admin_first_row.py`` measures the list).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from _common import sign_in_demo_admin
from pipeline_seed import seeded_app, signed_in

CHROMIUM = "/usr/bin/chromium"


def first_card_seconds(base_url: str, runs: int) -> list[float]:
    """Navigation to the first column's first card visible, ``runs`` times, each in a fresh context."""
    from playwright.sync_api import sync_playwright

    seconds: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for _ in range(runs):
                context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 768})
                try:
                    sign_in_demo_admin(context)
                    page = context.new_page()
                    started = time.perf_counter()
                    page.goto("/admin/pipeline", wait_until="commit")
                    page.locator(".pipeline-column").first.locator(".pipeline-card").first.wait_for(
                        state="visible", timeout=120_000
                    )
                    seconds.append(time.perf_counter() - started)
                finally:
                    context.close()
        finally:
            browser.close()
    return seconds


def timed(
    client: httpx.Client, path: str, runs: int, params: dict[str, str] | None = None
) -> tuple[list[float], dict[str, object]]:
    """``runs`` answers of ``path``, one after the other: their seconds, and the last one's body."""
    seconds: list[float] = []
    body: dict[str, object] = {}
    for _ in range(runs):
        started = time.perf_counter()
        answer = client.get(path, params=params)
        seconds.append(time.perf_counter() - started)
        answer.raise_for_status()
        body = answer.json()
    return seconds, body


def line(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return f"| {name} | {statistics.median(ms):.0f} ms | {min(ms):.0f}-{max(ms):.0f} ms | {len(ms)} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--applicants", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--browser", action="store_true", help="also time the page to its first card (chromium)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        app, moves = seeded_app(Path(data_dir), args.applicants, None)
        try:
            client = signed_in(app.base_url)
            client.get("/api/admin/pipeline/board").raise_for_status()  # the first request's imports
            board, body = timed(client, "/api/admin/pipeline/board", args.runs)
            columns = body["columns"]
            assert isinstance(columns, list)
            first = columns[0]
            print(f"{args.applicants} applicants, {moves} moves; total on the board {body['total']}")
            print("counts: " + ", ".join(f"{c['stage']} {c['count']}" for c in columns))
            print(f"first column: {first['label']}, {first['count']} applicants, {len(first['cards'])} cards shown")
            filtered, _ = timed(client, "/api/admin/pipeline/board", args.runs, {"destination": "Qatar"})
            paged, _ = timed(client, "/api/admin/pipeline/board", args.runs, {"stage": "selected", "cursor": "50"})
            print("| answer | median | range | runs |\n| --- | --- | --- | --- |")
            print(line("board, no filter", board))
            print(line("board, destination=Qatar", filtered))
            print(line("one column paged (stage=selected, cursor=50)", paged))
            if args.browser:
                shown = first_card_seconds(app.base_url, args.runs)
                print(line("navigation to the first card visible (browser)", shown))
        finally:
            app.stop()


if __name__ == "__main__":
    main()
