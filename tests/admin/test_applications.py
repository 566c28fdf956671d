"""Applications: list, filters, pagination, CSV export, detail, files, status changes and their SMS."""

from __future__ import annotations

import asyncio
import csv
import io
import time
from dataclasses import replace
from datetime import timedelta

from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from agency_core.submissions.service import Accepted, Upload
from app.api_settings import ApiSettings, OutboxSettings
from app.settings import SmsSettings
from tests.admin.area import T0, add_application, audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.api.conftest import APPLICATION, JPEG, PDF
from tests.support.sms_gateway import SmsGatewayServer

LIST = "/api/admin/applications"


async def seeded(make_harness: MakeHarness) -> AdminHarness:
    h = await signed_in(make_harness)
    await add_application(h, "VA100", T0, firstName="Ama", lastName="Owusu", email="ama@example.com")
    await add_application(
        h,
        "VA101",
        T0 + timedelta(days=1),
        firstName="Kofi",
        email="kofi@example.com",
        jobCategory="Healthcare & Medical",
    )
    await add_application(
        h, "VA102", T0 + timedelta(days=2), email="yaa@example.com", preferredCountry="Oman", phone="+233241112222"
    )
    return h


def ids(response_json: dict[str, object]) -> list[str]:
    items = response_json["items"]
    assert isinstance(items, list)
    return [item["applicationId"] for item in items]


async def test_the_list_is_newest_first_and_paginated(make_harness: MakeHarness) -> None:
    h = await seeded(make_harness)
    everything = (await h.client.get(LIST)).json()
    assert ids(everything) == ["VA102", "VA101", "VA100"]
    assert (everything["total"], everything["page"], everything["pageSize"]) == (3, 1, 20)
    page2 = (await h.client.get(LIST, params={"page": 2, "pageSize": 2})).json()
    assert (ids(page2), page2["total"], page2["page"], page2["pageSize"]) == (["VA100"], 3, 2, 2)
    beyond = (await h.client.get(LIST, params={"page": 9, "pageSize": 2})).json()
    assert (ids(beyond), beyond["total"]) == ([], 3)
    assert (await h.client.get(LIST, params={"pageSize": 500})).status_code == 422


async def test_search_by_name_email_phone_or_id(make_harness: MakeHarness) -> None:
    h = await seeded(make_harness)

    async def search(q: str) -> list[str]:
        return ids((await h.client.get(LIST, params={"q": q})).json())

    assert await search("ama owusu") == ["VA100"]
    assert await search("KOFI@") == ["VA101"]
    assert await search("024 111 2222") == ["VA102"]  # as people type it
    assert await search("+2332411") == ["VA102"]
    assert await search("va101") == ["VA101"]
    assert await search("%") == []  # LIKE wildcards are literal
    assert await search("nobody") == []


async def test_filters_by_status_category_country_and_dates(make_harness: MakeHarness) -> None:
    h = await seeded(make_harness)
    assert (await h.unsafe("POST", f"{LIST}/VA101/status", json={"status": "processing"})).status_code == 200

    async def listed(**params: str) -> list[str]:
        response = await h.client.get(LIST, params=params)
        assert response.status_code == 200, response.text
        return ids(response.json())

    assert await listed(status="processing") == ["VA101"]
    assert await listed(status="received") == ["VA102", "VA100"]
    assert await listed(jobCategory="Healthcare & Medical") == ["VA101"]
    assert await listed(preferredCountry="Oman") == ["VA102"]
    assert await listed(**{"from": "2026-03-03"}) == ["VA102", "VA101"]
    assert await listed(to="2026-03-03") == ["VA101", "VA100"]
    assert await listed(**{"from": "2026-03-03", "to": "2026-03-03"}) == ["VA101"]
    assert await listed(status="received", preferredCountry="Qatar") == ["VA100"]
    bad = await h.client.get(LIST, params={"status": "lost", "from": "03/03/2026", "to": "2026-02-30"})
    assert bad.status_code == 422
    assert set(bad.json()["errors"]) == {"status", "from", "to"}
    backwards = await h.client.get(LIST, params={"from": "2026-03-04", "to": "2026-03-03"})
    assert backwards.json() == {"errors": {"to": "The end date must not be before the start date"}}


