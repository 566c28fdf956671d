"""The staff calendar over HTTP: a day and a week of the office's slots with each slot's bookings
and free seats; a status moved from it is enforced and audited by the core; strangers get nothing."""

from __future__ import annotations

from datetime import date, time, timedelta
from typing import Any

import pytest

from agency_core.appointments.booking_limits import CALENDAR_OUT_OF_RANGE
from agency_core.appointments.offices import Office
from app.office_settings import OfficeSettings, OfficeSettingsError
from tests.admin.area import audit_actions, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPOINTMENT, BOOKING_DAY

URL = "/api/admin/appointments/calendar"
MONDAY = BOOKING_DAY
TUESDAY, WEDNESDAY = ((date.fromisoformat(MONDAY) + timedelta(days=n)).isoformat() for n in (1, 2))


async def _book(h: Any, day: str, label: str, email: str) -> str:
    response = await h.client.post(
        "/api/appointments", json={**APPOINTMENT, "preferredDate": day, "preferredTime": label, "email": email}
    )
    assert response.status_code == 201, response.text
    reference: str = response.json()["reference"]
    return reference


async def test_a_day_and_a_week_show_bookings_and_free_seats(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    current = (await h.client.get("/api/admin/settings")).json()
    saved = await h.unsafe("PUT", "/api/admin/settings", json={**current, "appointmentCapacity": 2})
    assert saved.status_code == 200, saved.text
    first = await _book(h, MONDAY, "10:00 AM", "a@example.com")
    second = await _book(h, MONDAY, "10:00 AM", "b@example.com")
    wednesday = await _book(h, WEDNESDAY, "02:00 PM", "c@example.com")
    day = await h.client.get(URL, params={"start": MONDAY, "days": "1"})
    assert day.status_code == 200
    assert day.headers["cache-control"] == "no-store"
    body = day.json()
    assert (body["start"], body["timeZone"], body["zoneName"], len(body["days"])) == (MONDAY, "Africa/Accra", "GMT", 1)
    slots = {s["time"]: s for s in body["days"][0]["slots"]}
    assert len(slots) == 9
    ten = slots["10:00 AM"]
    assert (ten["capacity"], ten["free"], ten["startsAt"]) == (2, 0, f"{MONDAY}T10:00:00Z")
    assert [b["reference"] for b in ten["bookings"]] == sorted([first, second])
    assert (slots["11:00 AM"]["free"], slots["11:00 AM"]["bookings"]) == (2, [])
    cancelled = await h.unsafe("POST", f"/api/admin/appointments/{first}/status", json={"status": "cancelled"})
    assert cancelled.status_code == 200
    week = (await h.client.get(URL, params={"start": MONDAY, "days": "7"})).json()
    assert [d["date"] for d in week["days"]][:3] == [MONDAY, TUESDAY, WEDNESDAY]
    assert [d["open"] for d in week["days"]] == [True] * 5 + [False] * 2
    monday_ten = {s["time"]: s for s in week["days"][0]["slots"]}["10:00 AM"]
    assert monday_ten["free"] == 1  # the cancelled booking is shown and holds no seat
    assert {b["reference"]: b["status"] for b in monday_ten["bookings"]} == {first: "cancelled", second: "booked"}
    wed = {s["time"]: s for s in week["days"][2]["slots"]}["02:00 PM"]
    assert [b["reference"] for b in wed["bookings"]] == [wednesday]
    assert "appointment.status" in [e["action"] for e in await audit_actions(h)]


async def test_the_calendar_refuses_bad_input_and_strangers(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    for params in ({"start": "2099-3-2"}, {"start": "tomorrow"}, {"start": MONDAY, "days": "3"}):
        assert (await h.client.get(URL, params=params)).status_code == 422
    stranger = await make_harness(demo=True)
    assert (await stranger.client.get(URL, params={"start": MONDAY})).status_code == 401


DUBAI = Office("dubai", "Dubai desk", "Asia/Dubai", "Deira, Dubai", time(9), time(13), frozenset(range(5)), 2)


async def test_a_second_office_has_its_own_calendar_zone_hours_and_seats(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness, office=OfficeSettings(more_offices=(DUBAI,)))
    kumasi = await _book(h, MONDAY, "10:00 AM", "a@example.com")  # the public form books the main office
    main = (await h.client.get(URL, params={"start": MONDAY})).json()
    assert [o["id"] for o in main["offices"]] == ["kumasi", "dubai"]
    assert (main["office"]["id"], main["timeZone"], len(main["days"][0]["slots"])) == ("kumasi", "Africa/Accra", 9)
    assert [b["reference"] for s in main["days"][0]["slots"] for b in s["bookings"]] == [kumasi]
    desk = (await h.client.get(URL, params={"start": MONDAY, "office": "dubai"})).json()
    assert (desk["office"], desk["timeZone"], desk["zoneName"]) == (
        {"id": "dubai", "name": "Dubai desk", "address": "Deira, Dubai", "timeZone": "Asia/Dubai"},
        "Asia/Dubai",
        "+04",
    )
    slots = desk["days"][0]["slots"]
    assert [s["time"] for s in slots] == ["09:00 AM", "10:00 AM", "11:00 AM", "12:00 PM"]
    assert (slots[0]["startsAt"], slots[0]["capacity"], slots[0]["free"]) == (f"{MONDAY}T05:00:00Z", 2, 2)
    assert all(s["bookings"] == [] for s in slots)  # the Kumasi booking is not the desk's
    unknown = await h.client.get(URL, params={"start": MONDAY, "office": "accra"})
    assert (unknown.status_code, unknown.json()) == (404, {"message": "Office not found"})


def test_offices_come_from_one_setting_and_a_bad_one_stops_the_start() -> None:
    raw = (
        '[{"id": "dubai", "name": "Dubai desk", "timeZone": "Asia/Dubai", "address": "Deira, Dubai",'
        ' "opens": "09:00", "closes": "13:00", "capacity": 2}]'
    )
    settings = OfficeSettings.from_env({"AGENCY_OFFICES": raw})
    assert settings.offices[1] == DUBAI
    assert [o.id for o in OfficeSettings.from_env({}).offices] == ["kumasi"]
    late = '[{"id": "x", "name": "X", "timeZone": "Asia/Dubai", "opens": "18:00", "closes": "09:00"}]'
    main = '[{"id": "kumasi", "name": "K", "timeZone": "Africa/Accra"}]'
    for bad in ("{}", "[{}]", '[{"id": "x", "name": "X", "timeZone": "Mars/Base"}]', main, late):
        with pytest.raises(OfficeSettingsError, match="AGENCY_OFFICES"):
            OfficeSettings.from_env({"AGENCY_OFFICES": bad})


async def test_a_calendar_from_year_9999_or_year_1_answers_422_naming_the_range(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    for start, days in (("9999-12-31", "1"), ("9999-12-27", "7"), ("0001-01-01", "7")):
        response = await h.client.get(URL, params={"start": start, "days": days})
        assert (response.status_code, response.json()) == (422, {"errors": {"start": CALENDAR_OUT_OF_RANGE}})
