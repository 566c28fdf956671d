"""Staff set the seats per slot and the closed dates; bookings follow at once."""

from __future__ import annotations

from typing import Any

from agency_core.appointments.slots import OFFICE_CLOSED
from tests.admin.area import signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPOINTMENT

DAY = "2099-03-02"  # a Monday


def _at(label: str, day: str = DAY) -> dict[str, Any]:
    return {**APPOINTMENT, "preferredDate": day, "preferredTime": label}


async def test_staff_set_the_capacity_and_closed_dates(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    current = (await h.client.get("/api/admin/settings")).json()
    bad = await h.unsafe(
        "PUT", "/api/admin/settings", json={**current, "appointmentCapacity": 0, "closedDates": ["25/12/2099"]}
    )
    assert bad.json() == {
        "errors": {
            "appointmentCapacity": "Consultations per slot must be a whole number from 1 to 50",
            "closedDates": "Closed dates must be a list of dates (YYYY-MM-DD)",
        }
    }
    saved = await h.unsafe(
        "PUT", "/api/admin/settings", json={**current, "appointmentCapacity": 3, "closedDates": ["2099-03-03"]}
    )
    assert saved.status_code == 200, saved.text
    assert (saved.json()["appointmentCapacity"], saved.json()["closedDates"]) == (3, ["2099-03-03"])
    without = {k: v for k, v in current.items() if k not in ("appointmentCapacity", "closedDates")}
    assert (await h.unsafe("PUT", "/api/admin/settings", json=without)).json()["appointmentCapacity"] == 3
    codes = [(await h.client.post("/api/appointments", json=_at("09:00 AM"))).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 409]
    closed = await h.client.post("/api/appointments", json=_at("09:00 AM", day="2099-03-03"))
    assert closed.json() == {"errors": {"preferredDate": OFFICE_CLOSED}}
