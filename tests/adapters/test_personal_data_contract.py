"""Data requests on SQLite and on the Firestore emulator: find, export, erase leaves nothing
findable by that e-mail or phone but masked audit entries."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters import audit_ids
from adapters.files import LocalFileStore
from adapters.firestore.personal_data import FirestorePersonalDataStore
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from agency_core.audit import AuditEntry
from agency_core.ids import IdGenerator
from agency_core.messaging import outbox_messages
from agency_core.paging import PageRequest
from agency_core.ports import Store
from agency_core.privacy.data_requests import (
    CANCELLED_ERROR,
    ERASED_TEXT,
    DataRequestService,
    PersonalDataStore,
    parse_person,
)
from agency_core.records import (
    AdminNotification,
    Application,
    Appointment,
    ContactMessage,
    JobAlert,
    NewsletterSubscription,
    OutboxMessage,
    OutboxStatus,
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
from tests.support.writes import (
    add_application,
    add_appointment,
    add_audit,
    add_contact_message,
    add_job_alert,
    add_subscription,
    commits,
)

T0 = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)
EMAIL = "Akosua.Boateng@Example.com"
PHONE = "+233241112222"


@dataclass
class Backend:
    records: Store
    admin: AdminStore
    personal: PersonalDataStore
    files: LocalFileStore


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        extra = (
            SqlitePersonalDataStore(s.database, s.sealer)
            if s.database is not None
            else FirestorePersonalDataStore(s.firestore.client, s.prefix, sealer=s.sealer)  # type: ignore[union-attr]
        )
        yield Backend(s.records, s.admin, extra, s.files)


def _sms(sms_id: str, source: str, phone: str, status: OutboxStatus = OutboxStatus.PENDING) -> OutboxMessage:
    return replace(
        outbox_messages.sms(
            id=sms_id, source_id=source, kind="status", phone=phone, text=f"Dear Akosua ({phone})", now=T0
        ),
        status=status,
    )


async def _seed(b: Backend) -> bytes:
    cv = b"%PDF-1.7 Akosua Boateng CV"
    key = await b.files.save(cv, ".pdf")
    person = {
        "firstName": "Akosua",
        "email": EMAIL,
        "phone": PHONE,
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
    }
    app = Application(
        "VA1", form_of(ApplicationForm, person), (StoredFile("cv", key, "my cv.pdf", "application/pdf", len(cv)),), T0
    )
    await add_application(b.records, app, [_sms("VA1-0", "VA1", PHONE), _sms("VA1-1", "VA1", "+971500000001")], T0)
    await b.records.outbox.mark_delivered("VA1-1", T0)
    other = {**person, "email": "kofi@example.com", "phone": "+233209998888", "firstName": "Kofi"}
    await add_application(
        b.records,
        Application("VA2", form_of(ApplicationForm, other), (), T0),
        [_sms("VA2-0", "VA2", "+233209998888")],
        T0,
    )
    await add_appointment(
        b.records,
        Appointment(
            "VA3",
            form_of(
                AppointmentRequest,
                {"fullName": "Akosua B", "email": "akosua.boateng@example.com", "phone": "0241112222"},
            ),
            T0,
        ),
        AdminNotification("VA3-admin", "new_appointment", form_of(NewAppointmentNotice, {"reference": "VA3"}), T0),
        [_sms("VA3-0", "VA3", PHONE, OutboxStatus.PENDING)],
    )
    await add_contact_message(
        b.records,
        ContactMessage("VA4", form_of(ContactForm, {"name": "Akosua", "email": EMAIL.upper(), "phone": ""}), T0),
    )
    await add_contact_message(
        b.records, ContactMessage("VA5", form_of(ContactForm, {"name": "Yaw", "email": "yaw@example.com"}), T0)
    )
    await add_subscription(b.records, NewsletterSubscription("VA6", EMAIL, "Akosua", ("Visa Updates",), T0, T0))
    await add_job_alert(
        b.records, JobAlert("VA7", form_of(JobAlertRequest, {"email": EMAIL, "jobCategory": "Construction"}), T0)
    )
    await add_audit(
        b.records,
        AuditEntry("AU1", "admin@example.com", "applications.export", f"q={EMAIL} (1 rows)", T0),
        AuditEntry("AU2", "admin@example.com", "applications.export", f"q={PHONE} (1 rows)", T0),
        AuditEntry("AU3", "admin@example.com", "application.view", "VA2", T0),
    )
    return cv


def _service(b: Backend, ids: IdGenerator | None = None) -> DataRequestService:
    return DataRequestService(
        b.personal,
        b.files.delete,
        b.files.read,
        b.records.unit_of_work,
        ids or IdGenerator(),
        clock=lambda: T0 + timedelta(hours=1),
    )


async def test_find_and_export_everything_held_about_one_person(backend: Backend) -> None:
    b = backend
    cv = await _seed(b)
    service = _service(b)  # one ID generator: two finds in one millisecond get two audit ids
    for raw in (EMAIL.lower(), "024 111 2222"):
        person = parse_person(raw)
        assert person is not None
        found = await service.find("admin@example.com", person)
        assert [a.id for a in found.applications] == ["VA1"]
        assert [a.appointment.reference for a in found.appointments] == ["VA3"]
    by_email = await b.personal.find(parse_person(EMAIL))  # type: ignore[arg-type]
    assert [m.id for m in by_email.messages] == ["VA4"]
    assert [s.id for s in by_email.subscriptions] == ["VA6"]
    assert [j.id for j in by_email.job_alerts] == ["VA7"]
    assert sorted(m.id for m in by_email.sms) == ["VA1-0", "VA1-1", "VA3-0"]

    _, archive = await _service(b).export("admin@example.com", parse_person(EMAIL))  # type: ignore[arg-type]
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        assert z.read("files/VA1-cv-my_cv.pdf") == cv  # decrypted
        data = json.loads(z.read("data.json"))
    assert [a["applicationId"] for a in data["applications"]] == ["VA1"]
    assert data["applications"][0]["data"]["phone"] == PHONE
    assert [m["id"] for m in data["messages"]] == ["VA4"]
    assert data["subscriptions"][0]["interests"] == ["Visa Updates"]
    assert len(data["sms"]) == 3
    actions = [e.action for e in (await b.admin.audit_log(PageRequest(1, 50))).items]
    assert actions.count("data_request.find") == 2
    assert actions.count("data_request.export") == 1


async def test_erase_leaves_nothing_findable_but_masked_audit_entries(backend: Backend) -> None:
    b = backend
    await _seed(b)
    person = parse_person(EMAIL)
    assert person is not None
    stored = await b.records.applications.get("VA1")
    assert stored is not None
    erased = await _service(b).erase("admin@example.com", person)
    assert erased.counts()["applications"] == 1

    for raw in (EMAIL, "0241112222"):
        again = await b.personal.find(parse_person(raw))  # type: ignore[arg-type]
        assert again.empty, again.counts()
    assert await b.records.applications.get("VA1") is None
    assert await b.records.appointments.get("VA3") is None
    assert await b.records.contact_messages.get("VA4") is None
    assert await b.records.newsletter.get_by_email(EMAIL) is None
    assert await b.records.job_alerts.get("VA7") is None
    assert await b.files.read(stored.files[0].key) is None
    # Others stay.
    assert await b.records.applications.get("VA2") is not None
    assert await b.records.contact_messages.get("VA5") is not None
    # The SMS: pending ones cancelled, all anonymised.
    for sms_id, status in (
        ("VA1-0", OutboxStatus.FAILED),
        ("VA1-1", OutboxStatus.DELIVERED),
        ("VA3-0", OutboxStatus.FAILED),
    ):
        sms = await b.records.outbox.get(sms_id)
        assert sms is not None
        assert (sms.status, sms.text) == (status, ERASED_TEXT)
        assert "1112222" not in sms.address
        if status is OutboxStatus.FAILED:
            assert sms.last_error == CANCELLED_ERROR
    assert (await b.records.outbox.get("VA2-0")).status is OutboxStatus.PENDING  # type: ignore[union-attr]
    # The audit log keeps only masked identifiers.
    targets = [e.target for e in (await b.admin.audit_log(PageRequest(1, 50))).items]
    joined = "\n".join(targets).lower()
    assert EMAIL.lower() not in joined
    assert PHONE not in joined
    assert "a***@example.com" in joined
    assert any(e.startswith("a***@example.com:") for e in targets)


async def test_an_erasure_whose_audit_entry_fails_leaves_every_record_and_file(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The records, the audit masking and the erasure's own audit entry are one unit of work."""
    # A taken audit id fails the commit when it may not take a suffix (adapters/audit_ids.py).
    monkeypatch.setattr(audit_ids, "AUDIT_ID_ATTEMPTS", 1)
    b = backend
    await _seed(b)
    stored = await b.records.applications.get("VA1")
    assert stored is not None
    taken = AuditEntry("AUX", "someone", "earlier", "an entry holding the id the erasure will use", T0)
    await add_audit(b.records, taken)

    class SameId(IdGenerator):
        def next_id(self) -> str:
            return "VAX"  # the erasure's audit entry is "AUX": taken, so its commit fails

    with pytest.raises(Exception):  # noqa: B017, PT011 - each backend names a taken key its own way
        await _service(b, SameId()).erase("admin@example.com", parse_person(EMAIL))  # type: ignore[arg-type]
    again = await b.personal.find(parse_person(EMAIL))  # type: ignore[arg-type]
    assert again.counts() == {**again.counts(), "applications": 1, "appointments": 1, "messages": 1, "sms": 3}
    assert (await b.records.outbox.get("VA1-0")).status is OutboxStatus.PENDING  # type: ignore[union-attr]
    assert await b.files.read(stored.files[0].key) is not None  # files go only after the commit
    targets = "\n".join(e.target for e in (await b.admin.audit_log(PageRequest(1, 50))).items)
    assert EMAIL in targets  # not masked either


