"""Staff set the seats per slot and the closed dates; bookings follow at once."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from agency_core.admin_settings import DAILY_LIMIT_INVALID, HORIZON_INVALID
from agency_core.appointments.booking_limits import beyond_horizon, daily_limit_reached
from agency_core.appointments.slots import OFFICE_CLOSED
from tests.admin.area import signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPOINTMENT, bookable_monday
from tests.support.clock import NOW, clock

DAY = bookable_monday(NOW.date()).isoformat()  # a Monday, one or two weeks after the app's today
TUESDAY = (date.fromisoformat(DAY) + timedelta(days=1)).isoformat()


def _at(label: str, day: str = DAY) -> dict[str, Any]:
    return {**APPOINTMENT, "preferredDate": day, "preferredTime": label}


async def test_staff_set_the_capacity_and_closed_dates(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, clock=clock())
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
        "PUT", "/api/admin/settings", json={**current, "appointmentCapacity": 3, "closedDates": [TUESDAY]}
    )
    assert saved.status_code == 200, saved.text
    assert (saved.json()["appointmentCapacity"], saved.json()["closedDates"]) == (3, [TUESDAY])
    without = {k: v for k, v in current.items() if k not in ("appointmentCapacity", "closedDates")}
    assert (await h.unsafe("PUT", "/api/admin/settings", json=without)).json()["appointmentCapacity"] == 3
    people = [{**_at("09:00 AM"), "email": f"p{n}@example.com", "phone": f"024123400{n}"} for n in range(4)]
    codes = [(await h.client.post("/api/appointments", json=person)).status_code for person in people]
    assert codes == [201, 201, 201, 409]
    closed = await h.client.post("/api/appointments", json=_at("09:00 AM", day=TUESDAY))
    assert closed.json() == {"errors": {"preferredDate": OFFICE_CLOSED}}


async def test_staff_set_the_booking_horizon_and_the_daily_limit_within_bounds(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, clock=clock())
    current = (await h.client.get("/api/admin/settings")).json()
    assert (current["bookingHorizonDays"], current["dailyBookingsPerPerson"]) == (90, 2)
    bad = await h.unsafe(
        "PUT", "/api/admin/settings", json={**current, "bookingHorizonDays": 731, "dailyBookingsPerPerson": 0}
    )
    assert bad.status_code == 422
    assert bad.json()["errors"] == {
        "bookingHorizonDays": HORIZON_INVALID,
        "dailyBookingsPerPerson": DAILY_LIMIT_INVALID,
    }
    horizon = (date.fromisoformat(DAY) - NOW.date()).days  # DAY is the horizon's last day
    saved = await h.unsafe(
        "PUT", "/api/admin/settings", json={**current, "bookingHorizonDays": horizon, "dailyBookingsPerPerson": 1}
    )
    assert saved.status_code == 200, saved.text
    refused = await h.client.post("/api/appointments", json=_at("09:00 AM", day=TUESDAY))
    assert refused.json() == {"errors": {"preferredDate": beyond_horizon(horizon)}}
    assert (await h.client.post("/api/appointments", json=_at("09:00 AM"))).status_code == 201
    again = await h.client.post("/api/appointments", json=_at("10:00 AM"))
    assert again.json() == {"errors": {"preferredDate": daily_limit_reached(1)}}
