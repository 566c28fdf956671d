"""Lighthouse (npm, from ``tools/``) on Debian's chromium, mobile profile, against the app as ``make run`` starts it.

Prints one row per public route: the four category scores, FCP, LCP, TBT, CLS and the bytes of
JavaScript on the wire (transfer size, as the server sent it).

    .venv/bin/python bench/lighthouse.py [--runs N] [route ...]

With ``--runs N`` each route is measured N times and the median performance run is printed;
``--save-json DIR`` keeps that run's full report (LCP breakdown, network requests, bootup time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from _common import REPO_ROOT, AppProcess

ROUTES = ["/", "/apply", "/blog", "/blog/1", "/contact", "/book-appointment"]
LIGHTHOUSE = REPO_ROOT / "tools" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
)
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]


def run_lighthouse(url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="lh-") as out_dir:
        out = Path(out_dir) / "report.json"
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                f"--chrome-flags={CHROME_FLAGS}",
                f"--only-categories={','.join(CATEGORIES)}",
            ],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        report: dict[str, Any] = json.loads(out.read_text())
        return report


def js_bytes(report: dict[str, Any]) -> int:
    items = report["audits"].get("network-requests", {}).get("details", {}).get("items", [])
    return sum(int(i.get("transferSize") or 0) for i in items if i.get("resourceType") == "Script")


def row(route: str, report: dict[str, Any]) -> str:
    cats = report["categories"]
    scores = [round((cats[c]["score"] or 0) * 100) for c in CATEGORIES]
    audits = report["audits"]
    fcp = audits["first-contentful-paint"]["numericValue"] / 1000
    lcp = audits["largest-contentful-paint"]["numericValue"] / 1000
    tbt = audits["total-blocking-time"]["numericValue"]
    cls = audits["cumulative-layout-shift"]["numericValue"]
    js = js_bytes(report) / 1024
    return (
        f"| `{route}` | {scores[0]} | {scores[1]} | {scores[2]} | {scores[3]} | {fcp:.1f} s | {lcp:.1f} s "
        f"| {tbt:.0f} ms | {cls:.2f} | {js:.0f} KiB |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--client-dist", help="serve another build of the client (a before/after comparison)")
    parser.add_argument("--save-json", help="keep each chosen Lighthouse report as JSON in this directory")
    parser.add_argument("routes", nargs="*", default=ROUTES)
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("lighthouse is not installed: run `make .stamps/tools-deps`")
    with tempfile.TemporaryDirectory(prefix="lh-data-") as data_dir:
        env = {"AGENCY_DATA_DIR": data_dir, "AGENCY_DEMO": "1"}
        if args.client_dist:
            env["AGENCY_CLIENT_DIST"] = args.client_dist
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start(timeout_s=60)
        try:
            print(f"load average before: {os.getloadavg()[0]:.2f}")
            print("| route | perf | a11y | best practices | SEO | FCP | LCP | TBT | CLS | JS on the wire |")
            print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
            for route in args.routes:
                reports = [run_lighthouse(app.base_url + route) for _ in range(args.runs)]
                perf = [r["categories"]["performance"]["score"] or 0 for r in reports]
                chosen = reports[perf.index(statistics.median_low(perf))]
                print(row(route, chosen), flush=True)
                if args.save_json:
                    out_dir = Path(args.save_json)
                    out_dir.mkdir(parents=True, exist_ok=True)
                    name = route.strip("/").replace("/", "-") or "home"
                    (out_dir / f"{name}.json").write_text(json.dumps(chosen))
            print(f"load average after: {os.getloadavg()[0]:.2f}")
        finally:
            app.stop()


if __name__ == "__main__":
    main()
