"""Lighthouse (npm, from ``tools/``) on Debian's chromium against the app as ``make run`` starts it.

Two profiles: Lighthouse's default mobile one (simulated Moto G class phone, CPU slowdown 4) and a
low-end one (CPU slowdown 10: the entry-level Android phones most applicants use). For every
public route (the static ones of ``client/src/app/public-routes.json``, the blog list, a post, a
blog category and tag, ``/jobs``, a filtered ``/jobs`` and a ``/jobs/{id}``; two jobs are seeded
before the app starts) it runs each profile ``--runs`` times (3) and prints one table per profile
with the median of each figure (and the range of the performance score and LCP): the four category
scores, FCP, LCP, TBT, the browser's navigation commit when it was a long task (``commit_task_ms``:
no page code runs in it, yet part of it counts in TBT), CLS and the bytes of JavaScript on the wire
until the page is idle (transfer size, as the server sent it).

A third profile, ``low-end-applied`` (not run by default: a run takes about half an hour), slows Chrome
itself ten times (Lighthouse's DevTools throttling, which also applies its slow 4G to the network)
instead of simulating the slowdown from a fast run: its figures are the trace's own, so they show
what Lighthouse's model gets wrong about the low-end profile's TBT
(docs/performance/2026-11-27-first-layout-and-commit.md).

``--admin`` measures the admin area instead: the demo admin signs in through the API once, and for
each run of a signed-in route a fresh chromium (its own profile, Lighthouse's own flags) gets the
session and CSRF cookies in its cookie jar through the DevTools protocol; Lighthouse drives that
browser (``--port``) and keeps its cookies (it clears caches and storage, not cookies). So the
browser sends and updates its cookies as a signed-in staff member's does. (Sending them as a
``Cookie`` header with ``--extra-headers`` did not work: every such run ended on the sign-in
page.) A signed-in route whose run ends on ``/admin/login`` stops the bench with an error naming
it. ``/admin/login`` itself is loaded signed out, as a person signing in does. The routes:
``/admin/login``, ``/admin``, ``/admin/applications``, an applicant's page (one application is
sent through the public API after the start) and the calendar.

    .venv/bin/python bench/lighthouse.py [--runs N] [--profile mobile|low-end|low-end-applied]... [--admin] [route ...]

``--save-json DIR`` keeps the median-performance report of each route and profile (LCP breakdown,
``network-requests``, ``bootup-time``, ``long-tasks``); ``--client-dist DIR`` measures another build;
``--base-url URL`` measures an app that is already running (an older commit's ``make run``, for a
before-and-after table: seeding it is then the caller's part).
The machine's load average is printed before and after each table: figures are only comparable
between runs on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpx
from _common import REPO_ROOT, AppProcess
from playwright.sync_api import sync_playwright
from tests.api.conftest import APPLICATION, PDF
from tests.support.writes import save_job

from agency_core.audit import AuditEntry
from agency_core.jobs.model import Job
from agency_core.records import JobStatus
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.container import Container
from app.settings import Settings

if TYPE_CHECKING:
    from playwright._impl._api_structures import SetCookieParam

LIGHTHOUSE = REPO_ROOT / "tools" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"
)
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
RECORD_ROUTES = [
    "/blog",
    "/blog/1",
    "/blog/category/uae-jobs",
    "/blog/tag/Visa",
    "/jobs",
    "/jobs?country=Qatar",
    "/jobs/JB1",
]


LOGIN_ROUTE = "/admin/login"
ADMIN_ROUTES = [LOGIN_ROUTE, "/admin", "/admin/applications", "/admin/applications/{application}", "/admin/calendar"]


@dataclass(frozen=True)
class Profile:
    name: str
    flags: tuple[str, ...]


PROFILES = {
    "mobile": Profile("mobile (Lighthouse default: CPU slowdown 4)", ()),
    "low-end": Profile("low-end (CPU slowdown 10)", ("--throttling.cpuSlowdownMultiplier=10",)),
    # The same phone with Chrome itself slowed (DevTools throttling): the figures are what the trace
    # shows, not what Lighthouse's model (Lantern) computes from a fast run (see commit_task_ms).
    "low-end-applied": Profile(
        "low-end-applied (CPU slowed 10 times by Chrome, DevTools throttling)",
        ("--throttling-method=devtools", "--throttling.cpuSlowdownMultiplier=10"),
    ),
}


def public_routes() -> list[str]:
    listed = json.loads((REPO_ROOT / "client" / "src" / "app" / "public-routes.json").read_text())
    return [entry["path"] for entry in listed["static"]] + RECORD_ROUTES


def bench_job(job_id: str, title: str, country: str) -> Job:
    moment = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
    return Job(
        job_id,
        title,
        country,
        "Healthcare & Medical",
        "",
        "Ward nurses for a private hospital.\n\nNight shifts, accommodation provided.",
        JobStatus.OPEN,
        moment,
        moment,
        city="Doha",
        employment_type="Contract",
        positions=4,
        salary_min=2000,
        salary_max=3200,
        salary_currency="USD",
        salary_period="month",
        requirements="Two years of ward experience",
        benefits=("Accommodation", "Visa paid"),
        closing_date=date(2099, 6, 30),
        published_at=moment,
    )


async def seed_jobs(data_dir: Path) -> None:
    """Two open jobs in the data directory, written through the store as the admin area does."""
    container = Container.build(Settings(data_dir=data_dir))
    await container.start_for_cli()
    try:
        jobs = [bench_job("JB1", "Registered Nurse", "Qatar"), bench_job("JB2", "Staff Nurse", "United Arab Emirates")]
        for job in jobs:
            entry = AuditEntry(f"AU{job.id}", "bench", "job.create", job.id, job.created_at)
            await save_job(container.store, job, entry)
    finally:
        await container.close()


def send_application(base_url: str) -> str:
    """One application through the public API, as an applicant sends it; its ID."""
    answer = httpx.post(
        f"{base_url}/api/applications",
        data=APPLICATION,
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
        timeout=30,
    )
    answer.raise_for_status()
    return str(answer.json()["applicationId"])


def admin_cookies(base_url: str) -> list[SetCookieParam]:
    """The demo admin signed in through the API: its session and CSRF cookies, as a browser keeps them
    (each with its path: the session's is ``/api/admin``)."""
    host = urlsplit(base_url).hostname or "localhost"
    with httpx.Client(base_url=base_url, timeout=30) as client:
        client.get("/api/admin/session")
        client.headers["X-CSRF-Token"] = client.cookies["csrftoken"]
        answer = client.post("/api/admin/session", json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD})
        answer.raise_for_status()
        return [
            {
                "name": cookie.name,
                "value": cookie.value or "",
                "domain": host,
                "path": cookie.path,
                "httpOnly": cookie.has_nonstandard_attr("HttpOnly"),
                "sameSite": "Lax",
            }
            for cookie in client.cookies.jar
        ]


