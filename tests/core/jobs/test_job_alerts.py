"""Job-alert matching, the alert e-mail and its signed unsubscribe token."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from agency_core.jobs.alerts import alert_matches, job_alert_email, salary_bounds, token_ok, unsubscribe_token
from agency_core.jobs.model import Job
from agency_core.records import JobStatus
from agency_core.spec.forms import JobAlertRequest, form_of

T0 = datetime(2026, 5, 4, tzinfo=UTC)
JOB = Job(
    "JB1", "Nurse", "Qatar", "Healthcare & Medical", "", "d", JobStatus.OPEN, T0, T0, salary_min=2000, salary_max=3000
)


def alert(**values: str) -> dict[str, str]:
    return {"email": "a@example.com", "jobCategory": "Healthcare & Medical", "preferredCountry": "Qatar", **values}


def test_category_and_country_must_match() -> None:
    assert alert_matches(form_of(JobAlertRequest, alert()), JOB)
    assert alert_matches(form_of(JobAlertRequest, alert(jobCategory="Any")), JOB)
    assert not alert_matches(form_of(JobAlertRequest, alert(jobCategory="Engineering")), JOB)
    assert alert_matches(form_of(JobAlertRequest, alert(preferredCountry="Any Gulf Country")), JOB)
    assert not alert_matches(form_of(JobAlertRequest, alert(preferredCountry="Other")), JOB)
    assert not alert_matches(form_of(JobAlertRequest, alert(preferredCountry="Oman")), JOB)


def test_a_salary_range_given_must_overlap() -> None:
    assert salary_bounds("Below $1,000") == (0, 1000)
    assert salary_bounds("$2,000-$3,000") == (2000, 3000)
    assert salary_bounds("Negotiable") is None
    assert alert_matches(form_of(JobAlertRequest, alert(salaryRange="$3,000-$5,000")), JOB)
    assert not alert_matches(form_of(JobAlertRequest, alert(salaryRange="Above $8,000")), JOB)
    assert not alert_matches(form_of(JobAlertRequest, alert(salaryRange="Below $1,000")), JOB)
    assert alert_matches(
        form_of(JobAlertRequest, alert(salaryRange="Negotiable", experienceLevel="Expert Level (10+)")), JOB
    )


def test_the_email_has_the_job_and_a_one_click_unsubscribe() -> None:
    page = "https://x/job-alerts/unsubscribe?alert=J1&t=abc"
    email = job_alert_email(
        JOB, "a@example.com", "https://x/jobs/JB1", page, "https://x/api/job-alerts/J1/unsubscribe?t=abc"
    )
    assert email.subject == "New job: Nurse in Qatar"
    assert "USD 2,000-3,000 / month" in email.text
    assert "https://x/jobs/JB1" in email.text
    assert f"Stop these e-mails: {page}" in email.text  # the page with a button, not the one-click POST
    assert "/api/" not in email.text
    assert dict(email.headers) == {
        "List-Unsubscribe": "<https://x/api/job-alerts/J1/unsubscribe?t=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }


@given(st.text(min_size=1, max_size=30), st.text(min_size=1, max_size=30))
def test_tokens_verify_only_for_their_alert_and_secret(alert_id: str, other: str) -> None:
    token = unsubscribe_token("secret", alert_id)
    assert token_ok("secret", alert_id, token)
    assert not token_ok("other-secret", alert_id, token)
    if other != alert_id:
        assert not token_ok("secret", other, token)


@given(st.text(min_size=1, max_size=30), st.text(max_size=60))
def test_any_token_from_a_url_is_refused_not_raised(alert_id: str, forged: str) -> None:
    # A forged token can carry any text, non-ASCII included: it is refused, never an error.
    assert token_ok("secret", alert_id, forged) is (forged == unsubscribe_token("secret", alert_id))
