"""The admin answers built from a record and its typed form (``with_form``) say what the answers built
from a dict of the form's values did (``from_record``): the same JSON, a blank field null or absent."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec

from agency_core.payments.model import Payment
from agency_core.payments.shown import ShownPayment
from agency_core.records import Application, ApplicationStatus, ContactMessage, JobAlert, PaymentState
from agency_core.spec.forms import ApplicationForm, ContactForm, JobAlertRequest, form_of, form_values
from agency_core.staff.records import ApplicationRecord, MessageRecord
from app.admin.schemas.applications import ApplicationSummary, application_summary
from app.admin.schemas.common import from_record
from app.admin.schemas.messages import AdminMessage, admin_message
from app.admin.schemas.subscribers import JobAlertSubscriber, job_alert_subscriber

T0 = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def test_a_contact_message_answer_is_its_record_with_blank_fields_null() -> None:
    record = MessageRecord(ContactMessage("CM1", form_of(ContactForm, {"name": "Ama", "subject": "Visa"}), T0), T0)
    answer = admin_message(record)
    assert (answer.name, answer.subject, answer.email, answer.read) == ("Ama", "Visa", None, True)
    m = record.message
    values = {**form_values(m.data), "id": m.id, "read": True, "readAt": T0, "createdAt": m.created_at}
    assert msgspec.json.encode(answer) == msgspec.json.encode(from_record(AdminMessage, values))


def test_a_job_alert_answer_is_its_record() -> None:
    alert = JobAlert("JA1", form_of(JobAlertRequest, {"email": "a@b.c", "jobCategory": "Any"}), T0)
    answer = job_alert_subscriber(alert)
    assert (answer.id, answer.job_category, answer.salary_range) == ("JA1", "Any", None)
    values = {**form_values(alert.data), "id": alert.id, "createdAt": alert.created_at}
    assert msgspec.json.encode(answer) == msgspec.json.encode(from_record(JobAlertSubscriber, values))


def test_an_application_row_is_its_record_with_the_payment_as_shown() -> None:
    form = form_of(ApplicationForm, {"firstName": "Ama", "lastName": "Owusu", "jobId": "J1", "hasPassport": False})
    record = ApplicationRecord(
        Application("VA1", form, (), T0), ApplicationStatus.PROCESSING, T0, Payment(PaymentState.PAID), "s1", "Esi"
    )
    answer = application_summary(record, ShownPayment.REFUNDED)
    assert (answer.first_name, answer.job_id, answer.job_title, answer.owner_name) == ("Ama", "J1", None, "Esi")
    values = {
        **form_values(form),
        "applicationId": "VA1",
        "status": record.status,
        "createdAt": T0,
        "opened": True,
        "payment": PaymentState.PAID,
        "ownerId": "s1",
        "ownerName": "Esi",
        "shownPayment": ShownPayment.REFUNDED,
    }
    assert msgspec.json.encode(answer) == msgspec.json.encode(from_record(ApplicationSummary, values))
