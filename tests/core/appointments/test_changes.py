"""The applicant's link with a fixed clock: it opens the booking until the appointment starts (the
new start after a move), a move takes a free slot and leaves exactly one live reminder per channel at
the new time, a cancel withdraws them, and the calendar files keep their UID with a growing SEQUENCE."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agency_core.appointments.booking import Bookings
from agency_core.appointments.calendar_file import event_uid
from agency_core.appointments.changes import INVALID_LINK, AppointmentChanges, token_hash
from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, WITHDRAWN_MOVED
from agency_core.appointments.slots import SLOT_FULL
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging import outbox_messages
from agency_core.records import Appointment, AppointmentStatus, OutboxMessage, OutboxStatus
from agency_core.unit_of_work import PreconditionFailed, SlotFull
from tests.api.conftest import APPOINTMENT
from tests.core.fakes import FakeSettings, FakeStore, FakeUnitOfWork, Write

BOOKED_AT = datetime(2026, 11, 20, 9, tzinfo=UTC)  # a Friday
MONDAY, TUESDAY = "2026-11-23", "2026-11-24"
SITE = "https://vandy.example"


class Office:
    """Both use cases on one in-memory office whose commits keep seats, statuses and the outbox, as
    the backends do (capacity and version checked at commit)."""

    def __init__(self, capacity: int = 1) -> None:
        self.now = BOOKED_AT
        self.uow = FakeUnitOfWork()
        self.store = FakeStore(self.uow)
        self.store.appointments = self  # type: ignore[attr-defined]
        self.booked_: dict[str, tuple[Appointment, AppointmentStatus]] = {}
        self.outbox: dict[str, tuple[OutboxMessage, OutboxStatus, str]] = {}
        self.uow.on_commit = self._commit
        live = FakeSettings()
        live.settings = replace(live.settings, appointment_capacity=capacity)
        ids = IdGenerator(lambda: 1_780_000_000_000)
        self.capacity = capacity
        self.agency = Bookings(
            self.store,  # type: ignore[arg-type]
            ids,
            live,
            clock=lambda: self.now,
            site_url=lambda: SITE,
        )
        self.changes = AppointmentChanges(
            self.store,  # type: ignore[arg-type]
            live,
            "Africa/Accra",
            ids.next_id,
            site_url=lambda: SITE,
            clock=lambda: self.now,
        )

    # -- the reads ------------------------------------------------------------------------------

    async def live_between(self, start: datetime, end: datetime) -> list[Appointment]:
        return [
            a for a, s in self.booked_.values()
            if s is not AppointmentStatus.CANCELLED and a.starts_at is not None and start <= a.starts_at < end
        ]  # fmt: skip

    async def booked(self, start: datetime, end: datetime) -> dict[datetime, int]:
        counts: dict[datetime, int] = {}
        for appointment, status in self.booked_.values():
            at = appointment.starts_at
            if at is not None and start <= at < end and status is not AppointmentStatus.CANCELLED:
                counts[at] = counts.get(at, 0) + 1
        return counts

    async def by_token(self, hashed: str) -> tuple[Appointment, AppointmentStatus] | None:
        return next((found for found in self.booked_.values() if found[0].token_hash == hashed), None)

    # -- the commit -----------------------------------------------------------------------------

    def _taken(self, at: datetime | None, but: str = "") -> int:
        return sum(
            1 for a, s in self.booked_.values() if a.starts_at == at and s is not AppointmentStatus.CANCELLED
            and a.reference != but
        )  # fmt: skip

    def _check(self, write: Write) -> None:
        adding = write.method == "add" and write.repository == "appointments"
        if adding and self._taken(write.args[0].starts_at) >= write.args[2]:
            raise SlotFull(write.args[0].starts_at)
        if write.method == "move":
            before, after, capacity = write.args
            current = self.booked_.get(before.reference)
            if current is None or current[1] is not AppointmentStatus.BOOKED or current[0].version != before.version:
                raise PreconditionFailed(before.reference)
            if self._taken(after.starts_at, before.reference) >= capacity:
                raise SlotFull(after.starts_at)
        if write.method == "set_status" and write.repository == "appointments":
            reference, current, _, version = write.args
            if self.booked_[reference][1] is not current or self.booked_[reference][0].version != version:
                raise PreconditionFailed(reference)

    def _commit(self, writes: list[Write]) -> None:
        for write in writes:
            self._check(write)
        for write in writes:
            self._apply(write)

    def _apply(self, write: Write) -> None:
        match (write.repository, write.method):
            case ("appointments", "add"):
                self.booked_[write.args[0].reference] = (write.args[0], AppointmentStatus.BOOKED)
            case ("appointments", "move"):
                self.booked_[write.args[1].reference] = (write.args[1], AppointmentStatus.BOOKED)
            case ("appointments", "set_status"):
                reference, _, new, _ = write.args
                self.booked_[reference] = (self.booked_[reference][0], new)
            case ("outbox", "enqueue"):
                for message in write.args[0]:
                    assert message.id not in self.outbox, f"{message.id} queued twice"
                    self.outbox[message.id] = (message, OutboxStatus.PENDING, "")
            case ("outbox", "withdraw"):
                for message_id in write.args[0]:
                    if message_id in self.outbox and self.outbox[message_id][1] is OutboxStatus.PENDING:
                        self.outbox[message_id] = (self.outbox[message_id][0], OutboxStatus.FAILED, write.args[1])

    # -- helpers --------------------------------------------------------------------------------

    async def book(self, day: str = MONDAY, label: str = "10:00 AM") -> tuple[str, str]:
        accepted = await self.agency.book_appointment({**APPOINTMENT, "preferredDate": day, "preferredTime": label})
        sms = self.outbox[f"{accepted.id}-0"][0].text
        match = re.search(r"token=([\w-]+)", sms)
        assert match is not None, sms
        return accepted.id, match.group(1)

    def live_reminders(self, reference: str) -> dict[str, datetime]:
        """The reminders still to be sent, by channel (``sms``, ``mail``)."""
        live: dict[str, datetime] = {}
        for message, status, _ in self.outbox.values():
            if message.source_id == reference and "-reminder" in message.id and status is OutboxStatus.PENDING:
                channel = "mail" if "-reminder-mail" in message.id else "sms"
                assert channel not in live, f"two live {channel} reminders"
                live[channel] = message.next_attempt_at
        return live

    def calendar(self, message_id: str) -> str:
        email = outbox_messages.email_of(self.outbox[message_id][0])
        (attachment,) = email.attachments
        return attachment.content


def _unfold(ics: str) -> str:
    return ics.replace("\r\n ", "")


async def test_the_link_opens_the_booking_and_only_its_hash_is_stored() -> None:
    office = Office()
    reference, token = await office.book()
    assert len(token) >= 22  # 128 bits, url-safe base64
    stored, status = office.booked_[reference]
    assert stored.token_hash == token_hash(token) != token
    assert token not in repr(stored)
    mail = outbox_messages.email_of(office.outbox[f"{reference}-mail"][0])
    assert f"{SITE}/appointment?token={token}" in mail.text
    own = await office.changes.view(token)
    assert (own.appointment.reference, own.details.time, own.day) == (reference, "10:00 AM GMT", date(2026, 11, 23))
    assert status is AppointmentStatus.BOOKED


async def test_the_link_expires_at_the_start_and_says_nothing_of_why() -> None:
    office = Office()
    _, token = await office.book()
    office.now = datetime(2026, 11, 23, 9, 59, 59, tzinfo=UTC)
    await office.changes.view(token)
    office.now = datetime(2026, 11, 23, 10, tzinfo=UTC)
    for attempt in (token, token[:-1] + ("A" if token[-1] != "A" else "B"), ""):
        with pytest.raises(NotFound) as refused:
            await office.changes.view(attempt)
        assert refused.value.message == INVALID_LINK
    with pytest.raises(NotFound):
        await office.changes.cancel(token)


async def test_a_move_leaves_one_reminder_per_channel_at_the_new_time_only() -> None:
    office = Office()
    reference, token = await office.book()
    assert office.live_reminders(reference) == {"sms": datetime(2026, 11, 22, 10, tzinfo=UTC)} | {
        "mail": datetime(2026, 11, 22, 10, tzinfo=UTC)
    }
    moved = await office.changes.move(token, date(2026, 11, 24), "02:00 PM")
    assert (moved.starts_at, moved.version) == (datetime(2026, 11, 24, 14, tzinfo=UTC), 1)
    new_time = datetime(2026, 11, 23, 14, tzinfo=UTC)
    assert office.live_reminders(reference) == {"sms": new_time, "mail": new_time}
    assert office.outbox[f"{reference}-reminder"][1:] == (OutboxStatus.FAILED, WITHDRAWN_MOVED)
    # moved again: still one per channel, at the latest time
    await office.changes.move(token, date(2026, 11, 25), "09:00 AM")
    last = datetime(2026, 11, 24, 9, tzinfo=UTC)
    assert office.live_reminders(reference) == {"sms": last, "mail": last}
    # the old slots are free again, the new one is taken
    assert await office.booked(datetime(2026, 11, 23, tzinfo=UTC), datetime(2026, 11, 26, tzinfo=UTC)) == {
        datetime(2026, 11, 25, 9, tzinfo=UTC): 1
    }
    # staff were told each time
    staff = [m for m, _, _ in office.outbox.values() if m.kind == "admin_alert" and "moved by the applicant" in m.text]
    assert len(staff) == 2
    assert "from Tue 24 Nov 2026 at 02:00 PM GMT to Wed 25 Nov 2026 at 09:00 AM GMT" in staff[-1].text


async def test_a_move_less_than_a_day_ahead_gets_no_reminder_and_promises_none() -> None:
    office = Office()
    reference, token = await office.book()
    office.now = datetime(2026, 11, 23, 8, tzinfo=UTC)
    await office.changes.move(token, date(2026, 11, 23), "04:00 PM")
    assert office.live_reminders(reference) == {}
    mail = outbox_messages.email_of(office.outbox[f"{reference}-moved-v1-mail"][0])
    assert "reminder" not in mail.text
    assert "moved to Mon 23 Nov 2026 at 04:00 PM GMT" in mail.text
    sms = office.outbox[f"{reference}-moved-v1"][0].text
    assert "reminder" not in sms
    assert f"vandy.example/appointment?token={token}" in sms


async def test_a_move_to_a_full_slot_writes_nothing() -> None:
    office = Office()
    _, token = await office.book()
    await office.book(TUESDAY, "11:00 AM")
    before = dict(office.outbox)
    with pytest.raises(Conflict) as full:
        await office.changes.move(token, date(2026, 11, 24), "11:00 AM")
    assert full.value.message == SLOT_FULL
    assert office.outbox == before
    with pytest.raises(Rejected):
        await office.changes.move(token, date(2026, 11, 28), "11:00 AM")  # a Saturday
    with pytest.raises(Rejected):
        await office.changes.move(token, date(2026, 11, 23), "10:00 AM")  # where it is already


async def test_a_cancel_withdraws_the_reminders_frees_the_seat_and_removes_the_event() -> None:
    office = Office()
    reference, token = await office.book()
    await office.changes.move(token, date(2026, 11, 24), "02:00 PM")
    await office.changes.cancel(token)
    assert office.booked_[reference][1] is AppointmentStatus.CANCELLED
    assert office.live_reminders(reference) == {}
    assert office.outbox[f"{reference}-reminder-v1"][1:] == (OutboxStatus.FAILED, WITHDRAWN_CANCELLED)
    uid = f"UID:{event_uid(reference)}"
    ids = (f"{reference}-mail", f"{reference}-moved-v1-mail", f"{reference}-cancelled-mail")
    booked, moved, cancelled = (_unfold(office.calendar(i)) for i in ids)
    for ics in (booked, moved, cancelled):
        assert uid in ics
        assert "TZID=Africa/Accra" in ics
        assert "BEGIN:VTIMEZONE" in ics
    assert ("METHOD:REQUEST" in booked, "SEQUENCE:0" in booked) == (True, True)
    assert ("METHOD:REQUEST" in moved, "SEQUENCE:1" in moved) == (True, True)
    assert ("METHOD:CANCEL" in cancelled, "SEQUENCE:2" in cancelled) == (True, True)
    assert "DTSTART;TZID=Africa/Accra:20261124T140000" in moved
    with pytest.raises(NotFound):  # the link is spent
        await office.changes.view(token)


@settings(max_examples=25)
@given(minutes=st.integers(min_value=0, max_value=3 * 24 * 60))
async def test_the_link_works_exactly_until_the_start(minutes: int) -> None:
    office = Office()
    _, token = await office.book()
    office.now = BOOKED_AT + timedelta(minutes=minutes)
    start = datetime(2026, 11, 23, 10, tzinfo=UTC)
    try:
        await office.changes.view(token)
        opened = True
    except NotFound:
        opened = False
    assert opened == (office.now < start)


def test_tokens_are_random_and_hashes_fixed() -> None:
    from agency_core.appointments.changes import new_change_token

    tokens = {new_change_token() for _ in range(100)}
    assert len(tokens) == 100
    assert token_hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


async def test_the_audit_line_of_a_move_names_the_new_date_and_time() -> None:
    office = Office()
    reference, token = await office.book()
    await office.changes.move(token, date(2026, 11, 24), "02:00 PM")
    audit = [w.args[0] for w in office.uow.writes if w.repository == "audit"]
    (entry,) = [e for e in audit if e.action == "appointment.move"]
    assert entry.target == f"{reference}: Mon 23 Nov 2026 10:00 AM GMT -> Tue 24 Nov 2026 02:00 PM GMT"


async def test_moving_an_appointment_cannot_slip_the_moved_and_reminder_texts_keep_the_link_and_promise() -> None:
    """Issue 43: the "moved" SMS and e-mail and the new reminders (SMS, e-mail) carry the change link,
    the moved texts promise the reminder 24 hours before, and every date has its weekday."""
    office = Office()
    reference, token = await office.book()
    link = f"{SITE}/appointment?token={token}"
    booked_sms = office.outbox[f"{reference}-0"][0].text
    assert "booked for Mon 23 Nov 2026 at 10:00 AM GMT" in booked_sms
    for reminder in (f"{reference}-reminder", f"{reference}-reminder-mail"):
        assert link.removeprefix("https://") in _text_of(office, reminder)
    await office.changes.move(token, date(2026, 11, 24), "02:00 PM")
    sms = office.outbox[f"{reference}-moved-v1"][0].text
    assert sms.startswith("Your Recruitment appointment with Vandy Travel is moved to Tue 24 Nov 2026 at 02:00 PM GMT.")
    assert "We will send a reminder 24 hours before." in sms
    assert sms.endswith(f"Change or cancel: {link.removeprefix('https://')}")
    mail = _text_of(office, f"{reference}-moved-v1-mail")
    assert "moved to Tue 24 Nov 2026 at 02:00 PM GMT" in mail
    assert "We will send a reminder 24 hours before." in mail
    assert f"Change or cancel: {link}" in mail
    reminder_sms = _text_of(office, f"{reference}-reminder-v1")
    assert "is on Tue 24 Nov 2026 at 02:00 PM GMT" in reminder_sms
    assert reminder_sms.endswith(f"Change or cancel: {link.removeprefix('https://')}")
    assert f"Change or cancel your appointment: {link}" in _text_of(office, f"{reference}-reminder-mail-v1")
    # the link still opens the moved booking (the token is the booking's, not the version's)
    assert (await office.changes.view(token)).details.date == "Tue 24 Nov 2026"


async def test_the_calendar_file_follows_the_token_and_the_booking_as_it_stands() -> None:
    office = Office()
    reference, token = await office.book()
    await office.changes.move(token, date(2026, 11, 24), "02:00 PM")
    ics = _unfold(await office.changes.calendar(token))
    assert f"UID:{event_uid(reference)}" in ics
    assert ("METHOD:REQUEST" in ics, "SEQUENCE:1" in ics) == (True, True)
    assert "DTSTART;TZID=Africa/Accra:20261124T140000" in ics
    for wrong in ("", token[:-1] + ("A" if token[-1] != "A" else "B"), reference):
        with pytest.raises(NotFound):
            await office.changes.calendar(wrong)
    await office.changes.cancel(token)
    with pytest.raises(NotFound):
        await office.changes.calendar(token)


def _text_of(office: Office, message_id: str) -> str:
    message = office.outbox[message_id][0]
    return outbox_messages.email_of(message).text if "-mail" in message_id else message.text
