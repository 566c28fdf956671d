"""``POST /api/track``: right and wrong pairs, the status history after admin moves, the rate
limit, and the ``/track`` link at the end of every status SMS."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

from agency_core.messaging.gsm import sms_parts
from agency_core.messaging.sms_texts import STATUS_SMS_MAX_PARTS
from agency_core.submissions.service import Accepted, Upload
from agency_core.submissions.tracking import TRACK_NOT_FOUND
from app.api_settings import ApiSettings, OutboxSettings
from app.settings import SmsSettings
from tests.admin.area import add_application, container, signed_in
from tests.admin.conftest import MakeHarness
from tests.api.conftest import APPLICATION, PDF
from tests.support.sms_gateway import SmsGatewayServer

TRACK = "/api/track"
NOT_FOUND = {"message": TRACK_NOT_FOUND}


async def test_the_right_pair_shows_status_history_job_and_payment(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA100", phone="+233201234567", email="Kwame@Example.com")
    for contact in ("0201234567", "020 123 4567", "+233201234567", "kwame@example.com"):
        response = await h.client.post(TRACK, json={"applicationId": "VA100", "contact": contact})
        assert response.status_code == 200, (contact, response.text)
    body = response.json()
    assert body == {
        "applicationId": "VA100",
        "status": "received",
        "submittedAt": "2026-03-02T09:30:00+00:00",
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
        "history": [{"status": "received", "at": "2026-03-02T09:30:00+00:00"}],
        "job": None,
        "payment": {"status": "unpaid", "paidAt": None},
        "messages": [],
    }

    assert (
        await h.unsafe("POST", "/api/admin/applications/VA100/status", json={"status": "processing"})
    ).status_code == 200
    tracked = (await h.client.post(TRACK, json={"applicationId": "va100", "contact": "0201234567"})).json()
    assert tracked["status"] == "processing"
    assert [c["status"] for c in tracked["history"]] == ["received", "processing"]
    assert tracked["history"][1]["at"] >= tracked["history"][0]["at"]


async def test_an_application_to_a_job_shows_the_job(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA200", phone="+233201234567", jobId="JB1", jobTitle="Site Electrician")
    tracked = (await h.client.post(TRACK, json={"applicationId": "VA200", "contact": "0201234567"})).json()
    assert tracked["job"] == {"id": "JB1", "title": "Site Electrician"}


async def test_a_wrong_pair_answers_exactly_like_an_unknown_id(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA100", phone="+233201234567", email="kwame@example.com")
    await add_application(h, "VA101", phone="+233241234567", email="ama@example.com")
    answers = []
    for application_id, contact in (
        ("VA100", "0241234567"),  # another applicant's phone
        ("VA100", "ama@example.com"),  # another applicant's e-mail
        ("VA999", "0201234567"),  # unknown ID
        ("VA999", "kwame@example.com"),
    ):
        response = await h.client.post(TRACK, json={"applicationId": application_id, "contact": contact})
        answers.append((response.status_code, response.headers["content-type"], response.content))
    assert len(set(answers)) == 1
    status, _, content = answers[0]
    assert (status, content) == (404, b'{"message":"' + TRACK_NOT_FOUND.encode() + b'"}')
    missing = await h.client.post(TRACK, json={"applicationId": "", "contact": ""})
    assert missing.status_code == 422
    assert set(missing.json()["errors"]) == {"applicationId", "contact"}


async def test_tracking_counts_towards_the_rate_limit(make_harness: MakeHarness) -> None:
    h = await make_harness(api=ApiSettings(rate_limit_per_minute=3))
    for _ in range(3):
        response = await h.client.post(TRACK, json={"applicationId": "VA1", "contact": "0201234567"})
        assert response.status_code == 404
    limited = await h.client.post(TRACK, json={"applicationId": "VA1", "contact": "0201234567"})
    assert limited.status_code == 429


async def _wait_for(predicate: object, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


async def test_every_status_sms_ends_with_the_track_link(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(
        make_harness,
        sms=SmsSettings(base_url=sms_server.base_url, api_key="test-key"),
        api=replace(ApiSettings(), outbox=OutboxSettings(poll_s=0.05, retry_base_s=0.05, retry_cap_s=0.2)),
        site_url="https://vandytravel.com",
    )
    outcome = await container(h).agency.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    for status in ("processing", "approved"):
        moved = await h.unsafe("POST", f"/api/admin/applications/{outcome.id}/status", json={"status": status})
        assert moved.status_code == 200
    await _wait_for(lambda: sum(r.phone == "+233201234567" for r in sms_server.requests) == 3)
    texts = [r.message for r in sms_server.requests if r.phone == "+233201234567"]
    assert len(texts) == 3
    # The outbox sends a round's messages side by side: the gateway may receive them in any order.
    assert sorted(t.split(",")[0].split("!")[0] for t in texts) == [
        "Congratulations Kwame Mensah",
        "Dear Kwame Mensah",
        "Dear Kwame Mensah",
    ]
    for text in texts:
        assert text.endswith("\nTrack: vandytravel.com/track")
        assert sms_parts(text) <= STATUS_SMS_MAX_PARTS
    alerts = [r.message for r in sms_server.requests if r.phone != "+233201234567"]
    assert alerts
    assert not any("/track" in a for a in alerts)
