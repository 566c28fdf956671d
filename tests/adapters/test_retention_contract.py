"""Retention with a fixed clock, on SQLite and on the Firestore emulator: what is removed, what is kept."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters import audit_ids
from adapters.files import LocalFileStore
from adapters.firestore.retention import FirestoreRetentionStore
from adapters.sqlite.retention import SqliteRetentionStore
from agency_core.audit import AuditEntry
from agency_core.ids import IdGenerator
from agency_core.paging import PageRequest
from agency_core.ports import Store
from agency_core.privacy.retention import RetentionPeriods, RetentionService, RetentionStore
from agency_core.records import (
    AdminNotification,
    Application,
    ApplicationStatus,
    Appointment,
    ContactMessage,
    JobAlert,
    StoredFile,
)
from agency_core.spec.forms import (
    ApplicationForm,
    AppointmentRequest,
    ContactForm,
    JobAlertRequest,
    NewAppointmentNotice,
    form_of,
)
from agency_core.staff.ports import AdminStore
from tests.adapters.backends import BACKENDS, open_stores
from tests.support.writes import add_application, add_appointment, add_contact_message, add_job_alert, commits

NOW = datetime(2027, 6, 1, 12, 0, tzinfo=UTC)
OLD = NOW - timedelta(days=400)
RECENT = NOW - timedelta(days=30)


@dataclass
class Backend:
    records: Store
    admin: AdminStore
    retention: RetentionStore
    files: LocalFileStore


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        extra = (
            SqliteRetentionStore(s.database, s.sealer)
            if s.database is not None
            else FirestoreRetentionStore(s.firestore.client, s.prefix, sealer=s.sealer)  # type: ignore[union-attr]
        )
        yield Backend(s.records, s.admin, extra, s.files)


async def _application(b: Backend, app_id: str, at: datetime) -> Application:
    key = await b.files.save(b"%PDF-1.7 cv of " + app_id.encode(), ".pdf")
    data = {
        "firstName": "Ama",
        "email": f"{app_id.lower()}@example.com",
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
    }
    application = Application(
        app_id, form_of(ApplicationForm, data), (StoredFile("cv", key, "cv.pdf", "application/pdf", 10),), at
    )
    assert await add_application(b.records, application, [], at) is None
    return application


async def _move(b: Backend, app_id: str, *moves: ApplicationStatus) -> None:
    current = ApplicationStatus.RECEIVED
    for n, new in enumerate(moves):
        entry = AuditEntry(f"AU{app_id}{n}", "admin@example.com", "application.status", f"{app_id}: x", OLD)
        assert await commits(
            b.records,
            lambda uow: (uow.applications.set_status(app_id, current, new), uow.audit.add(entry)),  # noqa: B023
        )
        current = new


async def test_retention_removes_what_is_due_and_keeps_the_rest(backend: Backend) -> None:
    b = backend
    rejected_old = await _application(b, "VA1", OLD)
    untouched_old = await _application(b, "VA2", OLD)
    opened_old = await _application(b, "VA3", OLD)
    approved_old = await _application(b, "VA4", OLD)
    rejected_recent = await _application(b, "VA5", RECENT)
    await _move(b, "VA1", ApplicationStatus.PROCESSING, ApplicationStatus.REJECTED)
    assert await commits(b.records, lambda uow: (uow.applications.mark_opened("VA3", OLD),))
    await _move(b, "VA4", ApplicationStatus.PROCESSING, ApplicationStatus.APPROVED)
    await _move(b, "VA5", ApplicationStatus.PROCESSING, ApplicationStatus.REJECTED)
    await add_contact_message(
        b.records, ContactMessage("M-old", form_of(ContactForm, {"email": "a@example.com"}), NOW - timedelta(days=100))
    )
    await add_contact_message(
        b.records, ContactMessage("M-new", form_of(ContactForm, {"email": "b@example.com"}), NOW - timedelta(days=10))
    )
    await add_appointment(
        b.records,
        Appointment("A-old", form_of(AppointmentRequest, {"email": "c@example.com"}), NOW - timedelta(days=100)),
        AdminNotification(
            "A-old-admin",
            "new_appointment",
            form_of(NewAppointmentNotice, {"reference": "A-old"}),
            NOW - timedelta(days=100),
        ),
        [],
    )
    await add_appointment(
        b.records,
        Appointment("A-new", form_of(AppointmentRequest, {"email": "d@example.com"}), NOW - timedelta(days=10)),
        AdminNotification(
            "A-new-admin",
            "new_appointment",
            form_of(NewAppointmentNotice, {"reference": "A-new"}),
            NOW - timedelta(days=10),
        ),
        [],
    )
    await add_job_alert(
        b.records, JobAlert("J-old", form_of(JobAlertRequest, {"email": "e@example.com"}), NOW - timedelta(days=800))
    )
    await add_job_alert(
        b.records, JobAlert("J-new", form_of(JobAlertRequest, {"email": "f@example.com"}), NOW - timedelta(days=100))
    )

    service = RetentionService(
        b.retention,
        b.files,
        b.records.unit_of_work,
        IdGenerator(),
        RetentionPeriods(365, 90, 90, 730),
        clock=lambda: NOW,
    )
    dry = await service.run(dry_run=True)
    assert dry.documents == ["VA1", "VA2"]
    assert dry.counts() == {"applications": 2, "files": 2, "contact_messages": 1, "appointments": 1, "job_alerts": 1}
    assert (await b.records.applications.get("VA1")).files  # type: ignore[union-attr]  # dry run removed nothing
    assert await b.records.contact_messages.get("M-old") is not None
    assert (await b.admin.audit_log(PageRequest())).total == 6  # only the status moves

    report = await service.run()
    assert report.removed == {"contact_messages": ["M-old"], "appointments": ["A-old"], "job_alerts": ["J-old"]}
    for gone in (rejected_old, untouched_old):
        stored = await b.records.applications.get(gone.id)
        assert stored is not None
        assert stored.files == ()
        assert str(stored.data.files_removed).startswith("Files (cv) removed on 2027-06-01 after 365 days")
        assert stored.data.email == gone.data.email  # the record itself stays
        assert await b.files.read(gone.files[0].key) is None
    for kept in (opened_old, approved_old, rejected_recent):
        stored = await b.records.applications.get(kept.id)
        assert stored is not None
        assert stored.files == kept.files
        assert not stored.data.files_removed
        assert await b.files.read(kept.files[0].key) is not None
    assert await b.records.contact_messages.get("M-old") is None
    assert await b.records.contact_messages.get("M-new") is not None
    assert await b.records.appointments.get("A-old") is None
    assert await b.records.appointments.get("A-new") is not None
    assert await b.records.job_alerts.get("J-old") is None
    assert await b.records.job_alerts.get("J-new") is not None
    audit = [(e.actor, e.action) for e in (await b.admin.audit_log(PageRequest(1, 50))).items]
    assert audit.count(("system:retention", "retention.files_removed")) == 2
    for action in (
        "retention.contact_messages_deleted",
        "retention.appointments_deleted",
        "retention.job_alerts_deleted",
    ):
        assert ("system:retention", action) in audit

    again = await service.run()
    assert again.empty


async def test_a_deletion_whose_audit_entry_fails_removes_nothing(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files' removal and the record deletions are written with their audit entries or not at all."""
    # A taken audit id fails the commit when it may not take a suffix (adapters/audit_ids.py).
    monkeypatch.setattr(audit_ids, "AUDIT_ID_ATTEMPTS", 1)
    b = backend
    rejected = await _application(b, "VA1", OLD)
    await _move(b, "VA1", ApplicationStatus.PROCESSING, ApplicationStatus.REJECTED)
    await add_job_alert(
        b.records, JobAlert("J-old", form_of(JobAlertRequest, {"email": "e@example.com"}), NOW - timedelta(days=800))
    )
    taken = AuditEntry("AUX", "someone", "earlier", "an entry holding the id retention will use", OLD)
    assert await commits(b.records, lambda uow: (uow.audit.add(taken),))

    class SameId(IdGenerator):
        def next_id(self) -> str:
            return "VAX"  # its audit entries are "AUX": taken, so each commit fails

    service = RetentionService(
        b.retention, b.files, b.records.unit_of_work, SameId(), RetentionPeriods(365, 90, 90, 730), clock=lambda: NOW
    )
    with pytest.raises(Exception):  # noqa: B017, PT011 - each backend names a taken key its own way
        await service.run()
    stored = await b.records.applications.get("VA1")
    assert stored is not None
    assert (stored.files, stored.data.files_removed) == (rejected.files, "")
    assert await b.files.read(rejected.files[0].key) is not None  # files go only after the commit
    assert await b.records.job_alerts.get("J-old") is not None
