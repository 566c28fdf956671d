"""Bulk actions from the applications list: status moves with their SMS preview and undo window,
and one message to many (the local SMS gateway receives what applicants would)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

import pytest

from agency_core.messaging.gsm import sms_parts
from agency_core.records import ApplicationStatus, ReportedDelivery
from agency_core.signin.identity import DEMO_ADMIN_EMAIL
from app.api_settings import ApiSettings, OutboxSettings
from app.bulk_settings import BulkSettings
from app.settings import Settings, SettingsError, SmsSettings
from tests.admin.area import T0, add_application, audit_actions, container, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness
from tests.support.sms_gateway import SmsGatewayServer

BULK = "/api/admin/bulk"


def _settings(sms_server: SmsGatewayServer, undo_s: int, per_minute: int = 6000) -> dict[str, object]:
    return {
        "sms": SmsSettings(base_url=sms_server.base_url, api_key="test-key"),
        "api": replace(ApiSettings(), outbox=OutboxSettings(poll_s=0.05, retry_base_s=0.05, retry_cap_s=0.2)),
        "bulk": BulkSettings(undo_window_s=undo_s, sms_per_minute=per_minute),
    }


async def _fifty(
    make_harness: MakeHarness, sms_server: SmsGatewayServer, undo_s: int
) -> tuple[AdminHarness, list[str]]:
    """50 applicants received, but VA149 already approved (the one invalid move to processing)."""
    h = await signed_in(make_harness, **_settings(sms_server, undo_s))
    ids = [f"VA1{n:02d}" for n in range(50)]
    for n, app_id in enumerate(ids):
        await add_application(h, app_id, T0, firstName=f"Ama{n}", lastName="Ɔdɔm", email=f"a{n}@example.com")
    uow = container(h).store.unit_of_work()
    async with uow:
        await uow.applications.set_status("VA149", ApplicationStatus.RECEIVED, ApplicationStatus.APPROVED)
    return h, ids


async def _status(h: AdminHarness, app_id: str) -> str:
    status: str = (await h.client.get(f"/api/admin/applications/{app_id}")).json()["status"]
    return status


async def _move(h: AdminHarness, selection: dict[str, Any], status: str = "processing") -> dict[str, Any]:
    preview = await h.unsafe("POST", f"{BULK}/status/preview", json={**selection, "status": status})
    assert preview.status_code == 200, preview.text
    moved = await h.unsafe(
        "POST", f"{BULK}/status", json={**selection, "status": status, "bulkId": preview.json()["bulkId"]}
    )
    assert moved.status_code == 200, moved.text
    body: dict[str, Any] = moved.json()
    return body


async def test_a_bulk_move_of_fifty_moves_49_reports_1_and_texts_after_the_undo_window(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h, ids = await _fifty(make_harness, sms_server, undo_s=2)
    preview = await h.unsafe("POST", f"{BULK}/status/preview", json={"applicationIds": ids, "status": "processing"})
    body = preview.json()
    assert (body["count"], body["refused"], body["messages"], body["undoWindowS"]) == (49, 1, 49, 2)
    first = body["items"][0]
    assert first["text"].startswith("Dear Ama0 Odom, your application is now being processed.")
    assert first["parts"] == sms_parts(first["text"]) >= 1
    assert body["totalParts"] == 49 * first["parts"]
    (refused,) = [i for i in body["items"] if i["error"]]
    assert refused == {
        "applicationId": "VA149",
        "name": "Ama49 Ɔdɔm",
        "text": "",
        "parts": 0,
        "error": "The application is already approved; its status cannot change.",
        "note": "",
    }
    assert await _status(h, "VA100") == "received"  # a preview writes nothing

    started = time.monotonic()
    confirm = {"applicationIds": ids, "status": "processing", "bulkId": body["bulkId"]}
    moved = (await h.unsafe("POST", f"{BULK}/status", json=confirm)).json()
    assert (moved["done"], moved["refused"], moved["pending"], moved["sent"]) == (49, 1, 49, 0)
    assert [i["error"] for i in moved["items"] if i["error"]] == [refused["error"]]
    assert await _status(h, "VA100") == "processing"
    assert await _status(h, "VA149") == "approved"
    again = (await h.unsafe("POST", f"{BULK}/status", json=confirm)).json()  # the same confirmation: done once
    assert again["bulkId"] == moved["bulkId"]
    assert again["done"] == 49

    await asyncio.sleep(1.0)
    assert sms_server.requests == []  # held in the outbox while the undo window is open
    sent = await asyncio.to_thread(sms_server.wait_for, 49, 15.0)
    assert time.monotonic() - started >= 2.0
    assert sorted(r.idempotency_key or "" for r in sent) == sorted(f"{moved['bulkId']}-{i}-sms" for i in ids[:49])
    await asyncio.sleep(0.5)
    assert len(sms_server.requests) == 49
    late = await h.unsafe("POST", f"{BULK}/{moved['bulkId']}/undo")
    assert (late.status_code, late.json()) == (
        409,
        {"message": "The undo window has closed; the messages have been sent."},
    )
    actions = await audit_actions(h)
    assert sum(e["action"] == "application.status" for e in actions) == 49
    (summary,) = [e for e in actions if e["action"] == "applications.bulk_status"]
    assert summary["target"].startswith(f"{moved['bulkId']}: 49 -> processing, 1 refused")


async def test_an_undone_bulk_move_reverts_every_status_and_texts_nobody(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h, ids = await _fifty(make_harness, sms_server, undo_s=2)
    moved = await _move(h, {"applicationIds": ids})
    undo = await h.unsafe("POST", f"{BULK}/{moved['bulkId']}/undo")
    assert undo.status_code == 200, undo.text
    body = undo.json()
    assert body["undoneAt"] is not None
    assert body["undoneBy"] == DEMO_ADMIN_EMAIL
    assert (body["withdrawn"], body["failed"], body["pending"]) == (49, 0, 0)  # withdrawn, not failed
    assert {await _status(h, i) for i in ids[:49]} == {"received"}
    assert await _status(h, "VA149") == "approved"
    twice = await h.unsafe("POST", f"{BULK}/{moved['bulkId']}/undo")
    assert (twice.status_code, twice.json()) == (409, {"message": "This change was already undone."})
    await asyncio.sleep(3.0)
    assert sms_server.requests == []
    undone = [e for e in await audit_actions(h) if e["action"] == "applications.bulk_status.undo"]
    assert len(undone) == 1
    assert undone[0]["target"].startswith(f"{moved['bulkId']}: processing reverted for VA100")

    # Redo: a new move of the same applicants sends its own texts (new ids), once the window closes.
    redo = await _move(h, {"matching": {"status": "received"}})
    assert redo["done"] == 49
    assert redo["selection"] == "filter status=received"
    sent = await asyncio.to_thread(sms_server.wait_for, 49, 15.0)
    assert {r.idempotency_key for r in sent} == {f"{redo['bulkId']}-{i}-sms" for i in ids[:49]}


async def test_selections_and_bulk_ids_are_checked(make_harness: MakeHarness, sms_server: SmsGatewayServer) -> None:
    h = await signed_in(make_harness, **_settings(sms_server, undo_s=30))
    await add_application(h, "VA300", T0)
    cases: list[tuple[dict[str, Any], dict[str, str]]] = [
        ({"status": "processing"}, {"applicationIds": "Applications must be a list of application IDs"}),
        ({"applicationIds": [], "status": "processing"}, {"applicationIds": "Select at least one application"}),
        (
            {"applicationIds": ["VA300"], "status": "hired"},
            {"status": "Status must be received, processing, approved or rejected"},
        ),
        (
            {"matching": {"status": "hired"}, "status": "processing"},
            {"status": "Status must be received, processing, approved or rejected"},
        ),
        (
            {"matching": {"status": "approved"}, "status": "processing"},
            {"applicationIds": "Select at least one application"},
        ),
        ({"matching": "all", "status": "processing"}, {"matching": "The filter must be the list's filters by name"}),
    ]
    for body, errors in cases:
        answer = await h.unsafe("POST", f"{BULK}/status/preview", json=body)
        assert (answer.status_code, answer.json()) == (422, {"errors": errors}), body
    no_id = await h.unsafe("POST", f"{BULK}/status", json={"applicationIds": ["VA300"], "status": "processing"})
    assert (no_id.status_code, no_id.json()) == (422, {"errors": {"bulkId": "Start again from the preview"}})
    missing = await h.unsafe("POST", f"{BULK}/BK123/undo")
    assert (missing.status_code, missing.json()) == (404, {"message": "Bulk action not found"})
    assert (await h.client.get(f"{BULK}/VA300")).status_code == 404
    unknown = await _move(h, {"applicationIds": ["VA300", "VA999"]})
    assert [(i["applicationId"], i["error"]) for i in unknown["items"]] == [
        ("VA300", ""),
        ("VA999", "Application not found"),
    ]


async def test_a_misspelt_filter_key_is_refused_422_on_every_bulk_route_and_nothing_is_done(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_settings(sms_server, undo_s=30))
    await add_application(h, "VA310", T0, jobCategory="Engineering")
    misspelt = {"matching": {"jobCategry": "Engineering"}}
    bodies = {
        f"{BULK}/status/preview": {**misspelt, "status": "processing"},
        f"{BULK}/status": {**misspelt, "status": "processing", "bulkId": "BK1"},
        f"{BULK}/messages/preview": {**misspelt, "text": "Hello {name}"},
        f"{BULK}/messages": {**misspelt, "text": "Hello {name}", "bulkId": "BK2"},
    }
    for path, body in bodies.items():
        answer = await h.unsafe("POST", path, json=body)
        assert answer.status_code == 422, path
        assert answer.json()["errors"]["matching"].startswith("Unknown filter jobCategry: the filters are q,"), path
    assert await _status(h, "VA310") == "received"
    exported = await h.client.get("/api/admin/applications/export.csv", params={"jobCategry": "Engineering"})
    assert exported.status_code == 422
    assert exported.json()["errors"]["jobCategry"].startswith("Unknown filter jobCategry: the filters are q,")
    assert not [
        e for e in await audit_actions(h) if e["action"].startswith(("applications.bulk", "applications.export"))
    ]
    await asyncio.sleep(0.2)
    assert sms_server.requests == []


async def test_ids_and_a_filter_together_are_refused_422(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_settings(sms_server, undo_s=30))
    await add_application(h, "VA320", T0)
    both = {"applicationIds": ["VA320"], "matching": {"status": "received"}}
    for path, extra in (
        (f"{BULK}/status/preview", {"status": "processing"}),
        (f"{BULK}/messages/preview", {"text": "Hi"}),
    ):
        answer = await h.unsafe("POST", path, json={**both, **extra})
        assert (answer.status_code, answer.json()) == (
            422,
            {"errors": {"matching": "Send either applicationIds or matching, not both"}},
        )


async def test_an_empty_filter_is_refused_and_every_application_must_be_asked_for(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_settings(sms_server, undo_s=30))
    await add_application(h, "VA330", T0)
    await add_application(h, "VA331", T0, email="other@example.com")
    empty = await h.unsafe("POST", f"{BULK}/messages/preview", json={"matching": {}, "text": "Hi"})
    assert (empty.status_code, empty.json()) == (
        422,
        {"errors": {"matching": 'Choose at least one filter, or send "all": "true" to select every application'}},
    )
    everyone = await h.unsafe("POST", f"{BULK}/messages/preview", json={"matching": {"all": "true"}, "text": "Hi"})
    assert everyone.status_code == 200, everyone.text
    assert sorted(i["applicationId"] for i in everyone.json()["items"]) == ["VA330", "VA331"]


async def test_everything_matching_the_mine_view_is_the_signed_in_ones_applications(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    # The list's "mine" toggle sends owner=me; "Select all matching" sends the same filter.
    h = await signed_in(make_harness, **_settings(sms_server, undo_s=30))
    for app_id in ("VA500", "VA501", "VA502"):
        await add_application(h, app_id, T0, email=f"{app_id.lower()}@example.com")
    me = (await h.client.get("/api/admin/session")).json()["id"]
    for app_id in ("VA500", "VA502"):
        owned = await h.unsafe("PUT", f"/api/admin/applications/{app_id}/owner", json={"ownerId": me})
        assert owned.status_code == 200, owned.text
    mine = {"matching": {"owner": "me"}}
    preview = await h.unsafe("POST", f"{BULK}/messages/preview", json={**mine, "text": "Hello {name}"})
    assert preview.status_code == 200, preview.text
    assert sorted(i["applicationId"] for i in preview.json()["items"]) == ["VA500", "VA502"]
    moved = await _move(h, mine)
    assert sorted(i["applicationId"] for i in moved["items"]) == ["VA500", "VA502"]
    assert await _status(h, "VA501") == "received"


async def test_bulk_routes_are_guarded(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    for path in (f"{BULK}/status/preview", f"{BULK}/status", f"{BULK}/messages/preview", f"{BULK}/messages"):
        assert (await h.client.post(path, json={})).status_code in (401, 403)
    assert (await h.client.get(f"{BULK}/BK1")).status_code == 401


async def test_a_message_to_many_goes_once_to_each_with_its_name(
    make_harness: MakeHarness, sms_server: SmsGatewayServer
) -> None:
    h = await signed_in(make_harness, **_settings(sms_server, undo_s=30, per_minute=600))
    for n in range(4):
        await add_application(
            h, f"VA40{n}", T0, firstName=f"Kofi{n}", email=f"k{n}@example.com", preferredCountry="Qatar"
        )
    await add_application(h, "VA410", T0, email="oman@example.com", preferredCountry="Oman")
    await add_application(h, "VA411", T0, email="nophone@example.com", preferredCountry="Qatar", phone="")
    text = "Hello {name}, the Qatar hotel interviews are on Monday at 9am. Reply YES to confirm."
    selection = {"matching": {"preferredCountry": "Qatar"}}
    bad = await h.unsafe("POST", f"{BULK}/messages/preview", json={**selection, "text": "Hi {first}"})
    assert bad.json() == {"errors": {"text": "Unknown placeholder {first}: only {name} can be used"}}
    preview = (await h.unsafe("POST", f"{BULK}/messages/preview", json={**selection, "text": text})).json()
    assert (preview["count"], preview["messages"], preview["refused"], preview["totalParts"]) == (4, 4, 1, 4)
    texts = {i["applicationId"]: i["text"] for i in preview["items"]}
    assert (
        texts["VA400"] == "Hello Kofi0 Mensah, the Qatar hotel interviews are on Monday at 9am. Reply YES to confirm."
    )
    (left_out,) = [i for i in preview["items"] if i["error"]]
    assert left_out["applicationId"] == "VA411"
    assert left_out["error"] == "The application has no phone number"

    confirm = {**selection, "text": text, "bulkId": preview["bulkId"]}
    sent = (await h.unsafe("POST", f"{BULK}/messages", json=confirm)).json()
    assert (sent["done"], sent["refused"], sent["kind"]) == (4, 1, "message")
    again = (await h.unsafe("POST", f"{BULK}/messages", json=confirm)).json()
    assert again["bulkId"] == sent["bulkId"]
    got = await asyncio.to_thread(sms_server.wait_for, 4, 10.0)
    assert sorted(r.message for r in got)[0].startswith("Hello Kofi0 Mensah, the Qatar hotel")
    gaps = sorted(r.received_at for r in got)
    assert gaps[-1] - gaps[0] >= 0.25  # spread at 600 a minute: 0.1 s apart
    answer = await h.client.get(f"{BULK}/{sent['bulkId']}")
    assert "no-store" in answer.headers["cache-control"]  # names and phones of applicants
    for _ in range(100):
        result = (await h.client.get(f"{BULK}/{sent['bulkId']}")).json()
        if result["sent"] == 4:
            break
        await asyncio.sleep(0.05)
    assert (result["sent"], result["pending"], result["failed"]) == (4, 0, 0)
    await asyncio.sleep(0.3)
    assert len(sms_server.requests) == 4
    (entry,) = [e for e in await audit_actions(h) if e["action"] == "applications.bulk_sms"]
    assert entry["target"] == f"{sent['bulkId']}: 4 messages, 1 left out (filter preferredCountry=Qatar)"

    # The gateway's delivery reports (recorded as its callback does) move the result: delivered, failed.
    first, second = [i["messageId"] for i in result["items"] if i["messageId"]][:2]
    async with container(h).store.unit_of_work() as uow:
        await uow.outbox.record_report(first, ReportedDelivery.DELIVERED, "DELIVERED", T0)
        await uow.outbox.record_report(second, ReportedDelivery.FAILED, "UNDELIVERED", T0)
    after = (await h.client.get(f"{BULK}/{sent['bulkId']}")).json()
    assert (after["pending"], after["sent"], after["delivered"], after["failed"]) == (0, 2, 1, 1)
    states = {i["messageId"]: (i["sms"], i["delivery"]) for i in after["items"]}
    assert (states[first], states[second]) == (("delivered", "delivered"), ("delivered", "failed"))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("AGENCY_BULK_UNDO_SECONDS", "thirty"),
        ("AGENCY_BULK_UNDO_SECONDS", "601"),
        ("AGENCY_BULK_SMS_PER_MINUTE", "0"),
        ("AGENCY_BULK_SMS_PER_MINUTE", "１００"),
    ],
)
def test_a_wrong_bulk_setting_stops_the_start_naming_it(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


def test_bulk_settings_default_to_a_30_s_undo_window_and_100_texts_a_minute() -> None:
    assert Settings.from_env({}).bulk == BulkSettings(30, 100)
    assert Settings.from_env({"AGENCY_BULK_UNDO_SECONDS": "0"}).bulk.undo_window_s == 0
