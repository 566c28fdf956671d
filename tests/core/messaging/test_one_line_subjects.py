"""E-mail subjects are one line: a subject template with a line break is refused when staff save it,
one saved before that rule is not used, and every subject (rendered, or read back from an outbox
message stored before the rule) is folded to one line, so no message fails on it for ever."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.messaging import outbox_messages
from agency_core.messaging.confirmation_emails import application_email
from agency_core.messaging.email import Email, one_line
from agency_core.messaging.templates import SUBJECT_ONE_LINE, TEMPLATES, check, render, spec_of

T0 = datetime(2026, 11, 28, 9, 30, tzinfo=UTC)
SUBJECTS = [key for key, spec in TEMPLATES.items() if spec.one_line]


def test_every_e_mail_subject_template_is_one_line_and_only_subjects_are() -> None:
    assert [key for key in TEMPLATES if key.startswith("email.") and ".subject" in key] == SUBJECTS
    # and one per stage of the deployment pipeline (eleven and Closed), and three of CV packs to employers
    assert len(SUBJECTS) == 11 + 12 + 3


@pytest.mark.parametrize("key", SUBJECTS)
@pytest.mark.parametrize("text", ["Your application\n{application_id}", "Your application\r{application_id}"])
def test_a_subject_with_a_line_break_is_refused(key: str, text: str) -> None:
    spec = spec_of(key)
    assert check(spec, text.replace("{application_id}", spec.default)) == SUBJECT_ONE_LINE


def test_a_body_may_still_hold_line_breaks() -> None:
    assert check(spec_of("email.application.body"), "Dear {name},\n\nThank you.\n{application_id}") is None


def test_a_subject_saved_with_a_line_break_before_the_rule_falls_back_to_the_default() -> None:
    texts = {"email.application.subject": "Your application\n{application_id}"}
    assert render("email.application.subject", {"application_id": "VA1"}, texts) == "Your application VA1"


def test_a_rendered_subject_is_folded_before_it_is_stored() -> None:
    email = Email("a@example.com", "Re: visa\r\n question\tBcc: x@example.com", "Body")
    assert email.subject == "Re: visa question Bcc: x@example.com"
    assert (
        json.loads(outbox_messages.email(id="M1", source_id="S1", mail=email, now=T0).text)["subject"] == email.subject
    )


def test_a_message_stored_with_a_broken_subject_reads_back_with_one_line() -> None:
    message = outbox_messages.email(
        id="M1", source_id="S1", mail=Email("a@example.com", "Your application VA1", "Body"), now=T0
    )
    stored = replace(message, text=json.dumps({"subject": "Your application\nVA1", "text": "Body", "headers": []}))
    assert outbox_messages.email_of(stored).subject == "Your application VA1"


def test_the_confirmation_e_mail_has_a_one_line_subject_whatever_the_values() -> None:
    mail = application_email("a@example.com", "Ama", "VA1\r\nBcc: x@example.com", "", "https://x.example")
    assert "\n" not in mail.subject
    assert "\r" not in mail.subject


@given(st.text(max_size=80))
def test_one_line_leaves_no_line_break_or_control_character(subject: str) -> None:
    folded = one_line(subject)
    assert not any(ch in folded for ch in "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
    assert folded == folded.strip()
    assert one_line(folded) == folded
