from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.messaging.gsm import is_gsm7, sms_parts, to_gsm7
from agency_core.messaging.sms_texts import (
    ApplicationAlert,
    AppointmentDetails,
    admin_alert_message,
    appointment_message,
    status_message,
)
from agency_core.records import ApplicationStatus

GHANAIAN_NAMES = st.sampled_from(
    ["Ama Owusu", "Kwame Nkrumah-Boateng", "Abena Serwaa Amponsah", "Yaw Ofori-Atta", "Efua Ọbɛng", "Kofi Annan"]
)


@pytest.mark.parametrize(
    ("status", "promise"),
    [
        (ApplicationStatus.RECEIVED, "within 48 hours"),
        (ApplicationStatus.PROCESSING, "2-3 business days"),
        (ApplicationStatus.APPROVED, "within 24 hours"),
        (ApplicationStatus.REJECTED, "future openings"),
    ],
)
def test_status_texts_address_the_applicant_and_keep_the_promises(status: ApplicationStatus, promise: str) -> None:
    text = status_message(status, "Ama Owusu")
    assert "Ama Owusu" in text
    assert promise in text


def test_admin_alert_has_the_spec_layout() -> None:
    alert = ApplicationAlert("Kofi Mensah", "kofi@example.com", "+233241234567", "Construction", "Qatar", "VA1")
    lines = admin_alert_message(alert).split("\n")
    assert lines[0] == "NEW JOB APPLICATION"
    assert lines[1:7] == [
        "Name: Kofi Mensah",
        "Email: kofi@example.com",
        "Phone: +233241234567",
        "Job: Construction",
        "Country: Qatar",
        "ID: VA1",
    ]
    assert lines[7] == "Login to admin panel to review."
    assert "Vandy" in lines[8]


def test_appointment_text_names_service_date_time_reference_and_reminder() -> None:
    text = appointment_message(AppointmentDetails("visa-services", "2026-12-01", "10:00 AM", "VA42"))
    for part in ("Visa Services", "2026-12-01", "10:00 AM", "VA42", "reminder 24 hours before"):
        assert part in text


@given(name=GHANAIAN_NAMES, status=st.sampled_from(list(ApplicationStatus)))
def test_status_texts_are_gsm7_in_at_most_two_parts(name: str, status: ApplicationStatus) -> None:
    text = status_message(status, name)
    assert is_gsm7(text)
    assert sms_parts(text) <= 2


@given(name=GHANAIAN_NAMES, category=st.sampled_from(["Healthcare & Medical", "Hospitality & Tourism"]))
def test_admin_alerts_fit_two_parts_for_realistic_applicants(name: str, category: str) -> None:
    email = name.lower().replace(" ", ".") + "@gmail.com"
    text = admin_alert_message(
        ApplicationAlert(name, email, "+233241234567", category, "United Arab Emirates", "VA1763800000123")
    )
    assert is_gsm7(text)
    assert sms_parts(text) <= 2


def test_non_gsm_characters_are_transliterated() -> None:
    assert to_gsm7("Ọbɛng “Jnr” – Zoë") == 'Ob?ng "Jnr" - Zoe'
    assert is_gsm7(to_gsm7("Ọbɛng 😀"))


def test_parts_count_160_then_153() -> None:
    assert sms_parts("a" * 160) == 1
    assert sms_parts("a" * 161) == 2
    assert sms_parts("a" * 306) == 2
    assert sms_parts("a" * 307) == 3
    assert sms_parts("€" * 80) == 1
