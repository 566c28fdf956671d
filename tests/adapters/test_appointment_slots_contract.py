"""Seats per slot on both backends: the capacity check and the booking are one atomic write, a
cancelled booking frees its seat, and bookings stored before slots were kept get theirs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from adapters.firestore.unit_of_work import backfill_slots
from adapters.sqlite.database import Database
from adapters.sqlite.store import MIGRATIONS as RECORD_MIGRATIONS
from adapters.sqlite.store import SqliteStore
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Appointment, AppointmentStatus
from agency_core.spec.forms import AppointmentRequest, NewAppointmentNotice, form_of
from agency_core.unit_of_work import SlotFull
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer

T0 = datetime(2026, 11, 20, 9, tzinfo=UTC)
TEN = datetime(2026, 11, 23, 10, tzinfo=UTC)
ELEVEN = datetime(2026, 11, 23, 11, tzinfo=UTC)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


def _booking(reference: str, starts_at: datetime) -> tuple[Appointment, AdminNotification]:
    data = {"fullName": "Ama", "preferredDate": f"{starts_at:%Y-%m-%d}", "preferredTime": f"{starts_at:%I:%M %p}"}
    appointment = Appointment(reference, form_of(AppointmentRequest, data), T0, starts_at, "Africa/Accra")
    return appointment, AdminNotification(
        f"{reference}-admin", NEW_APPOINTMENT, form_of(NewAppointmentNotice, {"reference": reference}), T0
    )


async def _book(stores: Stores, reference: str, starts_at: datetime, capacity: int) -> bool:
    appointment, note = _booking(reference, starts_at)
    try:
        async with stores.records.unit_of_work() as uow:
            await uow.appointments.add(appointment, note, capacity)
    except SlotFull:
        return False
    return True


@pytest.mark.parametrize("capacity", [1, 3])
async def test_concurrent_bookings_fill_exactly_the_capacity(stores: Stores, capacity: int) -> None:
    outcomes = await asyncio.gather(*(_book(stores, f"VA{i}", TEN, capacity) for i in range(12)))
    assert sum(outcomes) == capacity
    assert await stores.records.appointments.booked(TEN, ELEVEN) == {TEN: capacity}
    refused = [f"VA{i}" for i, ok in enumerate(outcomes) if not ok]
    for reference in refused:  # nothing of a refused booking was written, its notification neither
        assert await stores.records.appointments.get(reference) is None
    notes = {n.id for n in await stores.records.admin_notifications.list(NEW_APPOINTMENT)}
    assert notes == {f"VA{i}-admin" for i, ok in enumerate(outcomes) if ok}


async def test_a_cancelled_booking_frees_its_seat_and_other_slots_are_apart(stores: Stores) -> None:
    assert await _book(stores, "VA1", TEN, 1)
    assert not await _book(stores, "VA2", TEN, 1)
    assert await _book(stores, "VA3", ELEVEN, 1)
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA1", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, 0)
    assert await stores.records.appointments.booked(TEN, ELEVEN) == {}
    assert await _book(stores, "VA4", TEN, 1)
    stored = await stores.records.appointments.get("VA4")
    assert stored is not None
    assert (stored.starts_at, stored.time_zone) == (TEN, "Africa/Accra")


async def test_existing_sqlite_bookings_get_their_slot_instant(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    later = ("records_0004_appointment_slots", "records_0006_appointment_tokens")
    await db.migrate([m for m in RECORD_MIGRATIONS if m.name not in later])

    def old_rows(conn: object) -> None:
        for reference, day, label in (("VA1", "2026-11-23", "01:00 PM"), ("VA2", "2026-11-24", "12:00 PM")):
            conn.execute(  # type: ignore[attr-defined]
                "INSERT INTO appointments VALUES (?, ?, ?)",
                (reference, f'{{"preferredDate": "{day}", "preferredTime": "{label}"}}', T0.isoformat()),
            )

    await db.run(old_rows)
    store = SqliteStore(db, new_sealer())
    await store.start()
    first, second = await store.appointments.get("VA1"), await store.appointments.get("VA2")
    assert first is not None
    assert second is not None
    assert (first.starts_at, first.time_zone) == (datetime(2026, 11, 23, 13, tzinfo=UTC), "Africa/Accra")
    assert second.starts_at == datetime(2026, 11, 24, 12, tzinfo=UTC)
    assert (first.data.preferred_date, first.data.preferred_time) == ("2026-11-23", "01:00 PM")
    await db.close()


@pytest.mark.emulator
@pytest.mark.parametrize("stores", [BACKENDS[1]], indirect=True)
async def test_existing_firestore_bookings_get_their_slot_and_seat(stores: Stores) -> None:
    assert stores.firestore is not None
    col = stores.firestore.client.collection(stores.prefix + "appointments")
    for reference, status in (("VA1", "booked"), ("VA2", "cancelled")):
        data = {"preferredDate": "2026-11-23", "preferredTime": "10:00 AM"}
        await col.document(reference).set({"reference": reference, "data": data, "created_at": T0, "status": status})
    assert await backfill_slots(stores.firestore.client, stores.prefix, stores.firestore.sealer) == 2
    assert await backfill_slots(stores.firestore.client, stores.prefix, stores.firestore.sealer) == 0
    first = await stores.records.appointments.get("VA1")
    assert first is not None
    assert (first.starts_at, first.time_zone, first.seat) == (TEN, "Africa/Accra", 0)
    assert await stores.records.appointments.booked(TEN, ELEVEN) == {TEN: 1}
    assert not await _book(stores, "VA3", TEN, 1)  # the migrated booking holds the seat


async def test_counts_by_status_over_a_range(stores: Stores) -> None:
    assert await _book(stores, "VA1", TEN, 2)
    assert await _book(stores, "VA2", TEN, 2)
    assert await _book(stores, "VA3", ELEVEN, 1)
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA2", AppointmentStatus.BOOKED, AppointmentStatus.NO_SHOW, 0)
    assert await stores.admin.appointment_counts(TEN, ELEVEN) == {
        AppointmentStatus.BOOKED: 1,
        AppointmentStatus.NO_SHOW: 1,
    }
    assert sum((await stores.admin.appointment_counts(TEN, ELEVEN + (ELEVEN - TEN))).values()) == 3
