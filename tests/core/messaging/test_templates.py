"""Message templates: defaults are today's texts, validation, rendering, preview; GSM-7/UCS-2 parts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.messaging.gsm import Encoding, encoding, sms_parts
from agency_core.messaging.sms_texts import AppointmentDetails, appointment_message, status_message
from agency_core.messaging.templates import (
    TEMPLATES,
    TOO_MANY_PARTS,
    Channel,
    check,
    placeholders_in,
    preview,
    render,
    spec_of,
    text_of,
)
from agency_core.records import ApplicationStatus

# (text, encoding, parts): the known cases of the GSM 03.38 / UCS-2 part rules.
PART_CASES = [
    ("", Encoding.GSM7, 1),
    ("a" * 160, Encoding.GSM7, 1),
    ("a" * 161, Encoding.GSM7, 2),
    ("a" * 306, Encoding.GSM7, 2),
    ("a" * 307, Encoding.GSM7, 3),
    ("€" * 80, Encoding.GSM7, 1),  # an extension character counts twice: 160 septets
    ("€" * 81, Encoding.GSM7, 2),
    ("a" * 159 + "{", Encoding.GSM7, 2),  # 161 septets
    ("a" * 159 + "é", Encoding.GSM7, 1),  # é is in the basic GSM-7 table
    ("ɛ" * 70, Encoding.UCS2, 1),
    ("ɛ" * 71, Encoding.UCS2, 2),
    ("a" * 69 + "ɛ", Encoding.UCS2, 1),  # one non-GSM character makes the whole text UCS-2
    ("a" * 70 + "ɛ", Encoding.UCS2, 2),
    ("a" * 133 + "’", Encoding.UCS2, 2),  # a curly quote is not GSM-7
    ("a" * 134 + "’", Encoding.UCS2, 3),
    ("😀" * 35, Encoding.UCS2, 1),  # beyond the BMP: two UTF-16 units each
    ("😀" * 36, Encoding.UCS2, 2),
]


@pytest.mark.parametrize(("text", "expected_encoding", "parts"), PART_CASES)
def test_part_counts_of_known_cases(text: str, expected_encoding: Encoding, parts: int) -> None:
    assert encoding(text) is expected_encoding
    assert sms_parts(text) == parts


@given(st.text(alphabet="abc €{}[]", max_size=500))
def test_gsm_parts_grow_with_septets(text: str) -> None:
    septets = len(text) + sum(ch in "€{}[]" for ch in text)
    assert sms_parts(text) == (1 if septets <= 160 else -(-septets // 153))


@given(st.text(max_size=300))
def test_any_text_has_one_encoding_and_at_least_one_part(text: str) -> None:
    parts = sms_parts(text)
    assert parts >= 1
    if encoding(text) is Encoding.UCS2:
        assert (parts == 1) == (len(text.encode("utf-16-le")) // 2 <= 70)


def test_every_default_is_valid_and_uses_only_its_placeholders() -> None:
    for spec in TEMPLATES.values():
        assert check(spec, spec.default) is None, spec.key
        assert set(placeholders_in(spec.default)) <= spec.names


def test_the_defaults_are_the_spec_texts_word_for_word() -> None:
    assert status_message(ApplicationStatus.APPROVED, "Ama Owusu", "vandytravel.com/track") == (
        "Congratulations Ama Owusu! Your application has been approved. Our team will call you within 24 hours "
        "with the next steps.\n- Vandy Travel & Recruitment\nTrack: vandytravel.com/track"
    )
    details = AppointmentDetails("recruitment", "2026-12-01", "10:00 AM GMT", "VA1")
    assert appointment_message(details, promise_reminder=False).endswith("Ref: VA1.\n- Vandy Travel & Recruitment")
    assert "Ref: VA1. We will send a reminder 24 hours before.\n" in appointment_message(details)


def test_a_saved_text_is_used_and_an_invalid_one_falls_back_to_the_default() -> None:
    texts = {"sms.status.approved": "Well done {name}! {track_url}"}
    assert (
        status_message(ApplicationStatus.APPROVED, "Ama Owusu", "x.com/track", texts)
        == "Well done Ama Owusu! x.com/track"
    )
    broken = {"sms.status.approved": "Well done {nmae}!"}
    assert text_of("sms.status.approved", broken) == spec_of("sms.status.approved").default


def test_an_empty_optional_placeholder_leaves_its_line_out() -> None:
    text = render("sms.status.received", {"name": "Ama", "track_url": ""})
    assert text.endswith("48 hours.\n- Vandy Travel & Recruitment")
    assert "Track" not in text


REFUSALS = [
    ("Dear {nmae}", "Unknown placeholder {nmae}: this message can use {name}, {track_url}"),
    ("Dear {name", 'The "{" at character 6 has no closing "}"'),
    ("Dear name}", 'The "}" at character 10 has no opening "{"'),
    ("Dear {na{me}}", 'The "{" at character 6 has no closing "}"'),
    ("Dear {}", "Unknown placeholder {}: this message can use {name}, {track_url}"),
    ("   ", "Enter the text of the message"),
    ("x" * 1001, "The text must be at most 1000 characters"),
]


@pytest.mark.parametrize(("text", "message"), REFUSALS)
def test_validation_refuses_with_a_clear_message(text: str, message: str) -> None:
    assert check(spec_of("sms.status.approved"), text) == message


def test_a_template_without_placeholders_says_so() -> None:
    assert check(spec_of("appointment.reminder_promise"), "Soon {date}") == (
        "Unknown placeholder {date}: this message has no placeholders"
    )


@given(st.text(alphabet=st.characters(blacklist_characters="{}"), max_size=200))
def test_text_without_braces_is_valid_unless_blank_and_renders_as_written(text: str) -> None:
    spec = spec_of("sms.status.approved")
    assert (check(spec, text) is None) == bool(text.strip())


@given(st.lists(st.sampled_from(["{", "}", "a", "{name}"]), max_size=12))
def test_braces_are_accepted_only_when_they_form_placeholders(pieces: list[str]) -> None:
    """A lone brace can only form ``{}``, ``{a}``, ``{{name}``...: never a known placeholder."""
    text = "x" + "".join(pieces)
    lone_brace = any(p in ("{", "}") for p in pieces)
    assert (check(spec_of("sms.status.approved"), text) is None) is not lone_brace


def test_preview_renders_at_the_longest_values_and_warns_past_two_parts() -> None:
    spec = spec_of("sms.status.approved")
    short = preview(spec, "Hi {name}")
    assert short.text == "Hi Nana Akosua Frimpomaa Ofori-Atta"
    assert (short.encoding, short.parts, short.warning) == (Encoding.GSM7, 1, "")
    long = preview(spec, "{name} " * 10)
    assert long.parts == 3
    assert long.warning == TOO_MANY_PARTS.format(parts=3, warn=2)
    assert preview(spec, "Akwaaba {name}, wo nsɛm").encoding is Encoding.UCS2


def test_every_sms_default_fits_two_parts_at_its_longest() -> None:
    for spec in TEMPLATES.values():
        if spec.channel is Channel.SMS:
            shown = preview(spec, spec.default)
            assert shown.encoding is Encoding.GSM7, spec.key
            assert (shown.parts or 0) <= 2, spec.key
