"""Employers and job orders in the admin area (issue 46 items 1 and 2), in Debian's chromium on a laptop: staff
create an employer with a contact in the Gulf, find it by a folded search, add a job order, upload its demand
letter, link a job of the board to it, are refused the job's publishing in the server's words while the order
has no Labour Department approval, record the approval and publish it.

Then a CV pack (issue 46 items 3 and 4, on the same app process): staff send three candidates of an order's
job to an employer's contact; the employer opens the link from the e-mail the app sent (read from the outbox of
the app's database: the session's app has no SMTP server) on a phone, sees anonymised profiles only (no name,
phone or e-mail in the page), nothing wider than the phone, selects two and rejects one with a comment; staff
read the answers on the order's page and find the two in the pipeline's "Selected by employer" column."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from playwright.sync_api import APIRequestContext, Browser, Page, expect

from tests.browser.conftest import PHONE, new_page
from tests.browser.test_admin import APPLICATION, PDF, sign_in_through_the_api
from tests.support.app_process import RunningApp

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
JOB = {
    "title": "Office Cleaner (Ɔdɔm)",
    "category": "Domestic Services",
    "country": "United Arab Emirates",
    "description": "Cleaning offices in Dubai.",
    "status": "draft",
}
NO_APPROVAL = (
    "The order has no Labour Department approval reference (labour certificate or MoU): "
    "a job linked to it cannot be published"
)


@pytest.fixture(scope="module", autouse=True)
def board_left_as_found(browser: Browser, live_server: str) -> Iterator[None]:
    """This module publishes jobs on the session's app: they are deleted when it ends, so a module after it
    finds the board as the app started (tests/browser/routes.py expects "No open jobs right now" on /jobs)."""
    yield
    page = new_page(browser, live_server)
    try:
        sign_in_through_the_api(page.context)
        request = page.context.request
        listed = request.get("/api/admin/jobs?pageSize=100")
        assert listed.ok, listed.text()
        ours = [job["id"] for job in listed.json()["items"] if job["title"] in {JOB["title"], PACK_JOB["title"]}]
        for job_id in ours:
            admin_call(request, "DELETE", f"/api/admin/jobs/{job_id}", {})
    finally:
        page.context.close()


@pytest.fixture
def staff(browser: Browser, live_server: str) -> Iterator[Page]:
    page = new_page(browser, live_server, viewport=LAPTOP)
    sign_in_through_the_api(page.context)
    csrf = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "csrftoken")
    made = page.context.request.post("/api/admin/jobs", data=JOB, headers={"X-CSRF-Token": csrf})
    assert made.status == 201, made.text()
    yield page
    page.context.close()


def test_staff_create_an_employer_and_an_order_link_a_job_and_publish_it_once_approved(staff: Page) -> None:
    page = staff
    page.goto("/admin/employers")
    page.get_by_role("link", name="New employer").click()
    expect(page.get_by_role("heading", name="New employer", level=1)).to_be_visible()
    page.get_by_label("Company", exact=True).fill("Ɔdɔm Facilities LLC")
    page.get_by_label("Country", exact=True).select_option("AE")
    page.get_by_label("City", exact=True).fill("Dubai")
    page.get_by_label("Trade licence number").fill("DXB-4471")
    contact = page.get_by_role("group", name="Contact 1")
    contact.get_by_label("Name").fill("Sara Ali")
    contact.get_by_label("Phone", exact=True).fill("050 123 4567")
    page.get_by_role("button", name="Save employer").click()
    expect(page.get_by_role("heading", name="Ɔdɔm Facilities LLC", level=1)).to_be_visible()
    # Read in the contact's country (the UAE), never as a Ghanaian number.
    expect(contact.get_by_label("Phone", exact=True)).to_have_value("+971501234567")

    page.goto("/admin/employers?q=odom")
    expect(page.get_by_role("link", name="Ɔdɔm Facilities LLC")).to_be_visible()
    page.get_by_role("link", name="Ɔdɔm Facilities LLC").click()

    page.get_by_role("link", name="New job order").click()
    expect(page.get_by_role("heading", name="New job order", level=1)).to_be_visible()
    position = page.get_by_role("group", name="Position 1")
    position.get_by_label("Trade").fill("Cleaner")
    position.get_by_label("Head-count").fill("12")
    position.get_by_label("Salary a month").fill("1500")
    page.get_by_label("Accommodation").check()
    page.get_by_label("Valid until").fill("2027-03-31")
    page.get_by_role("button", name="Create order").click()
    expect(page.get_by_role("heading", name="Cleaner for Ɔdɔm Facilities LLC", level=1)).to_be_visible()
    expect(page.get_by_text("0 selected, 0 deployed of 12")).to_be_visible()
    expect(page.get_by_text(NO_APPROVAL, exact=True)).to_be_visible()

    files = page.get_by_role("region", name="Files")
    files.get_by_label(re.compile(r"^File \(")).set_input_files(
        {"name": "demand-letter.pdf", "mimeType": "application/pdf", "buffer": PDF}
    )
    files.get_by_role("button", name="Upload").click()
    expect(files.get_by_role("link", name="Download demand letter")).to_be_visible()

    jobs = page.get_by_role("region", name="Jobs on the board")
    jobs.get_by_label("Job to link").select_option(label=f"{JOB['title']} (draft)")
    jobs.get_by_role("button", name="Link job").click()
    publish = jobs.get_by_role("button", name=f"Publish {JOB['title']}")
    expect(publish).to_be_visible()
    publish.click()
    expect(jobs.get_by_role("alert")).to_have_text(NO_APPROVAL)

    approval = page.get_by_role("region", name="Labour Department approval")
    approval.get_by_label("Approval reference").fill("LC-2026-0193")
    approval.get_by_role("button", name="Record the approval").click()
    expect(approval.get_by_text("Labour certificate LC-2026-0193")).to_be_visible()
    expect(page.get_by_text("Its jobs may be published.")).to_be_visible()
    publish.click()
    expect(jobs.get_by_text("Open", exact=True)).to_be_visible()
    expect(publish).to_have_count(0)


GULF_CONTACT = "recruit@alnoor-facilities.example"
PACK_EMPLOYER = {
    "company": "Al Noor Facilities LLC",
    "country": "AE",
    "city": "Abu Dhabi",
    "licenceNumber": "AD-90210",
    "contacts": [{"name": "Huda Karim", "email": GULF_CONTACT, "phone": "050 765 4321"}],
}
PACK_ORDER = {
    "positions": [{"trade": "Mason", "headCount": 4, "salary": 1600, "currency": "AED"}],
    "benefits": {"accommodation": True, "transport": True},
    "contractMonths": 24,
    "validUntil": "2027-06-30",
    "domesticWork": False,
}
PACK_JOB = {**JOB, "title": "Mason (Abu Dhabi)", "category": "Construction", "closingDate": "2027-06-30"}
FAMILY = "Ofosuhene"
"""The three candidates' family name: found together by the pack form's search, and in no other test."""
REJECTION = "Not enough block-work experience for this site."


@dataclass(frozen=True)
class Applicant:
    application_id: str
    first_name: str
    email: str
    phone: str

    def personal_data(self) -> tuple[str, ...]:
        """The name, the e-mail and the phone as typed and in E.164 (with and without the plus)."""
        local = self.phone[1:]
        return (self.first_name, self.email, self.phone, f"+233{local}", f"233{local}")


def admin_call(request: APIRequestContext, method: str, path: str, body: dict[str, Any]) -> Any:
    csrf = next(c["value"] for c in request.storage_state()["cookies"] if c["name"] == "csrftoken")
    answer = request.fetch(path, method=method, data=body, headers={"X-CSRF-Token": csrf})
    assert answer.ok, f"{method} {path}: {answer.status} {answer.text()}"
    return answer.json() if answer.status != 204 else None


def an_order_with_an_open_job(request: APIRequestContext) -> tuple[str, str]:
    """An employer's approved order with an open job of the board linked to it: (order id, job id)."""
    employer = admin_call(request, "POST", "/api/admin/employers", PACK_EMPLOYER)
    order = admin_call(request, "POST", "/api/admin/job-orders", {**PACK_ORDER, "employerId": employer["id"]})
    admin_call(request, "PUT", f"/api/admin/job-orders/{order['id']}/approval", {"kind": "mou", "reference": "MOU-31"})
    job = admin_call(request, "POST", "/api/admin/jobs", PACK_JOB)
    admin_call(request, "PUT", f"/api/admin/job-links/{job['id']}", {"orderId": order["id"]})
    admin_call(request, "PUT", f"/api/admin/jobs/{job['id']}", {**job, "status": "open"})
    return str(order["id"]), str(job["id"])


