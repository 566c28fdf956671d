"""Dates and people within bounds over HTTP: year 9999 (and year 1, and the day after the horizon) on
every public date route answers 4xx and writes nothing; a date beyond the horizon is refused under the
date field; one person books at most the daily limit."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.appointments.booking_limits import DATE_BEFORE_TODAY, beyond_horizon, daily_limit_reached
from tests.api.conftest import APPOINTMENT, BOOKING_DAY, TODAY, container_of

Client = AsyncTestClient[Litestar]
DAY_AFTER_HORIZON = (TODAY + timedelta(days=91)).isoformat()
FAR = "9999-12-31"


async def _messages(app: Litestar) -> int:
    """How many messages the outbox holds (sent or not): a refused write queues none."""
    return len(await container_of(app).store.outbox.list())


async def _book(client: Client) -> str:
    booked = await client.post("/api/appointments", json=APPOINTMENT)
    assert booked.status_code == 201, booked.text
    reference: str = booked.json()["reference"]
    return reference


async def _token(app: Litestar, reference: str) -> str:
    sms = await container_of(app).store.outbox.get(f"{reference}-0")
    assert sms is not None
    found = re.search(r"token=([\w-]+)", sms.text)
    assert found is not None, sms.text
    return found.group(1)


async def test_year_9999_on_every_public_date_route_answers_4xx_and_writes_nothing(
    client: Client, app: Litestar
) -> None:
    for day, message in (
        (FAR, beyond_horizon(90)),
        (DAY_AFTER_HORIZON, beyond_horizon(90)),
        ("0001-01-01", DATE_BEFORE_TODAY),
    ):
        slots = await client.get("/api/appointment-slots", params={"date": day})
        assert (slots.status_code, slots.json()) == (422, {"errors": {"date": message}})
    refused = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": FAR})
    assert (refused.status_code, refused.json()) == (422, {"errors": {"preferredDate": beyond_horizon(90)}})
    assert await _messages(app) == 0

    reference = await _book(client)
    token = await _token(app, reference)
    before = await _messages(app)
    page = await client.get("/appointment", params={"token": token, "date": FAR})
    assert page.status_code == 422
    assert beyond_horizon(90) in page.text
    assert BOOKING_DAY in page.text  # the booking's own day is shown instead
    last_day = (TODAY + timedelta(days=90)).isoformat()
    assert f'min="{TODAY.isoformat()}" max="{last_day}"' in page.text  # the picker's bounds
    for day in (FAR, "0001-01-01", DAY_AFTER_HORIZON):
        moved = await client.post("/appointment/move", data={"token": token, "date": day, "time": "10:00 AM"})
        assert moved.status_code == 422, (day, moved.text)
    assert await _messages(app) == before
    stored = await container_of(app).store.appointments.get(reference)
    assert stored is not None
    assert (stored.version, stored.data.preferred_date) == (0, BOOKING_DAY)


async def test_a_date_beyond_the_horizon_staff_set_is_refused_under_the_date_field(client: Client) -> None:
    last = TODAY + timedelta(days=90)
    weekday = last - timedelta(days=max(last.weekday() - 4, 0))  # the horizon's last weekday
    within = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": weekday.isoformat()})
    assert within.status_code == 201, within.text
    beyond = weekday + timedelta(days=7)
    refused = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": beyond.isoformat()})
    assert (refused.status_code, refused.json()) == (422, {"errors": {"preferredDate": beyond_horizon(90)}})


async def test_one_person_books_at_most_two_appointments_a_day(client: Client, app: Litestar) -> None:
    def at(label: str, **more: Any) -> dict[str, Any]:
        return {**APPOINTMENT, "preferredTime": label, **more}

    for label in ("09:00 AM", "10:00 AM"):
        assert (await client.post("/api/appointments", json=at(label))).status_code == 201
    same_phone = at("11:00 AM", email="another@example.com")
    same_email = at("11:00 AM", phone="020 987 6543")
    for form in (at("11:00 AM"), same_phone, same_email):
        refused = await client.post("/api/appointments", json=form)
        assert (refused.status_code, refused.json()) == (422, {"errors": {"preferredDate": daily_limit_reached(2)}})
    other_day = (date.fromisoformat(BOOKING_DAY) + timedelta(days=1)).isoformat()
    assert (await client.post("/api/appointments", json=at("11:00 AM", preferredDate=other_day))).status_code == 201
    someone_else = at("11:00 AM", email="kofi@example.com", phone="020 987 6543")
    assert (await client.post("/api/appointments", json=someone_else)).status_code == 201
    assert len(await container_of(app).store.appointments.live_between(
        datetime.fromisoformat(f"{BOOKING_DAY}T00:00:00+00:00"), datetime.fromisoformat(f"{BOOKING_DAY}T23:59:59+00:00")
    )) == 3  # fmt: skip