@cache
def launcher_flags() -> tuple[str, ...]:
    """The flags Lighthouse's chrome-launcher starts chromium with, so a browser started here runs as
    the ones Lighthouse starts itself (the signed-out routes)."""
    script = "import('chrome-launcher').then(m => console.log(m.Launcher.defaultFlags().join('\\n')))"
    out = subprocess.run(
        ["node", "-e", script], cwd=REPO_ROOT / "tools", check=True, capture_output=True, text=True
    ).stdout
    return tuple(line for line in out.splitlines() if line)


@contextmanager
def signed_in_chromium(cookies: list[SetCookieParam]) -> Iterator[int]:
    """A fresh headless chromium with its own profile whose cookie jar holds ``cookies``; its DevTools port."""
    with tempfile.TemporaryDirectory(prefix="lh-profile-") as profile:
        browser = subprocess.Popen(
            [
                CHROMIUM,
                *CHROME_FLAGS.split(),
                *launcher_flags(),
                "--remote-debugging-port=0",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + 30
            while not port_file.exists() or not port_file.read_text().strip():
                if browser.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("chromium did not start its DevTools server")
                time.sleep(0.1)
            port = int(port_file.read_text().split()[0])
            with sync_playwright() as playwright:
                # Only connected to (Playwright did not start it): leaving it here leaves the browser running.
                connected = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                connected.contexts[0].add_cookies(cookies)
            yield port
        finally:
            browser.terminate()
            browser.wait(timeout=30)


def final_path(report: dict[str, Any]) -> str:
    return urlsplit(str(report.get("finalDisplayedUrl") or report.get("finalUrl") or "")).path


def run_lighthouse(url: str, profile: Profile, attempts: int = 3, extra: Sequence[str] = ()) -> dict[str, Any]:
    """One report; a run Lighthouse itself gave up on (NO_NAVSTART on a loaded machine) is retried."""
    for attempt in range(1, attempts + 1):
        try:
            return run_lighthouse_once(url, profile, extra)
        except subprocess.CalledProcessError:
            if attempt == attempts:
                raise
    raise AssertionError("unreachable")


def run_lighthouse_once(url: str, profile: Profile, extra: Sequence[str] = ()) -> dict[str, Any]:
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
                *profile.flags,
                *extra,
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


def commit_task_ms(report: dict[str, Any]) -> float:
    """The length of the browser's navigation commit, when it was a long task: simulated by Lighthouse,
    or as traced under ``low-end-applied``.

    It is the first "Unattributable" long task, starting before the first paint: the renderer
    committing the navigation (creating the page's JavaScript context, a fresh process's first one
    under the app's Cross-Origin-Opener-Policy). Lighthouse's estimate of the first paint leaves it
    out while its estimate of the main thread keeps it, so whatever it lasts past that paint counts
    as blocking time although no page code runs in it
    (docs/performance/2026-11-27-first-layout-and-commit.md). Under ``low-end-applied``
    it ends before the first paint, as in the trace, and counts for nothing.
    """
    audits = report["audits"]
    fcp = audits["first-contentful-paint"]["numericValue"]
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    commits = [t for t in tasks if t.get("url") == "Unattributable" and t["startTime"] <= fcp]
    return float(min(commits, key=lambda t: t["startTime"])["duration"]) if commits else 0.0


def figures(report: dict[str, Any]) -> dict[str, float]:
    cats = report["categories"]
    audits = report["audits"]
    scores = {c: round((cats[c]["score"] or 0) * 100) for c in CATEGORIES}
    return {
        **scores,
        "fcp": audits["first-contentful-paint"]["numericValue"] / 1000,
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt": audits["total-blocking-time"]["numericValue"],
        "commit": commit_task_ms(report),
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "js": js_bytes(report) / 1024,
    }


def row(route: str, runs: list[dict[str, float]]) -> str:
    m = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    perf = [run["performance"] for run in runs]
    lcp = [run["lcp"] for run in runs]
    return (
        f"| `{route}` | {m['performance']:.0f} ({min(perf):.0f}-{max(perf):.0f}) | {m['accessibility']:.0f} "
        f"| {m['best-practices']:.0f} | {m['seo']:.0f} | {m['fcp']:.2f} s "
        f"| {m['lcp']:.2f} s ({min(lcp):.2f}-{max(lcp):.2f}) | {m['tbt']:.0f} ms | {m['commit']:.0f} ms "
        f"| {m['cls']:.3f} "
        f"| {m['js']:.1f} KiB |"
    )


def measure_run(base_url: str, route: str, profile: Profile, cookies: list[SetCookieParam] | None) -> dict[str, Any]:
    """One report of ``route``: signed out, or signed in with ``cookies`` in the browser's jar, and then
    it must not end on the sign-in page (an error naming the route, not a figure of the wrong page)."""
    if cookies is None or route == LOGIN_ROUTE:
        return run_lighthouse(base_url + route, profile)
    with signed_in_chromium(cookies) as port:
        report = run_lighthouse(base_url + route, profile, extra=[f"--port={port}"])
    if final_path(report) == LOGIN_ROUTE:
        raise SystemExit(f"{route}: the signed-in run ended on {LOGIN_ROUTE}, so it measured the sign-in page")
    return report


def measure(
    base_url: str,
    profile: Profile,
    routes: list[str],
    runs: int,
    save_json: str | None,
    cookies: list[SetCookieParam] | None = None,
) -> None:
    print(f"\n### {profile.name}, median of {runs}\n")
    print(f"load average before: {os.getloadavg()[0]:.2f}\n")
    print(
        "| route | perf (range) | a11y | best practices | SEO | FCP | LCP (range) | TBT | commit task | CLS "
        "| JS until idle |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for route in routes:
        reports = [measure_run(base_url, route, profile, cookies) for _ in range(runs)]
        print(row(route, [figures(r) for r in reports]), flush=True)
        if save_json:
            perf = [r["categories"]["performance"]["score"] or 0 for r in reports]
            chosen = reports[perf.index(statistics.median_low(perf))]
            out_dir = Path(save_json)
            out_dir.mkdir(parents=True, exist_ok=True)
            name = route.strip("/").replace("/", "-").replace("?", "-").replace("=", "-") or "home"
            slug = profile.name.split()[0]
            (out_dir / f"{slug}-{name}.json").write_text(json.dumps(chosen))
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES), help="default: mobile and low-end")
    parser.add_argument("--client-dist", help="serve another build of the client (a before/after comparison)")
    parser.add_argument("--save-json", help="keep each route's median Lighthouse report as JSON in this directory")
    parser.add_argument("--base-url", help="measure an app already running at this origin instead of starting one")
    parser.add_argument("--admin", action="store_true", help="the admin area's routes, signed in as the demo admin")
    parser.add_argument("routes", nargs="*")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("lighthouse is not installed: run `make .stamps/tools-deps`")
    profiles = [PROFILES[name] for name in args.profile or ["mobile", "low-end"]]

    def measure_profiles(base_url: str) -> None:
        if not args.admin:
            for profile in profiles:
                measure(base_url, profile, args.routes or public_routes(), args.runs, args.save_json)
            return
        application = send_application(base_url)
        routes = [route.format(application=application) for route in args.routes or ADMIN_ROUTES]
        cookies = admin_cookies(base_url)
        for profile in profiles:
            measure(base_url, profile, routes, args.runs, args.save_json, cookies)

    if args.base_url:
        measure_profiles(args.base_url.rstrip("/"))
        return
    with tempfile.TemporaryDirectory(prefix="lh-data-") as data_dir:
        asyncio.run(seed_jobs(Path(data_dir)))
        env = {"AGENCY_DATA_DIR": data_dir, "AGENCY_DEMO": "1"}
        if args.client_dist:
            env["AGENCY_CLIENT_DIST"] = args.client_dist
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start(timeout_s=60)
        try:
            measure_profiles(app.base_url)
        finally:
            app.stop()


if __name__ == "__main__":
    main()
