"""The CSV exports' form columns are made from the forms' rules: the columns staff have always had."""

from __future__ import annotations

from agency_core.spec import validation as v
from agency_core.staff.csv_export import form_columns


def test_an_appointment_exports_each_field_but_the_phone_country_and_the_consent() -> None:
    assert form_columns(v.APPOINTMENT) == (
        "fullName",
        "email",
        "phone",
        "countryOfInterest",
        "serviceType",
        "preferredDate",
        "preferredTime",
        "message",
    )


def test_an_application_exports_no_file_no_phone_country_and_no_terms_box() -> None:
    columns = form_columns(v.APPLICATION)
    assert columns[:4] == ("firstName", "lastName", "email", "phone")
    assert columns[-4:] == ("hasPassport", "passportNumber", "passportExpiry", "additionalInfo")
    assert len(columns) == 19
    assert {"phoneRegion", "cv", "passport", "photo", "terms"}.isdisjoint(columns)


def test_a_job_alert_exports_every_field_of_its_form() -> None:
    assert form_columns(v.JOB_ALERT) == ("email", "jobCategory", "preferredCountry", "salaryRange", "experienceLevel")
