"""The dashboard: cards counted from the records, latest applications, outbox health."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adapters.backup import record_backup
from agency_core.messaging import outbox_messages
from agency_core.records import Application, OutboxMessage, OutboxStatus
from agency_core.spec.forms import ApplicationForm, form_of
from tests.admin.area import T0, add_application, add_message, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.support import writes
from tests.support.clock import NOW

JOB = {
    "title": "Mason",
    "country": "Qatar",
    "category": "Construction",
    "salaryRange": "$800-$1,200",
    "description": "Two years.",
    "status": "open",
}


async def test_the_cards_count_the_records(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    empty = (await h.client.get("/api/admin/dashboard")).json()
    assert (empty["totalApplications"], empty["activeJobs"], empty["newMessages"]) == (0, 0, 0)
    assert empty["blogPosts"] == 7  # the built-in posts
    assert (empty["latestApplications"], empty["outbox"]) == (
        [],
        {"pending": 0, "failedLast24h": 0, "withdrawnLast24h": 0, "notDelivered": 0},
    )

    for i in range(7):
        await add_application(h, f"VA{i}", T0 + timedelta(minutes=i), email=f"a{i}@example.com")
    await add_message(h, "M1")
    await add_message(h, "M2")
    for status in ("open", "open", "closed"):
        assert (await h.unsafe("POST", "/api/admin/jobs", json={**JOB, "status": status})).status_code == 201
    assert (await h.unsafe("POST", "/api/admin/messages/M1/read")).status_code == 200
    assert (await h.client.get("/api/admin/applications/VA6")).status_code == 200  # opened

    board = (await h.client.get("/api/admin/dashboard")).json()
    assert board["totalApplications"] == 7
    assert board["activeJobs"] == 2
    assert board["newMessages"] == 1
    latest = board["latestApplications"]
    assert [a["applicationId"] for a in latest] == ["VA6", "VA5", "VA4", "VA3", "VA2"]
    assert [a["opened"] for a in latest] == [True, False, False, False, False]
    assert set(latest[0]) == {
        "applicationId",
        "firstName",
        "lastName",
        "email",
        "phone",
        "jobCategory",
        "preferredCountry",
        "jobId",
        "jobTitle",
        "status",
        "createdAt",
        "opened",
        "payment",  # issue 14: the processing fee's state is part of every application summary
        "ownerId",  # issue 27: who looks after the applicant
        "ownerName",
        "shownPayment",  # issue 26: "refunded" / "partly refunded" as the list shows it (null here)
    }


async def test_outbox_health_counts_pending_and_recent_failures(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    c = container(h)
    # The worker would deliver these: stop it first.
    c.outbox_worker.outbox = _Idle()  # type: ignore[assignment]
    now = NOW  # the app's clock starts there (``make_harness``)
    far = now + timedelta(days=1)
    old = now - timedelta(days=3)
    messages = [
        outbox_messages.scheduled_sms(
            id="p1", source_id="X", kind="status", phone="+233241234567", text="hi", now=now, at=far
        ),
        outbox_messages.scheduled_sms(
            id="p2", source_id="X", kind="status", phone="+233241234567", text="hi", now=now, at=far
        ),
        replace(
            outbox_messages.sms(id="f1", source_id="X", kind="status", phone="+233241234567", text="hi", now=now),
            status=OutboxStatus.FAILED,
        ),
        replace(
            outbox_messages.sms(id="f2", source_id="X", kind="status", phone="+233241234567", text="hi", now=old),
            status=OutboxStatus.FAILED,
        ),
        replace(
            outbox_messages.sms(id="d1", source_id="X", kind="status", phone="+233241234567", text="hi", now=now),
            status=OutboxStatus.DELIVERED,
        ),
    ]
    await writes.add_application(
        c.store,
        Application(
            "X",
            form_of(ApplicationForm, {"email": "x@example.com", "jobCategory": "A", "preferredCountry": "B"}),
            (),
            now,
        ),
        messages,
        now,
    )
    board = (await h.client.get("/api/admin/dashboard")).json()
    assert board["outbox"] == {"pending": 2, "failedLast24h": 1, "withdrawnLast24h": 0, "notDelivered": 0}


class _Idle:
    async def claim(self, *_: object) -> list[OutboxMessage]:
        return []


async def test_the_dashboard_is_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get("/api/admin/dashboard")).status_code == 401


async def test_the_dashboard_shows_when_the_last_backup_was_written(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    assert (await h.client.get("/api/admin/dashboard")).json()["lastBackup"] is None  # none yet
    record_backup(container(h).settings.data_dir, NOW - timedelta(hours=3))
    board = (await h.client.get("/api/admin/dashboard")).json()
    assert board["lastBackup"] == "2026-11-28T09:00:00Z"
