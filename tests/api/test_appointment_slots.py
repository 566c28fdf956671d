"""Slots over HTTP: the free slots of a date, a full slot's 409 that writes nothing, the capacity and
closed dates staff set, and what a stranger learns from the slots endpoint (counts only)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.appointments.slots import OFFICE_CLOSED, SLOT_FULL
from agency_core.records import NEW_APPOINTMENT
from tests.api.conftest import APPOINTMENT, BOOKING_DAY, AppFactory, container_of

Client = AsyncTestClient[Litestar]
DAY = BOOKING_DAY  # a Monday
SATURDAY = (date.fromisoformat(DAY) + timedelta(days=5)).isoformat()


def _at(label: str, day: str = DAY, **more: Any) -> dict[str, Any]:
    return {**APPOINTMENT, "preferredDate": day, "preferredTime": label, **more}


async def test_a_full_slot_answers_409_writes_nothing_and_the_day_shows_it_full(client: Client, app: Litestar) -> None:
    first = await client.post("/api/appointments", json=_at("10:00 AM"))
    assert first.status_code == 201
    second = await client.post("/api/appointments", json=_at("10:00 AM", email="kofi@example.com"))
    assert (second.status_code, second.json()) == (409, {"message": SLOT_FULL})
    store = container_of(app).store
    assert len(await store.admin_notifications.list(NEW_APPOINTMENT)) == 1
    assert len(await store.outbox.list()) == 4  # the first booking's SMS and e-mail, and their two reminders
    day = await client.get("/api/appointment-slots", params={"date": DAY})
    assert day.status_code == 200
    assert day.headers["cache-control"] == "no-store"
    body = day.json()
    assert (body["date"], body["timeZone"], body["zoneName"]) == (DAY, "Africa/Accra", "GMT")
    slots = {s["time"]: s for s in body["slots"]}
    assert list(slots) == ["09:00 AM", "10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM", "02:00 PM", "03:00 PM",
                           "04:00 PM", "05:00 PM"]  # fmt: skip
    assert (slots["10:00 AM"]["state"], slots["10:00 AM"]["free"]) == ("full", 0)
    assert (slots["11:00 AM"]["state"], slots["11:00 AM"]["free"]) == ("free", 1)
    assert slots["10:00 AM"]["startsAt"] == f"{DAY}T10:00:00Z"
    # a stranger learns counts, never who booked
    for secret in ("Ama", "ama@example.com", first.json()["reference"]):
        assert secret not in day.text


async def test_the_slots_endpoint_refuses_a_malformed_date(client: Client) -> None:
    for bad in ("", "2099-3-2", "tomorrow", "2099-02-30", "２０９９-03-02"):
        response = await client.get("/api/appointment-slots", params={"date": bad})
        assert (response.status_code, response.json()) == (422, {"errors": {"date": "Enter a date as YYYY-MM-DD"}})


async def test_weekends_are_closed_and_a_capacity_from_the_environment_holds(make_app: AppFactory) -> None:
    app = make_app(AGENCY_APPOINTMENT_CAPACITY="2")
    async with AsyncTestClient(app) as client:
        saturday = await client.post("/api/appointments", json=_at("10:00 AM", day=SATURDAY))
        assert (saturday.status_code, saturday.json()) == (422, {"errors": {"preferredDate": OFFICE_CLOSED}})
        people = [_at("09:00 AM", email=f"p{n}@example.com", phone=f"024123400{n}") for n in range(3)]
        codes = [(await client.post("/api/appointments", json=person)).status_code for person in people]
        assert codes == [201, 201, 409]
        day = (await client.get("/api/appointment-slots", params={"date": SATURDAY})).json()
        assert {s["state"] for s in day["slots"]} == {"closed"}
