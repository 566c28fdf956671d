"""Employers and job orders over HTTP (issue 46 items 1 and 2): staff-only routes (a stranger gets
what other admin routes give), an employer's phone stored in its own country, search, audited edits
with a stale edit refused, errors through the one error map, an order's files sealed and downloads
audited, and a job linked to an order published only once the order's rules allow it."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.employers.rules import (
    NO_APPROVAL,
    NO_OVERRIDE,
    REQUIRED,
    read_employer,
    read_order,
    read_override,
    read_phone,
)
from agency_core.jobs.rules import JOB_NOT_OPEN
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from app.openapi_document import openapi_document
from app.request_contract import INTERNATIONAL_PHONE
from tests.api.conftest import APPLICATION, PDF, AppFactory
from tests.support.clock import NOW

EMPLOYERS = "/api/admin/employers"
ORDERS = "/api/admin/job-orders"
LINKS = "/api/admin/job-links"
EMPLOYER: dict[str, Any] = {
    "company": "Gulf Homes LLC",
    "country": "AE",
    "city": "Dubai",
    "licenceNumber": "TL-55521",
    "contacts": [{"name": "Mariam Al Nuaimi", "email": "mariam@gulfhomes.example", "phone": "050 123 4567"}],
}


class Staff:
    def __init__(self, client: AsyncTestClient[Litestar]) -> None:
        self.client = client

    def headers(self) -> dict[str, str]:
        return {CSRF_HEADER: self.client.cookies[CSRF_COOKIE]}

    async def send(self, method: str, path: str, body: dict[str, Any]) -> Any:
        return await self.client.request(method, path, json=body, headers=self.headers())

    async def audit(self) -> list[tuple[str, str]]:
        entries = (await self.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
        return [(e["action"], e["target"]) for e in entries]


@pytest.fixture
async def app(make_app: AppFactory) -> Litestar:
    return make_app(AGENCY_DEMO="1")


@pytest.fixture
async def staff(client: AsyncTestClient[Litestar]) -> Staff:
    await client.get("/api/admin/session")
    signed = await client.post(
        "/api/admin/session",
        json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
        headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
    )
    assert signed.status_code == 200, signed.text
    return Staff(client)


def order_body(employer_id: str, **more: Any) -> dict[str, Any]:
    return {
        "employerId": employer_id,
        "positions": [{"trade": "Housemaid", "headCount": 4, "salary": 1500, "currency": "AED"}],
        "benefits": {"accommodation": True, "food": True},
        "contractMonths": 24,
        "validUntil": "2027-03-31",
        "domesticWork": True,
        **more,
    }


async def test_a_stranger_gets_what_other_admin_routes_give(staff: Staff) -> None:
    made = await staff.send("POST", EMPLOYERS, EMPLOYER)
    assert made.status_code == 201, made.text
    assert (await staff.client.get(f"{EMPLOYERS}/EM404")).status_code == 404
    assert (await staff.client.get(f"{ORDERS}/JO404")).status_code == 404
    assert (await staff.send("POST", ORDERS, order_body("EM404"))).status_code == 404
    assert (await staff.send("PUT", f"{LINKS}/JB404", {"orderId": "JO404"})).status_code == 404
    csrf = staff.client.cookies[CSRF_COOKIE]
    staff.client.cookies.clear()  # signed out: no session cookie
    for path in (EMPLOYERS, f"{EMPLOYERS}/{made.json()['id']}", ORDERS, LINKS):
        refused = await staff.client.get(path)
        assert refused.status_code == 401, path
        assert "Gulf Homes" not in refused.text
    for method, path in (("POST", EMPLOYERS), ("PUT", f"{EMPLOYERS}/{made.json()['id']}"), ("POST", ORDERS)):
        written = await staff.client.request(method, path, json=EMPLOYER, headers={CSRF_HEADER: csrf})
        assert written.status_code in (401, 403), path
    staff.client.cookies.set(CSRF_COOKIE, csrf)
    without_session = await staff.client.post(EMPLOYERS, json=EMPLOYER, headers={CSRF_HEADER: csrf})
    assert without_session.status_code == 401


async def test_employers_are_created_found_and_edited_with_an_audit_entry(staff: Staff) -> None:
    made = await staff.send("POST", EMPLOYERS, EMPLOYER)
    assert made.status_code == 201, made.text
    employer = made.json()
    assert employer["contacts"] == [
        {
            "name": "Mariam Al Nuaimi",
            "email": "mariam@gulfhomes.example",
            "phone": "+971501234567",
            "phoneCountry": "AE",
        }
    ]
    assert (employer["version"], employer["createdBy"], employer["createdAt"][:10]) == (
        1,
        DEMO_ADMIN_EMAIL,
        NOW.date().isoformat(),
    )
    refused = await staff.send(
        "POST", EMPLOYERS, {**EMPLOYER, "company": "", "contacts": [{"name": "A", "phone": "x"}]}
    )
    assert (refused.status_code, refused.json()["errors"]) == (
        422,
        {"company": REQUIRED, "contacts.0.phone": "Enter a valid phone number"},
    )
    found = await staff.client.get(EMPLOYERS, params={"q": "0501234567"})
    assert [e["id"] for e in found.json()["items"]] == [employer["id"]]
    assert (await staff.client.get(EMPLOYERS, params={"q": "kumasi"})).json()["items"] == []

    path = f"{EMPLOYERS}/{employer['id']}"
    edited = await staff.send("PUT", path, {**EMPLOYER, "city": "Abu Dhabi", "expectedVersion": 1})
    assert (edited.status_code, edited.json()["version"], edited.json()["city"]) == (200, 2, "Abu Dhabi")
    stale = await staff.send("PUT", path, {**EMPLOYER, "notes": "late", "expectedVersion": 1})
    assert stale.status_code == 409
    assert (await staff.client.get(path)).json()["notes"] == ""
    audit = await staff.audit()
    assert ("employer.create", f"{employer['id']}: Gulf Homes LLC") in audit
    assert ("employer.update", f"{employer['id']}: city") in audit


async def test_an_order_is_published_only_when_its_rules_allow_and_its_files_are_audited(staff: Staff) -> None:
    employer = (await staff.send("POST", EMPLOYERS, EMPLOYER)).json()
    made = await staff.send("POST", ORDERS, order_body(employer["id"]))
    assert made.status_code == 201, made.text
    order = made.json()
    assert (order["fill"], order["closed"], order["problems"]) == (
        {"headCount": 4, "selected": 0, "deployed": 0},
        False,
        [NO_APPROVAL, NO_OVERRIDE],
    )
    job = await staff.send(
        "POST",
        "/api/admin/jobs",
        {"title": "Housemaid", "country": "United Arab Emirates", "category": "Domestic Services",
         "salaryRange": "AED 1,500", "description": "Two-year contract.", "status": "draft"},
    )  # fmt: skip
    assert job.status_code == 201, job.text
    job_path = f"/api/admin/jobs/{job.json()['id']}"
    linked = await staff.send("PUT", f"{LINKS}/{job.json()['id']}", {"orderId": order["id"]})
    assert (linked.status_code, linked.json()["jobIds"]) == (200, [job.json()["id"]])
    assert (await staff.client.get(LINKS)).json()["items"][0]["orderId"] == order["id"]

    publish = {**job.json(), "status": "open"}
    refused = await staff.send("PUT", job_path, publish)
    assert (refused.status_code, refused.json()["message"]) == (409, NO_APPROVAL)
    approval = {"kind": "labour_certificate", "reference": "LC-2026-0042"}
    assert (await staff.send("PUT", f"{ORDERS}/{order['id']}/approval", approval)).status_code == 200
    assert (await staff.send("PUT", job_path, publish)).json()["message"] == NO_OVERRIDE
    short = await staff.send("PUT", f"{ORDERS}/{order['id']}/override", {"reason": "ok"})
    assert short.status_code == 422
    overridden = await staff.send("PUT", f"{ORDERS}/{order['id']}/override", {"reason": "Household vetted, letter 77"})
    assert overridden.json()["override"]["recordedBy"] == DEMO_ADMIN_EMAIL
    assert overridden.json()["problems"] == []
    opened = await staff.send("PUT", job_path, publish)
    assert (opened.status_code, opened.json()["status"]) == (200, "open")

    files = f"{ORDERS}/{order['id']}/files"
    bad = await staff.client.post(
        files, data={"kind": "demand_letter"}, files={"file": ("letter.pdf", b"MZ\x90", "application/pdf")},
        headers=staff.headers(),
    )  # fmt: skip
    assert (bad.status_code, list(bad.json()["errors"])) == (422, ["file"])
    kept = await staff.client.post(
        files, data={"kind": "demand_letter"}, files={"file": ("letter.pdf", PDF, "application/pdf")},
        headers=staff.headers(),
    )  # fmt: skip
    assert kept.status_code == 201, kept.text
    (attached,) = kept.json()["files"]
    download = await staff.client.get(f"{files}/{attached['id']}")
    assert (download.status_code, download.content) == (200, PDF)
    assert "no-store" in download.headers["cache-control"]
    actions = [a for a, _ in await staff.audit()]
    for action in (
        "order.create",
        "order.link",
        "order.approval",
        "order.override",
        "order.file",
        "order.file.download",
    ):
        assert action in actions, action


def test_the_published_bodies_admit_only_what_the_core_accepts() -> None:
    schemas = openapi_document()["components"]["schemas"]
    employer = {
        "company": "x" * 200,
        "country": schemas["EmployerIn"]["properties"]["country"]["enum"][-1],
        "city": "x" * 200,
        "licenceNumber": "x" * 100,
        "contacts": [{"name": "x" * 200, "email": "a@b", "phone": "+971501234567", "phoneCountry": "ZW"}] * 20,
    }
    assert jsonschema_rs.validator_for(schemas["EmployerIn"]).is_valid(employer)
    assert read_employer(employer).contacts[0].phone == "+971501234567"
    order = {
        "employerId": "EM1",
        "positions": [{"trade": "x" * 200, "headCount": 10_000, "salary": 10_000_000, "currency": "AED"}] * 50,
        "benefits": {"accommodation": True, "transport": False, "food": True},
        "contractMonths": 120,
        "validUntil": "2100-01-01",
        "domesticWork": True,
    }
    assert jsonschema_rs.validator_for(schemas["OrderIn"]).is_valid(order)
    assert read_order(order, NOW.date()).contract_months == 120
    override = jsonschema_rs.validator_for(schemas["OverrideIn"])
    assert override.is_valid({"reason": "0123456789"})
    assert not override.is_valid({"reason": " 12345678 "})
    assert read_override({"reason": "0123456789"}) == "0123456789"


@settings(max_examples=60)
@given(st.from_regex(INTERNATIONAL_PHONE, fullmatch=True), st.sampled_from(["SG", "QA", "GH", "AE", "US"]))
def test_every_published_contact_phone_is_valid_in_any_country(typed: str, region: str) -> None:
    phone, problem = read_phone(typed, region)
    assert (problem, phone) == (None, typed)


async def test_a_full_order_takes_no_more_applications_for_its_job(staff: Staff) -> None:
    employer = (await staff.send("POST", EMPLOYERS, EMPLOYER)).json()
    positions = [{"trade": "Driver", "headCount": 1, "salary": 2200, "currency": "AED"}]
    body = order_body(employer["id"], positions=positions, domesticWork=False)
    order = (await staff.send("POST", ORDERS, body)).json()
    await staff.send("PUT", f"{ORDERS}/{order['id']}/approval", {"kind": "mou", "reference": "MOU-GH-AE-7"})
    job = (
        await staff.send(
            "POST",
            "/api/admin/jobs",
            {"title": "Driver", "country": "United Arab Emirates", "category": "Transportation",
             "salaryRange": "AED 2,200", "description": "Heavy vehicles.", "status": "draft"},
        )
    ).json()  # fmt: skip
    assert (await staff.send("PUT", f"{LINKS}/{job['id']}", {"orderId": order["id"]})).status_code == 200
    assert (await staff.send("PUT", f"/api/admin/jobs/{job['id']}", {**job, "status": "open"})).status_code == 200

    first = await staff.client.post(
        "/api/applications",
        data={**APPLICATION, "email": "kwame.driver@example.com", "jobId": job["id"]},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    assert first.status_code == 201, first.text
    app_id = first.json()["applicationId"]
    for status in ("processing", "approved"):
        assert (await staff.send("POST", f"/api/admin/applications/{app_id}/status", {"status": status})).is_success
    moves = f"/api/admin/applications/{app_id}/pipeline/moves"
    moved = await staff.send("POST", moves, {"to": "selected", "expectedVersion": 0})
    assert moved.status_code == 200, moved.text

    full = (await staff.client.get(f"{ORDERS}/{order['id']}")).json()
    assert (full["fill"], full["closed"]) == ({"headCount": 1, "selected": 1, "deployed": 0}, True)
    second = await staff.client.post(
        "/api/applications",
        data={**APPLICATION, "email": "yaw.driver@example.com", "jobId": job["id"]},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    assert (second.status_code, second.json()) == (422, {"errors": {"jobId": JOB_NOT_OPEN}})
