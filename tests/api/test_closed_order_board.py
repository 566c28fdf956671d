"""The public job board leaves out an open job whose job order is closed (full or expired), and
the job's own page reads it closed: the same rule as an application naming it (issue 46)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from litestar import Litestar

from tests.api.conftest import APPLICATION, PDF, AppFactory
from tests.api.test_packs import EMPLOYER, EMPLOYERS, ORDER, ORDERS, Shifted, Staff
from tests.api.test_packs import moved as moved  # the clock fixture
from tests.api.test_packs import staff as staff  # the signed-in fixture

JOB: dict[str, Any] = {
    "title": "Mason",
    "country": "United Arab Emirates",
    "category": "Construction",
    "salaryRange": "AED 1,500",
    "description": "Block work.",
    "status": "draft",
}


@pytest.fixture
async def app(make_app: AppFactory, moved: Shifted) -> Litestar:
    return make_app(moved, AGENCY_DEMO="1")


async def open_job_of(staff: Staff, head_count: int, valid_until: str) -> tuple[str, str]:
    employer = (await staff.send("POST", EMPLOYERS, EMPLOYER)).json()
    positions = [{**ORDER["positions"][0], "headCount": head_count}]
    body = {**ORDER, "employerId": employer["id"], "positions": positions, "validUntil": valid_until}
    order = (await staff.send("POST", ORDERS, body)).json()
    approved = await staff.send("PUT", f"{ORDERS}/{order['id']}/approval", {"kind": "mou", "reference": "MOU-7"})
    assert approved.status_code == 200, approved.text
    job = (await staff.send("POST", "/api/admin/jobs", {**JOB, "closingDate": "2027-12-31"})).json()
    assert (await staff.send("PUT", f"/api/admin/job-links/{job['id']}", {"orderId": order["id"]})).is_success
    opened = await staff.send("PUT", f"/api/admin/jobs/{job['id']}", {**job, "status": "open"})
    assert opened.status_code == 200, opened.text
    return str(job["id"]), str(order["id"])


async def listed(staff: Staff) -> list[str]:
    return [j["id"] for j in (await staff.client.get("/api/jobs")).json()["items"]]


async def test_an_expired_order_takes_its_job_off_the_board(staff: Staff, moved: Shifted) -> None:
    job_id, _ = await open_job_of(staff, 4, "2026-12-31")
    assert job_id in await listed(staff)
    assert (await staff.client.get(f"/api/jobs/{job_id}")).json()["status"] == "open"
    moved.offset = timedelta(days=40)
    assert job_id not in await listed(staff)
    assert (await staff.client.get(f"/api/jobs/{job_id}")).json()["status"] == "closed"


async def test_a_full_order_takes_its_job_off_the_board(staff: Staff) -> None:
    job_id, order_id = await open_job_of(staff, 1, "2027-03-31")
    made = await staff.client.post(
        "/api/applications",
        data={**APPLICATION, "email": "kwame.board@example.com", "jobId": job_id},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    assert made.status_code == 201, made.text
    app_id = made.json()["applicationId"]
    for status in ("processing", "approved"):
        assert (await staff.send("POST", f"/api/admin/applications/{app_id}/status", {"status": status})).is_success
    assert job_id in await listed(staff)
    moves = f"/api/admin/applications/{app_id}/pipeline/moves"
    assert (await staff.send("POST", moves, {"to": "selected", "expectedVersion": 0})).status_code == 200
    assert (await staff.client.get(f"{ORDERS}/{order_id}")).json()["closed"] is True
    assert job_id not in await listed(staff)
    assert (await staff.client.get(f"/api/jobs/{job_id}")).json()["status"] == "closed"
