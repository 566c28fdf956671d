"""Issue 43, "appointment changes that cannot slip", over HTTP: the booking's answer and its change page
link the calendar file by the change token (never by the reference), which downloads a valid ``.ics``
(parsed with icalendar) that no cache keeps; a wrong token is the page's neutral 404. The change page
pre-selects no time and names the date with its weekday; a move without a time says what is missing.
The whole booking window's taken slots come in one small answer."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.appointments.changes import INVALID_LINK
from agency_core.appointments.slots import appointment_date
from app.api.appointment_change import ADD_TO_CALENDAR, MOVE_BUTTON
from tests.api.conftest import APPOINTMENT, AppFactory, bookable_monday

Client = AsyncTestClient[Litestar]


async def _book(client: Client, day: str, time: str = "10:00 AM") -> tuple[str, str]:
    booked = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": day, "preferredTime": time})
    assert booked.status_code == 201, booked.text
    body = booked.json()
    found = re.fullmatch(r"/appointment/calendar\.ics\?token=([\w-]{22,})", body["calendarUrl"])
    assert found is not None, body
    return body["reference"], found.group(1)


async def test_add_to_calendar_downloads_the_booking_by_its_token_and_nothing_by_a_wrong_one(
    make_app: AppFactory,
) -> None:
    day = bookable_monday(weeks=2).isoformat()
    async with AsyncTestClient(make_app()) as client:
        reference, token = await _book(client, day)
        answer = await client.get("/appointment/calendar.ics", params={"token": token})
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/calendar")
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["content-disposition"] == 'attachment; filename="appointment.ics"'
        calendar = icalendar.Calendar.from_ical(answer.content)
        (event,) = calendar.walk("VEVENT")
        assert str(calendar["METHOD"]) == "REQUEST"
        assert str(event["UID"]) == f"appointment-{reference}@vandytravel.com"
        starts = event.decoded("DTSTART")
        assert starts == datetime.combine(date.fromisoformat(day), datetime.min.time().replace(hour=10),
                                          ZoneInfo("Africa/Accra"))  # fmt: skip
        assert event.decoded("DTEND") - starts == timedelta(hours=1)

        # the change page links the same file
        page = await client.get("/appointment", params={"token": token})
        assert f'<a href="/appointment/calendar.ics?token={token}" download="appointment.ics">' in page.text
        assert ADD_TO_CALENDAR in page.text

        for wrong in ("", token[:-2], reference, "x" * 22):
            refused = await client.get("/appointment/calendar.ics", params={"token": wrong})
            assert (refused.status_code, refused.headers["cache-control"]) == (404, "no-store")
            assert refused.headers["content-type"].startswith("text/html")
            assert INVALID_LINK in refused.text
            for personal in (reference, "Ama", "BEGIN:VCALENDAR", "10:00 AM"):
                assert personal not in refused.text

        # a cancelled booking's file is gone with its link
        await client.post("/appointment/cancel", data={"token": token})
        gone = await client.get("/appointment/calendar.ics", params={"token": token})
        assert gone.status_code == 404


async def test_the_change_page_preselects_no_time_shows_weekdays_and_says_what_is_missing(
    make_app: AppFactory,
) -> None:
    monday = bookable_monday(weeks=2)
    tuesday = (monday + timedelta(days=1)).isoformat()
    async with AsyncTestClient(make_app()) as client:
        _, token = await _book(client, monday.isoformat())
        page = await client.get("/appointment", params={"token": token, "date": tuesday})
        assert page.status_code == 200
        assert appointment_date(monday) in page.text  # "Mon 7 Dec 2026": the booking as it stands
        assert f"Free times on {appointment_date(monday + timedelta(days=1))}" in page.text
        assert 'value="09:00 AM"' in page.text
        assert "checked" not in page.text
        missing = await client.post("/appointment/move", data={"token": token, "date": tuesday})
        assert missing.status_code == 422
        assert "Please select a preferred time" in missing.text
        assert MOVE_BUTTON in missing.text  # the form again, nothing moved
        assert appointment_date(monday) in missing.text


async def test_the_whole_booking_window_comes_in_one_small_answer(make_app: AppFactory) -> None:
    monday = bookable_monday(weeks=2)
    async with AsyncTestClient(make_app()) as client:
        await _book(client, monday.isoformat(), "11:00 AM")
        answer = await client.get("/api/appointment-slots/window")
        assert (answer.status_code, answer.headers["cache-control"]) == (200, "no-store")
        window = answer.json()
        assert window["timeZone"] == "Africa/Accra"
        first, last = date.fromisoformat(window["first"]), date.fromisoformat(window["last"])
        assert (last - first).days == 90  # the default horizon
        assert window["taken"][monday.isoformat()] == ["11:00 AM"]
        saturday = monday + timedelta(days=5)
        assert saturday.isoformat() in window["closed"]
        assert monday.isoformat() not in window["closed"]
        # the same as the day's own answer, for every slot of the booked day
        day = (await client.get("/api/appointment-slots", params={"date": monday.isoformat()})).json()
        assert [s["time"] for s in day["slots"] if s["state"] != "free"] == ["11:00 AM"]
        # 91 days in one answer smaller than two days' answers (docs/appointments.md gives the figure)
        assert len(answer.content) < 2 * len(
            (await client.get("/api/appointment-slots", params={"date": monday.isoformat()})).content
        )
