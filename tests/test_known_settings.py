"""A misspelt setting (``AGENCY_*``, ``PAYSTACK_*``, ``FIREBASE_*``) stops a production start, naming
it; the list of known names is the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.known_settings import KNOWN_SETTINGS
from app.settings import Settings, SettingsError
from tests.support.production import REQUIRED

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"\"((?:AGENCY|PAYSTACK|FIREBASE)_[A-Z0-9_]+)\"")


def _read_in(folder: str) -> set[str]:
    """The names quoted in ``folder``'s code, the list itself left out."""
    paths = [path for path in (ROOT / folder).rglob("*.py") if path.name != "known_settings.py"]
    return {m for path in paths for m in NAME.findall(path.read_text(encoding="utf-8"))}


def test_the_known_names_are_the_names_the_code_reads_and_env_example_lists() -> None:
    read = _read_in("src/app") | _read_in("src/adapters") | _read_in("src/agency_scripts")
    assert read == set(KNOWN_SETTINGS)
    listed = re.findall(r"^#?\s*((?:AGENCY|PAYSTACK|FIREBASE)_[A-Z0-9_]+)=", (ROOT / ".env.example").read_text(), re.M)
    example = set(listed)
    assert example == set(KNOWN_SETTINGS) - {"AGENCY_CLIENT_DIST"}


def test_a_misspelt_setting_stops_a_production_start_naming_it() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env({**REQUIRED, "AGENCY_SMS_REPORT_SECRT": "x" * 40})
    assert str(refused.value) == (
        "Unknown setting AGENCY_SMS_REPORT_SECRT: a misspelt name? The settings are listed in .env.example"
    )


def test_outside_production_an_unknown_name_is_left_alone() -> None:
    assert Settings.from_env({"AGENCY_SMS_REPORT_SECRT": "x"}).env_name == "development"


@pytest.mark.parametrize("name", ["PAYSTACK_SECRT_KEY", "PAYSTACK_BASEURL", "FIREBASE_PROJCT_ID", "AGENCY_MESSAGE"])
def test_a_misspelt_name_under_any_checked_prefix_stops_a_production_start(name: str) -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env({**REQUIRED, name: "x"})
    assert str(refused.value).startswith(f"Unknown setting {name}: a misspelt name?")


def test_names_the_hosting_platform_sets_are_not_taken_for_typos() -> None:
    assert Settings.from_env({**REQUIRED, "AGENCY_MESSAGES": "log-only", "FIREBASE_CONFIG": "{}"}).production
