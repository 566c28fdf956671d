"""The welfare check-in after arrival and the expiry watch over HTTP (issue 45 items 4 and 6): the
check-in page served as plain HTML that works without JavaScript (asserted literally), a guessed or
used link getting the one neutral page, "I need help" shown on the dashboard and closed with a note
(audited), and the documents expiring soon counted on the dashboard."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.pipeline.welfare import NOTE_REQUIRED
from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from app.welfare_page import LINK_UNUSABLE, THANKS_HELP
from tests.api import test_pipeline
from tests.api.conftest import container_of
from tests.api.test_pipeline import Staff, approved
from tests.api.test_pipeline_documents import fine_documents, record
from tests.support.clock import NOW

app = test_pipeline.app
staff = test_pipeline.staff

STAGES = ("selected", "contract_signed", "medical", "police_clearance", "visa", "contract_registered", "arrived")
HTML = "text/html; charset=utf-8"


@contextmanager
def without_cookies(staff: Staff) -> Iterator[AsyncTestClient[Litestar]]:
    """The same app's client with no cookie (the worker's phone): the staff's cookies put back after."""
    kept = dict(staff.client.cookies)
    staff.client.cookies.clear()
    try:
        yield staff.client
    finally:
        for name, value in kept.items():
            staff.client.cookies.set(name, value)


async def arrived_with_a_check_in(staff: Staff, email: str) -> tuple[str, str]:
    """An applicant moved to Arrived whose day-7 check-in came due; returns its ID and link token."""
    app_id = await approved(staff, email)
    for kind, fields in fine_documents().items():  # the departure gate passes
        assert (await record(staff, app_id, kind, fields)).status_code == 201
    for version, to in enumerate(STAGES):
        moved = await staff.move(app_id, to=to, expectedVersion=version)
        assert moved.status_code == 200, moved.text
    container = container_of(staff.client.app)
    task = await container.store.outbox.get(f"{app_id}-welfare-7-v7")
    assert task is not None
    assert task.next_attempt_at >= NOW + timedelta(days=7)
    assert (await container.welfare.check_ins.run(task)).success  # what the worker does on day 7
    sms = await container.store.outbox.get(f"{app_id}-welfare-7-sms")
    assert sms is not None
    token = sms.text.split("/welfare/", 1)[1].split()[0]
    assert len(token) >= 22  # token_urlsafe(16): 128 bits
    return app_id, token


async def test_the_check_in_page_works_without_javascript_and_answers_once(staff: Staff) -> None:
    _, token = await arrived_with_a_check_in(staff, "efua.page@example.com")
    with without_cookies(staff) as stranger:  # no cookie, no CSRF token: the link is the proof
        shown = await stranger.get(f"/welfare/{token}")
        assert shown.status_code == 200
        assert shown.headers["content-type"] == HTML
        assert shown.headers["cache-control"] == "no-store"
        assert shown.headers["x-robots-tag"] == "noindex"
        assert "<script" not in shown.text
        assert '<meta name="robots" content="noindex">' in shown.text
        assert (
            f'<form method="post" action="/welfare/{token}">'
            '<button type="submit" name="answer" value="all_good">All good</button>'
            '<label for="message">Anything you want to tell us (optional)</label>'
            '<textarea id="message" name="message" maxlength="1000"></textarea>'
            '<button class="help" type="submit" name="answer" value="need_help">I need help</button></form>'
        ) in shown.text

        guessed = await stranger.get(f"/welfare/{token[:-2]}xx")
        assert (guessed.status_code, guessed.headers["cache-control"]) == (404, "no-store")
        assert f'<p role="status">{LINK_UNUSABLE}</p>' in guessed.text
        assert "All good" not in guessed.text

        answered = await stranger.post(
            f"/welfare/{token}", data={"answer": "need_help", "message": "My employer keeps my passport"}
        )
        assert answered.status_code == 200
        assert f'<p role="status">{THANKS_HELP}</p>' in answered.text
        again = await stranger.post(f"/welfare/{token}", data={"answer": "all_good"})
        assert again.status_code == 404
        assert again.text == guessed.text  # one neutral page for a guessed and a used link
        assert (await stranger.get(f"/welfare/{token}")).text == guessed.text


