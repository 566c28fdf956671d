"""The SMS parts cap as stored: written with the settings, and read back with the default (3) from
settings saved before the cap existed or holding a value out of bounds."""

from __future__ import annotations

import dataclasses

import pytest

from adapters.codec import settings_document, settings_of
from agency_core.admin_settings import AdminSettings

DEFAULTS = AdminSettings(("+233201234567",), "Vandy")


def test_the_cap_round_trips_and_the_default_is_stored_as_before() -> None:
    saved = dataclasses.replace(DEFAULTS, sms_max_parts=7)
    assert settings_document(saved)["smsMaxParts"] == 7
    assert settings_of(settings_document(saved), DEFAULTS).sms_max_parts == 7
    assert "smsMaxParts" not in settings_document(DEFAULTS)


@pytest.mark.parametrize("stored", [{}, {"smsMaxParts": 0}, {"smsMaxParts": 11}, {"smsMaxParts": "4"}])
def test_settings_saved_before_the_cap_or_odd_read_the_default(stored: dict[str, object]) -> None:
    assert settings_of({"smsSender": "Vandy", **stored}, DEFAULTS).sms_max_parts == 3
