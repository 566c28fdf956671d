"""Closing a welfare case after day 90 settles the applicant over HTTP (issue 45 item 6): the worker
asked for help on day 7, the case stayed open past day 90 (so the day-90 check-in did not settle),
and staff closing it then moves the applicant to Settled, audited as the system. The app's clock is
one the test moves."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from litestar import Litestar

from agency_core.pipeline.moves import MOVE_ACTION
from agency_core.pipeline.welfare import SYSTEM_ACTOR
from tests.api.conftest import AppFactory, container_of
from tests.api.test_pipeline import PIPELINE, Staff
from tests.api.test_pipeline import staff as signed_in
from tests.api.test_welfare import arrived_with_a_check_in, without_cookies
from tests.support.clock import NOW

staff = signed_in


@pytest.fixture
def now() -> list[datetime]:
    return [NOW]


@pytest.fixture
async def app(make_app: AppFactory, now: list[datetime]) -> Litestar:
    return make_app(lambda: now[0], AGENCY_DEMO="1")


async def test_closing_the_case_after_day_90_settles_the_applicant(staff: Staff, now: list[datetime]) -> None:
    app_id, token = await arrived_with_a_check_in(staff, "efua.late@example.com")
    with without_cookies(staff) as worker:
        await worker.post(f"/welfare/{token}", data={"answer": "need_help", "message": "Please call me"})
    (case,) = (await staff.client.get("/api/admin/welfare/cases", params={"open": "true"})).json()["cases"]
    container = container_of(staff.client.app)
    day_90 = await container.store.outbox.get(f"{app_id}-welfare-90-v7")
    assert day_90 is not None

    now[0] = day_90.next_attempt_at + timedelta(hours=1)
    ran = await container.welfare.check_ins.run(day_90)  # what the worker does on day 90
    assert ran.message == "check-in of day 90; not settled: a welfare case is open"
    assert (await staff.client.get(PIPELINE.format(app_id))).json()["stage"] == "arrived"

    closed = await staff.post(f"/api/admin/welfare/cases/{case['id']}/close", {"note": "Called her: she is safe"})
    assert closed.status_code == 200, closed.text
    assert closed.json()["closedAt"] is not None
    pipeline = (await staff.client.get(PIPELINE.format(app_id))).json()
    assert (pipeline["stage"], pipeline["version"]) == ("settled", 8)
    assert pipeline["history"][-1]["actor"] == SYSTEM_ACTOR
    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    settled = [e for e in audit if e["action"] == MOVE_ACTION and e["target"].endswith("-> settled (move)")]
    assert [(e["actor"], e["target"]) for e in settled] == [(SYSTEM_ACTOR, f"{app_id}: arrived -> settled (move)")]
