"""The typed forms and the spec's rules name the same fields: validation stays the one rule source."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.spec import validation as v
from agency_core.spec.forms import (
    ApplicationForm,
    AppointmentRequest,
    ContactForm,
    FormValues,
    JobAlertRequest,
    NewsletterForm,
    form_of,
    form_values,
    spec_name,
)

RECORD_FIELDS = {"jobId", "jobTitle", "privacyNoticeVersion", "privacyNoticeAcceptedAt", "filesRemoved"}
"""What a stored record adds to the form's own fields (the job applied for, consent, retention's note)."""
NOT_IN_RECORD = {v.WHATSAPP_OPT_IN}
"""Rules' fields a record does not hold: the WhatsApp opt-in is kept by its own store (``whatsapp_optins``)."""
PAIRS = [
    (v.APPLICATION, ApplicationForm),
    (v.APPOINTMENT, AppointmentRequest),
    (v.CONTACT, ContactForm),
    (v.JOB_ALERT, JobAlertRequest),
    (v.NEWSLETTER, NewsletterForm),
]


@pytest.mark.parametrize(("form", "kind"), PAIRS, ids=[p[0].name for p in PAIRS])
def test_each_typed_form_has_exactly_the_fields_of_its_rules(form: v.Form, kind: type[FormValues]) -> None:
    typed = {spec_name(f.name) for f in dataclasses.fields(kind)}  # type: ignore[arg-type]
    ruled = {f.name for f in form.fields if f.upload is None and f.name not in NOT_IN_RECORD}
    assert ruled <= typed
    assert not typed & NOT_IN_RECORD
    assert typed - ruled <= RECORD_FIELDS


def test_the_cleaned_values_come_back_from_the_typed_form() -> None:
    sent = {
        "fullName": " Ama ",
        "email": "ama@example.com",
        "phone": "024 123 4567",
        "serviceType": "recruitment",
        "preferredDate": "2026-09-02",
        "preferredTime": "10:00 AM",
        "consent": "true",
        "website": "",
    }
    cleaned = v.validate(v.APPOINTMENT, sent, date(2026, 9, 1))
    request = cleaned.form(AppointmentRequest)
    assert (request.full_name, request.phone, request.consent, request.message) == ("Ama", "+233241234567", True, "")
    assert form_values(request) == {name: value for name, value in cleaned.values.items() if name not in NOT_IN_RECORD}


def test_validate_with_a_kind_gives_the_typed_form_or_the_messages() -> None:
    sent = {
        "fullName": " Ama ",
        "email": "ama@example.com",
        "phone": "024 123 4567",
        "serviceType": "recruitment",
        "preferredDate": "2026-09-02",
        "preferredTime": "10:00 AM",
        "consent": "true",
    }
    typed = v.validate(v.APPOINTMENT, sent, date(2026, 9, 1), AppointmentRequest)
    assert typed == v.validate(v.APPOINTMENT, sent, date(2026, 9, 1)).form(AppointmentRequest)
    assert isinstance(typed, AppointmentRequest)
    assert (typed.full_name, typed.phone, typed.phone_region) == ("Ama", "+233241234567", "GH")
    refused = v.validate(v.APPOINTMENT, sent | {"email": "no", "consent": False}, date(2026, 9, 1), AppointmentRequest)
    assert refused == v.Invalid({"email": "Invalid email address", "consent": "You must agree to the terms"})


class _Body:
    """A decoded body read through its own ``get``, as ``app.api.schemas``' bodies are (no mapping)."""

    def __init__(self, **fields: object) -> None:
        self._fields = fields

    def get(self, name: str, /) -> object:
        return self._fields.get(name)


def test_validate_reads_a_body_that_is_no_mapping_by_spec_name() -> None:
    body = _Body(name="Ama", email=" ama@example.com ", interests=["Visa Updates"], website="")
    assert v.validate(v.NEWSLETTER, body, date(2026, 9, 1), NewsletterForm) == NewsletterForm(
        name="Ama", email="ama@example.com", interests=("Visa Updates",)
    )
    assert v.validate(v.NEWSLETTER, _Body(), date(2026, 9, 1), NewsletterForm) == v.Invalid(
        {"name": "Name is required", "email": "Email is required"}
    )


def test_choices_are_kept_as_a_tuple_and_given_back() -> None:
    form = form_of(NewsletterForm, {"name": "Ama", "email": "a@b.c", "interests": ["Visa Updates"], "other": "x"})
    assert form == NewsletterForm(name="Ama", email="a@b.c", interests=("Visa Updates",))
    assert form_values(NewsletterForm(name="Ama")) == {"name": "Ama"}


@given(st.lists(st.text("abcdefgh", min_size=1, max_size=5), min_size=1, max_size=4))
def test_a_spec_name_is_the_attribute_in_camel_case(words: list[str]) -> None:
    attribute = "_".join(words)
    name = spec_name(attribute)
    assert "_" not in name
    assert name.lower() == attribute.replace("_", "")
    assert name.startswith(words[0])
