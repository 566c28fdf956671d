"""Delivery reports end to end: the app as a real process asks the local gateway to report to its
callback URL, and the gateway reports late, twice, out of order, before the send is answered, or
with a wrong secret. The final state is read where applicants and staff see it: ``/api/track``
and the admin area's application detail and dashboard."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest
from litestar.testing import AsyncTestClient

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from tests.api.conftest import APPLICATION, PDF, AppFactory
from tests.support.app_process import RunningApp, running_app
from tests.support.clock import NOW
from tests.support.sms_gateway import Behaviour, RecordedSms, SmsGatewayServer

APPLICANT_PHONE = "+233201234567"
T = TypeVar("T")


@dataclass
class Live:
    app: RunningApp
    gateway: SmsGatewayServer
    admin: dict[str, str]
    """The demo admin's session cookie header."""
    count: int = 0


@pytest.fixture(scope="module")
def live() -> Iterator[Live]:
    with running_app("delivery-", with_gateway=True, env={"AGENCY_SMS_DELIVERY_DEADLINE_MIN": "1"}) as app:
        assert app.gateway is not None
        base = app.base_url
        csrf = httpx.get(f"{base}/api/admin/session", timeout=10).cookies["csrftoken"]
        signed_in = httpx.post(
            f"{base}/api/admin/session",
            json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
            headers={"X-CSRF-Token": csrf, "Cookie": f"csrftoken={csrf}"},
            timeout=20,
        )
        assert signed_in.status_code == 200, signed_in.text
        yield Live(app, app.gateway, {"Cookie": f"agency_session={signed_in.cookies['agency_session']}"})


@pytest.fixture(autouse=True)
def gateway(live: Live) -> SmsGatewayServer:
    live.gateway.behaviour = Behaviour()
    return live.gateway


