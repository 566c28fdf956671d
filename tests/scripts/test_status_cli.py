"""``agency status``: a thin shell over the client that never claims what it did not do."""

from __future__ import annotations

import asyncio
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

from agency_core.records import ApplicationStatus
from tests.scripts.records import DataDir, env_for, phone_of
from tests.support.sms_gateway import SmsGatewayServer


def agency(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AGENCY_")}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], capture_output=True, text=True, env=clean | env, timeout=120
    )


async def run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(agency, *args, env=env)


def lines(done: subprocess.CompletedProcess[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def write_csv(path: Path, rows: list[dict[str, str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=["application_id", "status", "region"])
        writer.writeheader()
        writer.writerows(rows)
    return path


async def test_one_change_prints_what_happened_and_exits_zero(data: DataDir, sms_server: SmsGatewayServer) -> None:
    await data.add("VA1", "+233241234567")
    done = await run("status", "VA1", "processing", env=env_for(data.path, sms_server.base_url))
    assert done.returncode == 0, done.stderr
    (line,) = lines(done)
    assert line == {
        "row": 1,
        "application": "VA1",
        "status": "processing",
        "statusChanged": True,
        "sms": "sent",
        "key": "VA1-status-processing",
        "message": "Application status SMS sent successfully",
    }
    assert done.stderr.strip() == "agency: 1 rows: 1 statuses changed; SMS: 1 sent"
    assert [r.idempotency_key for r in sms_server.requests] == ["VA1-status-processing"]


async def test_without_a_gateway_it_refuses_and_a_dry_run_says_it_sent_nothing(data: DataDir) -> None:
    await data.add("VA1", "+233241234567")
    refused = await run("status", "VA1", "processing", env=env_for(data.path, None))
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert "AGENCY_SMS_BASE_URL" in refused.stderr
    dry = await run("status", "VA1", "processing", "--dry-run", env=env_for(data.path, None))
    assert dry.returncode == 0, dry.stderr
    (line,) = lines(dry)
    assert (line["sms"], line["message"], line["statusChanged"]) == ("dry_run", "Dry run: nothing sent", False)
    assert str(line["text"]).startswith("Dear Kwame Mensah, your application is now being processed.")
    assert dry.stderr.startswith("agency: dry run, nothing changed or sent: 1 rows checked")
    assert await data.status("VA1") is ApplicationStatus.RECEIVED


async def test_the_legacy_sms_command_refuses_without_a_gateway() -> None:
    done = await run("sms", "status", "--phone", "0241234567", "--name", "Ama", "--status", "approved", env={})
    assert done.returncode == 2
    assert done.stdout == ""
    assert "AGENCY_SMS_BASE_URL" in done.stderr
    ambiguous = await run(
        "sms", "status", "--phone", "0501234567", "--name", "A", "--status", "approved", "--dry-run", env={}
    )  # fmt: skip
    assert ambiguous.returncode == 2
    assert json.loads(ambiguous.stdout)["sms"] == "rejected"
    assert "+233501234567, +971501234567" in json.loads(ambiguous.stdout)["message"]


async def test_a_csv_with_an_ambiguous_number_is_refused_before_anything_is_sent(
    data: DataDir, sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    await data.add("VA1", "+233241234567")
    await data.add("VA2", "0501234567")
    rows = [{"application_id": "VA1", "status": "processing"}, {"application_id": "VA2", "status": "processing"}]
    done = await run(
        "status", "--csv", str(write_csv(tmp_path / "c.csv", rows)), env=env_for(data.path, sms_server.base_url)
    )
    assert done.returncode == 2
    (line,) = lines(done)
    assert (line["row"], line["application"], line["sms"]) == (2, "VA2", "rejected")
    assert "give its region (GH or AE)" in str(line["message"])
    assert sms_server.requests == []
    assert await data.status("VA1") is ApplicationStatus.RECEIVED
    rows[1]["region"] = "AE"
    fixed = await run(
        "status", "--csv", str(write_csv(tmp_path / "c.csv", rows)), env=env_for(data.path, sms_server.base_url)
    )
    assert fixed.returncode == 0, fixed.stderr
    assert sorted(r.phone for r in sms_server.delivered()) == ["+233241234567", "+971501234567"]


async def test_a_csv_of_fifty_failing_half_way_run_three_times_texts_each_applicant_once(
    data: DataDir, sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    ids = await data.add_many(50)
    path = write_csv(tmp_path / "nightly.csv", [{"application_id": i, "status": "processing"} for i in ids])
    env = env_for(data.path, sms_server.base_url)
    sms_server.behaviour.fail_phones = {phone_of(n) for n in range(25, 50)}
    first = await run("status", "--csv", str(path), env=env)
    assert first.returncode == 1
    assert [line["sms"] for line in lines(first)] == ["sent"] * 25 + ["refused"] * 25
    assert {line["gatewayStatus"] for line in lines(first)[25:]} == {503}
    assert first.stderr.strip() == "agency: 50 rows: 50 statuses changed; SMS: 25 refused, 25 sent"
    sms_server.behaviour.fail_phones = {phone_of(n) for n in range(40, 50)}
    second = await run("status", "--csv", str(path), env=env)
    assert second.returncode == 1
    sms_server.behaviour.fail_phones = set()
    third = await run("status", "--csv", str(path), env=env)
    assert third.returncode == 0, third.stderr
    assert [line["statusChanged"] for line in lines(third)] == [False] * 50
    assert [line["sms"] for line in lines(third)] == ["replayed"] * 40 + ["sent"] * 10
    assert third.stderr.strip() == "agency: 50 rows: 0 statuses changed; SMS: 40 replayed, 10 sent"
    assert sorted(r.phone for r in sms_server.delivered()) == [phone_of(n) for n in range(50)]
    changes = [e for e in await data.audit() if e.action == "application.status"]
    assert sorted(e.target.split(":")[0] for e in changes) == ids
    assert {e.actor for e in changes} == {"script:nightly"}


async def test_a_killed_run_then_a_rerun_texts_each_applicant_once(
    data: DataDir, sms_server: SmsGatewayServer, tmp_path: Path
) -> None:
    ids = await data.add_many(20)
    path = write_csv(tmp_path / "nightly.csv", [{"application_id": i, "status": "processing"} for i in ids])
    env = env_for(data.path, sms_server.base_url)
    sms_server.behaviour.delay_s = 0.5
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AGENCY_")}
    killed = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "app.cli",
        "status",
        "--csv",
        str(path),
        env=clean | env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await asyncio.to_thread(sms_server.wait_for, 5, 60.0)
    finally:
        killed.kill()  # SIGKILL: no clean-up, its leases stay until they run out
        await killed.wait()
    assert len(sms_server.delivered()) < 20
    sms_server.behaviour.delay_s = 0.0
    rerun = await run("status", "--csv", str(path), env=env)
    assert rerun.returncode == 0, rerun.stderr
    assert {line["sms"] for line in lines(rerun)} <= {"sent", "replayed"}
    await asyncio.sleep(1.0)  # requests the killed run had in flight are recorded once answered
    assert sorted(r.phone for r in sms_server.delivered()) == [phone_of(n) for n in range(20)]
    assert [await data.status(i) for i in ids] == [ApplicationStatus.PROCESSING] * 20


async def test_show_prints_the_status_and_its_texts_and_changes_nothing(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    env = env_for(data.path, sms_server.base_url)
    assert (await run("status", "VA1", "processing", env=env)).returncode == 0
    shown = await run("status", "--show", "VA1", env=env_for(data.path, None))
    assert shown.returncode == 0, shown.stderr
    (line,) = lines(shown)
    texts = line["texts"]
    assert isinstance(texts, list)
    (text,) = texts
    assert (line["application"], line["status"]) == ("VA1", "processing")
    assert (text["key"], text["announces"], text["delivery"], text["attempts"]) == (
        "VA1-status-processing",
        "processing",
        "sent",
        1,
    )
    assert str(text["sentAt"]).startswith("20")
    missing = await run("status", "--show", "VA404", env=env)
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr.strip() == "agency: Application VA404 not found"
    assert len(sms_server.requests) == 1


async def test_a_rerun_prints_replayed_and_the_actor_flag_is_marked_as_a_scripts(
    data: DataDir, sms_server: SmsGatewayServer
) -> None:
    await data.add("VA1", "+233241234567")
    env = env_for(data.path, sms_server.base_url)
    first = await run("status", "VA1", "processing", "--actor", "staff@vandytravel.com", env=env)
    again = await run("status", "VA1", "processing", env=env)
    assert [first.returncode, again.returncode] == [0, 0]
    assert [lines(first)[0]["sms"], lines(again)[0]["sms"]] == ["sent", "replayed"]
    assert "sentAt" not in lines(first)[0]
    assert str(lines(again)[0]["sentAt"]).startswith("20")
    assert again.stderr.strip() == "agency: 1 rows: 0 statuses changed; SMS: 1 replayed"
    (entry,) = [e for e in await data.audit() if e.action == "application.status"]
    assert entry.actor == "script:staff@vandytravel.com"
    assert len(sms_server.requests) == 1


async def test_the_cli_names_every_missing_production_setting_at_once() -> None:
    done = await run("status", "VA1", "processing", env={"AGENCY_ENV": "production"})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("agency: the script's settings are missing or wrong: AGENCY_DATA_DIR (")
    for name in ("AGENCY_FILES_KEY", "AGENCY_SITE_URL", "AGENCY_SMS_BASE_URL"):
        assert name in done.stderr
    assert "AGENCY_SECRET_KEY" not in done.stderr
    assert "AGENCY_LABOUR_LICENCE" not in done.stderr