async def test_csv_export_of_the_filtered_list_is_safe_and_audited(make_harness: MakeHarness) -> None:
    h = await seeded(make_harness)
    await add_application(h, "VA103", T0 + timedelta(days=3), firstName="=HYPERLINK(1)", lastName='Say "hi", ok')
    response = await h.client.get(f"{LIST}/export.csv", params={"preferredCountry": "Qatar"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    disposition = response.headers["content-disposition"]
    assert disposition == 'attachment; filename="applications-20261128.csv"'  # the app's clock: NOW's day
    assert response.content.startswith(b"\xef\xbb\xbf")  # the UTF-8 byte-order mark, for Excel on Windows
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:4] == ["applicationId", "createdAt", "status", "opened"]
    assert [r[0] for r in rows[1:]] == ["VA103", "VA101", "VA100"]
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["firstName"] == "'=HYPERLINK(1)"
    assert first["lastName"] == 'Say "hi", ok'
    assert first["phone"] == "(+233) 20 123 4567"  # text a spreadsheet keeps: no formula, no visible quote
    assert '"Say ""hi"", ok"' in response.text
    (entry,) = [e for e in await audit_actions(h) if e["action"] == "applications.export"]
    assert entry["target"] == "preferredCountry=Qatar (3 rows)"
    assert entry["actor"] == DEMO_ADMIN_EMAIL


async def test_the_detail_has_every_field_files_and_marks_it_opened(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    outcome = await container(h).agency.submit_application(
        APPLICATION, {"cv": Upload("my cv.pdf", PDF), "photo": Upload("me.jpg", JPEG)}
    )
    assert isinstance(outcome, Accepted)
    app_id = outcome.id
    assert (await h.client.get(LIST)).json()["items"][0]["opened"] is False
    detail = (await h.client.get(f"{LIST}/{app_id}")).json()
    for name in ("firstName", "city", "dateOfBirth", "languages", "passportNumber", "passportExpiry", "additionalInfo"):
        assert detail[name] == APPLICATION[name], name
    assert detail["hasPassport"] is True
    assert (detail["applicationId"], detail["status"], detail["opened"]) == (app_id, "received", True)
    assert detail["nextStatuses"] == ["processing"]
    assert detail["files"] == [
        {
            "field": "cv",
            "filename": "my cv.pdf",
            "size": len(PDF),
            "contentType": "application/pdf",
            "url": f"/api/admin/applications/{app_id}/files/cv",
        },
        {
            "field": "photo",
            "filename": "me.jpg",
            "size": len(JPEG),
            "contentType": "image/jpeg",
            "url": f"/api/admin/applications/{app_id}/files/photo",
        },
    ]
    assert [m["kind"] for m in detail["sms"]] == ["status", "admin_alert", "admin_alert", "admin_alert", "admin_alert"]
    assert set(detail["sms"][0]) == {
        "id",
        "kind",
        "phone",
        "status",
        "attempts",
        "lastError",
        "createdAt",
        "deliveredAt",
        "delivery",
        "notDeliveredInTime",
        "reportedAt",
        "reportStatus",
    }
    assert (await h.client.get(LIST)).json()["items"][0]["opened"] is True
    opened_at = detail["openedAt"]
    assert (await h.client.get(f"{LIST}/{app_id}")).json()["openedAt"] == opened_at  # first view only
    missing = await h.client.get(f"{LIST}/VA404")
    assert (missing.status_code, missing.json()) == (404, {"message": "Application not found"})


async def test_files_download_as_attachments_to_admins_only(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    outcome = await container(h).agency.submit_application(APPLICATION, {"cv": Upload("../../etc/cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    url = f"{LIST}/{outcome.id}/files/cv"
    response = await h.client.get(url)
    assert response.status_code == 200
    assert response.content == PDF
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"] == f'attachment; filename="{outcome.id}-cv.pdf"'
    assert response.headers["x-content-type-options"] == "nosniff"
    for absent in ("passport", "photo", "secret"):
        gone = await h.client.get(f"{LIST}/{outcome.id}/files/{absent}")
        assert (gone.status_code, gone.json()) == (404, {"message": "File not found"})
    assert (await h.client.get(f"{LIST}/VA404/files/cv")).status_code == 404
    await h.sign_out()
    refused = await h.client.get(url)
    assert (refused.status_code, refused.json()) == (401, {"message": "Not signed in"})


async def test_status_moves_follow_the_rule(make_harness: MakeHarness) -> None:
    h = await seeded(make_harness)
    url = f"{LIST}/VA100/status"
    skip = await h.unsafe("POST", url, json={"status": "approved"})
    assert skip.status_code == 409
    assert skip.json() == {"message": "The application is received: it can move to processing, not approved."}
    bad = await h.unsafe("POST", url, json={"status": "hired"})
    assert (bad.status_code, bad.json()) == (
        422,
        {"errors": {"status": "Status must be received, processing, approved or rejected"}},
    )
    assert (await h.unsafe("POST", url, json={})).status_code == 422
    moved = await h.unsafe("POST", url, json={"status": "processing"})
    assert moved.status_code == 200
    assert (moved.json()["status"], moved.json()["nextStatuses"]) == ("processing", ["approved", "rejected"])
    assert (await h.unsafe("POST", url, json={"status": "rejected"})).json()["status"] == "rejected"
    final = await h.unsafe("POST", url, json={"status": "approved"})
    assert final.json() == {"message": "The application is already rejected; its status cannot change."}
    assert (await h.unsafe("POST", f"{LIST}/VA404/status", json={"status": "processing"})).status_code == 404
    assert (await h.client.post(url, json={"status": "processing"})).status_code == 403  # no CSRF token
    targets = [e["target"] for e in await audit_actions(h) if e["action"] == "application.status"]
    assert targets == [
        "VA100: processing -> rejected (status SMS queued)",
        "VA100: received -> processing (status SMS queued)",
    ]


def _fast_sms(sms_server: SmsGatewayServer) -> dict[str, object]:
    return {
        "sms": SmsSettings(base_url=sms_server.base_url, api_key="test-key"),
        "api": replace(ApiSettings(), outbox=OutboxSettings(poll_s=0.05, retry_base_s=0.05, retry_cap_s=0.2)),
    }


async def _wait_for(predicate: object, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


async def test_a_status_change_texts_the_applicant_through_the_outbox(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_fast_sms(sms_server))
    await add_application(h, "VA200", firstName="Akua", lastName="Boateng", phone="+233241234567")
    settings = (await h.client.get("/api/admin/settings")).json()
    assert (
        await h.unsafe("PUT", "/api/admin/settings", json={**settings, "smsSender": "VANDY JOBS"})
    ).status_code == 200

    assert (await h.unsafe("POST", f"{LIST}/VA200/status", json={"status": "processing"})).status_code == 200
    await _wait_for(lambda: len(sms_server.requests) == 1)
    (sent,) = sms_server.requests
    assert sent.phone == "+233241234567"
    assert sent.message.startswith("Dear Akua Boateng, your application is now being processed.")
    assert sent.body["sender"] == "VANDY JOBS"  # the saved sender id, used at once
    assert sent.idempotency_key == "VA200-status-processing"

    async def delivered() -> list[dict[str, object]]:
        sms: list[dict[str, object]] = (await h.client.get(f"{LIST}/VA200")).json()["sms"]
        return sms

    for _ in range(100):
        history = await delivered()
        if history and history[0]["status"] == "delivered":
            break
        await asyncio.sleep(0.05)
    assert [(m["id"], m["kind"], m["status"]) for m in history] == [("VA200-status-processing", "status", "delivered")]
    assert history[0]["deliveredAt"] is not None
    # Accepted by the gateway, which was asked to report: "sent" until its report comes.
    assert (history[0]["delivery"], history[0]["notDeliveredInTime"]) == ("sent", False)

    # Switched off in settings: the status changes, nothing is texted.
    off = {**settings, "statusSms": {**settings["statusSms"], "approved": False}}
    assert (await h.unsafe("PUT", "/api/admin/settings", json=off)).status_code == 200
    approved = await h.unsafe("POST", f"{LIST}/VA200/status", json={"status": "approved"})
    assert approved.json()["status"] == "approved"
    await asyncio.sleep(0.5)
    assert len(sms_server.requests) == 1
    assert [m["id"] for m in approved.json()["sms"]] == ["VA200-status-processing"]
    (entry, *_) = [e for e in await audit_actions(h) if e["action"] == "application.status"]
    assert entry["target"] == "VA200: processing -> approved (status SMS off)"


async def test_application_routes_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    for path in (LIST, f"{LIST}/export.csv", f"{LIST}/VA1", f"{LIST}/VA1/files/cv"):
        assert (await h.client.get(path)).status_code == 401, path
    assert (await h.unsafe("POST", f"{LIST}/VA1/status", json={"status": "processing"})).status_code == 401
