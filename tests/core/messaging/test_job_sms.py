"""SMS texts that name a job keep GSM-7 and a bounded part count, however long the title."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from agency_core.messaging.gsm import is_gsm7, sms_parts
from agency_core.messaging.sms_texts import (
    ApplicationAlert,
    admin_alert_message,
    received_for_job_message,
    status_message,
)
from agency_core.records import ApplicationStatus as S

NAME = "Akosua Boateng"


@given(st.text(min_size=1, max_size=300))
def test_any_job_title_keeps_the_received_text_gsm7_within_two_parts(title: str) -> None:
    text = received_for_job_message(NAME, title)
    assert is_gsm7(text)
    assert sms_parts(text) <= 2
    assert sms_parts(text) <= sms_parts(status_message(S.RECEIVED, NAME)) + 1


def test_the_texts_name_the_job() -> None:
    assert "for the job Registered Nurse." in received_for_job_message(NAME, "Registered Nurse")
    alert = ApplicationAlert(NAME, "a@example.com", "+233241112233", "Healthcare & Medical", "Qatar", "VA1", "Nurse")
    assert "Job: Nurse (Healthcare & Medical)" in admin_alert_message(alert)
    long_title = "Senior Intensive Care Registered Nurse for a Private Hospital Group"
    text = admin_alert_message(
        ApplicationAlert(NAME, "a@example.com", "+233241112233", "Healthcare & Medical", "Qatar", "VA1", long_title)
    )
    assert "Job: Senior Intensive Care Reg" in text
    assert "(Healthcare & Medical)\nCountry: Qatar" in text
    assert long_title not in text
