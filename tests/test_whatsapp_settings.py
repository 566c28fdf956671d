"""The WhatsApp settings: all four or none; a partial set stops a production start naming what is missing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from app.settings import Settings, SettingsError
from app.whatsapp_settings import REQUIRED, WhatsAppSettings
from tests.support.production import production

FULL = {
    "AGENCY_WHATSAPP_PHONE_NUMBER_ID": "106540352242922",
    "AGENCY_WHATSAPP_ACCESS_TOKEN": "EAAG-token",
    "AGENCY_WHATSAPP_APP_SECRET": "app-secret-0123456789",
    "AGENCY_WHATSAPP_VERIFY_TOKEN": "verify-0123456789",
}


def test_none_set_the_channel_is_off_everywhere() -> None:
    assert not Settings.from_env({}).whatsapp.enabled
    settings = Settings.from_env(production(AGENCY_MESSAGES="log-only"))
    assert not settings.whatsapp.enabled
    assert settings.whatsapp.status_line == "Off (no AGENCY_WHATSAPP_* settings)"


def test_all_four_set_the_channel_is_on_with_its_fallback_minutes() -> None:
    whatsapp = Settings.from_env({**FULL, "AGENCY_WHATSAPP_FALLBACK_MIN": "5"}).whatsapp
    assert whatsapp.enabled
    assert whatsapp.fallback_after == timedelta(minutes=5)
    assert whatsapp.api_url == "https://graph.facebook.com"
    assert whatsapp.status_line.startswith("On (phone number ID 106540352242922")


@pytest.mark.parametrize("left_out", REQUIRED)
def test_a_partial_set_stops_a_production_start_naming_the_missing_one(left_out: str) -> None:
    partial = {k: v for k, v in FULL.items() if k != left_out}
    with pytest.raises(SettingsError, match=left_out) as refused:
        Settings.from_env(production(AGENCY_MESSAGES="log-only", **partial))
    assert "production" in str(refused.value)


def test_outside_production_a_partial_set_leaves_the_channel_off_and_says_why() -> None:
    whatsapp = WhatsAppSettings.from_env({"AGENCY_WHATSAPP_PHONE_NUMBER_ID": "1"})
    assert not whatsapp.enabled
    assert "AGENCY_WHATSAPP_APP_SECRET" in whatsapp.status_line


@pytest.mark.parametrize("raw", ["0", "-1", "abc", "1441", "1.5"])
def test_the_fallback_minutes_are_whole_and_bounded(raw: str) -> None:
    with pytest.raises(SettingsError, match="AGENCY_WHATSAPP_FALLBACK_MIN"):
        Settings.from_env({**FULL, "AGENCY_WHATSAPP_FALLBACK_MIN": raw})


def test_the_api_url_may_point_at_a_local_cloud_api() -> None:
    whatsapp = Settings.from_env({**FULL, "AGENCY_WHATSAPP_API_URL": "http://127.0.0.1:9999/"}).whatsapp
    assert whatsapp.api_url == "http://127.0.0.1:9999"
    with pytest.raises(SettingsError, match="AGENCY_WHATSAPP_API_URL"):
        Settings.from_env({**FULL, "AGENCY_WHATSAPP_API_URL": "ftp://x"})
