"""Job postings end to end: the full record, drafts, publishing, automatic closing, the public
board's filters and counts, applications that name a job (and are refused for a closed one)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from agency_core.jobs.rules import JOB_NOT_OPEN
from tests.admin.area import application_data, audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support.clock import NOW, clock
from tests.support.writes import save_job

ADMIN = "/api/admin/jobs"
PUBLIC = "/api/jobs"
PDF = b"%PDF-1.4\n%test\n"
POSTING: dict[str, Any] = {
    "title": "Registered Nurse",
    "country": "Qatar",
    "city": "Doha",
    "category": "Healthcare & Medical",
    "employmentType": "Contract",
    "positions": 12,
    "salaryMin": 2000,
    "salaryMax": 3200,
    "salaryCurrency": "USD",
    "salaryPeriod": "month",
    "description": "Ward nurses for a private hospital.",
    "requirements": "Two years of ward experience.",
    "benefits": ["Accommodation", "Flight paid", "Visa paid"],
    "closingDate": "2099-06-30",
    "status": "open",
}


async def post_job(h: AdminHarness, **changes: Any) -> dict[str, Any]:
    response = await h.unsafe("POST", ADMIN, json={**POSTING, **changes})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


async def apply(h: AdminHarness, **changes: Any) -> Any:
    data = {k: ("true" if v is True else "false" if v is False else v) for k, v in application_data(**changes).items()}
    return await h.client.post("/api/applications", data=data, files={"cv": ("cv.pdf", PDF, "application/pdf")})


async def test_the_full_record_is_kept_and_published_once(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    job = await post_job(h)
    assert {k: job[k] for k in POSTING} == POSTING
    assert job["salary"] == "USD 2,000-3,200 / month"
    assert job["publishedAt"] == job["createdAt"]

    draft = await post_job(h, title="Site Engineer", category="Engineering", status="draft")
    assert draft["publishedAt"] is None
    published = (await h.unsafe("PUT", f"{ADMIN}/{draft['id']}", json={**POSTING, "status": "open"})).json()
    assert published["publishedAt"] is not None
    edited = (await h.unsafe("PUT", f"{ADMIN}/{draft['id']}", json={**POSTING, "positions": 3})).json()
    assert (edited["positions"], edited["publishedAt"]) == (3, published["publishedAt"])
    actions = [e["action"] for e in await audit_actions(h) if e["action"].startswith("job.")]
    assert actions == ["job.update", "job.publish", "job.create", "job.create"]


async def test_the_job_form_rules_are_enforced(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    response = await h.unsafe(
        "POST",
        ADMIN,
        json={
            **POSTING,
            "country": "Mars",
            "employmentType": "Forever",
            "positions": 0,
            "salaryMin": 3000,
            "salaryMax": 1000,
            "benefits": ["Gold"],
            "closingDate": "2020-01-01",
        },
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "country": "Choose one of the listed options",
        "employmentType": "Choose one of the listed options",
        "positions": "Positions must be a whole number from 1 to 1000",
        "salaryMax": "Maximum salary must not be below the minimum",
        "benefits": "Choose one of the listed options",
        "closingDate": "An open job needs a closing date of today or later",
    }
    # a past closing date is fine on a closed job; a bad date is not
    assert (
        await h.unsafe("POST", ADMIN, json={**POSTING, "status": "closed", "closingDate": "2020-01-01"})
    ).status_code == 201
    bad = await h.unsafe("POST", ADMIN, json={**POSTING, "closingDate": "2099-02-30"})
    assert bad.json()["errors"] == {"closingDate": "Enter a valid date"}


async def test_the_public_board_filters_counts_and_hides_drafts_and_closed(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    nurse = await post_job(h)
    mason = await post_job(h, title="Mason", category="Construction", country="Qatar", description="Block work")
    driver = await post_job(h, title="Bus Driver", category="Transportation", country="United Arab Emirates")
    draft = await post_job(h, title="Secret Draft", status="draft")
    closed = await post_job(h, title="Old Job", status="closed")

    board = (await h.client.get(PUBLIC)).json()
    assert [j["id"] for j in board["items"]] == [driver["id"], mason["id"], nurse["id"]]
    assert board["countries"] == {"Qatar": 2, "United Arab Emirates": 1}
    assert board["categories"] == {"Healthcare & Medical": 1, "Construction": 1, "Transportation": 1}

    qatar = (await h.client.get(PUBLIC, params={"country": "Qatar"})).json()
    assert [j["id"] for j in qatar["items"]] == [mason["id"], nurse["id"]]
    assert qatar["categories"] == {"Healthcare & Medical": 1, "Construction": 1}
    # the home page's country card says "UAE"
    uae = (await h.client.get(PUBLIC, params={"country": "UAE"})).json()
    assert [j["id"] for j in uae["items"]] == [driver["id"]]
    words = (await h.client.get(PUBLIC, params={"q": "block WORK"})).json()
    assert [j["id"] for j in words["items"]] == [mason["id"]]
    none = (await h.client.get(PUBLIC, params={"country": "Oman"})).json()
    assert (none["items"], none["total"], none["totalOpen"]) == ([], 0, 3)

    assert (await h.client.get(f"{PUBLIC}/{draft['id']}")).status_code == 404
    assert (await h.client.get(f"{PUBLIC}/nope")).json() == {"message": "Job Not Found"}
    shown = (await h.client.get(f"{PUBLIC}/{closed['id']}")).json()
    assert (shown["title"], shown["status"]) == ("Old Job", "closed")
    one = (await h.client.get(f"{PUBLIC}/{nurse['id']}")).json()
    assert (one["status"], one["benefits"], one["requirements"]) == (
        "open",
        POSTING["benefits"],
        POSTING["requirements"],
    )


async def test_a_job_reads_as_closed_after_its_closing_date_and_no_read_writes_it(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, clock=clock())
    job = await post_job(h)
    store = container(h).admin_store
    stored = await store.job(job["id"])
    assert stored is not None
    yesterday = NOW.date() - timedelta(days=2)
    expired = replace(stored, closing_date=yesterday)
    await save_job(container(h).store, expired, await audit_entry(h))
    assert (await h.client.get(f"{PUBLIC}/{job['id']}")).json()["status"] == "closed"
    assert (await h.client.get(PUBLIC)).json()["items"] == []
    assert (await h.client.get("/api/admin/dashboard")).json()["activeJobs"] == 0
    closed = (await h.client.get(ADMIN, params={"status": "closed"})).json()["items"]
    assert [(j["id"], j["status"]) for j in closed] == [(job["id"], "closed")]
    assert (await h.client.get(ADMIN, params={"status": "open"})).json()["items"] == []
    refused = await apply(h, jobId=job["id"])
    assert (refused.status_code, refused.json()) == (422, {"errors": {"jobId": JOB_NOT_OPEN}})
    assert await store.job(job["id"]) == expired  # every read above left the stored job as staff saved it


async def audit_entry(h: AdminHarness) -> Any:
    from agency_core.audit import AuditEntry

    return AuditEntry("AUtest", "test", "job.update", "test", container(h).staff.context.clock())


async def test_an_application_names_its_job_and_the_admin_filters_by_it(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    job = await post_job(h, title="Registered Nurse")
    other = await post_job(h, title="Mason", category="Construction")
    created = await apply(h, jobId=job["id"], jobCategory="Healthcare & Medical")
    assert created.status_code == 201, created.text
    app_id = created.json()["applicationId"]
    assert (await apply(h, email="two@example.com")).status_code == 201

    listed = (await h.client.get("/api/admin/applications", params={"jobId": job["id"]})).json()
    assert [(a["applicationId"], a["jobId"], a["jobTitle"]) for a in listed["items"]] == [
        (app_id, job["id"], "Registered Nurse")
    ]
    jobs = {j["id"]: j["applications"] for j in (await h.client.get(ADMIN)).json()["items"]}
    assert jobs == {job["id"]: 1, other["id"]: 0}

    detail = await container(h).staff.applications.open_application(app_id)
    texts = {m.kind: m.text for m in detail.sms}
    assert "for the job Registered Nurse" in texts["status"]
    assert "Job: Registered Nurse (Healthcare & Medical)" in texts["admin_alert"]

    for bad in ("JB-unknown", (await post_job(h, status="draft"))["id"], (await post_job(h, status="closed"))["id"]):
        refused = await apply(h, jobId=bad, email=f"{bad.lower()}@example.com")
        assert (refused.status_code, refused.json()) == (422, {"errors": {"jobId": JOB_NOT_OPEN}})