def eventually(read: Callable[[], T], ok: Callable[[T], bool], timeout_s: float = 10.0) -> T:
    deadline = time.monotonic() + timeout_s
    while True:
        value = read()
        if ok(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


def apply(live: Live) -> tuple[str, RecordedSms]:
    """A new application; returns its id and the applicant's text as the gateway received it."""
    live.count += 1
    data = {**APPLICATION, "email": f"delivery{live.count}@example.com"}
    answer = httpx.post(
        f"{live.app.base_url}/api/applications",
        data=data,
        files={"cv": ("cv.pdf", PDF, "application/pdf")},
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    application_id = str(answer.json()["applicationId"])

    def applicant_text() -> list[RecordedSms]:
        return [
            r
            for r in live.gateway.delivered()
            if r.phone == APPLICANT_PHONE and (r.idempotency_key or "").startswith(application_id)
        ]

    (sms,) = eventually(applicant_text, lambda found: len(found) == 1)
    return application_id, sms


def tracked(live: Live, application_id: str) -> list[str]:
    answer = httpx.post(
        f"{live.app.base_url}/api/track",
        json={"applicationId": application_id, "contact": APPLICATION["phone"]},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text
    return [m["delivery"] for m in answer.json()["messages"]]


def staff_view(live: Live, application_id: str) -> dict[str, Any]:
    """The applicant's text as the admin area's application detail shows it."""
    answer = httpx.get(f"{live.app.base_url}/api/admin/applications/{application_id}", headers=live.admin, timeout=10)
    assert answer.status_code == 200, answer.text
    (text,) = [m for m in answer.json()["sms"] if m["phone"] == APPLICANT_PHONE]
    return dict(text)


def settled(live: Live, application_id: str, state: str) -> dict[str, Any]:
    return eventually(lambda: staff_view(live, application_id), lambda view: view["delivery"] == state)


def test_the_callback_url_carries_the_secret_and_the_message_id(live: Live) -> None:
    application_id, sms = apply(live)
    url = urlsplit(sms.callback_url or "")
    query = parse_qs(url.query)
    assert f"{url.scheme}://{url.netloc}{url.path}" == f"{live.app.base_url}/api/sms/delivery-reports"
    assert len(query["key"][0]) >= 32
    assert query["message"] == [sms.idempotency_key]
    assert (live.app.data_dir / "sms-report.secret").read_text().strip() == query["key"][0]
    view = settled(live, application_id, "sent")
    assert view["deliveredAt"] is not None  # accepted: "sent", waiting for its report
    assert tracked(live, application_id) == ["sent"]


def test_a_late_report_delivers(live: Live, gateway: SmsGatewayServer) -> None:
    gateway.behaviour.report, gateway.behaviour.report_delay_s = "DELIVERED", 1.0
    application_id, _ = apply(live)
    assert settled(live, application_id, "sent")["delivery"] == "sent"  # the report is not there yet
    view = settled(live, application_id, "delivered")
    assert (view["delivery"], view["reportStatus"]) == ("delivered", "DELIVERED")
    assert tracked(live, application_id) == ["delivered"]


def test_a_report_sent_twice_is_applied_once(live: Live, gateway: SmsGatewayServer) -> None:
    gateway.behaviour.report, gateway.behaviour.report_times = "DELIVERED", 2
    application_id, sms = apply(live)
    first = settled(live, application_id, "delivered")
    reports = eventually(
        lambda: [r for r in gateway.reports if r.body["id"] == sms.gateway_id], lambda found: len(found) == 2
    )
    assert [r.answered_status for r in reports] == [200, 200]
    assert staff_view(live, application_id)["reportedAt"] == first["reportedAt"]


def test_reports_out_of_order_end_in_the_strongest_state(live: Live, gateway: SmsGatewayServer) -> None:
    application_id, sms = apply(live)
    settled(live, application_id, "sent")
    for status in ("FAILED", "DELIVERED", "SUBMITTED", "UNDELIVERABLE", "DELIVERED"):
        assert gateway.send_report(sms, status) == 200
    view = staff_view(live, application_id)
    assert (view["delivery"], view["reportStatus"]) == ("delivered", "DELIVERED")
    assert tracked(live, application_id) == ["delivered"]


def test_a_failure_report_is_not_undone_by_an_intermediate_one(live: Live, gateway: SmsGatewayServer) -> None:
    application_id, sms = apply(live)
    settled(live, application_id, "sent")
    assert gateway.send_report(sms, "UNDELIVERABLE") == 200
    assert gateway.send_report(sms, "SENT") == 200
    assert gateway.send_report(sms, "FAILED") == 200
    view = staff_view(live, application_id)
    assert (view["delivery"], view["reportStatus"]) == ("failed", "UNDELIVERABLE")
    assert tracked(live, application_id) == ["not delivered"]


def test_a_report_before_the_sent_write_is_kept(live: Live, gateway: SmsGatewayServer) -> None:
    gateway.behaviour.report, gateway.behaviour.report_before_answer = "DELIVERED", True
    gateway.behaviour.delay_s = 0.3  # the send's answer comes well after the report was taken
    application_id, sms = apply(live)
    # Waits for the "sent" write (deliveredAt), which lands after the report was taken; the report survives it.
    view = eventually(lambda: staff_view(live, application_id), lambda view: view["deliveredAt"] is not None)
    (report,) = [r for r in gateway.reports if r.body["id"] == sms.gateway_id]
    assert report.answered_status == 200
    assert (view["delivery"], view["reportStatus"]) == ("delivered", "DELIVERED")


def test_a_wrong_or_missing_secret_changes_nothing(live: Live) -> None:
    application_id, sms = apply(live)
    before = settled(live, application_id, "sent")
    url = urlsplit(sms.callback_url or "")
    query = parse_qs(url.query)
    key = query["key"][0]
    endpoint = f"{live.app.base_url}{url.path}"
    body = {"id": sms.gateway_id, "status": "DELIVERED"}
    nowhere = httpx.post(f"{live.app.base_url}/api/sms/nothing-here", json=body, timeout=10)
    assert nowhere.status_code == 404
    for wrong in (key[:-1] + ("A" if key[-1] != "A" else "B"), key[:-1], key + "x", ""):
        params = urlencode({"key": wrong, "message": sms.idempotency_key})
        answer = httpx.post(f"{endpoint}?{params}", json=body, timeout=10)
        assert (answer.status_code, answer.json()) == (404, nowhere.json())  # as a path that does not exist
        assert key not in answer.text
    missing = httpx.post(f"{endpoint}?{urlencode({'message': sms.idempotency_key})}", json=body, timeout=10)
    assert missing.status_code == 404
    assert staff_view(live, application_id) == before
    assert tracked(live, application_id) == ["sent"]


def test_another_gateway_id_and_an_oversized_body_change_nothing(live: Live, gateway: SmsGatewayServer) -> None:
    application_id, sms = apply(live)
    before = settled(live, application_id, "sent")
    assert gateway.send_report(sms, "DELIVERED", gateway_id="someone-else") == 200
    url = sms.callback_url or ""
    too_big = httpx.post(url, json={"id": sms.gateway_id, "status": "DELIVERED", "pad": "x" * 5000}, timeout=10)
    assert too_big.status_code == 413
    assert staff_view(live, application_id) == before


def test_a_form_encoded_report_is_taken(live: Live) -> None:
    application_id, sms = apply(live)
    settled(live, application_id, "sent")
    answer = httpx.post(sms.callback_url or "", data={"sms_id": sms.gateway_id or "", "status": "DELIVRD"}, timeout=10)
    assert (answer.status_code, answer.json()) == (200, {"status": "applied"})
    assert staff_view(live, application_id)["delivery"] == "delivered"


def test_a_text_not_delivered_in_time_is_flagged_for_staff(live: Live, gateway: SmsGatewayServer) -> None:
    """The deadline is one minute here; the texts are made to have been sent two minutes before the
    app's clock started (``running_app`` starts it at ``NOW``), so more than a minute before its now."""
    late_id, late = apply(live)
    done_id, done = apply(live)
    settled(live, late_id, "sent")
    settled(live, done_id, "sent")
    assert staff_view(live, late_id)["notDeliveredInTime"] is False  # just sent
    two_minutes_ago = (NOW - timedelta(minutes=2)).isoformat(timespec="microseconds")
    with sqlite3.connect(live.app.data_dir / "agency.sqlite3") as db:
        db.execute(
            "UPDATE outbox SET delivered_at = ? WHERE id IN (?, ?)",
            (two_minutes_ago, late.idempotency_key, done.idempotency_key),
        )
    assert gateway.send_report(done, "DELIVERED") == 200
    assert staff_view(live, late_id)["notDeliveredInTime"] is True
    assert staff_view(live, done_id)["notDeliveredInTime"] is False
    dashboard = httpx.get(f"{live.app.base_url}/api/admin/dashboard", headers=live.admin, timeout=10).json()
    flagged = {m["id"]: m for m in dashboard["notDelivered"]}
    assert late.idempotency_key in flagged
    assert done.idempotency_key not in flagged
    assert flagged[late.idempotency_key]["sourceId"] == late_id
    assert dashboard["outbox"]["notDelivered"] == len(flagged) >= 1


async def test_reports_have_a_limit_of_their_own_not_the_forms(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(AGENCY_RATE_LIMIT="2", AGENCY_SMS_REPORT_RATE_PER_MIN="5")) as client:
        answers = [
            await client.post("/api/sms/delivery-reports?key=wrong&message=VA1-0", json={"status": "DELIVERED"})
            for _ in range(6)
        ]
        form = await client.post("/api/track", json={"applicationId": "VA1", "contact": "+233201234567"})
    assert [a.status_code for a in answers] == [404] * 5 + [429]
    assert answers[0].headers["RateLimit-Limit"] == "5"
    assert "Retry-After" in answers[5].headers
    # The reports counted against their own limit only: a form from the same address still passes.
    assert form.status_code != 429
    assert form.headers["RateLimit-Limit"] == "2"


def test_a_report_without_the_stored_gateway_id_is_refused_and_changes_nothing(live: Live) -> None:
    application_id, sms = apply(live)
    before = settled(live, application_id, "sent")
    answer = httpx.post(sms.callback_url or "", json={"status": "DELIVERED"}, timeout=10)
    assert (answer.status_code, answer.json()) == (200, {"status": "refused"})
    assert staff_view(live, application_id) == before
    assert tracked(live, application_id) == ["sent"]


def applicant_texts(live: Live, application_id: str) -> list[RecordedSms]:
    return [
        r
        for r in live.gateway.delivered()
        if r.phone == APPLICANT_PHONE and (r.idempotency_key or "").startswith(application_id)
    ]


def test_a_lost_answer_is_settled_by_its_delivered_report_and_never_resent(
    live: Live, gateway: SmsGatewayServer
) -> None:
    """The gateway ignores the key and drops the answer: before, the worker's retry texted twice."""
    gateway.behaviour = Behaviour(
        honour_idempotency_key=False, lose_phones={APPLICANT_PHONE}, report="DELIVERED", report_delay_s=0.3
    )
    application_id, sms = apply(live)
    assert sms.answer_lost
    assert settled(live, application_id, "delivered")["delivery"] == "delivered"
    time.sleep(1.0)  # the worker retries every 0.05-0.2 s here: a resend would have come by now
    assert len(applicant_texts(live, application_id)) == 1
    assert tracked(live, application_id) == ["delivered"]


def test_a_lost_answer_without_a_report_is_held_and_resent_once_a_report_says_not_delivered(
    live: Live, gateway: SmsGatewayServer
) -> None:
    gateway.behaviour = Behaviour(honour_idempotency_key=False, lose_phones={APPLICANT_PHONE})
    application_id, sms = apply(live)
    time.sleep(1.0)
    assert len(applicant_texts(live, application_id)) == 1, "held, not resent, while nothing says what happened"
    assert staff_view(live, application_id)["delivery"] == "pending"
    gateway.behaviour.lose_phones = set()
    assert gateway.send_report(sms, "UNDELIVERABLE", gateway_id="gw-lost") == 200
    resent = eventually(lambda: applicant_texts(live, application_id), lambda found: len(found) == 2)
    assert len(resent) == 2
    assert settled(live, application_id, "sent")["delivery"] == "sent"
