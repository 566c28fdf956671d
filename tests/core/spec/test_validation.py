from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.spec import constants as c
from agency_core.spec import validation as v

TODAY = date(2026, 11, 22)


def valid_values(form: v.Form) -> dict[str, object]:
    """One valid submission of ``form`` (required fields only, plus ticked checkboxes)."""
    samples: dict[str, object] = {
        "email": "ama.owusu@example.com",
        "phone": "0241234567",
        "dateOfBirth": "1995-04-02",
        "preferredDate": TODAY.isoformat(),
        "cv": "cv.pdf",
        "password": "s3cret",
    }
    out: dict[str, object] = {}
    for field in form.fields:
        if field.required is None and not field.must_be_true:
            continue
        if field.must_be_true:
            out[field.name] = True
        elif field.options:
            out[field.name] = field.options[0]
        else:
            out[field.name] = samples.get(field.name, "Kumasi")
    return out


ALL_FORMS = list(v.FORMS.values())
REQUIRED = [(form, field) for form in ALL_FORMS for field in form.fields if field.required is not None]


@pytest.mark.parametrize("form", ALL_FORMS, ids=lambda f: f.name)
def test_a_complete_valid_submission_passes(form: v.Form) -> None:
    result = v.validate(form, valid_values(form), TODAY)
    assert result.errors == {}


