"""The generated table of region names (agency_core/spec/region_names.py) is the installed phone
library's: the names its geocoder gives each region's example number, and the few it has none for.
After a phonenumbers upgrade, ``python -m tests.core.spec.test_region_names`` writes the table anew."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

import phonenumbers
from phonenumbers import geocoder

from agency_core.spec import region_names
from agency_core.spec.region_names import REGION_NAMES

UNNAMED: Final = {
    "AC": "Ascension Island",
    "BL": "Saint Barthélemy",
    "EH": "Western Sahara",
    "MF": "Saint Martin",
    "TA": "Tristan da Cunha",
    "XK": "Kosovo",
}
"""Regions the phone library has numbers for but no English country name."""
HEAD: Final = '''"""The English names of the phone library's regions (``AE``: ``United Arab Emirates``).

Generated from ``phonenumbers.geocoder`` (importing it costs about a third of the app's import time, for
this table alone) by ``python -m tests.core.spec.test_region_names``; tests/core/spec/test_region_names.py
holds it equal to the installed library's names."""

from __future__ import annotations

from typing import Final

REGION_NAMES: Final[dict[str, str]] = {
'''


def library_names() -> dict[str, str]:
    names = dict(UNNAMED)
    for code in phonenumbers.SUPPORTED_REGIONS:
        example = phonenumbers.example_number(code)
        name = geocoder.country_name_for_number(example, "en") if example is not None else ""
        if name:
            names[code] = name
    return dict(sorted(names.items()))


def source(names: dict[str, str]) -> str:
    rows = "".join(f"    {json.dumps(code)}: {json.dumps(name, ensure_ascii=False)},\n" for code, name in names.items())
    return HEAD + rows + "}\n"


def test_the_table_is_the_installed_librarys_names() -> None:
    assert library_names() == REGION_NAMES, "run: python -m tests.core.spec.test_region_names"


def test_every_region_the_library_has_numbers_for_is_named() -> None:
    assert set(REGION_NAMES) == set(phonenumbers.SUPPORTED_REGIONS)
    assert REGION_NAMES["AE"] == "United Arab Emirates"
    assert REGION_NAMES["GH"] == "Ghana"


if __name__ == "__main__":
    Path(region_names.__file__).write_text(source(library_names()), encoding="utf-8")
