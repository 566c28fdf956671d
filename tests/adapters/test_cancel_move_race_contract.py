"""A cancel racing a move of the same booking, 50 times on each backend, through the real use cases
and stores: every write of a booking is conditional on the version it read, so the loser is refused
with "changed meanwhile" and writes nothing, and no cancelled booking keeps a live reminder."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from agency_core.admin_settings import AdminSettings
from agency_core.appointments.booking import Bookings
from agency_core.appointments.changes import CHANGED_MEANWHILE, AppointmentChanges
from agency_core.errors import Conflict
from agency_core.ids import IdGenerator
from agency_core.records import AppointmentStatus, OutboxStatus
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.api.conftest import APPOINTMENT

RACES = 50
NOW = datetime(2026, 11, 20, 9, tzinfo=UTC)
MONDAY = date(2026, 11, 30)
REMINDER_KINDS = ("appointment_reminder", "email")


@dataclass
class _Settings:
    settings: AdminSettings

    async def current(self) -> AdminSettings:
        return self.settings


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


def _use_cases(stores: Stores) -> tuple[Bookings, AppointmentChanges]:
    # Seats enough for every race's booking, so each race is about the booking's version alone.
    settings = _Settings(
        replace(AdminSettings(("+233241111111",), "VANDY"), appointment_capacity=RACES, daily_bookings_per_person=RACES)
    )
    ids = IdGenerator(lambda: 1_780_000_000_000)
    agency = Bookings(stores.records, ids, settings, clock=lambda: NOW, site_url=lambda: "https://x")
    changes = AppointmentChanges(stores.records, settings, "Africa/Accra", ids.next_id, clock=lambda: NOW)
    return agency, changes


async def _book(agency: Bookings, stores: Stores, n: int) -> tuple[str, str]:
    form = {**APPOINTMENT, "email": f"race{n}@example.com", "preferredDate": MONDAY.isoformat()}
    reference = (await agency.book_appointment(form)).id
    confirmation = await stores.records.outbox.get(f"{reference}-0")
    assert confirmation is not None
    token = re.search(r"token=([\w-]+)", confirmation.text)
    assert token is not None, confirmation.text
    return reference, token.group(1)


async def _live_reminders(stores: Stores, reference: str) -> list[str]:
    return [
        m.id
        for m in await stores.records.outbox.list(reference)
        if "-reminder" in m.id and m.status is OutboxStatus.PENDING
    ]


async def test_a_cancel_racing_a_move_leaves_no_live_reminder_on_a_cancelled_booking(stores: Stores) -> None:
    agency, changes = _use_cases(stores)
    outcomes: dict[str, int] = {}
    for n in range(RACES):
        reference, token = await _book(agency, stores, n)
        cancel, move = await asyncio.gather(
            changes.cancel(token), changes.move(token, MONDAY, "11:00 AM"), return_exceptions=True
        )
        for result in (cancel, move):
            if isinstance(result, BaseException):
                assert isinstance(result, Conflict), repr(result)
                assert result.message == CHANGED_MEANWHILE
        assert not (isinstance(cancel, BaseException) and isinstance(move, BaseException)), "one of them must win"
        record = await stores.admin.appointment(reference)
        assert record is not None
        live = await _live_reminders(stores, reference)
        if record.status is AppointmentStatus.CANCELLED:
            assert live == [], f"race {n}: cancelled {reference} keeps live reminders {live}"
        else:
            assert record.appointment.version == 1
            assert sorted(live) == [f"{reference}-reminder-mail-v1", f"{reference}-reminder-v1"]
        winner = "cancel" if record.status is AppointmentStatus.CANCELLED else "move"
        outcomes[winner] = outcomes.get(winner, 0) + 1
    assert sum(outcomes.values()) == RACES
