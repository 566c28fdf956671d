"""The bulk actions' pure rules: the message to many (its one rendering function and its checks),
the selection, and the preview's arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.bulk.model import MAX_SELECTION, BulkKind, Selection, check_selection, is_bulk_id
from agency_core.bulk.service import BulkPreview, PlannedSms
from agency_core.errors import Rejected
from agency_core.messaging.bulk_texts import MAX_SEPTETS, check_bulk_message, render_bulk_message
from agency_core.messaging.gsm import gsm7_name, is_gsm7, septets, sms_parts
from agency_core.records import ApplicationStatus
from agency_core.staff.query import ApplicationQuery


@pytest.mark.parametrize(
    ("raw", "error"),
    [
        ("", "Message is required"),
        ("   ", "Message is required"),
        (42, "Message is required"),
        ("Hi {first}", "Unknown placeholder {first}: only {name} can be used"),
        ("Hi {name", "Braces must only be used for {name}"),
        ("Hi name}", "Braces must only be used for {name}"),
        ("Akwaaba 😀", "Use only characters a standard SMS carries (GSM-7): remove 😀"),
        ("x" * 460, f"Message must be at most {MAX_SEPTETS} characters (three SMS parts)"),
    ],
)
def test_a_message_staff_must_change_is_refused_with_the_reason(raw: object, error: str) -> None:
    assert check_bulk_message(raw) == ("", error)


def test_curly_quotes_are_straightened_and_the_name_is_filled_in_gsm7() -> None:
    template, error = check_bulk_message("  Hello {name}, it’s “Monday”.  ")
    assert (template, error) == ('Hello {name}, it\'s "Monday".', "")
    assert render_bulk_message(template, "Akosua Ɔdɔm") == 'Hello Akosua Odom, it\'s "Monday".'
    assert render_bulk_message("Dear {name}", "王") == "Dear applicant"


@given(
    st.text(alphabet=st.characters(codec="ascii", exclude_characters="{}`\x00"), max_size=300),
    st.text(alphabet=st.characters(exclude_characters="{}"), max_size=40),
)
def test_every_accepted_message_renders_to_gsm7_within_three_parts(raw: str, name: str) -> None:
    template, error = check_bulk_message(raw + " {name}")
    if error:
        return
    text = render_bulk_message(template, name)
    assert is_gsm7(text)
    assert "{" not in text
    if septets(gsm7_name(name)) <= 30:  # the length the check allows a name
        assert sms_parts(text) <= 3


def test_a_selection_is_picked_ids_or_the_filter() -> None:
    assert check_selection(["VA1", " VA1 ", "VA2", ""], None) == Selection(ids=("VA1", "VA2"))
    picked = check_selection(None, {"status": "received", "preferredCountry": "Qatar"})
    assert picked.query == ApplicationQuery(status=ApplicationStatus.RECEIVED, preferred_country="Qatar")
    assert picked.describe() == "filter status=received&preferredCountry=Qatar"
    with pytest.raises(Rejected) as too_many:
        check_selection([f"VA{n}" for n in range(MAX_SELECTION + 1)], None)
    assert too_many.value.errors == {
        "applicationIds": f"Select at most {MAX_SELECTION} applications at once; narrow the filter"
    }
    with pytest.raises(Rejected):
        check_selection("VA1", None)


@pytest.mark.parametrize(
    ("matching", "error"),
    [
        (
            {"jobCategry": "Engineering"},
            "Unknown filter jobCategry: the filters are q, status, jobCategory, preferredCountry, from, to, payment,"
            " jobId, view, owner, all",
        ),
        ({}, 'Choose at least one filter, or send "all": "true" to select every application'),
        ({"status": " ", "q": ""}, 'Choose at least one filter, or send "all": "true" to select every application'),
        ({"all": "true", "status": "received"}, '"all" must be "true" and stand alone: it selects every application'),
        ({"all": "yes"}, '"all" must be "true" and stand alone: it selects every application'),
        ({"status": 5}, "The filter must be the list's filters by name"),
        ("all", "The filter must be the list's filters by name"),
    ],
)
def test_a_misspelt_empty_or_mixed_filter_is_refused_naming_what_is_wrong(matching: object, error: str) -> None:
    with pytest.raises(Rejected) as refused:
        check_selection(None, matching)
    assert refused.value.errors == {"matching": error}


def test_ids_and_a_filter_together_are_refused() -> None:
    with pytest.raises(Rejected) as refused:
        check_selection(["VA1"], {"status": "received"})
    assert refused.value.errors == {"matching": "Send either applicationIds or matching, not both"}


def test_every_application_is_asked_for_in_so_many_words() -> None:
    everyone = check_selection(None, {"all": "true"})
    assert everyone.query == ApplicationQuery()
    assert everyone.describe() == "filter all"


@pytest.mark.parametrize(
    ("raw", "valid"), [("BK123", True), ("BK", False), ("VA123", False), ("BK12a", False), (5, False)]
)
def test_bulk_ids(raw: object, valid: bool) -> None:
    assert is_bulk_id(raw) is valid


def test_the_preview_counts_recipients_messages_and_parts() -> None:
    items = (
        PlannedSms("VA1", "A", "x" * 161, 2),
        PlannedSms("VA2", "B", "", 0, note="Status SMS for processing is switched off in the admin settings"),
        PlannedSms("VA3", "C", "", 0, error="Application not found"),
    )
    preview = BulkPreview("BK1", BulkKind.STATUS, items, ApplicationStatus.PROCESSING, 30)
    assert (preview.count, preview.messages, preview.total_parts) == (2, 1, 2)
