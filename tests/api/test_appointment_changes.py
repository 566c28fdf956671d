"""The applicant's change link over HTTP, on SQLite and on the Firestore emulator, with the e-mails
read from a real local SMTP server: the link from the confirmation opens a page that changes
nothing; its buttons move the booking to a free slot (a full one answers 409) and cancel it; the
calendar files keep their UID while SEQUENCE grows, and the cancellation carries METHOD:CANCEL. A
wrong or spent link shows one neutral page; every answer is ``no-store``."""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import AsyncIterator, Iterator
from datetime import date, timedelta
from email.message import EmailMessage, Message
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from adapters.firestore.store import FirestoreStore
from agency_core.appointments.changes import INVALID_LINK
from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, WITHDRAWN_MOVED
from agency_core.appointments.slots import SLOT_FULL
from agency_core.ports import Outbox
from agency_core.records import OutboxStatus
from app.api.appointment_change import CANCEL_BUTTON, CANCELLED, MOVE_BUTTON, MOVED
from tests.api.conftest import APPOINTMENT, AppFactory, bookable_monday, container_of
from tests.support.sealing import new_sealer
from tests.support.smtp_server import SmtpServer

Client = AsyncTestClient[Litestar]
BACKENDS = ["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)]


def _monday() -> str:
    """A Monday within the booking horizon, one of eleven, so runs on the shared emulator seldom share slots."""
    return bookable_monday(weeks=1 + secrets.randbelow(11)).isoformat()


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
async def client(request: pytest.FixtureRequest, make_app: AppFactory, smtp: SmtpServer) -> AsyncIterator[Client]:
    env = {"AGENCY_SMTP_HOST": "127.0.0.1", "AGENCY_SMTP_PORT": str(smtp.port), "AGENCY_SMTP_STARTTLS": "0"}
    if request.param == "firestore":
        emulator = request.getfixturevalue("firestore_emulator")
        env |= {"AGENCY_STORE": "firestore", "FIRESTORE_EMULATOR_HOST": emulator.host,
                "GOOGLE_CLOUD_PROJECT": emulator.project_id}  # fmt: skip
    async with AsyncTestClient(make_app(**env)) as test_client:
        yield test_client


async def _confirmation(smtp: SmtpServer, reference: str) -> Message:
    """The booking's confirmation (on the shared emulator, mails left by earlier tests may come too)."""
    for _ in range(400):
        for mail in smtp.received():
            if str(mail["Subject"]) == f"Your appointment {reference}":
                return mail
        await asyncio.sleep(0.05)
    raise AssertionError(f"no confirmation of {reference}")


async def _subject(smtp: SmtpServer, subject: str) -> Message:
    for _ in range(400):
        for mail in smtp.received():
            if str(mail["Subject"]) == subject:
                return mail
        await asyncio.sleep(0.05)
    raise AssertionError(f"no e-mail {subject!r}")


def _calendar(mail: Message) -> tuple[str, str]:
    """The ``method`` of the e-mail's one ``text/calendar`` part and its unfolded text."""
    assert isinstance(mail, EmailMessage)
    (part,) = [p for p in mail.iter_attachments() if p.get_filename() == "appointment.ics"]
    assert part.get_content_type() == "text/calendar"
    return str(part.get_param("method")), str(part.get_content()).replace("\r\n ", "")


def _body(mail: Message) -> str:
    assert isinstance(mail, EmailMessage)
    text = mail.get_body(("plain",))
    assert text is not None
    return str(text.get_content())


def _field(ics: str, name: str) -> str:
    match = re.search(rf"^{name}[:=](.*)$", ics, re.MULTILINE)
    assert match is not None, name
    return match.group(1).strip()


async def test_book_move_cancel_through_the_link_with_calendar_files(client: Client, smtp: SmtpServer) -> None:
    day = _monday()
    booked = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": day})
    assert booked.status_code == 201, booked.text
    reference = booked.json()["reference"]
    confirmation = await _confirmation(smtp, reference)
    link = re.search(r"Change or cancel your appointment: (\S+)", _body(confirmation))
    assert link is not None
    token = link.group(1).split("token=", 1)[1]
    kind, first = _calendar(confirmation)
    assert kind == "REQUEST"
    uid = _field(first, "UID")
    assert (_field(first, "METHOD"), _field(first, "SEQUENCE")) == ("REQUEST", "0")
    assert _field(first, "DTSTART;TZID") == f"Africa/Accra:{day.replace('-', '')}T100000"
    assert "BEGIN:VTIMEZONE" in first

    page = await client.get("/appointment", params={"token": token})
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    for shown in (reference, "10:00 AM GMT", day, CANCEL_BUTTON, MOVE_BUTTON, 'method="post"'):
        assert shown in page.text
    assert 'value="11:00 AM"' in page.text  # a free time to move to, in the HTML the server sends

    second_booking = {**APPOINTMENT, "preferredDate": day, "preferredTime": "01:00 PM", "email": "kofi@example.com"}
    other = await client.post("/api/appointments", json=second_booking)
    assert other.status_code == 201
    full = await client.post("/appointment/move", data={"token": token, "date": day, "time": "01:00 PM"})
    assert full.status_code == 409
    assert SLOT_FULL in full.text

    moved = await client.post("/appointment/move", data={"token": token, "date": day, "time": "11:00 AM"})
    assert (moved.status_code, moved.headers["cache-control"]) == (200, "no-store")
    assert MOVED in moved.text
    assert "11:00 AM GMT" in moved.text
    slots = {
        s["time"]: s["state"]
        for s in (await client.get("/api/appointment-slots", params={"date": day})).json()["slots"]
    }
    assert (slots["10:00 AM"], slots["11:00 AM"], slots["01:00 PM"]) == ("free", "full", "full")

    cancelled = await client.post("/appointment/cancel", data={"token": token})
    assert (cancelled.status_code, cancelled.text.count(CANCELLED)) == (200, 1)
    _, second = _calendar(await _subject(smtp, f"Your appointment {reference} is moved"))
    kind, third = _calendar(await _subject(smtp, f"Your appointment {reference} is cancelled"))
    assert kind == "CANCEL"
    assert [_field(ics, "UID") for ics in (second, third)] == [uid, uid]
    assert [(_field(ics, "METHOD"), _field(ics, "SEQUENCE")) for ics in (second, third)] == [
        ("REQUEST", "1"),
        ("CANCEL", "2"),
    ]
    assert _field(second, "DTSTART;TZID") == f"Africa/Accra:{day.replace('-', '')}T110000"

    spent = await client.get("/appointment", params={"token": token})
    assert (spent.status_code, spent.headers["cache-control"]) == (404, "no-store")
    assert INVALID_LINK in spent.text
    assert reference not in spent.text


def _outbox_in_this_loop(client: Client) -> Outbox:
    """The app's outbox, read from the test's event loop (a Firestore client is bound to the loop it was
    made in, and the app runs in another): a client of its own on the same emulator."""
    store = container_of(client.app).store  # type: ignore[arg-type]
    if isinstance(store, FirestoreStore):
        return FirestoreStore.connect(store.client.project, sealer=new_sealer()).outbox
    return store.outbox


async def test_reminders_follow_the_move_and_leave_with_the_cancel(client: Client, smtp: SmtpServer) -> None:
    day = _monday()
    booked = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": day})
    reference = booked.json()["reference"]
    token = re.search(r"token=(\S+)", _body(await _confirmation(smtp, reference)))
    assert token is not None
    await client.post("/appointment/move", data={"token": token.group(1), "date": day, "time": "03:00 PM"})
    outbox = _outbox_in_this_loop(client)
    rows = {m.id: m for m in await outbox.list(reference)}
    assert (rows[f"{reference}-reminder"].status, rows[f"{reference}-reminder"].last_error) == (
        OutboxStatus.FAILED, WITHDRAWN_MOVED)  # fmt: skip
    live = [m for m in rows.values() if "-reminder" in m.id and m.status is OutboxStatus.PENDING]
    assert sorted(m.id for m in live) == [f"{reference}-reminder-mail-v1", f"{reference}-reminder-v1"]
    assert {m.next_attempt_at.isoformat() for m in live} == {
        f"{date.fromisoformat(day) - timedelta(days=1)}T15:00:00+00:00"
    }
    assert any(m.kind == "admin_alert" and "moved by the applicant" in m.text for m in rows.values())
    await client.post("/appointment/cancel", data={"token": token.group(1)})
    rows = {m.id: m for m in await outbox.list(reference)}
    assert {rows[i].last_error for i in (f"{reference}-reminder-v1", f"{reference}-reminder-mail-v1")} == {
        WITHDRAWN_CANCELLED
    }


async def test_a_stranger_learns_nothing_and_a_get_changes_nothing(client: Client, smtp: SmtpServer) -> None:
    day = _monday()
    booked = await client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": day})
    reference = booked.json()["reference"]
    token = re.search(r"token=(\S+)", _body(await _confirmation(smtp, reference)))
    assert token is not None
    for _ in range(3):  # a mail scanner opening the link, again and again
        assert (await client.get("/appointment", params={"token": token.group(1)})).status_code == 200
    guesses: list[dict[str, Any]] = [{}, {"token": ""}, {"token": "x" * 43}, {"token": reference},
                                     {"token": token.group(1)[:-2]}]  # fmt: skip
    for guess in guesses:
        page = await client.get("/appointment", params=guess)
        assert (page.status_code, page.headers["cache-control"]) == (404, "no-store")
        assert INVALID_LINK in page.text
        for secret in (reference, "Ama", "10:00 AM"):
            assert secret not in page.text
        refused = await client.post("/appointment/cancel", data=guess)
        assert refused.status_code == 404
    day_slots = (await client.get("/api/appointment-slots", params={"date": day})).json()["slots"]
    assert {s["time"]: s["state"] for s in day_slots}["10:00 AM"] == "full"  # still booked
