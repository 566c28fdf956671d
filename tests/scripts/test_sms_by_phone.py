"""Status texts by phone (``send_status_sms``, ``agency sms status``): keyed by person and text, or
by application, never by phone and status alone; refused without a name; audited as a script's."""

from __future__ import annotations

import json

from adapters.sms_http import HttpSmsGateway
from agency_core import ApplicationStatus, NotSent, send_status_sms
from agency_core.messaging.notifications import NAME_REQUIRED
from tests.scripts.records import DataDir, env_for
from tests.scripts.test_status_cli import lines, run
from tests.support.sms_gateway import SmsGatewayServer

SHARED_PHONE = "+233241234567"
APPROVED = ApplicationStatus.APPROVED


async def test_two_people_on_one_phone_are_each_texted_once_and_a_rerun_texts_nobody(
    sms_server: SmsGatewayServer,
) -> None:
    gateway = HttpSmsGateway(sms_server.base_url, "k", "VANDY")
    try:
        first = [await send_status_sms(gateway, SHARED_PHONE, name, APPROVED) for name in ("Ama Owusu", "Kofi Owusu")]
        again = [await send_status_sms(gateway, "0241234567", name, APPROVED) for name in ("Ama Owusu", "Kofi Owusu")]
    finally:
        await gateway.aclose()
    assert [o.state for o in first] == ["sent", "sent"]
    assert first[0].key != first[1].key
    assert [o.key for o in again] == [o.key for o in first]
    delivered = sms_server.delivered()
    assert [r.message.split("!")[0] for r in delivered] == ["Congratulations Ama Owusu", "Congratulations Kofi Owusu"]
    assert len(sms_server.requests) == 4  # the re-run's two were answered as replays, not sent


async def test_send_status_sms_keys_by_application_when_one_is_named(sms_server: SmsGatewayServer) -> None:
    gateway = HttpSmsGateway(sms_server.base_url, "k", "VANDY")
    try:
        sent = await send_status_sms(gateway, SHARED_PHONE, "Ama", APPROVED, application_id="VA1")
    finally:
        await gateway.aclose()
    assert sent.key == "VA1-status-approved"  # the key `agency status` sends the same change with
    assert [r.idempotency_key for r in sms_server.requests] == ["VA1-status-approved"]


async def test_a_blank_name_is_refused_and_nothing_is_sent(sms_server: SmsGatewayServer) -> None:
    gateway = HttpSmsGateway(sms_server.base_url, "k", "VANDY")
    try:
        outcomes = [await send_status_sms(gateway, SHARED_PHONE, name, APPROVED) for name in ("", "   ")]
    finally:
        await gateway.aclose()
    assert outcomes == [NotSent("", NAME_REQUIRED)] * 2
    assert sms_server.requests == []


async def test_the_sms_command_texts_two_people_on_one_phone_once_each_even_when_the_gateway_ignores_keys(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    sms_server.behaviour.honour_idempotency_key = False
    env = env_for(data.path, sms_server.base_url)
    texts = ("sms", "status", "--phone", "0241234567", "--status", "approved")
    first = [await run(*texts, "--name", name, env=env) for name in ("Ama", "Kofi")]
    again = [await run(*texts, "--name", name, env=env) for name in ("Ama", "Kofi")]
    assert [d.returncode for d in (*first, *again)] == [0] * 4
    assert [lines(d)[0]["sms"] for d in (*first, *again)] == ["sent", "sent", "replayed", "replayed"]
    assert str(lines(again[0])[0]["message"]).startswith("Application status SMS already sent on an earlier run (")
    assert len(sms_server.requests) == 2  # the audit log knew: the gateway was not asked again
    assert sorted(r.message.split("!")[0] for r in sms_server.delivered()) == [
        "Congratulations Ama",
        "Congratulations Kofi",
    ]


async def test_the_sms_command_refuses_a_blank_name_before_anything_is_sent(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    done = await run(
        "sms", "status", "--phone", SHARED_PHONE, "--name", " ", "--status", "approved",
        env=env_for(data.path, sms_server.base_url),
    )  # fmt: skip
    assert done.returncode == 2
    assert json.loads(done.stdout) == {"success": False, "sms": "rejected", "message": NAME_REQUIRED}
    assert sms_server.requests == []


async def test_the_sms_command_is_audited_as_a_scripts_and_its_dry_run_says_the_text_went(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    env = env_for(data.path, sms_server.base_url, AGENCY_SCRIPT_ACTOR="staff@vandytravel.com")
    texts = ("sms", "status", "--phone", SHARED_PHONE, "--name", "Ama", "--status", "approved")
    before = await run(*texts, "--dry-run", env=env)
    sent = await run(*texts, "--actor", "kofi@vandytravel.com", env=env)
    after = await run(*texts, "--dry-run", env=env)
    assert [d.returncode for d in (before, sent, after)] == [0, 0, 0]
    assert lines(before)[0]["message"] == "Dry run: nothing sent"
    assert str(lines(after)[0]["message"]).startswith("Dry run: nothing sent; this text already went on ")
    (entry,) = [e for e in await data.audit() if e.action == "sms.status"]
    key = lines(sent)[0]["key"]
    assert entry.actor == "script:kofi@vandytravel.com"
    assert entry.target == f"sms {key}: approved text to +2332******67 (sent)"
    assert len(sms_server.requests) == 1


async def test_a_text_already_sent_by_agency_status_is_replayed_by_the_sms_command_for_its_application(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", SHARED_PHONE, firstName="Ama", lastName="Owusu")
    env = env_for(data.path, sms_server.base_url)
    assert (await run("status", "VA1", "processing", env=env)).returncode == 0
    by_phone = await run(
        "sms", "status", "--phone", SHARED_PHONE, "--name", "Ama Owusu", "--status", "processing",
        "--application", "VA1", env=env,
    )  # fmt: skip
    assert by_phone.returncode == 0, by_phone.stderr
    assert lines(by_phone)[0]["key"] == "VA1-status-processing"
    assert len(sms_server.delivered()) == 1
