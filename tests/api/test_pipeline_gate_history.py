"""A destination's own departure gate removed over HTTP (it follows the default again) and the gate's
change history (issue 45 item 3): on the version read (409 when stale), audited, 404 for a destination
with no gate of its own, 422 for a name too long or no version, and nothing for a signed-out stranger."""

from __future__ import annotations

from typing import Any

from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from tests.api import test_pipeline
from tests.api.test_pipeline import Staff
from tests.api.test_pipeline_documents import GATE_SETTINGS

app = test_pipeline.app
staff = test_pipeline.staff

GATES = "/api/admin/pipeline/gates/{}"
CHANGES = GATES + "/changes"
ALL_CHANGES = "/api/admin/pipeline/gate-changes"
QATAR = {"passportMonths": 7, "medicalValidityDays": 60, "policeClearanceValidityDays": 90, "checks": ["passport"]}


async def set_gate(staff: Staff, destination: str, version: int, **more: object) -> None:
    body = {**QATAR, **more, "destination": destination, "expectedVersion": version}
    saved = await staff.client.put(GATE_SETTINGS, json=body, headers={CSRF_HEADER: staff.client.cookies[CSRF_COOKIE]})
    assert saved.status_code == 200, saved.text


async def remove(staff: Staff, destination: str, version: int | str) -> Any:
    headers = {CSRF_HEADER: staff.client.cookies[CSRF_COOKIE]}
    return await staff.client.delete(GATES.format(destination), params={"expectedVersion": version}, headers=headers)


async def test_a_destination_gate_is_removed_on_its_version_and_its_changes_are_listed(staff: Staff) -> None:
    await set_gate(staff, "Saudi Arabia", 0)
    await set_gate(staff, "saudi arabia", 1, passportMonths=8)
    await set_gate(staff, "", 0, passportMonths=9)  # the default

    stale = await remove(staff, "Saudi Arabia", 1)
    assert stale.status_code == 409
    removed = await remove(staff, "Saudi Arabia", 2)
    assert removed.status_code == 200, removed.text
    body = removed.json()
    assert (body["destination"], body["version"], body["own"]) == ("Saudi Arabia", 3, None)
    assert body["inForce"]["passportMonths"] == 9  # the default's, now
    read = (await staff.client.get(GATE_SETTINGS, params={"destination": "Saudi Arabia"})).json()
    assert (read["version"], read["own"]) == (3, None)
    listed = (await staff.client.get("/api/admin/pipeline/gates")).json()["gates"]
    assert [g["destination"] for g in listed] == [""]

    history = await staff.client.get(CHANGES.format("SAUDI  arabia"))
    assert history.status_code == 200, history.text
    changes = history.json()["changes"]
    assert [
        (k["version"], k["before"] and k["before"]["passportMonths"], k["after"] and k["after"]["passportMonths"])
        for k in changes
    ] == [(3, 8, None), (2, 7, 8), (1, None, 7)]
    assert {k["actor"] for k in changes} == {DEMO_ADMIN_EMAIL}
    every = (await staff.client.get(ALL_CHANGES)).json()["changes"]
    assert sorted((k["destination"], k["version"]) for k in every) == [
        ("", 1),
        ("Saudi Arabia", 1),
        ("Saudi Arabia", 3),
        ("saudi arabia", 2),
    ]

    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    assert any(
        e["action"] == "gate.change" and e["target"] == "gate Saudi Arabia: removed (follows the default)"
        for e in audit
    )

    again = await remove(staff, "Saudi Arabia", 3)
    assert again.status_code == 404  # no gate of its own any more


async def test_a_wrong_destination_or_version_is_404_or_422_and_a_stranger_gets_401(staff: Staff) -> None:
    assert (await remove(staff, "Oman", 0)).status_code == 404
    assert (await staff.client.get(CHANGES.format("Oman"))).status_code == 404
    too_long = "X" * 200
    assert (await staff.client.get(CHANGES.format(too_long))).status_code == 422
    assert (await remove(staff, too_long, 0)).status_code == 422
    await set_gate(staff, "Oman", 0)
    unversioned = await remove(staff, "Oman", "")
    assert unversioned.status_code == 422
    assert set(unversioned.json()["errors"]) == {"expectedVersion"}

    csrf = staff.client.cookies[CSRF_COOKIE]
    kept = dict(staff.client.cookies)
    staff.client.cookies.clear()
    for path in (CHANGES.format("Oman"), ALL_CHANGES):
        assert (await staff.client.get(path)).status_code == 401, path
    deleted = await staff.client.delete(
        GATES.format("Oman"), params={"expectedVersion": 1}, headers={CSRF_HEADER: csrf}
    )
    assert deleted.status_code == 401
    for name, value in kept.items():
        staff.client.cookies.set(name, value)
    read = (await staff.client.get(GATE_SETTINGS, params={"destination": "Oman"})).json()
    assert (read["version"], read["own"]["passportMonths"]) == (1, 7)
