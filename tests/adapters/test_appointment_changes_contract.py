"""An applicant's move and the change link's lookup on both backends: a move frees the old seat and
takes the new one in one commit, refuses a full slot or a stale version writing nothing, and two
moves racing for the last seat leave exactly one; bookings from before links read with none."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS as RECORD_MIGRATIONS
from adapters.sqlite.store import SqliteStore
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Appointment, AppointmentStatus
from agency_core.spec.forms import AppointmentRequest, NewAppointmentNotice, form_of
from agency_core.unit_of_work import PreconditionFailed, SlotFull
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer

T0 = datetime(2026, 11, 20, 9, tzinfo=UTC)
TEN = datetime(2026, 11, 23, 10, tzinfo=UTC)
ELEVEN = datetime(2026, 11, 23, 11, tzinfo=UTC)
NOON = datetime(2026, 11, 23, 12, tzinfo=UTC)
EVENING = datetime(2026, 11, 23, 18, tzinfo=UTC)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


def _appointment(reference: str, starts_at: datetime) -> Appointment:
    data = {"fullName": "Ama", "preferredDate": f"{starts_at:%Y-%m-%d}", "preferredTime": f"{starts_at:%I:%M %p}"}
    return Appointment(
        reference, form_of(AppointmentRequest, data), T0, starts_at, "Africa/Accra", token_hash=f"hash-{reference}"
    )


async def _book(stores: Stores, reference: str, starts_at: datetime, capacity: int = 1) -> Appointment:
    appointment = _appointment(reference, starts_at)
    note = AdminNotification(
        f"{reference}-admin", NEW_APPOINTMENT, form_of(NewAppointmentNotice, {"reference": reference}), T0
    )
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.add(appointment, note, capacity)
    stored = await stores.records.appointments.get(reference)
    assert stored is not None
    return stored


def _moved(appointment: Appointment, starts_at: datetime) -> Appointment:
    data = replace(appointment.data, preferred_time=f"{starts_at:%I:%M %p}")
    return replace(appointment, data=data, starts_at=starts_at, version=appointment.version + 1)


async def _move(stores: Stores, before: Appointment, starts_at: datetime, capacity: int = 1) -> Appointment:
    after = _moved(before, starts_at)
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.move(before, after, capacity)
    return after


async def test_a_move_frees_the_old_seat_and_takes_the_new_one(stores: Stores) -> None:
    first = await _book(stores, "VA1", TEN)
    await _move(stores, first, ELEVEN)
    assert await stores.records.appointments.booked(TEN, EVENING) == {ELEVEN: 1}
    stored = await stores.records.appointments.get("VA1")
    assert stored is not None
    assert (stored.starts_at, stored.version, stored.data.preferred_time) == (ELEVEN, 1, "11:00 AM")
    assert await _book(stores, "VA2", TEN)  # the old seat is free again
    with pytest.raises(SlotFull):
        await _book(stores, "VA3", ELEVEN)  # the new one is held


async def test_a_move_to_a_full_slot_or_from_a_stale_version_writes_nothing(stores: Stores) -> None:
    first = await _book(stores, "VA1", TEN)
    await _book(stores, "VA2", ELEVEN)
    with pytest.raises(SlotFull):
        await _move(stores, first, ELEVEN)
    moved = await _move(stores, first, NOON)
    with pytest.raises(PreconditionFailed):
        await _move(stores, first, ELEVEN + (NOON - ELEVEN) * 2)  # still version 0: stale
    assert await stores.records.appointments.booked(TEN, EVENING) == {ELEVEN: 1, NOON: 1}
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA1", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, moved.version)
    with pytest.raises(PreconditionFailed):  # a cancelled booking does not move
        await _move(stores, moved, TEN)
    assert await stores.records.appointments.booked(TEN, EVENING) == {ELEVEN: 1}


async def test_a_status_change_from_a_version_moved_since_writes_nothing(stores: Stores) -> None:
    first = await _book(stores, "VA1", TEN)
    moved = await _move(stores, first, NOON)
    with pytest.raises(PreconditionFailed):
        async with stores.records.unit_of_work() as uow:
            await uow.appointments.set_status("VA1", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, 0)
    record = await stores.admin.appointment("VA1")
    assert record is not None
    assert (record.status, record.appointment.version, record.appointment.starts_at) == (
        AppointmentStatus.BOOKED, 1, NOON
    )  # fmt: skip
    assert await stores.records.appointments.booked(TEN, EVENING) == {NOON: 1}
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA1", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, moved.version)
    assert await stores.records.appointments.booked(TEN, EVENING) == {}


async def test_the_live_bookings_of_a_day_leave_out_the_cancelled(stores: Stores) -> None:
    await _book(stores, "VA1", TEN)
    await _book(stores, "VA2", ELEVEN)
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA2", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, 0)
    live = await stores.records.appointments.live_between(TEN, EVENING)
    assert [a.reference for a in live] == ["VA1"]
    assert await stores.records.appointments.live_between(NOON, EVENING) == []


async def test_two_moves_racing_for_the_last_seat_leave_exactly_one(stores: Stores) -> None:
    first, second = await _book(stores, "VA1", TEN), await _book(stores, "VA2", ELEVEN)

    async def attempt(before: Appointment) -> bool:
        try:
            await _move(stores, before, NOON)
        except SlotFull:
            return False
        return True

    outcomes = await asyncio.gather(attempt(first), attempt(second))
    assert sorted(outcomes) == [False, True]
    booked = await stores.records.appointments.booked(TEN, EVENING)
    assert booked[NOON] == 1
    assert sum(booked.values()) == 2


async def test_the_change_link_finds_its_booking_and_its_status(stores: Stores) -> None:
    await _book(stores, "VA1", TEN)
    found = await stores.records.appointments.by_token("hash-VA1")
    assert found is not None
    assert (found[0].reference, found[1]) == ("VA1", AppointmentStatus.BOOKED)
    assert await stores.records.appointments.by_token("hash-VA9") is None
    assert await stores.records.appointments.by_token("") is None
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA1", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, 0)
    found = await stores.records.appointments.by_token("hash-VA1")
    assert found is not None
    assert found[1] is AppointmentStatus.CANCELLED


async def test_sqlite_bookings_from_before_links_read_with_none(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    await db.migrate([m for m in RECORD_MIGRATIONS if m.name != "records_0006_appointment_tokens"])

    def old_row(conn: object) -> None:
        conn.execute(  # type: ignore[attr-defined]
            "INSERT INTO appointments (reference, data, created_at, starts_at, time_zone) VALUES (?, ?, ?, ?, ?)",
            ("VA1", '{"preferredDate": "2026-11-23", "preferredTime": "10:00 AM"}', T0.isoformat(),
             TEN.isoformat(), "Africa/Accra"),
        )  # fmt: skip

    await db.run(old_row)
    store = SqliteStore(db, new_sealer())
    await store.start()
    stored = await store.appointments.get("VA1")
    assert stored is not None
    assert (stored.token_hash, stored.version, stored.starts_at) == ("", 0, TEN)
    assert await store.appointments.by_token("") is None
    await db.close()


async def test_the_calendar_reads_every_booking_of_a_range_with_its_status(stores: Stores) -> None:
    await _book(stores, "VA2", ELEVEN)
    await _book(stores, "VA1", TEN)
    await _book(stores, "VA3", EVENING)
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA1", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, 0)
    found = await stores.admin.appointments_between(TEN, EVENING)
    assert [(r.appointment.reference, r.status) for r in found] == [
        ("VA1", AppointmentStatus.CANCELLED),
        ("VA2", AppointmentStatus.BOOKED),
    ]
