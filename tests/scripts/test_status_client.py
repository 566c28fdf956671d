"""The scripts' client against the local SMS gateway and the real SQLite store."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.sms_http import HttpSmsGateway
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from agency_core.errors import Rejected
from agency_core.messaging.delivery import DeliveryState
from agency_core.messaging.notifications import NAME_REQUIRED
from agency_core.messaging.outbox import OutboxWorker
from agency_core.privacy.model import Person
from agency_core.records import ApplicationStatus, OutboxStatus
from agency_scripts import (
    AmbiguousPhone,
    AsyncStatusClient,
    BatchRejected,
    Conflict,
    DryRun,
    GatewayNotConfigured,
    NoSms,
    Queued,
    Refused,
    Sent,
    StatusClient,
    StatusRow,
    Unknown,
    UnknownApplication,
    UnknownStatus,
)
from agency_scripts.compose import build_parts
from agency_scripts.settings import ScriptSettings, SettingsMissing, read_settings, script_track_url
from app.settings import Settings, SettingsError
from tests.scripts.records import DataDir, env_for, phone_of
from tests.support.sms_gateway import SmsGatewayServer

PROCESSING = ApplicationStatus.PROCESSING
SENT, PENDING = DeliveryState.SENT, DeliveryState.PENDING


def client_for(data: DataDir, sms_server: SmsGatewayServer | None, **extra: str) -> AsyncStatusClient:
    return AsyncStatusClient.from_env(env_for(data.path, sms_server.base_url if sms_server else None, **extra))


async def test_a_change_is_the_admins_status_change_texted_once(data: DataDir, sms_server: SmsGatewayServer) -> None:
    await data.add("VA1", "+233241234567", firstName="Ama", lastName="Owusu")
    await data.switch("VANDYHR")
    env = env_for(data.path, sms_server.base_url, AGENCY_SITE_URL="https://vandytravel.com")
    with StatusClient.from_env(env) as client:
        report = client.change_status("VA1", "processing")
        again = client.change_status("VA1", "processing")
    assert (report.changed, report.outcome) == (
        True,
        Sent("VA1-status-processing", gateway_message="Message queued", data={"id": "msg-1"}),
    )
    assert report.outcome.message == "Application status SMS sent successfully"
    assert (again.changed, again.outcome.state, again.outcome.key) == (False, "replayed", "VA1-status-processing")
    assert again.outcome.message.startswith("Application status SMS already sent on an earlier run (20")
    (request,) = sms_server.requests
    assert request.idempotency_key == "VA1-status-processing"
    assert request.body["sender"] == "VANDYHR"
    assert request.phone == "+233241234567"
    assert request.message.startswith("Dear Ama Owusu, your application is now being processed.")
    assert request.message.endswith("Track: vandytravel.com/track")
    assert await data.status("VA1") is PROCESSING
    (sms,) = await data.sms("VA1")
    assert (sms.id, sms.status) == ("VA1-status-processing", OutboxStatus.DELIVERED)
    (entry,) = [e for e in await data.audit() if e.action == "application.status"]
    assert (entry.actor, entry.target) == ("script:nightly", "VA1: received -> processing (status SMS queued)")
    tracked = await data.tracked("VA1", "0241234567")
    assert tracked is not None
    assert [h.status for h in tracked.history] == [ApplicationStatus.RECEIVED, PROCESSING]
    found = await SqlitePersonalDataStore(data.database, data.sealer).find(Person(phone="+233241234567"))
    assert [(m.id, m.text) for m in found.sms] == [("VA1-status-processing", request.message)]


async def test_a_status_switched_off_changes_the_record_and_texts_nobody(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    await data.switch("VANDY", processing=False)
    async with client_for(data, sms_server) as client:
        report = await client.change_status("VA1", PROCESSING)
    assert report.changed
    assert report.outcome == NoSms("", "Status SMS for processing is switched off in the admin settings")
    assert sms_server.requests == []
    assert await data.status("VA1") is PROCESSING
    (entry,) = [e for e in await data.audit() if e.action == "application.status"]
    assert entry.target == "VA1: received -> processing (status SMS off)"


async def test_bad_input_is_refused_before_anything_is_written_or_sent(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "050 123 4567")
    await data.add("VA2", "+233241234567")
    async with client_for(data, sms_server) as client:
        with pytest.raises(AmbiguousPhone) as ambiguous:
            await client.change_status("VA1", "processing")
        with pytest.raises(UnknownApplication):
            await client.change_status("VA9", "processing")
        with pytest.raises(UnknownStatus, match="Status must be received, processing, approved or rejected"):
            await client.change_status("VA2", "done")
        with pytest.raises(Conflict, match="it can move to processing, not approved"):
            await client.change_status("VA2", "approved")
        with pytest.raises(BatchRejected) as batch:
            await client.change_statuses([StatusRow("VA2", "processing"), StatusRow("VA1", "processing")])
    assert ambiguous.value.candidates == ("+233501234567", "+971501234567")
    assert "+233501234567, +971501234567" in ambiguous.value.message
    assert list(batch.value.rows) == [1]
    assert batch.value.message.startswith("1 of 2 rows refused, nothing sent (row 2: The local number 050 123 4567")
    assert sms_server.requests == []
    assert [await data.status(i) for i in ("VA1", "VA2")] == [ApplicationStatus.RECEIVED] * 2
    assert await data.sms("VA1") == []
    assert await data.sms("VA2") == []
    assert [e for e in await data.audit() if e.action == "application.status"] == []


async def test_an_explicit_region_decides_a_local_number(data: DataDir, sms_server: SmsGatewayServer) -> None:
    await data.add("VA1", "050 123 4567", firstName="Ọbɛng", lastName="王伟")
    async with client_for(data, sms_server) as client:
        report = await client.change_status("VA1", "processing", region="AE")
    assert isinstance(report.outcome, Sent)
    (request,) = sms_server.requests
    assert request.phone == "+971501234567"
    assert request.message.startswith("Dear Obeng, your application")
    assert "?" not in request.message


async def test_without_a_gateway_sends_refuse_naming_the_setting_unless_a_dry_run(data: DataDir) -> None:
    await data.add("VA1", "+233241234567")
    env = env_for(data.path, None, AGENCY_SITE_URL="http://127.0.0.1:8000")
    with pytest.raises(SettingsMissing, match="AGENCY_SMS_BASE_URL"):
        AsyncStatusClient.from_env(env)
    async with AsyncStatusClient.from_env(env, dry_run=True) as client:
        with pytest.raises(GatewayNotConfigured, match="AGENCY_SMS_BASE_URL"):
            await client.change_status("VA1", "processing", dry_run=False)
        dry = await client.change_status("VA1", "processing")
    assert dry.changed is False
    assert isinstance(dry.outcome, DryRun)
    assert dry.outcome.message == "Dry run: nothing sent"
    assert dry.outcome.phone == "+233241234567"
    assert "Track:" not in dry.outcome.text  # a loopback site address never reaches an applicant
    assert await data.status("VA1") is ApplicationStatus.RECEIVED
    assert await data.sms("VA1") == []


def test_production_refuses_a_loopback_site_address_for_texts() -> None:
    settings = Settings(env_name="production", site_url="http://localhost:8000")
    with pytest.raises(SettingsError, match="AGENCY_SITE_URL"):
        script_track_url(settings)
    assert script_track_url(replace(settings, site_url="https://vandytravel.com")) == "vandytravel.com/track"


async def test_a_timeout_after_the_gateway_received_is_unknown_held_then_resent_once_under_its_key(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    settings = Settings.from_env(env_for(data.path, sms_server.base_url))
    settle = timedelta(seconds=2)  # no delivery report comes: the text may be resent after the wait
    settings = replace(
        settings,
        sms=replace(settings.sms, timeout_s=0.3),
        sms_reports=replace(settings.sms_reports, settle_wait=settle),
    )
    sms_server.behaviour.delay_s = 1.0
    async with AsyncStatusClient(build_parts(settings, ScriptSettings(actor="script:t"))) as client:
        first = await client.change_status("VA1", "processing")
    assert first.changed
    assert isinstance(first.outcome, Unknown)
    await asyncio.to_thread(sms_server.wait_for, 1)  # the gateway has sent it (its answer was lost)
    sms_server.behaviour.delay_s = 0.0
    async with AsyncStatusClient(build_parts(settings, ScriptSettings(actor="script:t"))) as client:
        held = await client.change_status("VA1", "processing")
        await asyncio.sleep(settle.total_seconds())
        third = await client.change_status("VA1", "processing")
    assert (held.changed, held.outcome.state) == (False, "unknown")
    assert "held until its delivery report" in held.outcome.message
    assert (third.changed, third.outcome.state) == (False, "sent")
    assert [r.replayed for r in sms_server.requests] == [False, True]
    assert len(sms_server.delivered()) == 1
    (sms,) = await data.sms("VA1")
    assert sms.status is OutboxStatus.DELIVERED


async def test_a_gateway_refusal_is_typed_and_a_rerun_sends_it(data: DataDir, sms_server: SmsGatewayServer) -> None:
    await data.add("VA1", "+233241234567")
    sms_server.behaviour.status = 402
    sms_server.behaviour.error_body = {"message": "Insufficient balance"}
    async with client_for(data, sms_server) as client:
        refused = await client.change_status("VA1", "processing")
        sms_server.behaviour.status = 200
        sent = await client.change_status("VA1", "processing")
    assert refused.outcome == Refused("VA1-status-processing", 402, "Insufficient balance")
    assert (sent.changed, sent.outcome.state) == (False, "sent")
    assert len(sms_server.delivered()) == 1


async def test_a_killed_script_leaves_its_text_queued_and_the_rerun_sends_it_once(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    async with client_for(data, sms_server) as client:
        queued = await client.change_status("VA1", "processing", wait=False)
    assert queued.outcome == Queued("VA1-status-processing")
    assert sms_server.requests == []
    # A script killed while sending holds a lease until it runs out: the re-run waits for it, then sends.
    # The lease is a second of the script's real time (it runs on the real clock): elapsed time, no date.
    now = datetime.now(UTC)
    assert await data.store.outbox.claim_message("VA1-status-processing", now, now + timedelta(seconds=1), "dead")
    async with client_for(data, sms_server) as client:
        sent = await client.change_status("VA1", "processing")
    assert sent.outcome.state == "sent"
    assert len(sms_server.delivered()) == 1
    assert datetime.now(UTC) >= now + timedelta(seconds=1)


async def test_a_text_the_apps_worker_is_sending_is_waited_for_not_sent_again(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    async with client_for(data, sms_server) as client:
        await client.change_status("VA1", "processing", wait=False)
        sms_server.behaviour.delay_s = 0.5
        gateway = HttpSmsGateway(sms_server.base_url, "k", "VANDY")
        delivering = asyncio.create_task(OutboxWorker(data.store.outbox, gateway, owner="app").run_once())
        for _ in range(500):  # until the app's worker holds the text
            held = await data.store.outbox.get("VA1-status-processing")
            if held is not None and held.lease_owner == "app":
                break
            await asyncio.sleep(0.01)
        report = await client.change_status("VA1", "processing")
        assert await delivering == 1
        await gateway.aclose()
    assert (report.outcome.state, report.outcome.key) == ("replayed", "VA1-status-processing")
    assert len(sms_server.requests) == 1


async def test_fifty_concurrent_changes_lose_none_to_the_clients_pool(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    ids = await data.add_many(50)
    sms_server.behaviour.delay_s = 0.2
    async with client_for(data, sms_server) as client:
        reports = await asyncio.gather(*(client.change_status(i, "processing") for i in ids))
    assert [r.outcome.state for r in reports] == ["sent"] * 50
    assert sorted(r.phone for r in sms_server.delivered()) == [phone_of(n) for n in range(50)]
    assert len(sms_server.requests) == 50


async def test_a_batch_of_fifty_failing_half_way_texts_everyone_exactly_once_over_two_reruns(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    ids = await data.add_many(50)
    rows = [StatusRow(i, "processing") for i in ids]
    sms_server.behaviour.fail_phones = {phone_of(n) for n in range(25, 50)}
    async with client_for(data, sms_server) as client:
        first = await client.change_statuses(rows)
    assert first.counts == {"sent": 25, "refused": 25}
    assert all(r.changed for r in first.reports)
    sms_server.behaviour.fail_phones = {phone_of(n) for n in range(40, 50)}
    async with client_for(data, sms_server) as client:
        second = await client.change_statuses(rows)
    assert second.counts == {"replayed": 25, "sent": 15, "refused": 10}
    sms_server.behaviour.fail_phones = set()
    async with client_for(data, sms_server) as client:
        third = await client.change_statuses(rows)
    assert third.counts == {"replayed": 40, "sent": 10}
    assert third.ok
    assert not any(r.changed for r in (*second.reports, *third.reports))
    delivered = sorted(r.phone for r in sms_server.delivered())
    assert delivered == [phone_of(n) for n in range(50)]
    assert [await data.status(i) for i in ids] == [PROCESSING] * 50
    changes = [e for e in await data.audit() if e.action == "application.status"]
    assert len(changes) == 50
    for n in (0, 49):
        tracked = await data.tracked(ids[n], phone_of(n))
        assert tracked is not None
        assert [h.status for h in tracked.history] == [ApplicationStatus.RECEIVED, PROCESSING]


async def test_a_callers_key_goes_to_the_gateway_and_cannot_be_reused_for_another_application(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    await data.add("VA2", "+233241234568")
    async with client_for(data, sms_server) as client:
        sent = await client.change_status("VA1", "processing", idempotency_key="nightly-2026-03-02-VA1")
        with pytest.raises(BatchRejected) as refused:
            await client.change_statuses(
                [
                    StatusRow("VA2", "processing", idempotency_key="nightly-2026-03-02-VA1"),
                    StatusRow("VA1", "approved", idempotency_key="nightly-2026-03-02-VA1"),
                    StatusRow("VA1", "rejected"),
                ]
            )
    assert sent.outcome.key == "nightly-2026-03-02-VA1"
    assert [r.idempotency_key for r in sms_server.requests] == ["nightly-2026-03-02-VA1"]
    assert refused.value.errors == {
        "0": "This idempotency key was already used for application VA1",
        "1": "This idempotency key was already used for an earlier status change of this application",
        "2": "VA1 is also on row 2",
    }
    assert await data.status("VA2") is ApplicationStatus.RECEIVED
    assert await data.status("VA1") is PROCESSING


async def test_show_reports_the_status_and_when_each_text_went_changing_nothing(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    async with client_for(data, sms_server) as client:
        before = await client.show("VA1")
        await client.change_status("VA1", "processing")
        await client.change_status("VA1", "approved", wait=False)
        after = await client.show("VA1")
        again = await client.show("VA1")
        with pytest.raises(UnknownApplication) as missing:
            await client.show("VA404")
    assert (before.status, before.texts) == (ApplicationStatus.RECEIVED, ())
    assert after == again
    assert after.status is ApplicationStatus.APPROVED
    processing, approved = after.texts
    assert (processing.key, processing.announces, processing.delivery.value) == (
        "VA1-status-processing",
        PROCESSING,
        "sent",
    )
    assert processing.sent_at is not None
    assert (approved.announces, approved.sent_at, approved.delivery.value) == (
        ApplicationStatus.APPROVED,
        None,
        "pending",
    )
    assert len(sms_server.requests) == 1  # show sent nothing, and the queued text is still queued
    assert str(missing.value) == "Application VA404 not found"


async def test_a_dry_run_says_when_the_text_already_went(data: DataDir, sms_server: SmsGatewayServer) -> None:
    await data.add("VA1", "+233241234567")
    async with client_for(data, sms_server) as client:
        sent = await client.change_status("VA1", "processing")
        dry = await client.change_status("VA1", "processing", dry_run=True)
    (stored,) = await data.sms("VA1")
    assert isinstance(dry.outcome, DryRun)
    assert dry.outcome.already_sent_at == stored.delivered_at
    assert dry.outcome.message.startswith("Dry run: nothing sent; this text already went on 20")
    assert sent.outcome.state == "sent"
    assert len(sms_server.requests) == 1


async def test_an_application_without_a_name_is_refused_before_anything_is_sent(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567", firstName="  ", lastName="")
    async with client_for(data, sms_server) as client:
        with pytest.raises(Rejected) as refused:
            await client.change_status("VA1", "processing")
    assert str(refused.value) == f"VA1: {NAME_REQUIRED}"
    assert sms_server.requests == []
    assert await data.status("VA1") is ApplicationStatus.RECEIVED


async def test_an_actor_given_is_marked_as_a_scripts_in_the_audit_log(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    await data.add("VA2", "+233241234568")
    env = env_for(data.path, sms_server.base_url, AGENCY_SCRIPT_ACTOR="ops@vandytravel.com")
    async with AsyncStatusClient.from_env(env) as by_setting:
        await by_setting.change_status("VA1", "processing")
    async with AsyncStatusClient.from_env(env, actor="staff@vandytravel.com") as by_argument:
        await by_argument.change_status("VA2", "processing")
    changes = sorted((e.target[:3], e.actor) for e in await data.audit() if e.action == "application.status")
    assert changes == [("VA1", "script:ops@vandytravel.com"), ("VA2", "script:staff@vandytravel.com")]


def test_production_script_settings_ask_only_for_what_a_script_uses_all_at_once(tmp_path: Path) -> None:
    env = {"AGENCY_ENV": "production", "AGENCY_SCRIPT_CONCURRENCY": "99"}
    with pytest.raises(SettingsMissing) as missing:
        AsyncStatusClient.from_env(env)
    assert [p.split(" ")[0] for p in missing.value.problems] == [
        "AGENCY_DATA_DIR",
        "AGENCY_FILES_KEY",
        "AGENCY_SITE_URL",
        "AGENCY_SMS_BASE_URL",
        "AGENCY_SCRIPT_CONCURRENCY",
    ]
    assert "AGENCY_SECRET_KEY" not in str(missing.value)  # the server's, not a script's
    complete = {
        "AGENCY_ENV": "production",
        "AGENCY_DATA_DIR": str(tmp_path),
        "AGENCY_FILES_KEY": Fernet.generate_key().decode(),
        "AGENCY_SITE_URL": "https://vandytravel.com",
    }
    settings, script = read_settings(complete, sends=False)
    assert (settings.production, settings.data_dir, script.phone_region) == (True, tmp_path.resolve(), "GH")
    with pytest.raises(SettingsMissing, match="AGENCY_SITE_URL set to the public address"):
        read_settings(complete | {"AGENCY_SITE_URL": "http://localhost:8000"}, sends=False)


def test_every_refusal_says_why_in_its_str() -> None:
    rejected = BatchRejected({0: UnknownApplication("VA9"), 1: UnknownStatus("Status must be ...")}, 2)
    assert str(UnknownApplication("VA9")) == "Application VA9 not found"
    assert UnknownApplication("VA9").message == "Application not found"  # the API's answer names no ID
    assert str(Rejected({"name": "Enter a name", "phone": "Enter a phone"})) == "Enter a name; Enter a phone"
    assert str(rejected) == rejected.message
    assert rejected.message.startswith("2 of 2 rows refused, nothing sent (row 1: Application VA9 not found")
    assert str(GatewayNotConfigured("No SMS gateway")) == "No SMS gateway"


async def test_two_applications_on_one_phone_are_each_texted_once_and_a_rerun_texts_nobody(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567", firstName="Ama", lastName="Owusu")
    await data.add("VA2", "0241234567", firstName="Kofi", lastName="Owusu")
    rows = [StatusRow("VA1", "processing"), StatusRow("VA2", "processing")]
    async with client_for(data, sms_server) as client:
        first = await client.change_statuses(rows)
        again = await client.change_statuses(rows)
    assert [(r.outcome.state, r.outcome.key) for r in first.reports] == [
        ("sent", "VA1-status-processing"),
        ("sent", "VA2-status-processing"),
    ]
    assert again.counts == {"replayed": 2}
    assert sorted(r.message.split(",")[0] for r in sms_server.requests) == ["Dear Ama Owusu", "Dear Kofi Owusu"]
