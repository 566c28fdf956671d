"""Production fails closed: ``agency serve`` refuses to start without each setting docs/settings.md
lists as required in production, and with an ``AGENCY_ENV`` that is neither development nor production."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.settings import Settings, SettingsError
from tests.support.production import REQUIRED, production

SETTINGS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "settings.md"


def documented_required_settings() -> list[str]:
    section = SETTINGS_PAGE.read_text().split("## Required in production", 1)[1].split("\n#", 1)[0]
    return re.findall(r"^- `([A-Z_]+)`", section, flags=re.MULTILINE)


def serve(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AGENCY_", "PAYSTACK_"))}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "serve", "--port", "1"],
        capture_output=True,
        text=True,
        env=clean | env,
        timeout=60,
    )


def test_the_settings_page_lists_every_setting_production_requires() -> None:
    assert sorted(documented_required_settings()) == sorted(set(REQUIRED) - {"AGENCY_ENV"})


@pytest.mark.parametrize("name", documented_required_settings())
def test_production_without_a_required_setting_is_refused_naming_it(name: str, tmp_path: Path) -> None:
    env = production(AGENCY_DATA_DIR=str(tmp_path))
    del env[name]
    done = serve(env)
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("agency: AGENCY_ENV=production needs ") or last.startswith("agency: AGENCY_SECRET_KEY")
    assert name in last


@pytest.mark.parametrize("value", ["prod", "Production-x", "staging", "dev", " "])
def test_an_unknown_agency_env_is_refused_naming_it(value: str, tmp_path: Path) -> None:
    done = serve(production(AGENCY_ENV=value, AGENCY_DATA_DIR=str(tmp_path)))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"agency: AGENCY_ENV must be development or production, not {value!r}"
    )


@pytest.mark.parametrize(
    ("value", "production_mode"), [("PRODUCTION", True), ("Production", True), ("Development", False)]
)
def test_agency_env_is_read_in_any_case(value: str, production_mode: bool) -> None:
    assert Settings.from_env(production(AGENCY_ENV=value)).production is production_mode


def test_production_with_the_legal_numbers_unset_says_so_not_not_set() -> None:
    with pytest.raises(SettingsError, match="AGENCY_LABOUR_LICENCE"):
        Settings.from_env(production(AGENCY_LABOUR_LICENCE="  "))


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("AGENCY_SECRET_KEY", "k" * 40),
        ("AGENCY_SECRET_KEY", "passwordpasswordpasswordpassword"),
        ("AGENCY_SECRET_KEY", "abcdefghijklmnopqrstuvwxyz0123456789"),
        ("AGENCY_SMS_REPORT_SECRET", "r" * 40),
    ],
)
def test_a_guessable_secret_is_refused_by_its_entropy_naming_it(name: str, value: str) -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(production(**{name: value}))
    assert str(refused.value).startswith(f"{name} is too easy to guess")


def test_a_random_secret_of_32_characters_passes() -> None:
    for _ in range(200):
        key, report = secrets.token_hex(16), secrets.token_urlsafe(24)
        settings = Settings.from_env(production(AGENCY_SECRET_KEY=key, AGENCY_SMS_REPORT_SECRET=report))
        assert (settings.secret_key, settings.sms_reports.secret) == (key, report)


def test_production_without_a_gateway_or_smtp_host_is_refused_naming_both(tmp_path: Path) -> None:
    env = production(AGENCY_DATA_DIR=str(tmp_path))
    del env["AGENCY_MESSAGES"]
    done = serve(env)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "agency: AGENCY_ENV=production needs AGENCY_SMS_BASE_URL and AGENCY_SMTP_HOST to deliver texts and "
        "e-mails, or AGENCY_MESSAGES=log-only to only log them (masked) and keep them in the admin outbox"
    )


def test_production_with_a_gateway_but_no_smtp_host_names_the_smtp_host() -> None:
    env = production(
        AGENCY_SMS_BASE_URL="https://sms.example.com/api",
        AGENCY_SMS_API_KEY="gateway-key",
        AGENCY_SMS_REPORT_SECRET=secrets.token_urlsafe(32),
    )
    del env["AGENCY_MESSAGES"]
    with pytest.raises(SettingsError, match=r"^AGENCY_ENV=production needs AGENCY_SMTP_HOST to deliver"):
        Settings.from_env(env)
    assert Settings.from_env({**env, "AGENCY_SMTP_HOST": "smtp.example.com"}).production
    assert Settings.from_env({**env, "AGENCY_MESSAGES": "LOG-ONLY"}).log_only_messages


def test_production_refuses_the_test_clock_and_development_reads_it() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(production(AGENCY_NOW="2026-11-28T23:59:50Z"))
    assert str(refused.value) == "AGENCY_ENV=production refuses a set clock: unset AGENCY_NOW"
    assert Settings.from_env({"AGENCY_NOW": "2026-11-29T01:59:50+02:00"}).now == datetime(
        2026, 11, 28, 23, 59, 50, tzinfo=UTC
    )
    assert Settings.from_env({}).now is None
    for wrong in ("2026-11-28T23:59:50", "tomorrow"):
        with pytest.raises(SettingsError) as refused:
            Settings.from_env({"AGENCY_NOW": wrong})
        assert str(refused.value) == (
            f"AGENCY_NOW must be an instant with its zone, e.g. 2026-11-28T23:59:50Z, not {wrong!r}"
        )


def test_an_unknown_messages_mode_is_refused_naming_it() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(production(AGENCY_MESSAGES="quiet"))
    assert str(refused.value) == "AGENCY_MESSAGES must be send or log-only, not 'quiet'"