def approved_applicant(request: APIRequestContext, base_url: str, job_id: str, n: int, first: str) -> Applicant:
    email, phone = f"{first.lower()}.{FAMILY.lower()}@example.com", f"02455501{n:02d}"
    sent = {**APPLICATION, "firstName": first, "lastName": FAMILY, "email": email, "phone": phone, "jobId": job_id}
    made = httpx.post(
        f"{base_url}/api/applications", data=sent, files={"cv": ("cv.pdf", PDF, "application/pdf")}, timeout=20
    )
    assert made.status_code == 201, made.text
    application_id = str(made.json()["applicationId"])
    for status in ("processing", "approved"):
        admin_call(request, "POST", f"/api/admin/applications/{application_id}/status", {"status": status})
    return Applicant(application_id, first, email, phone)


def pack_link_from_the_email(data_dir_db: str, timeout_s: float = 20.0) -> str:
    """The path of the link in the e-mail the app sent the contact, once its outbox delivered it."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with sqlite3.connect(data_dir_db) as db:
            row = db.execute(
                "SELECT text FROM outbox WHERE channel = 'email' AND address = ? AND status = 'delivered'",
                (GULF_CONTACT,),
            ).fetchone()
        if row is not None:
            mail = json.loads(row[0])
            assert mail["subject"].startswith("Candidates for your order"), mail["subject"]
            found = re.search(r"https?://\S+(/employer/packs/[A-Za-z0-9_-]{32,})", mail["text"])
            assert found, mail["text"]
            return found.group(1)
        time.sleep(0.2)
    raise AssertionError(f"no delivered e-mail to {GULF_CONTACT} within {timeout_s:.0f} s")


def answer(page: Page, code: str, choice: str, comment: str = "") -> None:
    card = page.locator("article", has=page.get_by_role("heading", name=f"Candidate {code}", exact=True))
    card.get_by_label(choice, exact=True).check()
    if comment:
        card.get_by_label("Comment").fill(comment)
    card.get_by_role("button", name="Send answer").click()
    expect(page.get_by_role("status")).to_have_text(f"Your answer on {code} is saved. Thank you.")
    expect(card.get_by_text(f"Your answer: {choice}")).to_be_visible()


def widest(page: Page) -> int:
    return int(page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"))


@pytest.fixture
def signed_in(browser: Browser, live_server: str) -> Iterator[Page]:
    page = new_page(browser, live_server, viewport=LAPTOP)
    sign_in_through_the_api(page.context)
    yield page
    page.context.close()


def test_an_employer_answers_a_cv_pack_on_a_phone_and_staff_see_the_selected_in_the_pipeline(
    browser: Browser, live_app: RunningApp, signed_in: Page
) -> None:
    page, request = signed_in, signed_in.context.request
    order_id, job_id = an_order_with_an_open_job(request)
    people = [
        approved_applicant(request, live_app.base_url, job_id, n, first)
        for n, first in enumerate(("Kwadwo", "Adjoa", "Kobina"), start=1)
    ]

    # Staff pick the three on the order's page and send the pack to the contact.
    page.goto(f"/admin/job-orders/{order_id}")
    packs = page.get_by_role("region", name="CV packs")
    packs.get_by_label("Find candidates").fill(FAMILY)
    packs.get_by_role("button", name="Find", exact=True).click()
    for person in people:
        packs.get_by_label(f"{person.first_name} {FAMILY} ({person.application_id})").check()
    packs.get_by_role("button", name="Send the pack (3)").click()
    expect(packs.get_by_role("status").filter(has_text="was e-mailed")).to_contain_text(
        f"was e-mailed to {GULF_CONTACT}"
    )
    link = pack_link_from_the_email(str(live_app.data_dir / "agency.sqlite3"))
    listed = request.get(f"/api/admin/job-orders/{order_id}/packs")
    assert listed.ok, listed.text()
    (sent,) = listed.json()["items"]
    code_of = {c["applicationId"]: c["code"] for c in sent["candidates"]}
    assert sorted(code_of.values()) == ["C01", "C02", "C03"]

    # The employer, on a phone: profiles without personal data, nothing wider than the screen.
    phone = new_page(browser, live_app.base_url, viewport=PHONE)
    try:
        phone.goto(link)
        expect(phone.get_by_role("heading", name="Candidates for Al Noor Facilities LLC", level=1)).to_be_visible()
        expect(phone.get_by_role("heading", name=re.compile(r"^Candidate C0[123]$"))).to_have_count(3)
        expect(phone.get_by_text(APPLICATION["experience"], exact=True)).to_have_count(3)
        html = phone.content()
        assert FAMILY not in html
        for person in people:
            assert person.application_id not in html
            for secret in person.personal_data():
                assert secret not in html, f"{secret!r} is on the employer's page"
        phone.locator("details").first.evaluate("(d) => { d.open = true; }")
        assert widest(phone) <= PHONE["width"]
        answer(phone, "C01", "Select")
        answer(phone, "C02", "Reject", REJECTION)
        answer(phone, "C03", "Select")
        assert widest(phone) <= PHONE["width"]
    finally:
        phone.context.close()

    # Staff read the answers on the order's page and find the two selected in the pipeline.
    packs.get_by_role("button", name="Refresh answers").click()
    rejected = next(p for p in people if code_of[p.application_id] == "C02")
    selected = [p for p in people if p is not rejected]
    for code, decision in (("C01", "Select"), ("C02", "Reject"), ("C03", "Select")):
        row = packs.get_by_role("row").filter(has=page.get_by_role("rowheader", name=code, exact=True))
        expect(row.locator(".admin-status")).to_have_text(decision)
    expect(packs.get_by_text(f"“{REJECTION}”")).to_be_visible()
    page.goto(f"/admin/pipeline?job={job_id}")
    column = page.get_by_role("region", name="Selected by employer 2")
    for person in selected:
        expect(column.get_by_role("link", name=f"{person.first_name} {FAMILY}")).to_be_visible()
    expect(column.get_by_text(rejected.application_id)).to_have_count(0)
