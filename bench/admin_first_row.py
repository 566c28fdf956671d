"""Navigation to the first row visible on ``/admin/applications``, signed in, full load (issue 43).

Starts the app as ``make run`` does (demo mode, a fresh data directory), sends one application
through the public API, signs the demo admin in through the API, then loads ``/admin/applications``
in a fresh Debian chromium context (Playwright, cold cache) ``--runs`` times (5) and prints the median
and range of the time from navigation start to the first application row being visible; then the
same under Fast 3G (CDP ``Network.emulateNetworkConditions``: 562.5 ms latency, 1.44 Mbit/s down,
675 kbit/s up, the DevTools preset). ``--client-dist DIR`` measures another build.

    .venv/bin/python bench/admin_first_row.py [--runs N] [--client-dist DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from _common import AppProcess, sign_in_demo_admin
from lighthouse import APPLICATION, send_application
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"
FAST_3G: dict[str, object] = {
    "offline": False,
    "latency": 562.5,
    "downloadThroughput": 1.44 * 1024 * 1024 / 8 * 0.9,
    "uploadThroughput": 675 * 1024 / 8 * 0.9,
}
NO_THROTTLING: dict[str, object] = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
# The applicant send_application sends (the API tests' APPLICATION), as the list shows the name.
FIRST_ROW = f"{APPLICATION['firstName']} {APPLICATION['lastName']}"


def first_row_seconds(browser: Browser, base_url: str, conditions: dict[str, object]) -> float:
    """One full load in a fresh context (cold cache, signed in): seconds to the first row visible."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1366, "height": 768})
    try:
        sign_in_demo_admin(context)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", conditions)
        started = time.perf_counter()
        page.goto("/admin/applications", wait_until="commit")
        page.get_by_text(FIRST_ROW).first.wait_for(state="visible", timeout=120_000)
        return time.perf_counter() - started
    finally:
        context.close()


def summary(name: str, seconds: list[float]) -> str:
    return f"| {name} | {statistics.median(seconds):.2f} s | {min(seconds):.2f}-{max(seconds):.2f} s | {len(seconds)} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--client-dist", help="serve another build of the client (a before/after comparison)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="first-row-") as data_dir:
        env = {"AGENCY_DATA_DIR": data_dir, "AGENCY_DEMO": "1"}
        if args.client_dist:
            env["AGENCY_CLIENT_DIST"] = args.client_dist
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start(timeout_s=60)
        try:
            send_application(app.base_url)
            print(f"load average before: {os.getloadavg()[0]:.2f}\n")
            print("| network | median | range | runs |\n| --- | --- | --- | --- |")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                try:
                    for name, conditions in (("no throttling", NO_THROTTLING), ("Fast 3G", FAST_3G)):
                        seconds = [first_row_seconds(browser, app.base_url, conditions) for _ in range(args.runs)]
                        print(summary(name, seconds), flush=True)
                finally:
                    browser.close()
            print(f"\nload average after: {os.getloadavg()[0]:.2f}")
        finally:
            app.stop()


if __name__ == "__main__":
    main()
