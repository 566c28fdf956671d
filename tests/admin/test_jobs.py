"""Job openings: create, edit, close, delete; validation; the dashboard's Active Jobs."""

from __future__ import annotations

from typing import Any

from tests.admin.area import audit_actions, signed_in
from tests.admin.conftest import MakeHarness

URL = "/api/admin/jobs"
JOB: dict[str, Any] = {
    "title": "Registered Nurse",
    "country": "Saudi Arabia",
    "category": "Healthcare & Medical",
    "salaryRange": "$2,000-$3,000",
    "description": "Two years of ward experience.",
    "status": "open",
}


async def test_create_edit_close_and_delete(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    created = await h.unsafe("POST", URL, json=JOB)
    assert created.status_code == 201
    job = created.json()
    assert {k: job[k] for k in JOB} == JOB
    assert job["id"].startswith("JB")
    assert job["createdAt"] == job["updatedAt"]
    second = (await h.unsafe("POST", URL, json={**JOB, "title": "Mason", "status": "open"})).json()
    assert (await h.client.get("/api/admin/dashboard")).json()["activeJobs"] == 2

    edited = await h.unsafe("PUT", f"{URL}/{job['id']}", json={**JOB, "title": "Senior Nurse", "status": "closed"})
    assert edited.status_code == 200
    assert (edited.json()["title"], edited.json()["status"], edited.json()["createdAt"]) == (
        "Senior Nurse",
        "closed",
        job["createdAt"],
    )
    assert (await h.client.get("/api/admin/dashboard")).json()["activeJobs"] == 1
    listed = (await h.client.get(URL)).json()
    assert ([j["id"] for j in listed["items"]], listed["total"]) == ([second["id"], job["id"]], 2)
    assert [j["id"] for j in (await h.client.get(URL, params={"status": "closed"})).json()["items"]] == [job["id"]]
    assert [j["id"] for j in (await h.client.get(URL, params={"status": "open"})).json()["items"]] == [second["id"]]

    assert (await h.unsafe("DELETE", f"{URL}/{job['id']}")).status_code == 204
    assert (await h.unsafe("DELETE", f"{URL}/{job['id']}")).status_code == 404
    assert (await h.unsafe("PUT", f"{URL}/{job['id']}", json=JOB)).status_code == 404
    assert (await h.client.get(URL)).json()["total"] == 1
    actions = [(e["action"], e["target"]) for e in await audit_actions(h) if e["action"].startswith("job.")]
    assert actions == [
        ("job.delete", f"{job['id']}: Senior Nurse"),
        ("job.close", f"{job['id']}: Senior Nurse"),
        ("job.create", f"{second['id']}: Mason"),
        ("job.create", f"{job['id']}: Registered Nurse"),
    ]


async def test_invalid_jobs_are_refused(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    response = await h.unsafe(
        "POST", URL, json={"title": " ", "country": 3, "status": "paused", "salaryRange": "x" * 201}
    )
    assert response.status_code == 422
    assert response.json() == {
        "errors": {
            "title": "Title is required",
            "country": "Choose one of the listed options",
            "category": "Category is required",
            "salaryRange": "Salary range must be at most 200 characters",
            "description": "Description is required",
            "status": "Status must be draft, open or closed",
        }
    }
    not_an_object = await h.unsafe("POST", URL, json=[1, 2])
    assert not_an_object.status_code == 400
    assert "message" in not_an_object.json()
    assert (await h.client.get(URL, params={"status": "paused"})).status_code == 422
    assert (await h.client.get(URL)).json()["total"] == 0


async def test_jobs_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get(URL)).status_code == 401
    assert (await h.unsafe("POST", URL, json=JOB)).status_code == 401
    assert (await h.unsafe("PUT", f"{URL}/JB1", json=JOB)).status_code == 401
    assert (await h.unsafe("DELETE", f"{URL}/JB1")).status_code == 401


async def test_superscript_and_circled_digits_are_refused_with_the_rules_message(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    for text in ("¹3", "²", "①"):
        response = await h.unsafe("POST", URL, json={**JOB, "positions": text, "salaryMin": text, "salaryMax": text})
        assert response.status_code == 422, response.text
        assert response.json() == {
            "errors": {
                "positions": "Positions must be a whole number from 1 to 1000",
                "salaryMin": "Minimum salary must be a whole number from 0 to 10000000",
                "salaryMax": "Maximum salary must be a whole number from 0 to 10000000",
            }
        }
    assert (await h.client.get(URL)).json()["total"] == 0
