"""An e-mail field holds one address: the spec's text@text with no spaces, and nothing that makes a
list, a display name or a second header of it (``postmaster,me@example.com`` mailed both)."""

from __future__ import annotations

from datetime import date
from email.utils import getaddresses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.messaging.email import check_recipient
from agency_core.spec.validation import CONTACT, EMAIL_PATTERN, INVALID_EMAIL, is_email, validate

ONE_ADDRESS = st.from_regex(EMAIL_PATTERN, fullmatch=True)

NOT_ONE_ADDRESS = [
    "postmaster,me@example.com",
    "ama@example.com, kofi@example.com",
    "ama@example.com;kofi@example.com",
    "Ama Mensah <ama@example.com>",
    "<ama@example.com>",
    '"Ama"@example.com',
    "ama@example.com\r\nBcc: everyone@example.com",
    "undisclosed:ama@example.com",
    "ama@example.com\x00",
    "ama@example.com (Ama)",
]


@pytest.mark.parametrize("value", NOT_ONE_ADDRESS)
def test_a_list_display_name_or_header_in_an_email_field_is_refused_with_the_spec_message(value: str) -> None:
    sent = {"name": "Ama", "email": value, "subject": "Visa", "message": "Hello"}
    assert validate(CONTACT, sent, date(2026, 11, 28)).errors == {"email": INVALID_EMAIL}


@pytest.mark.parametrize("value", ["me@example.com", "a.b+tag@mail.example.com", "ɔdɔm@example.com", "x'y@z"])
def test_one_address_is_accepted(value: str) -> None:
    assert is_email(value)


def test_the_sender_refuses_a_final_line_break_the_form_would_strip() -> None:
    with pytest.raises(ValueError, match="not one e-mail address"):
        check_recipient("ama@example.com\n")


@given(st.one_of(ONE_ADDRESS, st.text(min_size=1, max_size=40)))
def test_every_accepted_address_is_exactly_one_address_to_a_mail_library(value: str) -> None:
    if is_email(value):
        assert getaddresses([value]) == [("", value)]
        assert check_recipient(value) == value


@given(
    ONE_ADDRESS,
    st.sampled_from([",", ";", ":", "<", ">", '"', "\r", "\n", " "]),
    st.text(max_size=20),
)
def test_a_separator_anywhere_makes_it_not_one_address(address: str, separator: str, rest: str) -> None:
    assert not is_email(address + separator + rest)
    with pytest.raises(ValueError, match="not one e-mail address"):
        check_recipient(address + separator + rest)
