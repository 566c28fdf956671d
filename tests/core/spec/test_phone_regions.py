"""The forms' phone and its country: E.164 plus the region it was read in, an ambiguous local number refused."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from agency_core import rules_export
from agency_core.messaging.phones import read_phone
from agency_core.spec import validation as v
from agency_core.spec.forms import ApplicationForm, ContactForm
from agency_core.spec.phone_numbers import LISTED_FIRST, local_readings, phone_regions

TODAY = date(2026, 11, 28)
CONTACT = {"name": "Ama", "email": "ama@example.com", "subject": "Visa", "message": "Hello"}
AMBIGUOUS = (
    "This number is valid in more than one country (Ghana, United Arab Emirates): choose its country next to "
    "the number, or write it with its country code (+233 or +971)"
)


def test_a_uae_local_number_without_a_country_is_refused_under_the_phone() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phone": "050 123 4567"}, TODAY)
    assert cleaned.errors == {"phone": AMBIGUOUS}


def test_a_uae_local_number_with_country_ae_is_stored_in_e164_with_region_ae() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phone": "050 123 4567", "phoneRegion": "AE"}, TODAY)
    assert cleaned.errors == {}
    form = cleaned.form(ContactForm)
    assert (form.phone, form.phone_region) == ("+971501234567", "AE")


def test_the_same_local_number_with_country_gh_is_ghanas() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phone": "050 123 4567", "phoneRegion": "gh"}, TODAY)
    assert cleaned.form(ContactForm).phone == "+233501234567"
    assert cleaned.values["phoneRegion"] == "GH"


def test_an_international_number_keeps_its_own_country_whatever_is_chosen() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phone": "+966 50 123 4567", "phoneRegion": "GH"}, TODAY)
    assert (cleaned.values["phone"], cleaned.values["phoneRegion"]) == ("+966501234567", "SA")


def test_a_local_number_of_one_country_needs_no_country() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phone": "024 123 4567"}, TODAY)
    assert (cleaned.values["phone"], cleaned.values["phoneRegion"]) == ("+233241234567", "GH")


def test_an_unknown_country_is_refused_under_the_country() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phone": "024 123 4567", "phoneRegion": "ZZ"}, TODAY)
    assert cleaned.errors == {"phoneRegion": "Choose the phone number's country from the list"}


def test_the_specs_phone_messages_are_kept_word_for_word() -> None:
    required = v.validate(v.APPOINTMENT, {"phoneRegion": "AE"}, TODAY).errors["phone"]
    invalid = v.validate(v.CONTACT, CONTACT | {"phone": "12345678", "phoneRegion": "AE"}, TODAY).errors
    assert required == "Phone number is required"
    assert invalid == {"phone": "Enter a valid phone number"}


def test_a_country_without_a_phone_is_not_kept() -> None:
    cleaned = v.validate(v.CONTACT, CONTACT | {"phoneRegion": "AE"}, TODAY)
    assert cleaned.errors == {}
    assert "phoneRegion" not in cleaned.values


def test_a_record_stored_before_regions_reads_with_no_region() -> None:
    form = ApplicationForm(phone="+233501234567")
    assert form.phone_region == ""


def test_the_country_list_starts_with_ghana_the_gulf_and_the_countries_served_then_every_other() -> None:
    codes = [r.code for r in phone_regions()]
    assert tuple(codes[: len(LISTED_FIRST)]) == ("GH", "AE", "SA", "QA", "KW", "BH", "OM", "SG", "MY")
    rest = [r.name for r in phone_regions()[len(LISTED_FIRST) :]]
    assert rest == sorted(rest)
    assert len(set(codes)) == len(codes) > 200
    assert phone_regions()[1].name == "United Arab Emirates"
    assert phone_regions()[1].dial_code == 971


@pytest.mark.parametrize(
    ("stored", "readings"),
    [
        ("+233501234567", ("+233501234567", "+971501234567")),
        ("+971501234567", ("+971501234567", "+233501234567")),
        ("+233241234567", ("+233241234567",)),
        ("+966501234567", ("+966501234567", "+233501234567", "+971501234567")),
    ],
)
def test_a_stored_number_lists_every_reading_of_its_local_form(stored: str, readings: tuple[str, ...]) -> None:
    assert tuple(r.e164 for r in local_readings(stored)) == readings


def test_reading_gives_the_region_with_the_number() -> None:
    read = read_phone("00971 50 123 4567")
    assert (read.e164, read.region) == ("+971501234567", "AE")


def test_the_committed_phone_country_list_is_current_and_apart_from_the_rules() -> None:
    """Only the forms' phone field loads the list; the entry, which carries rules.json, does not."""
    generated = Path(__file__).resolve().parents[3] / "client" / "src" / "generated"
    committed = (generated / "phone-regions.json").read_text(encoding="utf-8")
    assert committed == rules_export.render(rules_export.export_phone_regions()), "run `make rules`"
    assert "Afghanistan" not in (generated / "rules.json").read_text(encoding="utf-8")
