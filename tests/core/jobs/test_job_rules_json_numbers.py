"""A JSON number with a zero fraction is the whole number it names (``526.0`` is ``526``)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from agency_core.jobs.rules import check_job

BASE = {"title": "Nurse", "country": "Qatar", "category": "Other", "description": "Wards"}


@given(st.integers(min_value=1, max_value=1000))
def test_an_integral_float_counts_as_its_whole_number(n: int) -> None:
    form, errors = check_job({**BASE, "positions": float(n)}, date(2026, 1, 1))
    assert errors == {}
    assert form.positions == n
    assert type(form.positions) is int


def test_a_fraction_still_gets_the_rules_message() -> None:
    _, errors = check_job({**BASE, "positions": 2.5, "salaryMin": float("nan")}, date(2026, 1, 1))
    assert errors == {
        "positions": "Positions must be a whole number from 1 to 1000",
        "salaryMin": "Minimum salary must be a whole number from 0 to 10000000",
    }
