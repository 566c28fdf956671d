"""Issue 48 items 1, 2, 4 through the API: a ticked WhatsApp box on the application, booking and
contact forms is kept (when, which form, which wording), an unticked one keeps nothing; STOP from the
phone opts out and lands in the inbox; /track offers the stop on /track's own proof, and a stranger
gets exactly /track's answer."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.paging import PageRequest
from agency_core.submissions.tracking import TRACK_NOT_FOUND
from agency_core.whatsapp.inbound import STOPPED
from agency_core.whatsapp.model import InboundMessage, OptIn
from agency_core.whatsapp.optins import OPT_IN_NEEDS_PHONE, WHATSAPP_OPT_IN_VERSION
from tests.api.conftest import APPLICATION, APPOINTMENT, PDF, container_of
from tests.support.clock import NOW

CONTACT: dict[str, Any] = {
    "name": "Abena Boateng",
    "email": "abena@example.com",
    "phone": "024 765 4321",
    "subject": "Visa question",
    "message": "Which documents do I need for Qatar?",
}


async def _current(app: Litestar, phone: str) -> OptIn | None:
    return await container_of(app).whatsapp_optins.store.current(phone)


async def test_the_ticked_box_is_kept_per_form_and_the_unticked_keeps_nothing(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    unticked = await client.post("/api/contact-messages", json={**CONTACT, "whatsappOptIn": False})
    assert unticked.status_code == 201
    assert await _current(app, "+233247654321") is None
    ticked = await client.post("/api/contact-messages", json={**CONTACT, "whatsappOptIn": True})
    assert ticked.status_code == 201
    opt_in = await _current(app, "+233247654321")
    assert opt_in is not None
    assert (opt_in.source, opt_in.wording_version, opt_in.opted_out_at) == ("contact", WHATSAPP_OPT_IN_VERSION, None)
    assert abs((opt_in.opted_in_at - NOW).total_seconds()) < 600

    booked = await client.post("/api/appointments", json={**APPOINTMENT, "whatsappOptIn": True})
    assert booked.status_code == 201, booked.text
    booking = await _current(app, "+233241234567")
    assert booking is not None
    assert booking.source == "book"

    applied = await client.post(
        "/api/applications",
        data={**APPLICATION, "whatsappOptIn": "true"},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    assert applied.status_code == 201, applied.text
    application = await _current(app, "+233201234567")
    assert application is not None
    assert application.source == "apply"


async def test_a_ticked_box_without_a_phone_is_refused_and_nothing_is_stored(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    body = {k: v for k, v in CONTACT.items() if k != "phone"}
    refused = await client.post("/api/contact-messages", json={**body, "whatsappOptIn": True})
    assert refused.status_code == 422
    assert refused.json() == {"errors": {"phone": OPT_IN_NEEDS_PHONE}}
    messages = await container_of(app).admin_store.messages(PageRequest(1, 10), unread=False, since=None)
    assert messages.total == 0


async def test_stop_from_the_phone_opts_out_and_reaches_the_inbox(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    applied = await client.post(
        "/api/applications",
        data={**APPLICATION, "whatsappOptIn": "true"},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    application_id = applied.json()["applicationId"]
    inbox = container_of(app).whatsapp_optins.inbox
    stop = InboundMessage("wamid.stop-1", "+233201234567", NOW, "text", "  Stop ")
    await inbox.received(stop)
    await inbox.received(stop)  # WhatsApp repeats a webhook: kept once
    opt_in = await _current(app, "+233201234567")
    assert opt_in is not None
    assert opt_in.opted_out_at is not None
    messages = await container_of(app).admin_store.messages(PageRequest(1, 10), unread=True, since=None)
    assert messages.total == 1
    [record] = messages.items
    assert record.read_at is None
    assert record.message.data.name == "Kwame Mensah"
    assert application_id in record.message.data.subject
    assert STOPPED in record.message.data.message


async def test_track_offers_the_stop_on_its_own_proof_and_a_stranger_gets_nothing(
    app: Litestar, client: AsyncTestClient[Litestar]
) -> None:
    applied = await client.post(
        "/api/applications",
        data={**APPLICATION, "whatsappOptIn": "true"},
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
    )
    application_id = applied.json()["applicationId"]
    owner = {"applicationId": application_id, "contact": "020 123 4567"}
    tracked = await client.post("/api/track", json=owner)
    assert tracked.json()["whatsappUpdates"] is True

    for stranger in (
        {"applicationId": application_id, "contact": "024 000 0000"},
        {"applicationId": application_id, "contact": "someone@example.com"},
        {"applicationId": "VA1", "contact": "020 123 4567"},
    ):
        track = await client.post("/api/track", json=stranger)
        stop = await client.post("/api/track/whatsapp-stop", json=stranger)
        assert (
            (stop.status_code, stop.json())
            == (track.status_code, track.json())
            == (
                404,
                {"message": TRACK_NOT_FOUND},
            )
        )
    still = await _current(app, "+233201234567")
    assert still is not None
    assert still.opted_out_at is None

    stopped = await client.post("/api/track/whatsapp-stop", json=owner)
    assert (stopped.status_code, stopped.json()) == (200, {"stopped": True})
    again = await client.post("/api/track/whatsapp-stop", json=owner)
    assert again.json() == {"stopped": False}
    assert "whatsappUpdates" not in (await client.post("/api/track", json=owner)).json()
    gone = await _current(app, "+233201234567")
    assert gone is not None
    assert gone.opted_out_at is not None
