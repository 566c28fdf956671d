"""A misspelt setting stops a production start, naming it; the list of known names is the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.known_settings import KNOWN_SETTINGS
from app.settings import Settings, SettingsError
from tests.support.production import REQUIRED

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"\"(AGENCY_[A-Z0-9_]+)\"")


def _read_in(folder: str) -> set[str]:
    return {m for path in (ROOT / folder).rglob("*.py") for m in NAME.findall(path.read_text(encoding="utf-8"))}


def test_the_known_names_are_the_names_the_code_reads_and_env_example_lists() -> None:
    read = _read_in("src/app") | _read_in("src/adapters") | _read_in("src/agency_scripts")
    assert read == set(KNOWN_SETTINGS)
    example = set(re.findall(r"^#?\s*(AGENCY_[A-Z0-9_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE))
    assert example == set(KNOWN_SETTINGS) - {"AGENCY_CLIENT_DIST"}


def test_a_misspelt_setting_stops_a_production_start_naming_it() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env({**REQUIRED, "AGENCY_SMS_REPORT_SECRT": "x" * 40})
    assert str(refused.value) == (
        "Unknown setting AGENCY_SMS_REPORT_SECRT: a misspelt name? The settings are listed in .env.example"
    )


def test_outside_production_an_unknown_name_is_left_alone() -> None:
    assert Settings.from_env({"AGENCY_SMS_REPORT_SECRT": "x"}).env_name == "development"
