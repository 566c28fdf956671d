"""Booking a slot through the use case, with a fixed clock: the capacity given to the unit of work,
a full slot refused with nothing written, past and closed slots refused, texts that name the zone."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any

import pytest

from agency_core.admin_settings import MAX_DAILY_BOOKINGS
from agency_core.appointments.booking import Bookings
from agency_core.appointments.booking_limits import DATE_BEFORE_TODAY, beyond_horizon, daily_limit_reached
from agency_core.appointments.slots import OFFICE_CLOSED, SLOT_FULL, SLOT_PAST, SlotState
from agency_core.errors import Conflict, Rejected
from agency_core.ids import IdGenerator
from agency_core.records import Appointment
from agency_core.unit_of_work import SlotFull
from tests.api.conftest import APPOINTMENT
from tests.core.fakes import FakeSettings, FakeStore, FakeUnitOfWork, Write

MONDAY = "2026-11-23"


class _Appointments:
    def __init__(self) -> None:
        self.counts: dict[datetime, int] = {}
        self.live: list[Appointment] = []

    async def booked(self, start: datetime, end: datetime) -> dict[datetime, int]:
        return {at: n for at, n in self.counts.items() if start <= at < end}

    async def live_between(self, start: datetime, end: datetime) -> list[Appointment]:
        return [a for a in self.live if a.starts_at is not None and start <= a.starts_at < end]


class Booking:
    """The use case on fakes whose unit of work keeps the seats taken per slot, as the backends do at commit."""

    def __init__(self, now: datetime, capacity: int = 1, zone: str = "Africa/Accra", **settings: Any) -> None:
        self.uow = FakeUnitOfWork()
        self.store = FakeStore(self.uow)
        self.store.appointments = _Appointments()  # type: ignore[attr-defined]
        self.uow.on_commit = self._take_seat
        live = FakeSettings()
        # Tests about seats book one person many times; the per-person limit has tests of its own.
        settings.setdefault("daily_bookings_per_person", MAX_DAILY_BOOKINGS)
        live.settings = replace(live.settings, appointment_capacity=capacity, **settings)
        self.service = Bookings(
            self.store,  # type: ignore[arg-type]
            IdGenerator(lambda: 1_780_000_000_000),
            live,
            clock=lambda: now,
            office_zone=zone,
        )

    def _take_seat(self, writes: list[Write]) -> None:
        for write in writes:
            if (write.repository, write.method) == ("appointments", "add"):
                appointment, _, capacity = write.args
                taken = self.store.appointments.counts.get(appointment.starts_at, 0)  # type: ignore[attr-defined]
                if taken >= capacity:
                    raise SlotFull(appointment.starts_at)
                self.store.appointments.counts[appointment.starts_at] = taken + 1  # type: ignore[attr-defined]
                self.store.appointments.live.append(appointment)  # type: ignore[attr-defined]


def _at(day: str, label: str) -> dict[str, Any]:
    return {**APPOINTMENT, "preferredDate": day, "preferredTime": label}


async def test_a_full_slot_is_refused_with_a_clear_message_and_nothing_written() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC), capacity=2)
    await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    with pytest.raises(Conflict) as full:
        await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    assert full.value.message == SLOT_FULL
    assert (len(b.uow.committed), len(b.uow.discarded)) == (2, 1)
    await b.service.book_appointment(_at(MONDAY, "11:00 AM"))
    assert len(b.uow.committed) == 3


async def test_the_free_slots_of_a_day_follow_the_bookings() -> None:
    b = Booking(datetime(2026, 11, 23, 10, 30, tzinfo=UTC))
    await b.service.book_appointment(_at(MONDAY, "01:00 PM"))
    shown = await b.service.appointment_slots(date(2026, 11, 23))
    states = {s.label: s.state for s in shown.slots}
    assert (shown.zone, shown.zone_name) == ("Africa/Accra", "GMT")
    assert states["10:00 AM"] is SlotState.PAST
    assert states["11:00 AM"] is SlotState.FREE
    assert states["01:00 PM"] is SlotState.FULL


async def test_a_slot_already_past_today_is_refused_in_the_office_zone() -> None:
    # 10:30 UTC: in Accra the 10:00 AM slot has started; in Dubai it is 14:30 and 02:00 PM has.
    b = Booking(datetime(2026, 11, 23, 10, 30, tzinfo=UTC))
    with pytest.raises(Rejected) as past:
        await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    assert past.value.errors == {"preferredTime": SLOT_PAST}
    dubai = Booking(datetime(2026, 11, 23, 10, 30, tzinfo=UTC), zone="Asia/Dubai")
    with pytest.raises(Rejected):
        await dubai.service.book_appointment(_at(MONDAY, "02:00 PM"))
    await dubai.service.book_appointment(_at(MONDAY, "03:00 PM"))
    (appointment, _, _) = dubai.uow.committed[0][0].args
    assert (appointment.starts_at, appointment.time_zone) == (datetime(2026, 11, 23, 11, tzinfo=UTC), "Asia/Dubai")


async def test_just_after_midnight_in_the_office_today_is_the_new_day() -> None:
    # 00:01 in Accra on Tuesday: Tuesday's slots are bookable, Monday's are not "today" any more.
    b = Booking(datetime(2026, 11, 24, 0, 1, tzinfo=UTC))
    with pytest.raises(Rejected) as yesterday:
        await b.service.book_appointment(_at(MONDAY, "05:00 PM"))
    assert set(yesterday.value.errors) == {"preferredDate"}
    await b.service.book_appointment(_at("2026-11-24", "09:00 AM"))
    # 23:59 on Monday in an office in Los Angeles (07:59 UTC on Tuesday): Monday is still today there,
    # so the date is accepted and its last slot refused as past; Tuesday's first slot is bookable.
    late = Booking(datetime(2026, 11, 24, 7, 59, tzinfo=UTC), zone="America/Los_Angeles")
    with pytest.raises(Rejected) as past:
        await late.service.book_appointment(_at(MONDAY, "05:00 PM"))
    assert past.value.errors == {"preferredTime": SLOT_PAST}
    await late.service.book_appointment(_at("2026-11-24", "09:00 AM"))


async def test_weekends_and_closed_dates_are_refused_on_the_date() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC), closed_dates=(date(2026, 12, 25),))
    for day in ("2026-11-21", "2026-12-25"):
        with pytest.raises(Rejected) as closed:
            await b.service.book_appointment(_at(day, "10:00 AM"))
        assert closed.value.errors == {"preferredDate": OFFICE_CLOSED}
    assert b.uow.committed == []


async def test_the_confirmations_name_the_zone() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC))
    await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    (_, enqueue) = b.uow.committed[0]
    texts = [m.text for m in enqueue.args[0]]
    assert any("at 10:00 AM GMT." in t for t in texts)
    assert any("10:00 AM GMT" in t and '"subject"' in t for t in texts)


def _outbox(b: Booking) -> list[Any]:
    (_, enqueue) = b.uow.committed[-1]
    return list(enqueue.args[0])


async def test_a_booking_a_day_or_more_ahead_schedules_one_reminder_per_channel_and_promises_it() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC))
    await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    messages = {m.id: m for m in _outbox(b)}
    reminders = [messages["VA1780000000000-reminder"], messages["VA1780000000000-reminder-mail"]]
    assert {m.next_attempt_at for m in reminders} == {datetime(2026, 11, 22, 10, tzinfo=UTC)}
    assert [m.kind for m in reminders] == ["appointment_reminder", "email"]
    assert "Reminder: your" in reminders[0].text
    assert "10:00 AM GMT" in reminders[0].text
    confirmation = messages["VA1780000000000-0"]
    assert confirmation.next_attempt_at == datetime(2026, 11, 20, 9, tzinfo=UTC)
    assert "We will send a reminder 24 hours before." in confirmation.text
    assert "We will send a reminder 24 hours before." in messages["VA1780000000000-mail"].text


async def test_a_booking_23_hours_59_minutes_ahead_gets_no_reminder_and_no_promise() -> None:
    b = Booking(datetime(2026, 11, 22, 10, 1, tzinfo=UTC))
    await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    messages = _outbox(b)
    assert sorted(m.id for m in messages) == ["VA1780000000000-0", "VA1780000000000-mail"]
    assert all("reminder" not in m.text for m in messages)
    exactly = Booking(datetime(2026, 11, 22, 10, tzinfo=UTC))
    await exactly.service.book_appointment(_at(MONDAY, "10:00 AM"))
    assert len(_outbox(exactly)) == 4  # 24 hours ahead exactly: the reminder goes out at once


async def test_a_date_beyond_the_booking_horizon_is_refused_on_the_date_and_nothing_written() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC), booking_horizon_days=30)
    for day in ("2026-12-21", "9999-12-31"):  # the Monday after the horizon's last day (2026-12-20), year 9999
        with pytest.raises(Rejected) as refused:
            await b.service.book_appointment(_at(day, "10:00 AM"))
        assert refused.value.errors == {"preferredDate": beyond_horizon(30)}
    assert (b.uow.committed, b.uow.discarded) == ([], [])
    await b.service.book_appointment(_at("2026-12-18", "10:00 AM"))  # a Friday within it
    assert len(b.uow.committed) == 1


async def test_the_slots_of_a_day_outside_the_booking_window_are_refused_with_a_message() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC))
    for day, message in (
        (date(9999, 12, 31), beyond_horizon(90)),
        (date(2027, 2, 19), beyond_horizon(90)),  # the day after the horizon's last
        (date(1, 1, 1), DATE_BEFORE_TODAY),
        (date(2026, 11, 19), DATE_BEFORE_TODAY),
    ):
        with pytest.raises(Rejected) as refused:
            await b.service.appointment_slots(day)
        assert refused.value.errors == {"date": message}
    assert len((await b.service.appointment_slots(date(2027, 2, 18))).slots) == 9  # the horizon's last day


async def test_one_person_books_at_most_the_daily_limit_by_phone_or_by_e_mail() -> None:
    b = Booking(datetime(2026, 11, 20, 9, tzinfo=UTC), daily_bookings_per_person=2)
    await b.service.book_appointment(_at(MONDAY, "09:00 AM"))
    await b.service.book_appointment(_at(MONDAY, "10:00 AM"))
    same_phone = {**_at(MONDAY, "11:00 AM"), "email": "other@example.com"}
    same_email = {**_at(MONDAY, "11:00 AM"), "phone": "0209876543"}
    for form in (_at(MONDAY, "11:00 AM"), same_phone, same_email):
        with pytest.raises(Rejected) as refused:
            await b.service.book_appointment(form)
        assert refused.value.errors == {"preferredDate": daily_limit_reached(2)}
    assert len(b.uow.committed) == 2
    await b.service.book_appointment(_at("2026-11-24", "11:00 AM"))  # another day
    someone_else = {**_at(MONDAY, "11:00 AM"), "email": "kofi@example.com", "phone": "0209876543"}
    await b.service.book_appointment(someone_else)
    assert len(b.uow.committed) == 4
