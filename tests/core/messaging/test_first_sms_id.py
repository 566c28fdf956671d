"""The first SMS to an applicant carries the application ID (issue 43, "a way back in"): with the phone
or e-mail it opens /track. The defaults stay within the parts they always had; a text staff saved
gets the ID through its placeholder."""

from __future__ import annotations

import pytest

from agency_core.messaging.gsm import is_gsm7, sms_parts
from agency_core.messaging.notifications import SmsKind, application_messages
from agency_core.messaging.parts_cap import DEFAULT_MAX_PARTS
from agency_core.messaging.sms_texts import STATUS_SMS_MAX_PARTS, ApplicationAlert, status_message
from agency_core.messaging.templates import check, preview, spec_of
from agency_core.records import ApplicationStatus

ID = "VA1795479503425"
TRACK = "www.vandytravelrecruitment.com/track"


def alert(job_title: str = "") -> ApplicationAlert:
    return ApplicationAlert("Ama Owusu", "ama@example.com", "+233241234567", "Construction", "Qatar", ID, job_title)


@pytest.mark.parametrize("job_title", ["", "Site Foreman"])
def test_the_first_sms_names_the_application_id_on_its_own_line(job_title: str) -> None:
    first, *admins = application_messages(alert(job_title), ["+233200000001"], TRACK)
    assert first.kind is SmsKind.STATUS
    assert first.phone == "+233241234567"
    assert f"\nApplication ID: {ID}\n" in first.text
    assert first.text.endswith(f"Track: {TRACK}")
    assert "within 48 hours" in first.text
    assert [a.kind for a in admins] == [SmsKind.ADMIN_ALERT]


@pytest.mark.parametrize("key", ["sms.status.received", "sms.received_for_job"])
def test_the_defaults_with_the_id_stay_gsm7_within_two_parts_at_their_longest(key: str) -> None:
    spec = spec_of(key)
    shown = preview(spec, spec.default)
    assert ID in shown.text
    assert is_gsm7(shown.text)
    assert shown.parts is not None
    assert shown.parts <= STATUS_SMS_MAX_PARTS <= DEFAULT_MAX_PARTS
    assert not shown.warning


def test_a_status_text_sent_without_an_id_leaves_the_line_out() -> None:
    text = status_message(ApplicationStatus.RECEIVED, "Ama Owusu", TRACK)
    assert "Application ID" not in text
    assert sms_parts(text) <= STATUS_SMS_MAX_PARTS


def test_a_saved_received_text_gets_the_id_through_its_placeholder() -> None:
    saved = "Hello {name}, we have your application {application_id}. {track_url}"
    assert check(spec_of("sms.status.received"), saved) is None
    texts = {"sms.status.received": saved}
    (first, _) = application_messages(alert(), ["+233200000001"], TRACK, texts)
    assert first.text == f"Hello Ama Owusu, we have your application {ID}. {TRACK}"
    # the later status texts have no ID placeholder: staff cannot put one there by mistake
    assert check(spec_of("sms.status.approved"), "Well done {application_id}") is not None
