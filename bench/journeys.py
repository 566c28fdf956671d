"""Both users' tasks, timed, in Debian's chromium (issue 43), with every tap and click counted.

(a) An applicant on a 360x780 phone, CPU slowed 4x (CDP ``Emulation.setCPUThrottlingRate``) and Slow 3G
    (CDP ``Network.emulateNetworkConditions``: 2 s latency, 400 kbit/s each way, the DevTools preset),
    starts at the home page, taps "Enroll Now", fills the four steps of the wizard, submits, pays on the
    demo checkout and waits for "Payment received".
(b) The same applicant, on the same phone, opens the change link of the appointment they booked (from
    the confirmation e-mail) and moves it to another day's free time, until the page says it is moved.
(c) A staff member at a 1366x768 laptop (no throttling), on the applications list, moves five applicants
    to Processing and then two of them to Approved with the bulk bar (selection, preview, confirm).

How actions are counted (the ``taps`` column): a click, a checkbox, a radio, opening a link from a
message are 1 tap each; a typed field is 1 tap (to focus it; the keystrokes are not counted, the number
of typed fields is its own column); a native picker (a select, a date field, the file chooser) is 2 taps
(open, choose); a pop-up closed on the way is 1 tap. The script counts what it does, nothing else.

Each run starts its own app as ``make run`` does (demo mode, a fresh data directory: the test checkout,
no Paystack keys) with a local SMTP server for the booking's change link, in a fresh browser context
(cold cache). The script waits where a user waits: for the element to be there and usable (Playwright's
actionability checks), and after a full page load for the page to be alive (``html[data-hydrated]``).

    .venv/bin/python bench/journeys.py [--runs N] [--only a,b,c]   (b2, another time of the same day: --only b2)
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from email.message import EmailMessage
from pathlib import Path

import httpx
from _common import AppProcess, sign_in_demo_admin
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, sync_playwright
from tests.api.conftest import APPLICATION, BOOKING_DAY, PDF
from tests.support.smtp_server import SmtpServer

from app.api.appointment_change import MOVE_BUTTON, MOVED, SHOW_TIMES

CHROMIUM = "/usr/bin/chromium"
PHONE: ViewportSize = {"width": 360, "height": 780}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
SLOW_3G: dict[str, object] = {
    "offline": False,
    "latency": 2000,
    "downloadThroughput": 500 * 1000 / 8 * 0.8,
    "uploadThroughput": 500 * 1000 / 8 * 0.8,
}
CPU_SLOWDOWN = 4
TIMEOUT_MS = 180_000
STAFF_NAMES = [
    ("Akosua", "Odom"),
    ("Kwame", "Boateng"),
    ("Efua", "Asante"),
    ("Yaw", "Owusu"),
    ("Abena", "Darko"),
    ("Kojo", "Badu"),
    ("Esi", "Quaye"),
]
BEFORE = {"a": (62.0, 34), "b": (8.8, 7), "b2": (8.8, 7), "c": (None, 11)}


@dataclass
class Count:
    """The taps a journey made, by kind."""

    taps: int = 0
    fields: int = 0
    pickers: int = 0
    popups: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, locator: Locator, what: str) -> None:
        locator.click()
        self.taps += 1
        self.log.append(what)

    def check(self, locator: Locator, what: str) -> None:
        locator.check()
        self.taps += 1
        self.log.append(what)

    def type(self, locator: Locator, text: str) -> None:
        locator.fill(text)
        self.taps += 1
        self.fields += 1

    def pick(self, locator: Locator, value: str) -> None:
        if locator.evaluate("el => el.tagName") == "SELECT":
            locator.select_option(value)
        else:
            locator.fill(value)  # a date field: the phone's picker
        self.taps += 2
        self.pickers += 1

    def file(self, locator: Locator, name: str, data: bytes) -> None:
        locator.set_input_files({"name": name, "mimeType": "application/pdf", "buffer": data})
        self.taps += 2
        self.pickers += 1

    def opened_link(self) -> None:
        self.taps += 1
        self.log.append("link from the message")

    def closed_popup(self) -> None:
        self.taps += 1
        self.popups += 1


@dataclass
class Result:
    seconds: float
    count: Count
    splits: dict[str, float] = field(default_factory=dict)
    """Seconds from the start at which the journey's stages were reached."""


@dataclass
class Run:
    base_url: str
    smtp: SmtpServer
    n: int


@contextmanager
def app_with_smtp() -> Iterator[tuple[str, SmtpServer]]:
    smtp = SmtpServer().start()
    try:
        with tempfile.TemporaryDirectory(prefix="journeys-") as data_dir:
            env = {
                "AGENCY_DATA_DIR": data_dir,
                "AGENCY_DEMO": "1",
                "AGENCY_RATE_LIMIT": "0",  # the staff's seven applicants come from one address
                "AGENCY_SMTP_HOST": "127.0.0.1",
                "AGENCY_SMTP_PORT": str(smtp.port),
                "AGENCY_SMTP_STARTTLS": "0",
            }
            app = AppProcess(env, log_path=Path(data_dir) / "app.log").start(timeout_s=60)
            try:
                yield app.base_url, smtp
            finally:
                app.stop()
    finally:
        smtp.stop()


