"""Who a data request is about: an e-mail, a phone or a passport number, read from what staff type."""

from __future__ import annotations

import pytest

from agency_core.privacy.data_requests import parse_person
from agency_core.privacy.model import Person


@pytest.mark.parametrize(
    ("typed", "person"),
    [
        ("Ama@Example.com", Person(email="ama@example.com")),
        ("024 123 4567", Person(phone="+233241234567")),
        ("G1234567", Person(passport="G1234567")),
        (" g12 345 67 ", Person(passport="G1234567")),
        ("ab12cd34ef", Person(passport="AB12CD34EF")),
    ],
)
def test_an_identifier_is_read_as_email_phone_or_passport_number(typed: str, person: Person) -> None:
    assert parse_person(typed) == person


@pytest.mark.parametrize("typed", ["", "nobody", "G12", "G1234567890123456789X", "G123-4567", "Ġ1234567", "ama@"])
def test_anything_else_is_refused(typed: str) -> None:
    assert parse_person(typed) is None


def test_a_passport_number_is_masked_in_the_audit_log() -> None:
    person = Person(passport="G1234567")
    assert person.masked == "G1*****7"
    assert person.raw == "G1234567"
