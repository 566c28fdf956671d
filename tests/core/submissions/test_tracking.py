"""Tracking rules: the contact check, the status history from the audit log, the SMS link's cost."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.audit import AuditEntry
from agency_core.messaging.gsm import is_gsm7, sms_parts
from agency_core.messaging.sms_texts import STATUS_SMS_MAX_PARTS, status_message, track_link
from agency_core.records import ApplicationStatus
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.submissions.tracking import check_track_request, contact_matches, status_history

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
DATA = {"email": "Kwame.Mensah@Example.com", "phone": "+233201234567"}


@pytest.mark.parametrize(
    ("contact", "matches"),
    [
        ("kwame.mensah@example.com", True),
        ("  KWAME.MENSAH@EXAMPLE.COM ", True),
        ("0201234567", True),
        ("020 123 4567", True),
        ("+233 20 123 4567", True),
        ("+233201234567", True),
        ("0201234568", False),
        ("kwame@example.com", False),
        ("", False),
        ("not a phone", False),
    ],
)
def test_contact_is_the_email_any_case_or_the_phone_in_any_form(contact: str, matches: bool) -> None:
    assert contact_matches(form_of(ApplicationForm, DATA), contact) is matches


def test_contact_never_matches_a_record_without_that_field() -> None:
    assert not contact_matches(form_of(ApplicationForm, {"email": "", "phone": ""}), "")
    assert not contact_matches(form_of(ApplicationForm, {}), "0201234567")


def _entry(n: int, action: str, target: str) -> AuditEntry:
    return AuditEntry(f"AU{n}", "admin@example.com", action, target, T0 + timedelta(hours=n))


def test_history_starts_received_then_follows_the_status_entries_of_that_application_only() -> None:
    entries = [
        _entry(3, "application.status", "VA1: processing -> approved (status SMS off)"),
        _entry(1, "application.status", "VA1: received -> processing (status SMS queued)"),
        _entry(2, "application.status", "VA10: received -> processing (status SMS queued)"),
        _entry(4, "applications.export", "VA1: whatever"),
    ]
    history = status_history("VA1", T0, entries)
    assert [(c.status, c.at) for c in history] == [
        (ApplicationStatus.RECEIVED, T0),
        (ApplicationStatus.PROCESSING, T0 + timedelta(hours=1)),
        (ApplicationStatus.APPROVED, T0 + timedelta(hours=3)),
    ]


def test_track_request_needs_both_fields() -> None:
    assert check_track_request(" va1 ", "0201234567") == (("VA1", "0201234567"), {})
    assert check_track_request(None, None)[1] == {
        "applicationId": "Application ID is required",
        "contact": "Phone number or email is required",
    }
    assert check_track_request("VA1", "a@@b")[1] == {"contact": "Invalid email address"}


def test_track_link_is_short() -> None:
    assert track_link("https://vandytravel.com/") == "vandytravel.com/track"
    assert track_link("http://127.0.0.1:8000") == "http://127.0.0.1:8000/track"
    assert track_link("") == ""


@pytest.mark.parametrize("status", list(ApplicationStatus))
def test_every_status_text_ends_with_the_track_link(status: ApplicationStatus) -> None:
    text = status_message(status, "Ama Owusu", track_link("https://vandytravel.com"))
    assert text.endswith("\nTrack: vandytravel.com/track")
    assert status_message(status, "Ama Owusu").count("track") == 0


LONG_NAMES = st.sampled_from(
    ["Ama Owusu", "Abena Serwaa Amponsah-Boateng", "Nana Akosua Frimpomaa Ofori-Atta", "Efua Ọbɛng Ɛsi Nyarko"]
)
URLS = st.sampled_from(["https://vandytravel.com", "https://www.vandytravelrecruitment.com", "http://127.0.0.1:8000"])


@given(name=LONG_NAMES, url=URLS, status=st.sampled_from(list(ApplicationStatus)))
def test_the_link_keeps_each_status_text_within_its_part_count(name: str, url: str, status: ApplicationStatus) -> None:
    """Measured with the GSM-7 rule: with the link, every status text stays within the two parts
    status texts are allowed (tests/core/messaging/test_messages.py)."""
    with_link = status_message(status, name, track_link(url))
    assert is_gsm7(with_link)
    assert sms_parts(with_link) <= STATUS_SMS_MAX_PARTS == 2


@pytest.mark.parametrize(
    ("stored", "region", "contact", "matches"),
    [
        ("+971501234567", "AE", "050 123 4567", True),
        ("+971501234567", "AE", "+971 50 123 4567", True),
        ("+233501234567", "GH", "050 123 4567", True),
        ("+233501234567", "", "050 123 4567", True),
        ("+971501234567", "AE", "0501234568", False),
    ],
)
def test_a_local_phone_is_read_in_the_country_it_was_stored_with(
    stored: str, region: str, contact: str, matches: bool
) -> None:
    data = form_of(ApplicationForm, {**DATA, "phone": stored, "phoneRegion": region})
    assert contact_matches(data, contact) is matches
