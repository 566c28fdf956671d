"""Delivery states in words that are true, as the app answers them: a text taken back by an Undo
or an appointment move is "withdrawn" in the SMS history and on the dashboard (never a failure,
never on /track); an accepted text is "sent" on /track until a report comes; an e-mail in the
history is sent, not awaiting an SMS report."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from typing import Any

from agency_core.messaging import outbox_messages
from agency_core.records import Application, Channel, OutboxStatus
from agency_core.spec.forms import ApplicationForm, form_of
from app.api_settings import ApiSettings, OutboxSettings
from app.bulk_settings import BulkSettings
from app.settings import SmsSettings
from tests.admin.area import T0, add_application, application_data, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.api.conftest import APPOINTMENT, bookable_monday
from tests.support import writes
from tests.support.clock import NOW
from tests.support.sms_gateway import SmsGatewayServer

BULK = "/api/admin/bulk"
TRACK = "/api/track"
PHONE = "+233201234567"


def _settings(sms_server: SmsGatewayServer) -> dict[str, object]:
    return {
        "sms": SmsSettings(base_url=sms_server.base_url, api_key="test-key"),
        "api": replace(ApiSettings(), outbox=OutboxSettings(poll_s=0.05, retry_base_s=0.05, retry_cap_s=0.2)),
        "bulk": BulkSettings(undo_window_s=60, sms_per_minute=6000),
    }


async def _move_and_undo(h: AdminHarness, ids: list[str]) -> None:
    selection = {"applicationIds": ids, "status": "processing"}
    preview = await h.unsafe("POST", f"{BULK}/status/preview", json=selection)
    assert preview.status_code == 200, preview.text
    moved = await h.unsafe("POST", f"{BULK}/status", json={**selection, "bulkId": preview.json()["bulkId"]})
    assert moved.status_code == 200, moved.text
    undo = await h.unsafe("POST", f"{BULK}/{moved.json()['bulkId']}/undo")
    assert undo.status_code == 200, undo.text


async def _book_and_move(h: AdminHarness) -> str:
    """A booking moved by its change link (the token read from the queued confirmation e-mail):
    the move withdraws the booking's reminder text and reminder e-mail."""
    day = bookable_monday(weeks=3).isoformat()
    booked = await h.client.post("/api/appointments", json={**APPOINTMENT, "preferredDate": day})
    assert booked.status_code in {200, 201}, booked.text
    reference: str = booked.json()["reference"]
    token = None
    for _ in range(100):
        found = [re.search(r"token=([\w-]+)", m.text) for m in await container(h).store.outbox.list(reference)]
        token = next((t.group(1) for t in found if t is not None), None)
        if token is not None:
            break
        await asyncio.sleep(0.05)
    assert token is not None, "no change link in the booking's messages"
    moved = await h.client.post("/appointment/move", data={"token": token, "date": day, "time": "03:00 PM"})
    assert moved.status_code == 200, moved.text
    return reference


async def _dashboard_outbox(h: AdminHarness) -> dict[str, Any]:
    answer = await h.client.get("/api/admin/dashboard")
    assert answer.status_code == 200, answer.text
    outbox: dict[str, Any] = answer.json()["outbox"]
    return outbox


async def test_texts_withdrawn_by_an_undo_and_a_move_are_counted_withdrawn_not_failed(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_settings(sms_server))
    for app_id in ("VA301", "VA302"):
        await add_application(h, app_id, T0, phone=PHONE, email=f"{app_id.lower()}@example.com")
    await _move_and_undo(h, ["VA301", "VA302"])
    await _book_and_move(h)
    outbox = await _dashboard_outbox(h)
    assert (outbox["failedLast24h"], outbox["withdrawnLast24h"]) == (0, 4)


async def test_a_text_withdrawn_by_an_undo_is_withdrawn_in_the_sms_history_and_absent_from_track(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_settings(sms_server))
    await add_application(h, "VA303", T0, phone=PHONE)
    await _move_and_undo(h, ["VA303"])
    detail = (await h.client.get("/api/admin/applications/VA303")).json()
    assert [(m["kind"], m["delivery"]) for m in detail["sms"]] == [("status", "withdrawn")]
    tracked = (await h.client.post(TRACK, json={"applicationId": "VA303", "contact": PHONE})).json()
    assert tracked["messages"] == []


async def test_an_accepted_text_is_sent_on_track_and_an_email_is_sent_in_the_history(
    make_harness: MakeHarness,
) -> None:
    h = await signed_in(make_harness)
    at = NOW  # the app's clock starts there (``make_harness``)
    data = form_of(ApplicationForm, application_data(phone=PHONE, email="ama@example.com"))
    accepted = outbox_messages.sms(id="VA304-0", source_id="VA304", kind="status", phone=PHONE, text="Received", now=at)
    accepted = replace(accepted, status=OutboxStatus.DELIVERED, delivered_at=at, gateway_id="gw-304")
    receipt = replace(accepted, id="VA304-receipt", kind="email", address="ama@example.com", channel=Channel.EMAIL)
    await writes.add_application(container(h).store, Application("VA304", data, (), at), [accepted, receipt], at)
    detail = (await h.client.get("/api/admin/applications/VA304")).json()
    assert sorted((m["kind"], m["delivery"]) for m in detail["sms"]) == [("email", "emailed"), ("status", "sent")]
    tracked = (await h.client.post(TRACK, json={"applicationId": "VA304", "contact": PHONE})).json()
    assert [m["delivery"] for m in tracked["messages"]] == ["sent"]