@pytest.mark.parametrize(("form", "field"), REQUIRED, ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("blank", [None, "", "   "])
def test_each_missing_required_field_gives_its_exact_message(form: v.Form, field: v.Field, blank: object) -> None:
    data = valid_values(form)
    data[field.name] = blank
    assert v.validate(form, data, TODAY).errors == {field.name: field.required}


def test_spec_messages_word_for_word() -> None:
    messages = {(f.name, fl.name): fl.required for f in ALL_FORMS for fl in f.fields}
    assert messages[("newsletter", "name")] == "Name is required"
    assert messages[("jobAlert", "preferredCountry")] == "Country is required"
    assert messages[("applicationPersonal", "phone")] == "Phone number is required"
    assert messages[("applicationPreferences", "dateOfBirth")] == "Date of birth is required"
    assert messages[("applicationExperience", "languages")] == "Languages are required"
    assert messages[("applicationDocuments", "cv")] == "CV is required"
    assert messages[("applicationDocuments", "terms")] == "You must accept the terms and conditions"
    assert messages[("appointment", "consent")] == "You must agree to the terms"
    assert messages[("appointment", "preferredDate")] == "Preferred date is required"
    assert messages[("contact", "subject")] == "Subject is required"


@pytest.mark.parametrize("email", ["plainaddress", "two words@example.com", "a@b c", "@", "a@", "@b"])
def test_emails_outside_text_at_text_are_invalid(email: str) -> None:
    data = valid_values(v.CONTACT) | {"email": email}
    assert v.validate(v.CONTACT, data, TODAY).errors == {"email": "Invalid email address"}


ONE_ADDRESS_TEXT = st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc"), blacklist_characters='@,;:<>"()[]\\')
"""Text with no space, no ``@`` and none of what makes a list or a display name of an address."""


@given(
    st.text(ONE_ADDRESS_TEXT, min_size=1, max_size=30),
    st.text(ONE_ADDRESS_TEXT, min_size=1, max_size=30),
)
def test_any_text_at_text_without_spaces_is_accepted(local: str, domain: str) -> None:
    data = valid_values(v.NEWSLETTER) | {"email": f"{local}@{domain}"}
    assert "email" not in v.validate(v.NEWSLETTER, data, TODAY).errors


@given(
    first=st.text(min_size=1, max_size=60).filter(lambda s: s.strip()),
    city=st.text(min_size=1, max_size=60).filter(lambda s: s.strip()),
    country=st.sampled_from(c.APPLICATION_COUNTRIES),
    category=st.sampled_from(c.APPLICATION_JOB_CATEGORIES),
    local=st.integers(20_000_0000, 59_999_9999),
)
def test_no_valid_application_is_rejected(first: str, city: str, country: str, category: str, local: int) -> None:
    data = {
        **valid_values(v.APPLICATION),
        "firstName": first,
        "city": city,
        "preferredCountry": country,
        "jobCategory": category,
        "phone": f"0{local}",
        "phoneRegion": "GH",
    }
    result = v.validate(v.APPLICATION, data, TODAY)
    phone_ok = v.normalise_phone(f"0{local}") is not None
    assert result.errors == ({} if phone_ok else {"phone": "Enter a valid phone number"})


@pytest.mark.parametrize(
    ("raw", "e164"),
    [
        ("0241234567", "+233241234567"),
        ("024 123 4567", "+233241234567"),
        ("+233 20 765 4321", "+233207654321"),
        ("+971 50 123 4567", "+971501234567"),
    ],
)
def test_phones_are_normalised_to_e164_with_ghana_as_default(raw: str, e164: str) -> None:
    result = v.validate(v.CONTACT, valid_values(v.CONTACT) | {"phone": raw}, TODAY)
    assert result.values["phone"] == e164


@pytest.mark.parametrize("raw", ["12", "hello", "0000000000", "+1 (000) 000-0000", "024-ABC-4567"])
def test_impossible_phones_are_refused(raw: str) -> None:
    result = v.validate(v.APPOINTMENT, valid_values(v.APPOINTMENT) | {"phone": raw}, TODAY)
    assert result.errors == {"phone": "Enter a valid phone number"}


def test_appointment_date_may_be_today_but_not_before() -> None:
    ok = v.validate(v.APPOINTMENT, valid_values(v.APPOINTMENT), TODAY)
    past = v.validate(
        v.APPOINTMENT,
        valid_values(v.APPOINTMENT) | {"preferredDate": (TODAY - timedelta(days=1)).isoformat()},
        TODAY,
    )
    assert ok.errors == {}
    assert past.errors == {"preferredDate": "Choose today or a later date"}


def test_unknown_options_and_time_slots_are_refused() -> None:
    data = valid_values(v.APPOINTMENT) | {"preferredTime": "08:00 AM", "serviceType": "piracy"}
    errors = v.validate(v.APPOINTMENT, data, TODAY).errors
    assert errors == {
        "preferredTime": "Choose one of the listed options",
        "serviceType": "Choose one of the listed options",
    }


def test_passport_fields_only_count_when_has_passport_is_ticked() -> None:
    base = valid_values(v.APPLICATION) | {"passportNumber": "G1234567", "passportExpiry": "not a date"}
    without = v.validate(v.APPLICATION, base | {"hasPassport": "false"}, TODAY)
    with_passport = v.validate(v.APPLICATION, base | {"hasPassport": "true"}, TODAY)
    assert "passportNumber" not in without.values
    assert without.errors == {}
    assert without.values["hasPassport"] is False
    assert with_passport.values["passportNumber"] == "G1234567"
    assert with_passport.errors == {"passportExpiry": "Enter a valid date"}


def test_terms_sent_as_false_text_are_not_accepted() -> None:
    data = valid_values(v.APPLICATION) | {"terms": "false"}
    assert v.validate(v.APPLICATION, data, TODAY).errors == {"terms": "You must accept the terms and conditions"}


def test_interests_must_come_from_the_list() -> None:
    ok = v.validate(v.NEWSLETTER, valid_values(v.NEWSLETTER) | {"interests": ["Travel Tips"]}, TODAY)
    bad = v.validate(v.NEWSLETTER, valid_values(v.NEWSLETTER) | {"interests": ["Crypto"]}, TODAY)
    assert ok.values["interests"] == ["Travel Tips"]
    assert bad.errors == {"interests": "Choose one of the listed options"}


def test_wrong_types_are_refused_not_crashed() -> None:
    data = valid_values(v.CONTACT) | {"name": {"$ne": 1}, "subject": 42}
    errors = v.validate(v.CONTACT, data, TODAY).errors
    assert set(errors) == {"name", "subject"}


def test_overlong_text_is_refused() -> None:
    data = valid_values(v.CONTACT) | {"subject": "x" * 201}
    assert v.validate(v.CONTACT, data, TODAY).errors == {"subject": "Must be at most 200 characters"}


def test_the_application_is_the_union_of_its_four_steps() -> None:
    assert len(v.APPLICATION_STEPS) == c.WIZARD_STEPS
    assert v.APPLICATION.names == tuple(n for step in v.APPLICATION_STEPS for n in step.names)
