"""Pipeline documents and the departure gate over HTTP (issue 45 items 2 and 3): documents recorded
and renewed with a scan (downloaded audited and not cached), the gate read for the applicant and set
per destination on its version, a move to Departed refused naming every failing check, and a bulk
move of 20 with 3 failing the gate. Dates count from the tests' clock (``NOW``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agency_core.pipeline.gate import add_months
from agency_core.pipeline.moves import NO_IDS
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from tests.api import test_pipeline
from tests.api.conftest import PDF, container_of
from tests.api.test_pipeline import MOVES, Staff, approved
from tests.support.clock import NOW

app = test_pipeline.app
"""The demo app on SQLite, or the Firestore emulator where a test asks (the pipeline tests' fixtures)."""
staff = test_pipeline.staff

DOCUMENTS = "/api/admin/applications/{}/documents"
GATE = "/api/admin/applications/{}/departure-gate"
BULK = "/api/admin/pipeline/moves"
GATE_SETTINGS = "/api/admin/pipeline/gate"

TODAY = NOW.date()
DEPARTS = TODAY + timedelta(days=12)
"""The ticket's flight date: the day the gate checks."""


def fine_documents() -> dict[str, dict[str, str]]:
    """Documents that pass every check of the default gate on :data:`DEPARTS`."""
    return {
        "passport": {"number": "G1234567", "issued_on": "2021-02-01", "expires_on": "2031-01-31"},
        "medical": {"centre": "Accra Medical", "examined_on": str(TODAY - timedelta(days=10)), "result": "fit"},
        "police_clearance": {"issued_on": str(TODAY - timedelta(days=20))},
        "visa": {
            "permit": "work permit",
            "number": "WP-778",
            "issued_on": str(TODAY - timedelta(days=5)),
            "expires_on": str(TODAY + timedelta(days=700)),
        },
        "contract": {"registration_number": "LD-2026-118"},
        "orientation": {"attended_on": str(TODAY - timedelta(days=2))},
        "ticket": {"flight": "QR1408", "departs_on": str(DEPARTS)},
    }


async def record(staff: Staff, app_id: str, kind: str, fields: dict[str, str], scan: bytes | None = None) -> Any:
    parts: dict[str, tuple[str | None, bytes | str] | tuple[str, bytes, str]]
    parts = {name: (None, value) for name, value in {"kind": kind, **fields}.items()}  # multipart, as FormData
    if scan is not None:
        parts["file"] = ("scan.pdf", scan, "application/pdf")
    return await staff.client.post(
        DOCUMENTS.format(app_id),
        files=parts,
        headers={CSRF_HEADER: staff.client.cookies[CSRF_COOKIE]},
    )


async def at_ticketed(staff: Staff, app_id: str) -> None:
    assert (await staff.move(app_id, to="selected", expectedVersion=0)).status_code == 200
    assert (await staff.move(app_id, to="ticketed", expectedVersion=1)).status_code == 200


async def test_a_stranger_gets_what_other_admin_routes_give(staff: Staff) -> None:
    app_id = await approved(staff, "ama.stranger@example.com")
    assert (await staff.client.get(DOCUMENTS.format("VA404"))).status_code == 404
    assert (await staff.client.get(GATE.format("VA404"))).status_code == 404
    assert (await staff.client.get(DOCUMENTS.format(app_id) + "/DV1/scan")).status_code == 404
    csrf = staff.client.cookies[CSRF_COOKIE]
    staff.client.cookies.clear()
    for path in (
        DOCUMENTS.format(app_id),
        GATE.format(app_id),
        DOCUMENTS.format(app_id) + "/DV1/scan",
        GATE_SETTINGS,
        "/api/admin/pipeline/gates",
    ):
        answer = await staff.client.get(path)
        assert answer.status_code == 401, path
    writes = (
        await staff.client.post(
            DOCUMENTS.format(app_id), files={"kind": (None, "ticket")}, headers={CSRF_HEADER: csrf}
        ),
        await staff.client.put(GATE_SETTINGS, json={"destination": "Qatar"}, headers={CSRF_HEADER: csrf}),
        await staff.client.post(BULK, json={"ids": [app_id], "to": "selected"}, headers={CSRF_HEADER: csrf}),
    )
    assert all(w.status_code in (401, 403) for w in writes), [w.status_code for w in writes]
    assert await container_of(staff.client.app).staff.documents.documents.history(app_id) == []


async def test_documents_recorded_renewed_and_a_scan_downloaded_audited_and_not_cached(staff: Staff) -> None:
    app_id = await approved(staff, "ama.documents@example.com")
    refused = await record(staff, app_id, "passport", {"number": "G1", "issued_on": "2031-01-01"})
    assert refused.status_code == 422
    assert set(refused.json()["errors"]) == {"expires_on"}
    first = await record(staff, app_id, "passport", fine_documents()["passport"], PDF)
    assert first.status_code == 201, first.text
    assert (first.json()["version"], first.json()["state"], first.json()["hasScan"]) == (1, "current", True)
    renewed = await record(staff, app_id, "passport", {**fine_documents()["passport"], "number": "G7654321"})
    assert renewed.json()["version"] == 2

    body = (await staff.client.get(DOCUMENTS.format(app_id))).json()
    passports = [d for d in body["documents"] if d["kind"] == "passport"]
    assert [(d["version"], d["state"], d["fields"]["number"]) for d in passports] == [
        (2, "current", "G7654321"),
        (1, "renewed", "G1234567"),
    ]
    assert body["gate"]["summary"] == "1 of 7 checks passed"
    assert {k["kind"] for k in body["kinds"]} >= {"passport", "medical", "ticket"}

    scan = await staff.client.get(DOCUMENTS.format(app_id) + f"/{first.json()['id']}/scan")
    assert scan.status_code == 200
    assert scan.content == PDF
    assert "no-store" in scan.headers["cache-control"]
    assert (await staff.client.get(DOCUMENTS.format(app_id) + f"/{renewed.json()['id']}/scan")).status_code == 404
    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    assert any(e["action"] == "document.download" and e["target"] == f"{app_id}: passport version 1" for e in audit)
    assert any(e["action"] == "document.renew" and e["target"] == f"{app_id}: passport version 2" for e in audit)


async def test_a_destination_gate_is_set_on_its_version_and_a_stale_one_is_409(staff: Staff) -> None:
    read = (await staff.client.get(GATE_SETTINGS, params={"destination": "Qatar"})).json()
    assert (read["version"], read["own"], read["inForce"]["passportMonths"]) == (0, None, 6)
    change = {"destination": "Qatar", "passportMonths": 7, "medicalValidityDays": 60}
    change |= {"policeClearanceValidityDays": 90, "checks": ["passport", "medical", "ticket"]}
    put = staff.client.put
    headers = {CSRF_HEADER: staff.client.cookies[CSRF_COOKIE]}
    saved = await put(GATE_SETTINGS, json={**change, "expectedVersion": 0}, headers=headers)
    assert saved.status_code == 200, saved.text
    assert (saved.json()["version"], saved.json()["own"]["passportMonths"]) == (1, 7)
    stale = await put(GATE_SETTINGS, json={**change, "passportMonths": 8, "expectedVersion": 0}, headers=headers)
    assert stale.status_code == 409
    gates = (await staff.client.get("/api/admin/pipeline/gates")).json()
    assert [(g["destination"], g["own"]["passportMonths"]) for g in gates["gates"]] == [("Qatar", 7)]

    app_id = await approved(staff, "ama.qatar@example.com")  # preferredCountry Qatar
    gate = (await staff.client.get(GATE.format(app_id), params={"date": str(DEPARTS)})).json()
    assert (gate["summary"], gate["departureDate"]) == ("0 of 3 checks passed", str(DEPARTS))
    assert gate["checks"][0]["label"] == "Passport valid at least 7 months after departure"


async def test_a_departure_refused_with_an_expired_medical_and_a_passport_five_months_from_expiry(
    staff: Staff,
) -> None:
    app_id = await approved(staff, "ama.departure@example.com")
    docs = fine_documents()
    short = add_months(DEPARTS, 5)
    docs["passport"] = {**docs["passport"], "expires_on": str(short)}
    examined = TODAY - timedelta(days=200)
    docs["medical"] = {**docs["medical"], "examined_on": str(examined)}
    for kind, fields in docs.items():
        assert (await record(staff, app_id, kind, fields)).status_code == 201, kind
    await at_ticketed(staff, app_id)

    refused = await staff.move(app_id, to="departed", expectedVersion=2)
    assert refused.status_code == 409, refused.text
    body = refused.json()
    assert body["message"] == "Not ready to depart: 5 of 7 checks passed"
    assert body["failing"] == [
        f"Passport valid at least 6 months after departure: expires {short}, needs {add_months(DEPARTS, 6)} or later",
        "Medical result fit and valid on the departure date: "
        f"valid until {examined + timedelta(days=90)}, before the departure on {DEPARTS}",
    ]
    skipped = await staff.move(app_id, to="arrived", expectedVersion=2)  # skipping Departed is no way round
    assert (skipped.status_code, skipped.json()["failing"]) == (409, body["failing"])
    pipeline = (await staff.client.get(MOVES.format(app_id).removesuffix("/moves"))).json()
    assert (pipeline["stage"], pipeline["version"]) == ("ticketed", 2)
    gate = (await staff.client.get(GATE.format(app_id))).json()
    assert (gate["summary"], gate["departureDate"]) == ("5 of 7 checks passed", str(DEPARTS))

    assert (await record(staff, app_id, "passport", fine_documents()["passport"])).status_code == 201
    assert (await record(staff, app_id, "medical", fine_documents()["medical"])).status_code == 201
    moved = await staff.move(app_id, to="departed", expectedVersion=2)
    assert moved.status_code == 200, moved.text
    assert moved.json()["stage"] == "departed"


async def test_a_correction_back_to_departed_is_not_gated(staff: Staff) -> None:
    app_id = await approved(staff, "ama.correction@example.com")
    for kind, fields in fine_documents().items():
        assert (await record(staff, app_id, kind, fields)).status_code == 201
    await at_ticketed(staff, app_id)
    assert (await staff.move(app_id, to="arrived", expectedVersion=2)).status_code == 200
    await record(staff, app_id, "medical", {**fine_documents()["medical"], "result": "unfit"})
    back = await staff.move(app_id, to="departed", expectedVersion=3, reason="Arrived clicked too early")
    assert (back.status_code, back.json()["history"][-1]["kind"]) == (200, "correction")


@pytest.mark.parametrize("app", ["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)], indirect=True)
async def test_a_bulk_move_of_20_with_3_failing_the_gate(staff: Staff) -> None:
    ids = [await approved(staff, f"ama.bulk{n}@example.com") for n in range(20)]
    failing = {ids[3]: "medical", ids[11]: "ticket", ids[17]: "contract"}
    for app_id in ids:
        for kind, fields in fine_documents().items():
            if failing.get(app_id) != kind:
                assert (await record(staff, app_id, kind, fields)).status_code == 201
    for to in ("selected", "ticketed"):
        answer = await staff.post(BULK, {"ids": ids, "to": to})
        assert answer.status_code == 200, answer.text
        assert (len(answer.json()["moved"]), answer.json()["refused"]) == (20, [])

    answer = await staff.post(BULK, {"ids": ids, "to": "departed"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert sorted(m["applicationId"] for m in body["moved"]) == sorted(set(ids) - set(failing))
    assert all(m["stage"] == "departed" for m in body["moved"])
    refused = {r["applicationId"]: r for r in body["refused"]}
    assert set(refused) == set(failing)
    assert {r["message"] for r in refused.values()} == {"Not ready to depart: 6 of 7 checks passed"}
    assert refused[ids[3]]["failing"] == [
        "Medical result fit and valid on the departure date: no medical result recorded"
    ]
    assert refused[ids[11]]["failing"] == ["Ticket booked: no ticket recorded"]
    assert refused[ids[17]]["failing"] == [
        "Employment contract registered with the Labour Department: no employment contract recorded"
    ]
    for app_id in failing:
        still = (await staff.client.get(MOVES.format(app_id).removesuffix("/moves"))).json()
        assert still["stage"] == "ticketed"


async def test_a_bulk_move_checks_its_request(staff: Staff) -> None:
    app_id = await approved(staff, "ama.bulkcheck@example.com")
    empty = await staff.post(BULK, {"ids": [], "to": "selected"})
    assert (empty.status_code, empty.json()["errors"]) == (422, {"ids": NO_IDS})
    mixed = await staff.post(BULK, {"ids": [app_id, 7], "to": "selected"})
    assert (mixed.status_code, mixed.json()["errors"]) == (422, {"ids": NO_IDS})
    answer = await staff.post(BULK, {"ids": [app_id, "VA404", f" {app_id} "], "to": "selected"})
    body = answer.json()
    assert [m["applicationId"] for m in body["moved"]] == [app_id]
    assert body["refused"] == [{"applicationId": "VA404", "message": "Application not found", "failing": []}]
