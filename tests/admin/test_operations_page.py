"""GET /api/admin/operations (issue 47 item 8): the figures of /metrics for admins: they follow an
enqueue, a failure and a delivery, show the last backup and this instance's heartbeat; a signed-in
user who is no longer an admin gets 403."""

from __future__ import annotations

import re
from datetime import timedelta

from adapters.backup import record_backup
from agency_core.messaging import outbox_messages
from agency_core.records import Application, OutboxMessage
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from agency_core.spec.forms import ApplicationForm, form_of
from tests.admin.area import container, signed_in
from tests.admin.conftest import MakeHarness
from tests.support import writes
from tests.support.clock import NOW

PAGE = "/api/admin/operations"
PHONE = "+233241234567"


class _Idle:
    """The outbox worker's store while the test holds the outbox still: it claims nothing."""

    async def claim(self, *_: object) -> list[OutboxMessage]:
        return []


def _sms(message_id: str, waited_s: float) -> OutboxMessage:
    at = NOW - timedelta(seconds=waited_s)
    return outbox_messages.sms(id=message_id, source_id="VAOPS1", kind="status", phone=PHONE, text="hi", now=at)


def _sample(text: str, line: str) -> float:
    found = re.search(rf"^{re.escape(line)} (\S+)$", text, re.M)
    assert found is not None, line
    return float(found.group(1))


async def test_the_figures_follow_an_enqueue_a_failure_and_a_delivery(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    c = container(h)
    c.outbox_worker.outbox = _Idle()  # type: ignore[assignment]
    before = (await h.client.get(PAGE)).json()
    assert before["lastBackup"] is None
    assert [i["instanceId"] for i in before["instances"]] == [c.outbox_worker.owner]  # its own heartbeat
    assert before["instancesSeenMinutes"] == 5

    application = Application("VAOPS1", form_of(ApplicationForm, {"email": "o@example.com"}), (), NOW)
    await writes.add_application(c.store, application, [_sms("m1", 600), _sms("m2", 60)], NOW)
    enqueued = (await h.client.get(PAGE)).json()
    assert enqueued["outbox"]["pending"]["sms"] == before["outbox"]["pending"]["sms"] + 2
    assert enqueued["outbox"]["oldestDueAgeSeconds"] >= 600

    assert await c.store.outbox.mark_failed("m1", "gateway refused")
    failed = (await h.client.get(PAGE)).json()
    assert failed["outbox"]["pending"]["sms"] == before["outbox"]["pending"]["sms"] + 1
    assert failed["outbox"]["failed"]["sms"] == before["outbox"]["failed"]["sms"] + 1
    assert failed["today"]["failed"] == before["today"]["failed"] + 1
    assert 60 <= failed["outbox"]["oldestDueAgeSeconds"] < 600  # m2 is the oldest due now

    assert await c.store.outbox.mark_delivered("m2", NOW)
    delivered = (await h.client.get(PAGE)).json()
    today = delivered["today"]
    assert today["delivered"] == before["today"]["delivered"] + 1
    assert today["rate"] == today["delivered"] / (today["delivered"] + today["failed"])

    record_backup(c.settings.data_dir, NOW - timedelta(hours=2), size_bytes=4096, files=3)
    page = (await h.client.get(PAGE)).json()
    assert page["lastBackup"] == {"at": "2026-11-28T10:00:00Z", "sizeBytes": 4096, "files": 3}

    # /metrics answers from the same figures (read fresh: its first scrape in this app).
    metrics = (await h.client.get("/metrics")).text
    assert _sample(metrics, 'agency_outbox_failed{channel="sms"}') == page["outbox"]["failed"]["sms"]
    assert _sample(metrics, 'agency_outbox_pending{channel="sms"}') == page["outbox"]["pending"]["sms"]
    assert _sample(metrics, 'agency_outbox_settled_today{outcome="delivered"}') == today["delivered"]
    assert _sample(metrics, "agency_instances_seen") == len(page["instances"])
    assert _sample(metrics, "agency_last_backup_timestamp_seconds") == (NOW - timedelta(hours=2)).timestamp()


async def test_signed_out_is_401_and_a_user_no_longer_admin_is_403(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await h.client.get(PAGE)).status_code == 401
    signed = await h.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    assert (await h.client.get(PAGE)).status_code == 200
    await h.sign_in_service.roles.put(signed.json()["id"], "Admin User", "viewer")
    refused = await h.client.get(PAGE)
    assert (refused.status_code, refused.json()) == (403, {"message": "User not authorized"})
