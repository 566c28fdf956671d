"""The delivery reports' settings: production with a gateway fails closed without a long secret;
elsewhere one is made once in the data directory and kept; the deadline is whole minutes."""

from __future__ import annotations

import stat
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from app.composition.sms_reports import SECRET_FILE, report_secret
from app.settings import Settings, SettingsError
from app.sms_report_settings import report_url
from tests.support.production import production

GATEWAY = {"AGENCY_SMS_BASE_URL": "https://sms.example.com/api", "AGENCY_SMS_API_KEY": "k"}
SECRET = "mT4qZ8wX1vKc7RbN0yLp3HsJ6dFg9UeA2iOo5tWx"  # random: production refuses a guessable one


def test_production_with_a_gateway_and_no_secret_is_refused_naming_it() -> None:
    with pytest.raises(SettingsError, match="AGENCY_SMS_REPORT_SECRET") as refused:
        Settings.from_env(production(**GATEWAY))
    assert "AGENCY_ENV=production needs AGENCY_SMS_REPORT_SECRET" in str(refused.value)


@pytest.mark.parametrize("env", [production(), {}])
def test_a_short_secret_is_refused_everywhere(env: dict[str, str]) -> None:
    with pytest.raises(SettingsError, match="AGENCY_SMS_REPORT_SECRET must be at least 32 characters"):
        Settings.from_env({**env, **GATEWAY, "AGENCY_SMS_REPORT_SECRET": "short"})


def test_production_without_a_gateway_needs_no_secret_and_with_one_takes_it(tmp_path: Path) -> None:
    assert Settings.from_env(production()).sms_reports.secret == ""
    settings = Settings.from_env(production(**GATEWAY, AGENCY_SMS_REPORT_SECRET=SECRET, AGENCY_DATA_DIR=str(tmp_path)))
    assert report_secret(settings) == SECRET
    assert not (tmp_path / SECRET_FILE).exists()


def test_outside_production_a_secret_is_made_once_and_kept(tmp_path: Path) -> None:
    settings = Settings.from_env({**GATEWAY, "AGENCY_DATA_DIR": str(tmp_path / "data")})
    first = report_secret(settings)
    assert len(first) >= 32
    assert report_secret(settings) == first
    kept = tmp_path / "data" / SECRET_FILE
    assert kept.read_text().strip() == first
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert report_secret(Settings.from_env({"AGENCY_DATA_DIR": str(tmp_path / "other")})) != first


def test_the_deadline_is_whole_minutes() -> None:
    assert Settings.from_env({}).sms_reports.deadline == timedelta(minutes=30)
    assert Settings.from_env({"AGENCY_SMS_DELIVERY_DEADLINE_MIN": "90"}).sms_reports.deadline == timedelta(minutes=90)
    for wrong in ("0", "-5", "1.5", "thirty", "٣٠", "100000"):
        with pytest.raises(SettingsError, match="AGENCY_SMS_DELIVERY_DEADLINE_MIN"):
            Settings.from_env({"AGENCY_SMS_DELIVERY_DEADLINE_MIN": wrong})


def test_the_report_url_keeps_the_secret_in_the_query() -> None:
    assert report_url("https://www.vandytravel.com/", SECRET) == (
        f"https://www.vandytravel.com/api/sms/delivery-reports?key={SECRET}"
    )


def test_settings_built_without_from_env_still_fail_closed_in_production(tmp_path: Path) -> None:
    prod = replace(Settings(), env_name="production", data_dir=tmp_path)
    assert report_secret(prod) == ""  # no gateway: no report can come, and none matches the empty secret
    assert not (tmp_path / SECRET_FILE).exists()
    with pytest.raises(SettingsError, match="AGENCY_SMS_REPORT_SECRET"):
        report_secret(replace(prod, sms=replace(prod.sms, base_url="https://sms.example.com/api")))


def test_the_settle_wait_and_the_report_limit_have_sane_defaults() -> None:
    settings = Settings.from_env({})
    assert settings.sms_reports.settle_wait == timedelta(minutes=15)
    assert settings.sms_reports.per_minute == 600


def test_the_settle_wait_and_the_report_limit_are_read() -> None:
    settings = Settings.from_env({"AGENCY_SMS_SETTLE_WAIT_MIN": "5", "AGENCY_SMS_REPORT_RATE_PER_MIN": "0"})
    assert (settings.sms_reports.settle_wait, settings.sms_reports.per_minute) == (timedelta(minutes=5), 0)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("AGENCY_SMS_SETTLE_WAIT_MIN", "0"),
        ("AGENCY_SMS_SETTLE_WAIT_MIN", "1441"),
        ("AGENCY_SMS_SETTLE_WAIT_MIN", "15m"),
        ("AGENCY_SMS_REPORT_RATE_PER_MIN", "-1"),
        ("AGENCY_SMS_REPORT_RATE_PER_MIN", "lots"),
    ],
)
def test_a_wrong_settle_wait_or_report_limit_stops_the_start_naming_it(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})
