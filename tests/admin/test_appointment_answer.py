"""The admin's appointment answer is built from the record itself, with the CSV's columns as its form fields."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec

from agency_core.appointments.records import AppointmentRecord
from agency_core.records import Appointment, AppointmentStatus
from agency_core.spec import validation as v
from agency_core.spec.forms import AppointmentRequest, form_of, form_values, spec_name
from agency_core.staff.csv_export import form_columns
from app.admin.schemas.appointments import FORM_FIELDS, AdminAppointment, admin_appointment
from app.admin.schemas.common import from_record

BOOKED = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def _record(**sent: object) -> AppointmentRecord:
    request = form_of(AppointmentRequest, sent)
    starts = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    return AppointmentRecord(Appointment("VA9", request, BOOKED, starts, "Africa/Accra"), AppointmentStatus.ATTENDED)


def test_the_answers_form_fields_are_the_csv_columns() -> None:
    assert tuple(spec_name(name) for name in FORM_FIELDS) == form_columns(v.APPOINTMENT)


def test_the_answer_is_what_the_record_says_and_a_blank_field_is_null() -> None:
    record = _record(fullName="Ama Owusu", email="ama@example.com", phone="+233241234567", preferredTime="10:00 AM")
    answer = admin_appointment(record)
    assert (answer.reference, answer.full_name, answer.preferred_time) == ("VA9", "Ama Owusu", "10:00 AM")
    assert (answer.message, answer.country_of_interest, answer.status) == (None, None, AppointmentStatus.ATTENDED)
    # The same JSON as the answer built from a dict of the form's values (how it was built before).
    a = record.appointment
    values = {
        **form_values(a.data),
        "reference": a.reference,
        "status": record.status,
        "createdAt": a.created_at,
        "startsAt": a.starts_at,
        "timeZone": a.time_zone,
    }
    assert msgspec.json.encode(answer) == msgspec.json.encode(from_record(AdminAppointment, values))
