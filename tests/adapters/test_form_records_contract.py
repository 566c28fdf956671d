"""Typed forms at rest: a record's ``data`` is stored exactly as it was before it had a type (the
cleaned values by spec name, blank fields left out, byte for byte in a SQLite row), and a row or
document written by an older version (no consent record, no job, fields the form dropped) reads on
both backends and writes back unchanged."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.codec import from_document, from_row, to_document, to_row
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Application, Appointment, ContactMessage, JobAlert
from agency_core.spec import validation as v
from agency_core.spec.consent import PRIVACY_NOTICE_VERSION, with_consent
from agency_core.spec.forms import (
    ApplicationForm,
    AppointmentRequest,
    ContactForm,
    JobAlertRequest,
    NewAppointmentNotice,
    form_values,
    spec_names,
)
from agency_core.submissions.service import UPLOAD_FIELDS
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.api.conftest import APPLICATION, APPOINTMENT
from tests.support.writes import add_application, add_appointment, add_contact_message, add_job_alert

T0 = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)
TODAY = date(2026, 9, 1)
CONTACT = {"name": "Ama", "email": "ama@example.com", "phone": "0241112222", "subject": "Visa", "message": "When?"}
JOB_ALERT = {"email": "ama@example.com", "jobCategory": "Construction", "preferredCountry": "Qatar"}


def _as_before(form: v.Form, sent: dict[str, Any], extra: dict[str, str] | None = None) -> dict[str, Any]:
    """The ``data`` map the untyped version stored: the cleaned values without uploads, the job, the consent.
    The WhatsApp opt-in box is a field of the forms the records never keep (its own store does)."""
    cleaned = v.validate(form, sent, TODAY)
    assert cleaned.ok, cleaned.errors
    values = {k: val for k, val in cleaned.values.items() if k not in UPLOAD_FIELDS and k != v.WHATSAPP_OPT_IN}
    consent = {"privacyNoticeVersion": PRIVACY_NOTICE_VERSION, "privacyNoticeAcceptedAt": T0.isoformat()}
    return {**values, **(extra or {}), **consent}


def _row_text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("has_passport", ["true", "false"])
def test_an_application_is_stored_as_before_byte_for_byte(has_passport: str) -> None:
    sent = {**APPLICATION, "hasPassport": has_passport, "cv": "cv.pdf", "salary": "  "}
    form = v.validate(v.APPLICATION, sent, TODAY).form(ApplicationForm)
    job = {"jobId": "JB1", "jobTitle": "Site Engineer"}
    application = Application("VA1", with_consent(replace(form, job_id="JB1", job_title="Site Engineer"), T0), (), T0)
    before = _as_before(v.APPLICATION, sent, job)
    assert to_document(application)["data"] == before
    assert list(to_document(application)["data"]) == list(before)  # the same order of keys too
    assert to_row(application)["data"] == _row_text(before)
    assert from_row(Application, to_row(application)) == application
    assert ("passportNumber" in before) is (has_passport == "true")


def test_a_booking_a_message_and_a_job_alert_are_stored_as_before() -> None:
    booking = Appointment("AP1", with_consent(_typed(v.APPOINTMENT, AppointmentRequest, APPOINTMENT), T0), T0)
    message = ContactMessage("MS1", with_consent(_typed(v.CONTACT, ContactForm, CONTACT), T0), T0)
    alert = JobAlert("JA1", with_consent(_typed(v.JOB_ALERT, JobAlertRequest, JOB_ALERT), T0), T0)
    for record, form, sent in (
        (booking, v.APPOINTMENT, APPOINTMENT),
        (message, v.CONTACT, CONTACT),
        (alert, v.JOB_ALERT, JOB_ALERT),
    ):
        assert to_row(record)["data"] == _row_text(_as_before(form, sent))
        assert from_row(type(record), to_row(record)) == record


def _typed(form: v.Form, kind: type[Any], sent: dict[str, Any]) -> Any:
    return v.validate(form, sent, TODAY).form(kind)


def test_the_notice_of_a_booking_keeps_its_names() -> None:
    notice = NewAppointmentNotice(reference="AP1", full_name="Ama", preferred_time="10:00 AM")
    stored = to_document(AdminNotification("AP1-admin", NEW_APPOINTMENT, notice, T0))["data"]
    assert stored == {"reference": "AP1", "fullName": "Ama", "preferredTime": "10:00 AM"}


OLD_APPLICATION: dict[str, Any] = {
    "firstName": "Ama",
    "lastName": "Owusu",
    "email": "ama@example.com",
    "phone": "+233241112222",
    "preferredCountry": "Qatar",
    "jobCategory": "Construction",
    "hasPassport": False,
    "terms": True,
}
"""As a version before consent records and job applications stored it."""
OLD_FORMS: dict[str, tuple[type[Any], dict[str, Any]]] = {
    "applications": (Application, OLD_APPLICATION),
    "appointments": (Appointment, {"fullName": "Kofi", "email": "kofi@example.com", "preferredDate": "2026-09-02"}),
    "contact_messages": (ContactMessage, {"name": "Yaw", "email": "yaw@example.com", "subject": "Visa"}),
    "job_alerts": (JobAlert, {"email": "esi@example.com", "jobCategory": "Any"}),
}


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


async def _overwrite_data(s: Stores, table: str, record_id: str, data: dict[str, Any]) -> None:
    """Put ``data`` in the stored record as it is, around the codec (as an older version wrote it)."""
    if s.database is not None:
        key = "reference" if table == "appointments" else "id"
        with sqlite3.connect(s.database.path) as conn:
            conn.execute(f"UPDATE {table} SET data = ? WHERE {key} = ?", (_row_text(data), record_id))
        return
    assert s.firestore is not None
    await s.firestore.client.collection(s.prefix + table).document(record_id).update({"data": data})


async def _raw_data(s: Stores, table: str, record_id: str) -> dict[str, Any]:
    if s.database is not None:
        key = "reference" if table == "appointments" else "id"
        with sqlite3.connect(s.database.path) as conn:
            (text,) = conn.execute(f"SELECT data FROM {table} WHERE {key} = ?", (record_id,)).fetchone()
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    assert s.firestore is not None
    snap = await s.firestore.client.collection(s.prefix + table).document(record_id).get()
    return dict((snap.to_dict() or {})["data"])


async def test_records_an_older_version_stored_still_read_and_keep_their_shape(stores: Stores) -> None:
    s = stores
    await add_application(s.records, Application("VA1", ApplicationForm(email="x@example.com"), (), T0))
    await add_appointment(
        s.records,
        Appointment("AP1", AppointmentRequest(), T0),
        AdminNotification("AP1-admin", NEW_APPOINTMENT, NewAppointmentNotice(reference="AP1"), T0),
    )
    await add_contact_message(s.records, ContactMessage("MS1", ContactForm(), T0))
    await add_job_alert(s.records, JobAlert("JA1", JobAlertRequest(), T0))
    for table, (_, old) in OLD_FORMS.items():
        record_id = {"applications": "VA1", "appointments": "AP1", "contact_messages": "MS1"}.get(table, "JA1")
        await _overwrite_data(s, table, record_id, old)

    application = await s.records.applications.get("VA1")
    assert application is not None
    assert (application.data.first_name, application.data.has_passport, application.data.job_id) == ("Ama", False, "")
    assert application.data.privacy_notice_version == ""  # no consent record: stored before it was kept
    assert form_values(application.data) == OLD_APPLICATION
    booking = await s.records.appointments.get("AP1")
    assert booking is not None
    assert (booking.data.full_name, booking.data.preferred_date, booking.data.preferred_time) == (
        "Kofi",
        "2026-09-02",
        "",
    )
    alerts = await s.records.job_alerts.all()
    assert [(a.data.email, a.data.job_category, a.data.preferred_country) for a in alerts] == [
        ("esi@example.com", "Any", "")
    ]
    for table, (kind, old) in OLD_FORMS.items():
        record_id = {"applications": "VA1", "appointments": "AP1", "contact_messages": "MS1"}.get(table, "JA1")
        raw = await _raw_data(s, table, record_id)
        assert raw == old
        assert to_document(from_document(kind, {**_skeleton(kind), "data": raw}))["data"] == old


def _skeleton(kind: type[Any]) -> dict[str, Any]:
    """The fields besides ``data`` a record needs to decode."""
    key = "reference" if kind is Appointment else "id"
    return {key: "X", "created_at": T0, "files": []}


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12).filter(str.strip)


@given(st.data())
def test_any_stored_form_reads_and_writes_back_as_it_was(data: st.DataObject) -> None:
    """Whatever subset of its fields a stored application holds (text, or a checkbox's true/false)."""
    stored: dict[str, Any] = {}
    for attribute, name in spec_names(ApplicationForm):
        kind = data.draw(st.sampled_from(["absent", "present"]), label=name)
        if kind == "present":
            checkbox = attribute in ("has_passport", "terms")
            stored[name] = data.draw(st.booleans() if checkbox else _TEXT, label=name)
    row = {"id": "VA1", "data": _row_text(stored), "files": "[]", "created_at": T0.isoformat()}
    application = from_row(Application, row)
    assert to_row(application)["data"] == _row_text(stored)
    assert from_document(Application, to_document(application)) == application