async def test_a_newsletter_subscription_keeps_the_notice_version_and_time(backend: Backend) -> None:
    b = backend
    first = NewsletterSubscription("N1", "ama@example.com", "Ama", (), T0, T0, "2026-11-22", T0)
    assert await commits(b.records, lambda uow: (uow.newsletter.put(first, None),))
    stored = await b.records.newsletter.get_by_email("AMA@example.com")
    assert stored is not None
    assert (stored.privacy_notice_version, stored.privacy_accepted_at) == ("2026-11-22", T0)
    later = T0 + timedelta(days=3)
    again = NewsletterSubscription("N2", "AMA@example.com", "Ama", ("Visa Updates",), later, later, "2027-01-01", later)
    assert not await commits(b.records, lambda uow: (uow.newsletter.put(again, None),))  # the address is taken
    renewed = replace(stored, interests=("Visa Updates",), updated_at=later, privacy_notice_version="2027-01-01")
    assert await commits(
        b.records, lambda uow: (uow.newsletter.put(replace(renewed, privacy_accepted_at=later), stored),)
    )
    stored = await b.records.newsletter.get_by_email("ama@example.com")
    assert stored is not None
    assert (stored.id, stored.privacy_notice_version, stored.privacy_accepted_at) == ("N1", "2027-01-01", later)
    legacy = NewsletterSubscription("N3", "old@example.com", "Old", (), T0, T0)
    await add_subscription(b.records, legacy)
    stored = await b.records.newsletter.get_by_email("old@example.com")
    assert stored is not None
    assert (stored.privacy_notice_version, stored.privacy_accepted_at) == ("", None)