async def test_i_need_help_shows_on_the_dashboard_until_closed_with_a_note(staff: Staff) -> None:
    app_id, token = await arrived_with_a_check_in(staff, "efua.help@example.com")
    with without_cookies(staff) as worker:
        await worker.post(f"/welfare/{token}", data={"answer": "need_help", "message": "Please call me"})
    board = (await staff.client.get("/api/admin/dashboard")).json()
    assert board["welfareCases"] == {"open": 1, "flagged": 0}
    cases = (await staff.client.get("/api/admin/welfare/cases", params={"open": "true"})).json()
    (case,) = cases["cases"]
    assert (case["applicationId"], case["message"], case["flagged"], case["closedAt"]) == (
        app_id,
        "Please call me",
        False,
        None,
    )
    applicant = (await staff.client.get(f"/api/admin/applications/{app_id}/welfare")).json()
    assert [(k["day"], k["answer"], k["message"]) for k in applicant["checkIns"]] == [
        (7, "need_help", "Please call me")
    ]

    refused = await staff.post(f"/api/admin/welfare/cases/{case['id']}/close", {"note": "  "})
    assert (refused.status_code, refused.json()["errors"]) == (422, {"note": NOTE_REQUIRED})
    closed = await staff.post(f"/api/admin/welfare/cases/{case['id']}/close", {"note": "Called her: she is safe"})
    assert closed.status_code == 200, closed.text
    assert (closed.json()["closeNote"], closed.json()["closedBy"]) == ("Called her: she is safe", DEMO_ADMIN_EMAIL)
    assert (await staff.client.get("/api/admin/dashboard")).json()["welfareCases"] == {"open": 0, "flagged": 0}
    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    assert any(e["action"] == "welfare.case_close" and e["target"] == f"{app_id}: {case['id']}" for e in audit)
    assert (await staff.post("/api/admin/welfare/cases/WC404/close", {"note": "x"})).status_code == 404


async def test_a_passport_expiring_within_nine_months_is_counted_on_the_dashboard(staff: Staff) -> None:
    app_id = await approved(staff, "efua.passport@example.com")
    assert (await staff.move(app_id, to="selected", expectedVersion=0)).status_code == 200
    assert (await staff.client.get("/api/admin/dashboard")).json()["expiringSoon"] == {}
    soon = (NOW.date() + timedelta(days=150)).isoformat()
    passport = {"number": "G1234567", "issued_on": "2021-02-01", "expires_on": soon}
    assert (await record(staff, app_id, "passport", passport)).status_code == 201
    assert (await staff.client.get("/api/admin/dashboard")).json()["expiringSoon"] == {"passport": 1}
    listed = (await staff.client.get("/api/admin/welfare/expiring")).json()
    assert [(d["applicationId"], d["kind"], d["expiresOn"]) for d in listed["documents"]] == [
        (app_id, "passport", soon)
    ]


async def test_staff_set_the_expiry_windows_on_the_version_read_and_the_counts_follow(staff: Staff) -> None:
    app_id = await approved(staff, "efua.windows@example.com")
    assert (await staff.move(app_id, to="selected", expectedVersion=0)).status_code == 200
    soon = (NOW.date() + timedelta(days=150)).isoformat()
    passport = {"number": "G1234567", "issued_on": "2021-02-01", "expires_on": soon}
    assert (await record(staff, app_id, "passport", passport)).status_code == 201
    shown = (await staff.client.get("/api/admin/welfare/expiry-windows")).json()
    assert shown == {
        "version": 0,
        "passportMonths": 9,
        "medicalDays": 14,
        "policeClearanceDays": 30,
        "visaDays": 30,
        "updatedBy": "",
        "updatedAt": None,
    }
    headers = {CSRF_HEADER: staff.client.cookies[CSRF_COOKIE]}
    body = {"expectedVersion": 0, "passportMonths": 4, "medicalDays": 21, "policeClearanceDays": 30, "visaDays": 30}
    saved = await staff.client.put("/api/admin/welfare/expiry-windows", json=body, headers=headers)
    assert saved.status_code == 200, saved.text
    assert (saved.json()["version"], saved.json()["passportMonths"], saved.json()["updatedBy"]) == (
        1,
        4,
        DEMO_ADMIN_EMAIL,
    )
    assert (await staff.client.get("/api/admin/dashboard")).json()["expiringSoon"] == {}  # 5 months > 4
    stale = await staff.client.put("/api/admin/welfare/expiry-windows", json=body, headers=headers)
    assert stale.status_code == 409
    bad = await staff.client.put(
        "/api/admin/welfare/expiry-windows", json={**body, "expectedVersion": 1, "visaDays": 400}, headers=headers
    )
    assert (bad.status_code, bad.json()["errors"]) == (
        422,
        {"visaDays": "Visa days must be a whole number from 1 to 365"},
    )
    audit = (await staff.client.get("/api/admin/audit-log", params={"pageSize": 100})).json()["items"]
    assert [e["target"] for e in audit if e["action"] == "expiry.windows"] == [
        "expiry windows: passport 9 months -> 4 months; medical 14 days -> 21 days"
    ]
    unsigned = await staff.client.put("/api/admin/welfare/expiry-windows", json=body)  # no CSRF token
    assert unsigned.status_code == 403
