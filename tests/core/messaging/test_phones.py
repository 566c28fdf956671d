"""Phones with a country: a local number is never guessed across the agency's countries."""

from __future__ import annotations

import phonenumbers
import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import AmbiguousPhone, InvalidPhone
from agency_core.messaging.gsm import gsm7_name, is_gsm7
from agency_core.messaging.phones import UnconfirmedPhone, needs_confirmation, phone_for_sms, stored_phone_for_sms
from agency_core.messaging.sms_texts import status_message
from agency_core.records import ApplicationStatus


@pytest.mark.parametrize(
    ("raw", "region", "expected"),
    [
        ("024 123 4567", None, "+233241234567"),
        ("058 123 4567", None, "+971581234567"),
        ("050 123 4567", "AE", "+971501234567"),
        ("050 123 4567", "gh", "+233501234567"),
        ("+971 50 123 4567", None, "+971501234567"),
        ("00971501234567", None, "+971501234567"),
        ("+971501234567", "GH", "+971501234567"),
    ],
)
def test_a_number_goes_where_it_belongs(raw: str, region: str | None, expected: str) -> None:
    assert phone_for_sms(raw, region) == expected


def test_a_local_number_of_two_countries_is_refused_naming_both() -> None:
    with pytest.raises(AmbiguousPhone) as refused:
        phone_for_sms("050 123 4567")
    assert refused.value.candidates == ("+233501234567", "+971501234567")
    assert refused.value.message == (
        "The local number 050 123 4567 is valid in more than one country (+233501234567, +971501234567): "
        "give its region (GH or AE) or write it with its country code"
    )
    assert refused.value.errors == {"phone": refused.value.message}


@pytest.mark.parametrize(("raw", "region"), [("12", None), ("not a phone", None), ("0241234567", "XX")])
def test_what_cannot_be_a_phone_is_refused(raw: str, region: str | None) -> None:
    with pytest.raises(InvalidPhone):
        phone_for_sms(raw, region)


@given(st.integers(min_value=0, max_value=9_999_999), st.sampled_from(["50", "52", "54", "55", "56"]))
def test_every_shared_mobile_prefix_is_ambiguous_without_a_region(subscriber: int, prefix: str) -> None:
    raw = f"0{prefix}{subscriber:07d}"
    ghana = phonenumbers.is_valid_number(phonenumbers.parse(raw, "GH"))
    uae = phonenumbers.is_valid_number(phonenumbers.parse(raw, "AE"))
    if ghana and uae:
        with pytest.raises(AmbiguousPhone):
            phone_for_sms(raw)
    assert phone_for_sms(raw, "AE").startswith("+971") if uae else True


@given(st.text(max_size=40))
def test_a_name_in_a_text_is_always_gsm7_and_never_a_question_mark(name: str) -> None:
    written = gsm7_name(name)
    assert is_gsm7(written)
    assert "?" not in written or "?" in name
    assert is_gsm7(status_message(ApplicationStatus.APPROVED, name))


def test_names_are_transliterated_or_left_out() -> None:
    assert gsm7_name("Ọbɛng Ɔkyeame Zoë") == "Obeng Okyeame Zoe"
    assert gsm7_name("Layla ليلى") == "Layla"
    assert status_message(ApplicationStatus.APPROVED, "王伟").startswith("Congratulations applicant!")


@pytest.mark.parametrize(
    ("phone", "region", "unconfirmed"),
    [
        ("+233501234567", "", True),
        ("+233501234567", "GH", False),
        ("+233241234567", "", False),
        ("+971501234567", "", False),
        ("050 123 4567", "", False),
    ],
)
def test_only_an_old_ghana_reading_of_a_shared_local_number_needs_confirming(
    phone: str, region: str, unconfirmed: bool
) -> None:
    assert needs_confirmation(phone, region) is unconfirmed


def test_an_unconfirmed_stored_phone_is_refused_naming_the_application() -> None:
    with pytest.raises(UnconfirmedPhone) as refused:
        stored_phone_for_sms("VA1732312345678", "+233501234567", "", region="AE")
    assert refused.value.record_id == "VA1732312345678"
    assert str(refused.value) == (
        "Application VA1732312345678: its phone +233501234567 was stored without its country and may be "
        "+971501234567; staff must confirm its country (admin area, Phones to confirm) before it is texted"
    )
    assert refused.value.errors == {"phone": str(refused.value)}


@pytest.mark.parametrize(
    ("phone", "stored_region", "region", "texted"),
    [
        ("+971501234567", "AE", None, "+971501234567"),
        ("+233501234567", "GH", "AE", "+233501234567"),
        ("+233241234567", "", None, "+233241234567"),
        ("050 123 4567", "", "AE", "+971501234567"),
    ],
)
def test_a_stored_phone_that_may_be_texted_goes_to_its_number(
    phone: str, stored_region: str, region: str | None, texted: str
) -> None:
    assert stored_phone_for_sms("VA1", phone, stored_region, region) == texted
