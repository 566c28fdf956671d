"""Settings (validated, stored, used at once) and the audit log."""

from __future__ import annotations

from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from agency_core.spec.constants import AGENCY_SHORT_NAME, DISPLAYED_PHONES
from agency_core.submissions.service import Accepted, Upload
from tests.admin.area import add_application, audit_actions, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPLICATION, PDF

GOOD = {
    "adminPhones": ["024 123 4567", "+233 20 123 4567", "+971 50 123 4567", "+971501234568"],
    "smsSender": "VANDYTRAVEL",
    "statusSms": {"received": True, "processing": False, "approved": True, "rejected": True},
}


async def test_defaults_come_from_the_environment(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    response = await h.client.get("/api/admin/settings")
    assert response.status_code == 200
    assert response.json() == {
        "adminPhones": list(DISPLAYED_PHONES),
        "smsSender": AGENCY_SHORT_NAME,
        "statusSms": {"received": True, "processing": True, "approved": True, "rejected": True},
        "appointmentCapacity": 1,
        "closedDates": [],
        "smsMaxParts": 3,
        "bookingHorizonDays": 90,
        "dailyBookingsPerPerson": 2,
    }


async def test_saving_normalises_stores_and_audits(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    response = await h.unsafe("PUT", "/api/admin/settings", json=GOOD)
    assert response.status_code == 200, response.text
    saved = response.json()
    assert saved["adminPhones"] == ["+233241234567", "+233201234567", "+971501234567", "+971501234568"]
    assert saved["smsSender"] == "VANDYTRAVEL"
    assert saved["statusSms"]["processing"] is False
    assert (await h.client.get("/api/admin/settings")).json() == saved
    # stored: a fresh read from the database gives the same
    assert await container(h).admin_store.get_settings() == await container(h).live_settings.current()
    (entry,) = [e for e in await audit_actions(h) if e["action"] == "settings.update"]
    assert entry["actor"] == DEMO_ADMIN_EMAIL
    assert entry["target"] == "adminPhones, smsSender, statusSms"
    assert entry["at"].endswith("Z")


async def test_invalid_settings_are_refused_field_by_field(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    bad = {
        "adminPhones": ["024 123 4567", "not a phone", "+971 50 123 4567", "12"],
        "smsSender": "VANDY TRAVEL AGENCY",
        "statusSms": {"received": True, "processing": "yes", "approved": True},
    }
    response = await h.unsafe("PUT", "/api/admin/settings", json=bad)
    assert response.status_code == 422
    assert response.json() == {
        "errors": {
            "adminPhones.1": "Enter a valid phone number",
            "adminPhones.3": "Enter a valid phone number",
            "smsSender": "Sender id must be at most 11 characters",
            "statusSms.processing": "Must be true or false",
            "statusSms.rejected": "Must be true or false",
        }
    }
    three = await h.unsafe("PUT", "/api/admin/settings", json={**GOOD, "adminPhones": GOOD["adminPhones"][:3]})
    assert three.json() == {"errors": {"adminPhones": "Enter 4 admin phone numbers"}}
    empty = await h.unsafe("PUT", "/api/admin/settings", json={**GOOD, "smsSender": " "})
    assert empty.json() == {"errors": {"smsSender": "Sender id is required"}}
    odd = await h.unsafe("PUT", "/api/admin/settings", json={**GOOD, "smsSender": "<VANDY>"})
    assert odd.status_code == 422
    assert (await h.client.get("/api/admin/settings")).json()["smsSender"] == AGENCY_SHORT_NAME
    assert not [e for e in await audit_actions(h) if e["action"] == "settings.update"]


async def test_a_new_application_uses_the_saved_alert_phones_at_once(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    assert (await h.unsafe("PUT", "/api/admin/settings", json=GOOD)).status_code == 200
    agency = container(h).agency
    outcome = await agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    sms = await container(h).store.outbox.list(outcome.id)
    assert [m.address for m in sms if m.kind == "admin_alert"] == [
        "+233241234567",
        "+233201234567",
        "+971501234567",
        "+971501234568",
    ]
    # the applicant's "received" text goes unless its switch is off
    assert [m.kind for m in sms].count("status") == 1
    off = {**GOOD, "statusSms": {**GOOD["statusSms"], "received": False}}
    assert (await h.unsafe("PUT", "/api/admin/settings", json=off)).status_code == 200
    second = await agency.submit_application(
        {**APPLICATION, "email": "other@example.com"}, {"cv": Upload("cv.pdf", PDF)}
    )
    assert isinstance(second, Accepted)
    assert [m.kind for m in await container(h).store.outbox.list(second.id)] == ["admin_alert"] * 4


async def test_the_audit_log_is_paginated_newest_first(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA1")
    for status in ("processing", "approved"):
        assert (
            await h.unsafe("POST", "/api/admin/applications/VA1/status", json={"status": status})
        ).status_code == 200
    assert (await h.unsafe("PUT", "/api/admin/settings", json=GOOD)).status_code == 200
    first = (await h.client.get("/api/admin/audit-log", params={"page": 1, "pageSize": 2})).json()
    assert (first["total"], first["page"], first["pageSize"]) == (3, 1, 2)
    assert [e["action"] for e in first["items"]] == ["settings.update", "application.status"]
    second = (await h.client.get("/api/admin/audit-log", params={"page": 2, "pageSize": 2})).json()
    assert [e["target"] for e in second["items"]] == ["VA1: received -> processing (status SMS queued)"]
    assert set(first["items"][0]) == {"id", "actor", "action", "target", "at"}


async def test_pagination_parameters_are_checked(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    response = await h.client.get("/api/admin/audit-log", params={"page": 0, "pageSize": 101})
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"page", "pageSize"}
    assert (await h.client.get("/api/admin/audit-log", params={"pageSize": "x"})).status_code == 422
    assert (await h.client.get("/api/admin/audit-log", params={"pageSize": 100})).status_code == 200


async def test_settings_need_a_session_and_the_csrf_token(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get("/api/admin/settings")).status_code == 401
    assert (await h.client.get("/api/admin/audit-log")).status_code == 401
    h = await signed_in(make_harness)
    refused = await h.client.put("/api/admin/settings", json=GOOD)
    assert refused.status_code == 403