def throttled_phone(browser: Browser, base_url: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(base_url=base_url, viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page


def alive(page: Page) -> None:
    page.locator("html[data-hydrated]").wait_for(state="attached", timeout=TIMEOUT_MS)


def close_popups(page: Page, count: Count) -> None:
    """The newsletter pop-up, if it opens over the journey, is closed by its button (a tap)."""
    close = page.get_by_role("button", name="Close newsletter pop-up")

    def handle(button: Locator) -> None:
        button.click()
        count.closed_popup()

    page.add_locator_handler(close, handle)


def apply_and_pay(browser: Browser, run: Run) -> Result:
    context, page = throttled_phone(browser, run.base_url)
    count = Count()
    close_popups(page, count)
    try:
        started = time.perf_counter()
        splits: dict[str, float] = {}

        def reached(stage: str) -> None:
            splits[stage] = time.perf_counter() - started

        page.goto("/", wait_until="commit")
        count.tap(page.get_by_role("link", name="Enroll Now").first, "Enroll Now (the hero)")
        form = page.get_by_role("form", name="Job application")
        form.wait_for()
        alive(page)
        reached("wizard")
        count.type(form.get_by_label("First Name"), "Adwoa")
        count.type(form.get_by_label("Last Name"), "Sarpong")
        count.type(form.get_by_label("Email Address"), f"adwoa.{run.n}@example.com")
        count.type(form.get_by_label("Phone Number"), f"024 55{run.n:01d} 1234")
        count.type(form.get_by_label("Current Country"), "Ghana")
        count.type(form.get_by_label("Current City"), "Kumasi")
        count.tap(form.get_by_role("button", name="Next Step"), "Next Step 1")
        count.pick(form.get_by_label("Date of Birth"), "1996-09-21")
        count.type(form.get_by_label("Nationality"), "Ghanaian")
        count.pick(form.get_by_label("Preferred Country"), "Qatar")
        count.pick(form.get_by_label("Job Category"), "Construction")
        count.tap(form.get_by_role("button", name="Next Step"), "Next Step 2")
        count.pick(form.get_by_label("Experience Level"), "Mid Level (3-5 years)")
        count.pick(form.get_by_label("Education Level"), "Diploma/Certificate")
        count.type(form.get_by_label("Languages (comma separated)"), "English, Twi")
        count.pick(form.get_by_label("Availability"), "Immediately")
        count.tap(form.get_by_role("button", name="Next Step"), "Next Step 3")
        count.file(form.get_by_label("CV / Resume"), "cv.pdf", PDF)
        count.check(form.get_by_label("I accept the terms and conditions"), "terms")
        count.tap(form.get_by_role("button", name="Submit Application"), "Submit Application")
        dialog = page.get_by_role("dialog", name="Complete Your Application")
        pay = dialog.get_by_role("button", name=re.compile(r"^Pay"))
        pay.wait_for()
        reached("payment modal")
        count.tap(pay, "Pay (modal)")
        checkout = page.get_by_role("button", name=re.compile(r"^Pay .*\(test\)"))
        checkout.wait_for()
        reached("test checkout")
        count.tap(checkout, "Pay (test checkout)")
        page.get_by_role("heading", name="Payment received").wait_for()
        return Result(time.perf_counter() - started, count, splits)
    finally:
        context.close()


def change_link(run: Run, tag: str = "") -> str:
    """Books the applicant's appointment (untimed: the journey starts at the e-mail's link)."""
    email = f"adwoa.{run.n}{tag}@example.com"
    booking = {
        "fullName": "Adwoa Sarpong",
        "email": email,
        "phone": f"024 55{run.n:01d} 1234",
        "countryOfInterest": "Qatar",
        "serviceType": "recruitment",
        "preferredDate": BOOKING_DAY,
        "preferredTime": "10:00 AM",
        "message": "Documents for Doha.",
        "consent": True,
    }
    answer = httpx.post(f"{run.base_url}/api/appointments", json=booking, timeout=30)
    if answer.status_code != 201:
        raise RuntimeError(f"booking refused: {answer.status_code} {answer.text}")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for mail in run.smtp.received():
            if str(mail["To"]) == email and isinstance(mail, EmailMessage):
                body = mail.get_body(("plain",))
                found = re.search(r"(http://\S+/appointment\?token=\S+)", str(body.get_content() if body else ""))
                if found:
                    return found.group(1)
        time.sleep(0.1)
    raise RuntimeError("no e-mail with the change link")


def move_appointment(browser: Browser, run: Run, *, same_day: bool = False) -> Result:
    link = change_link(run, ".same-day" if same_day else "")
    # another day (the Tuesday after), or another time of the booked day (no new date to pick)
    new_day = BOOKING_DAY if same_day else (date.fromisoformat(BOOKING_DAY) + timedelta(days=1)).isoformat()
    slots = httpx.get(f"{run.base_url}/api/appointment-slots", params={"date": new_day}, timeout=30).json()["slots"]
    free = next(s["time"] for s in slots if s["state"] == "free" and s["time"] not in ("9:00 AM", "10:00 AM"))
    context, page = throttled_phone(browser, run.base_url)
    count = Count()
    try:
        started = time.perf_counter()
        count.opened_link()
        page.goto(link, wait_until="commit")
        if not same_day:
            count.pick(page.get_by_label("New date"), new_day)
            count.tap(page.get_by_role("button", name=SHOW_TIMES), SHOW_TIMES)
        count.check(page.get_by_label(free, exact=True), free)
        count.tap(page.get_by_role("button", name=MOVE_BUTTON), MOVE_BUTTON)
        page.get_by_text(MOVED).wait_for()
        return Result(time.perf_counter() - started, count)
    finally:
        context.close()


def send_staff_applications(base_url: str) -> None:
    for n, (first, last) in enumerate(STAFF_NAMES):
        data = APPLICATION | {
            "firstName": first,
            "lastName": last,
            "email": f"{first.lower()}.{n}@example.com",
            "phone": f"02412340{n:02d}",
        }
        answer = httpx.post(
            f"{base_url}/api/applications",
            data=data,
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
            timeout=30,
        )
        if answer.status_code != 201:
            raise RuntimeError(f"application refused: {answer.status_code} {answer.text}")


def move_in_bulk(page: Page, count: Count, names: list[tuple[str, str]], status: str) -> None:
    selected = page.get_by_test_id("selected-count")
    if selected.inner_text() != "0 selected":
        count.tap(page.get_by_role("button", name="Clear selection"), "Clear selection")
    for first, last in names:
        count.check(page.get_by_label(f"Select {first} {last}"), f"select {first}")
    count.tap(page.get_by_role("button", name=f"Move to {status}"), f"Move to {status}")
    plural = "applicant" if len(names) == 1 else "applicants"
    confirm = page.get_by_role("dialog").get_by_role("button", name=f"Move {len(names)} {plural} to {status}")
    count.tap(confirm, f"confirm {status}")
    page.get_by_text(f"Moved {len(names)} {plural} to {status}.").wait_for()


def staff_bulk_moves(browser: Browser, run: Run) -> Result:
    send_staff_applications(run.base_url)
    context = browser.new_context(base_url=run.base_url, viewport=LAPTOP)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        sign_in_demo_admin(context)
        page = context.new_page()
        count = Count()
        page.goto("/admin/applications")
        first, last = STAFF_NAMES[0]
        page.get_by_label(f"Select {first} {last}").wait_for()
        started = time.perf_counter()
        move_in_bulk(page, count, STAFF_NAMES[:5], "Processing")
        move_in_bulk(page, count, STAFF_NAMES[:2], "Approved")
        seconds = time.perf_counter() - started
        return Result(seconds, count)
    finally:
        context.close()


JOURNEYS: dict[str, tuple[str, Callable[[Browser, Run], Result]]] = {
    "a": ("(a) apply and pay, throttled phone, from the home page", apply_and_pay),
    "b": ("(b) move an appointment by its change link to another day, throttled phone", move_appointment),
    "b2": (
        "(b2) the same, to another time of the same day",
        lambda browser, run: move_appointment(browser, run, same_day=True),
    ),
    "c": ("(c) staff: five to Processing, two to Approved (bulk), 1366x768", staff_bulk_moves),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="a,b,c", help="the journeys to run, e.g. a,c")
    args = parser.parse_args()
    chosen = [key.strip() for key in args.only.split(",") if key.strip()]
    results: dict[str, list[Result]] = {key: [] for key in chosen}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for n in range(args.runs):
                with app_with_smtp() as (base_url, smtp):
                    run = Run(base_url, smtp, n)
                    for key in chosen:
                        result = JOURNEYS[key][1](browser, run)
                        results[key].append(result)
                        c = result.count
                        print(
                            f"run {n + 1} {key}: {result.seconds:6.1f} s  {c.taps:3d} taps"
                            f" ({c.fields} typed fields, {c.pickers} pickers, {c.popups} pop-ups closed)"
                            f"  load {os.getloadavg()[0]:.2f}",
                            flush=True,
                        )
                        if result.splits:
                            print("        " + ", ".join(f"{k} {v:.1f} s" for k, v in result.splits.items()))
        finally:
            browser.close()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print("| task | before | after (median) | range | taps/clicks before | after |")
    print("| --- | --- | --- | --- | --- | --- |")
    for key in chosen:
        seconds = [r.seconds for r in results[key]]
        taps = sorted({r.count.taps for r in results[key]})
        before_s, before_taps = BEFORE[key]
        print(
            f"| {JOURNEYS[key][0]} | {f'{before_s:.1f} s' if before_s else '—'} | {statistics.median(seconds):.1f} s"
            f" | {min(seconds):.1f}-{max(seconds):.1f} s | {before_taps} | {'/'.join(map(str, taps))} |"
        )


if __name__ == "__main__":
    main()
