"""Numbers are read from ASCII digits only (superscripts, circled and other scripts' digits are not numbers)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.jobs.alerts import salary_bounds
from agency_core.jobs.rules import check_job
from agency_core.paging import check_page
from agency_core.payments.model import parse_fee
from agency_core.spec.numbers import ascii_whole_number, is_ascii_digits

UNICODE_DIGITS = ["¹3", "²", "①", "٣", "३", "１２", "3²", "⁰", "𝟗"]
JOB = {"title": "Nurse", "country": "Qatar", "category": "Healthcare & Medical", "description": "Ward work."}


@pytest.mark.parametrize("text", UNICODE_DIGITS)
def test_unicode_digits_are_not_numbers(text: str) -> None:
    assert not is_ascii_digits(text)
    assert ascii_whole_number(text) is None


@given(st.integers(min_value=0, max_value=10**18 - 1))
def test_ascii_digits_read_back_as_the_number(number: int) -> None:
    assert ascii_whole_number(f" {number} ") == number


@given(st.text(min_size=1).filter(lambda t: not t.isascii()))
def test_any_text_with_a_non_ascii_character_is_no_number(text: str) -> None:
    assert ascii_whole_number(text) is None


@pytest.mark.parametrize("text", UNICODE_DIGITS)
@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("positions", "Positions must be a whole number from 1 to 1000"),
        ("salaryMin", "Minimum salary must be a whole number from 0 to 10000000"),
        ("salaryMax", "Maximum salary must be a whole number from 0 to 10000000"),
    ],
)
def test_the_job_form_refuses_unicode_digits_with_the_rules_message(text: str, field: str, message: str) -> None:
    _, errors = check_job({**JOB, field: text}, date(2026, 1, 1))
    assert errors == {field: message}


def test_other_number_reading_in_the_core_is_ascii_only() -> None:
    assert salary_bounds("$2,000-$3,000") == (2000, 3000)
    assert salary_bounds("$٢,٠٠٠-$٣,٠٠٠") is None
    with pytest.raises(ValueError, match="AGENCY_APPLICATION_FEE"):
        parse_fee("٥٠ USD")
    assert check_page("²", "①")[0] is None
