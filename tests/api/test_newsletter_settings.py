"""``AGENCY_NEWSLETTER_PER_MINUTE``: a whole number from 1 to 10000, else the start stops naming it."""

from __future__ import annotations

import pytest

from app.settings import Settings, SettingsError


def test_the_rate_defaults_to_sixty_a_minute() -> None:
    assert Settings.from_env({}).newsletter.per_minute == 60
    assert Settings.from_env({"AGENCY_NEWSLETTER_PER_MINUTE": " 120 "}).newsletter.per_minute == 120


@pytest.mark.parametrize("raw", ["0", "-5", "ten", "10001", "1.5", "٣"])
def test_a_wrong_rate_stops_the_start_naming_the_setting(raw: str) -> None:
    with pytest.raises(SettingsError, match="AGENCY_NEWSLETTER_PER_MINUTE"):
        Settings.from_env({"AGENCY_NEWSLETTER_PER_MINUTE": raw})
