"""Appointments: by preferred date, filter by status, mark attended, no-show or cancelled (audited)."""

from __future__ import annotations

from datetime import timedelta

from tests.admin.area import T0, add_appointment, audit_actions, signed_in
from tests.admin.conftest import MakeHarness

URL = "/api/admin/appointments"


async def test_listed_by_preferred_date_and_marked_done_or_cancelled(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_appointment(h, "VA3", "2099-03-05", T0)
    await add_appointment(h, "VA1", "2099-03-01", T0 + timedelta(hours=1))
    await add_appointment(h, "VA2", "2099-03-01", T0 + timedelta(hours=2))
    listed = (await h.client.get(URL)).json()
    assert [a["reference"] for a in listed["items"]] == ["VA1", "VA2", "VA3"]
    first = listed["items"][0]
    assert first == {
        "reference": "VA1",
        "fullName": "Person VA1",
        "email": "va1@example.com",
        "phone": "+233241234567",
        "countryOfInterest": "Qatar",
        "serviceType": "recruitment",
        "preferredDate": "2099-03-01",
        "preferredTime": "10:00 AM",
        "message": "Hello",
        "status": "booked",
        "createdAt": "2026-03-02T10:30:00Z",
        "startsAt": None,  # written without a slot, as records stored before slots were kept
        "timeZone": "",
    }
    done = await h.unsafe("POST", f"{URL}/VA1/status", json={"status": "attended"})
    assert (done.status_code, done.json()["status"]) == (200, "attended")
    cancelled = await h.unsafe("POST", f"{URL}/VA3/status", json={"status": "cancelled"})
    assert cancelled.json()["status"] == "cancelled"
    assert [a["reference"] for a in (await h.client.get(URL, params={"status": "booked"})).json()["items"]] == ["VA2"]
    assert [a["reference"] for a in (await h.client.get(URL, params={"status": "attended"})).json()["items"]] == ["VA1"]
    # the same status again is a no-op; another move of a finished appointment is refused
    assert (await h.unsafe("POST", f"{URL}/VA1/status", json={"status": "attended"})).status_code == 200
    refused = await h.unsafe("POST", f"{URL}/VA1/status", json={"status": "cancelled"})
    assert (refused.status_code, refused.json()) == (409, {"message": "The appointment is already attended."})
    bad = await h.unsafe("POST", f"{URL}/VA2/status", json={"status": "booked"})
    assert bad.json() == {"errors": {"status": "Status must be attended, no_show or cancelled"}}
    assert (await h.unsafe("POST", f"{URL}/VA9/status", json={"status": "attended"})).status_code == 404
    assert (await h.client.get(URL, params={"status": "lost"})).status_code == 422
    page = (await h.client.get(URL, params={"pageSize": 1, "page": 3})).json()
    assert ([a["reference"] for a in page["items"]], page["total"]) == (["VA3"], 3)
    targets = [e["target"] for e in await audit_actions(h) if e["action"] == "appointment.status"]
    assert targets == ["VA3: booked -> cancelled", "VA1: booked -> attended"]


async def test_appointments_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get(URL)).status_code == 401
    assert (await h.unsafe("POST", f"{URL}/VA1/status", json={"status": "attended"})).status_code == 401
