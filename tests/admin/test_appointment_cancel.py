"""Staff cancel a booking: its seat is free again and its scheduled reminders are withdrawn."""

from __future__ import annotations

from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, reminder_ids
from agency_core.records import OutboxStatus
from tests.admin.area import container, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPOINTMENT, BOOKING_DAY


async def test_a_cancel_frees_the_seat_and_withdraws_the_reminders(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    booked = await h.client.post("/api/appointments", json=APPOINTMENT)
    assert booked.status_code == 201
    reference = booked.json()["reference"]
    outbox = container(h).store.outbox
    scheduled = [await outbox.get(message_id) for message_id in reminder_ids(reference)]
    assert [m.status if m else None for m in scheduled] == [OutboxStatus.PENDING, OutboxStatus.PENDING]
    assert (await h.client.post("/api/appointments", json=APPOINTMENT)).status_code == 409
    cancelled = await h.unsafe("POST", f"/api/admin/appointments/{reference}/status", json={"status": "cancelled"})
    assert cancelled.status_code == 200, cancelled.text
    for message_id in reminder_ids(reference):
        withdrawn = await outbox.get(message_id)
        assert withdrawn is not None
        assert (withdrawn.status, withdrawn.last_error) == (OutboxStatus.FAILED, WITHDRAWN_CANCELLED)
    assert (await h.client.post("/api/appointments", json=APPOINTMENT)).status_code == 201


async def test_the_list_gives_the_slot_instant_and_zone(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    assert (await h.client.post("/api/appointments", json=APPOINTMENT)).status_code == 201
    (item,) = (await h.client.get("/api/admin/appointments")).json()["items"]
    assert (item["startsAt"], item["timeZone"]) == (f"{BOOKING_DAY}T10:00:00Z", "Africa/Accra")


async def test_the_csv_export_lists_the_bookings_with_their_instant_and_is_audited(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    booked = await h.client.post("/api/appointments", json={**APPOINTMENT, "fullName": "=HYPERLINK(1)"})
    reference = booked.json()["reference"]
    response = await h.client.get("/api/admin/appointments/export.csv", params={"status": "booked"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["cache-control"] == "no-store"
    header, row = response.content.decode("utf-8-sig").strip().splitlines()
    assert header.startswith("reference,startsAt,timeZone,status,createdAt,fullName")
    assert row.startswith(f"{reference},{BOOKING_DAY}T10:00:00")
    assert "Africa/Accra,booked" in row
    assert "'=HYPERLINK(1)" in row  # a formula is neutralised
    actions = [e["action"] for e in (await h.client.get("/api/admin/audit-log")).json()["items"]]
    assert "appointments.export" in actions
