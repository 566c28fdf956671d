"""The reminder exactly once, on both backends, with a clock the test moves: nobody sends it before
its time; an instance killed while it holds the lease, and a gateway down at send time, still end
in one delivered reminder per channel; a cancelled booking's reminders are withdrawn."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, reminder_ids, reminder_messages
from agency_core.messaging.email import Email
from agency_core.messaging.outbox import OutboxWorker, Pacing, RetryPolicy
from agency_core.messaging.sms_texts import AppointmentDetails
from agency_core.ports import SendResult
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Appointment, AppointmentStatus, OutboxStatus
from agency_core.spec.forms import AppointmentRequest, NewAppointmentNotice, form_of
from tests.adapters.backends import BACKENDS, Stores, open_stores

BOOKED = datetime(2026, 11, 20, 9, tzinfo=UTC)
STARTS = datetime(2026, 11, 24, 10, tzinfo=UTC)
REMIND = STARTS - timedelta(hours=24)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Gateway:
    """An SMS gateway and a mail server that record every send and can be down."""

    def __init__(self) -> None:
        self.down = False
        self.sms: list[tuple[str, str | None]] = []
        self.mail: list[str] = []

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        if self.down:
            return SendResult(False, "gateway down")
        self.sms.append((message, idempotency_key))
        return SendResult(True, "sent")


class Mail:
    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway

    async def send(self, email: Email, message_id: str) -> None:
        if self.gateway.down:
            raise ConnectionError("mail server down")
        self.gateway.mail.append(message_id)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


async def _book(stores: Stores, reference: str) -> None:
    details = AppointmentDetails("recruitment", "2026-11-24", "10:00 AM GMT", reference)
    appointment = Appointment(
        reference, form_of(AppointmentRequest, {"fullName": "Ama"}), BOOKED, STARTS, "Africa/Accra"
    )
    note = AdminNotification(
        f"{reference}-admin", NEW_APPOINTMENT, form_of(NewAppointmentNotice, {"reference": reference}), BOOKED
    )
    reminders = reminder_messages(details, "+233241234567", "ama@example.com", "Ama", REMIND, BOOKED)
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.add(appointment, note, 1)
        await uow.outbox.enqueue(reminders)


def _worker(stores: Stores, clock: Clock, gateway: Gateway, owner: str) -> OutboxWorker:
    policy = RetryPolicy(base_s=10, cap_s=10, max_attempts=8)
    return OutboxWorker(
        stores.records.outbox, gateway, clock=clock, pacing=Pacing(policy, lease_s=30), email=Mail(gateway), owner=owner
    )


async def test_one_reminder_per_channel_through_a_crash_and_an_outage(stores: Stores) -> None:
    await _book(stores, "VA1")
    clock, gateway = Clock(BOOKED), Gateway()
    first, second = _worker(stores, clock, gateway, "first"), _worker(stores, clock, gateway, "second")
    clock.now = REMIND - timedelta(seconds=1)
    assert await first.run_once() == 0  # not before its time
    clock.now = REMIND
    # The first instance claims both reminders and dies before sending: the leases stay held.
    leased = await stores.records.outbox.claim(clock.now, clock.now + timedelta(seconds=30), 10, "first")
    assert {m.id for m in leased} == set(reminder_ids("VA1"))
    clock.now = REMIND + timedelta(seconds=10)
    assert await second.run_once() == 0  # the lease still holds
    clock.now = REMIND + timedelta(seconds=31)
    gateway.down = True
    assert await second.run_once() == 2  # taken over, but the gateway and mail server are down
    assert (gateway.sms, gateway.mail) == ([], [])
    gateway.down = False
    clock.now += timedelta(seconds=5)
    assert await second.run_once() == 0  # backing off
    clock.now += timedelta(seconds=10)
    assert await second.run_once() == 2
    clock.now += timedelta(hours=1)
    assert await first.run_once() == 0
    assert await second.run_once() == 0
    sms_id, mail_id = reminder_ids("VA1")
    assert [key for _, key in gateway.sms] == [sms_id]
    assert "Reminder: your Recruitment appointment with Vandy Travel is on 2026-11-24" in gateway.sms[0][0]
    assert "10:00 AM GMT" in gateway.sms[0][0]
    assert gateway.mail == [mail_id]
    for message_id in (sms_id, mail_id):
        stored = await stores.records.outbox.get(message_id)
        assert stored is not None
        assert (stored.status, stored.attempts) == (OutboxStatus.DELIVERED, 3)


async def test_a_cancelled_booking_s_reminders_are_withdrawn(stores: Stores) -> None:
    await _book(stores, "VA2")
    async with stores.records.unit_of_work() as uow:
        await uow.appointments.set_status("VA2", AppointmentStatus.BOOKED, AppointmentStatus.CANCELLED, 0)
        await uow.outbox.withdraw(reminder_ids("VA2"), WITHDRAWN_CANCELLED)
    clock, gateway = Clock(REMIND + timedelta(minutes=1)), Gateway()
    assert await _worker(stores, clock, gateway, "any").run_once() == 0
    assert (gateway.sms, gateway.mail) == ([], [])
    for message_id in reminder_ids("VA2"):
        stored = await stores.records.outbox.get(message_id)
        assert stored is not None
        assert (stored.status, stored.last_error) == (OutboxStatus.FAILED, WITHDRAWN_CANCELLED)


async def test_withdrawing_leaves_a_sent_reminder_as_it_is(stores: Stores) -> None:
    await _book(stores, "VA3")
    clock, gateway = Clock(REMIND), Gateway()
    assert await _worker(stores, clock, gateway, "w").run_once() == 2
    async with stores.records.unit_of_work() as uow:
        await uow.outbox.withdraw([*reminder_ids("VA3"), "unknown-id"], WITHDRAWN_CANCELLED)
    sms_id, _ = reminder_ids("VA3")
    stored = await stores.records.outbox.get(sms_id)
    assert stored is not None
    assert stored.status is OutboxStatus.DELIVERED
