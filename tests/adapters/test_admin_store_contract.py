"""One contract for the admin area's store: SQLite and Firestore (on the emulator)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.admin_store import FirestoreAdminStore
from adapters.firestore.store import FirestoreStore
from adapters.seed.blog import seed_blog_posts
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.admin_settings import AdminSettings
from agency_core.appointments.reminders import WITHDRAWN_MOVED
from agency_core.audit import AuditEntry
from agency_core.ids import IdTaken
from agency_core.jobs.model import Job
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.paging import PageRequest
from agency_core.ports import Store
from agency_core.records import (
    AdminNotification,
    Application,
    ApplicationStatus,
    Appointment,
    AppointmentStatus,
    ContactMessage,
    JobAlert,
    JobStatus,
    NewsletterSubscription,
    OutboxStatus,
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
from agency_core.staff.query import ApplicationQuery
from tests.support import writes
from tests.support.firestore_emulator import FirestoreEmulator
from tests.support.sealing import new_sealer
from tests.support.writes import (
    Writes,
    add_application,
    add_appointment,
    add_contact_message,
    add_job_alert,
    commits,
    save_job,
)

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


@dataclass
class Stores:
    records: Store
    admin: AdminStore


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        sealer = new_sealer()
        sqlite = SqliteStore(db, sealer)
        await sqlite.start()
        admin = SqliteAdminStore(db, sealer)
        await admin.start()
        yield Stores(sqlite, admin)
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        prefix = f"t{secrets.token_hex(4)}_"
        firestore = FirestoreStore.connect(emulator.project_id, prefix=prefix, sealer=new_sealer())
        yield Stores(firestore, FirestoreAdminStore(firestore.client, prefix, sealer=firestore.sealer))
        await firestore.close()


def audit(n: int, action: str = "x.y") -> AuditEntry:
    return AuditEntry(f"AU{n:04d}", "admin@example.com", action, f"t{n}", T0 + timedelta(seconds=n))


def application(app_id: str, at: datetime, **data: str) -> Application:
    values = {
        "firstName": "Ama",
        "lastName": "Owusu",
        "email": f"{app_id.lower()}@example.com",
        "phone": "+233241234567",
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
        **data,
    }
    return Application(app_id, form_of(ApplicationForm, values), (), at)


async def test_settings_and_audit_log(stores: Stores) -> None:
    s = stores.admin
    assert await s.get_settings() is None
    saved = AdminSettings(
        ("+233241234567",) * 4, "VANDY", {st: st != ApplicationStatus.REJECTED for st in ApplicationStatus}
    )
    assert await commits(
        stores.records, lambda uow: (uow.settings.put(saved, T0), uow.audit.add(audit(1, "settings.update")))
    )
    assert await s.get_settings() == saved
    await writes.add_audit(stores.records, audit(2), audit(3))
    page = await s.audit_log(PageRequest(1, 2))
    assert ([e.id for e in page.items], page.total) == (["AU0003", "AU0002"], 3)


async def test_application_filters_status_and_outbox(stores: Stores) -> None:
    r, s = stores.records, stores.admin
    await add_application(r, application("VA1", T0), [], T0)
    await add_application(r, application("VA2", T0 + timedelta(days=1), jobCategory="Healthcare & Medical"), [], T0)
    await add_application(r, application("VA3", T0 + timedelta(days=2), firstName="Kofi"), [], T0)

    async def ids(query: ApplicationQuery, page: PageRequest | None = None) -> list[str]:
        return [a.id for a in (await s.applications(query, page or PageRequest())).items]

    assert await ids(ApplicationQuery()) == ["VA3", "VA2", "VA1"]
    assert await ids(ApplicationQuery(), PageRequest(2, 2)) == ["VA1"]
    assert await ids(ApplicationQuery(q="kofi")) == ["VA3"]
    assert await ids(ApplicationQuery(q="024 123 4567")) == ["VA3", "VA2", "VA1"]
    assert await ids(ApplicationQuery(job_category="Healthcare & Medical")) == ["VA2"]
    assert await ids(ApplicationQuery(date_from=date(2026, 5, 5), date_to=date(2026, 5, 5))) == ["VA2"]

    sms = outbox_messages.sms(
        id="VA1-status-processing", source_id="VA1", kind="status", phone="+233241234567", text="hi", now=T0
    )

    def move(n: int) -> Writes:
        return lambda uow: (
            uow.applications.set_status("VA1", ApplicationStatus.RECEIVED, ApplicationStatus.PROCESSING),
            uow.outbox.enqueue([sms]),
            uow.audit.add(audit(n)),
        )

    assert await commits(r, move(1))
    assert not await commits(r, move(2))  # stale: the status moved on, so nothing is written
    assert [m.id for m in await r.outbox.list("VA1")] == ["VA1-status-processing"]
    assert await ids(ApplicationQuery(status=ApplicationStatus.PROCESSING)) == ["VA1"]
    assert (await s.audit_log(PageRequest())).total == 1
    record = await s.application("VA1")
    assert record is not None
    assert (record.status, record.opened_at) == (ApplicationStatus.PROCESSING, None)
    assert await commits(r, lambda uow: (uow.applications.mark_opened("VA1", T0),))
    assert await commits(r, lambda uow: (uow.applications.mark_opened("VA1", T0 + timedelta(hours=1)),))
    opened = await s.application("VA1")
    assert opened is not None
    assert opened.opened_at == T0
    counts = await s.counts()
    assert (counts.total_applications, counts.new_messages, counts.active_jobs) == (3, 0, 0)
    failed = replace(sms, id="F1", source_id="VA2", status=OutboxStatus.FAILED)
    await add_application(r, application("VA9", T0, email="z@example.com"), [failed], T0 - timedelta(days=9))
    withdrawn = replace(sms, id="W1", source_id="VA8", status=OutboxStatus.FAILED, last_error=WITHDRAWN_MOVED)
    await add_application(r, application("VA8", T0, email="w@example.com"), [withdrawn], T0 - timedelta(days=9))
    health = await s.outbox_health(T0 - timedelta(hours=1))
    assert (health.pending, health.failed_last_24h, health.withdrawn_last_24h) == (1, 1, 1)


async def test_appointments_messages_jobs_posts_and_subscribers(stores: Stores) -> None:
    r, s = stores.records, stores.admin
    for ref, day in (("A2", "2099-01-02"), ("A1", "2099-01-01")):  # stores take any date; the horizon is the core's
        await add_appointment(
            r,
            Appointment(ref, form_of(AppointmentRequest, {"preferredDate": day}), T0),
            AdminNotification(f"{ref}-n", "new_appointment", form_of(NewAppointmentNotice, {}), T0),
            [],
        )
    assert [a.appointment.reference for a in (await s.appointments(None, PageRequest())).items] == ["A1", "A2"]

    def settle(new: AppointmentStatus, n: int) -> Writes:
        return lambda uow: (
            uow.appointments.set_status("A1", AppointmentStatus.BOOKED, new, 0),
            uow.audit.add(audit(n)),
        )

    assert await commits(r, settle(AppointmentStatus.ATTENDED, 1))
    assert not await commits(r, settle(AppointmentStatus.CANCELLED, 2))
    done = await s.appointments(AppointmentStatus.ATTENDED, PageRequest())
    assert [a.appointment.reference for a in done.items] == ["A1"]

    await add_contact_message(r, ContactMessage("M1", form_of(ContactForm, {"subject": "a"}), T0))
    await add_contact_message(r, ContactMessage("M2", form_of(ContactForm, {"subject": "b"}), T0 + timedelta(hours=1)))

    def read(n: int) -> Writes:
        return lambda uow: (uow.contact_messages.mark_read("M2", T0), uow.audit.add(audit(n)))

    assert await commits(r, read(3))
    assert not await commits(r, read(4))
    assert [m.message.id for m in (await s.messages(PageRequest())).items] == ["M1", "M2"]

    job = Job("JB1", "Nurse", "Qatar", "Healthcare & Medical", "", "d", JobStatus.OPEN, T0, T0)
    await save_job(r, job, audit(5))
    await save_job(r, replace(job, id="JB2", created_at=T0 + timedelta(hours=1)), audit(6))
    await save_job(r, replace(job, status=JobStatus.CLOSED), audit(7))
    assert [j.id for j in (await s.jobs(JobStatus.OPEN, PageRequest())).items] == ["JB2"]
    assert (await s.counts()).active_jobs == 1
    assert await commits(r, lambda uow: (uow.jobs.delete("JB2"), uow.audit.add(audit(8))))
    assert not await commits(r, lambda uow: (uow.jobs.delete("JB2"), uow.audit.add(audit(9))))
    assert [e.id for e in (await s.audit_log(PageRequest())).items if e.id in ("AU0008", "AU0009")] == ["AU0008"]

    await r.blog_posts.seed(seed_blog_posts(T0))
    async with r.unit_of_work() as uow:
        new = replace(seed_blog_posts(T0)[0], id=await uow.posts.next_id(), published=False)
        await uow.posts.create(new)
        await uow.audit.add(audit(10))
    assert new.id == "8"
    assert await r.blog_posts.get("8") == new
    with pytest.raises(IdTaken):
        async with r.unit_of_work() as uow:
            await uow.posts.create(replace(new, title="again"))
    assert await commits(r, lambda uow: (uow.posts.replace(replace(new, published=True, title="T")),))
    assert "8" in [p.id for p in await r.blog_posts.published()]
    assert await commits(r, lambda uow: (uow.posts.delete("1", T0), uow.audit.add(audit(12))))
    assert not await commits(r, lambda uow: (uow.posts.replace(replace(new, id="1")),))
    assert not await commits(r, lambda uow: (uow.posts.delete("1", T0),))
    async with r.unit_of_work() as uow:
        assert await uow.posts.next_id() == "9"  # a deleted post keeps its id
    await r.blog_posts.seed(seed_blog_posts(T0))
    assert "1" not in [p.id for p in await r.blog_posts.published()]
    assert (await s.posts(PageRequest())).total == 7

    await writes.add_subscription(r, NewsletterSubscription("N1", "a@example.com", "A", (), T0, T0))
    await add_job_alert(r, JobAlert("J1", form_of(JobAlertRequest, {"email": "b@example.com"}), T0))
    assert [n.id for n in (await s.newsletter(PageRequest())).items] == ["N1"]
    assert [a.id for a in (await s.job_alerts(PageRequest())).items] == ["J1"]


async def test_job_postings_round_trip_and_count_applications(stores: Stores) -> None:
    r, s = stores.records, stores.admin
    full = Job(
        "JB10",
        "Registered Nurse",
        "Qatar",
        "Healthcare & Medical",
        "",
        "Ward nurses",
        JobStatus.OPEN,
        T0,
        T0 + timedelta(minutes=5),
        city="Doha",
        employment_type="Contract",
        positions=12,
        salary_min=2000,
        salary_max=3200,
        salary_currency="QAR",
        salary_period="month",
        requirements="Two years",
        benefits=("Accommodation", "Flight paid"),
        closing_date=date(2026, 5, 10),
        published_at=T0,
    )
    await save_job(r, full, audit(1))
    assert await s.job("JB10") == full
    draft = replace(full, id="JB11", status=JobStatus.DRAFT, closing_date=None, published_at=None, benefits=())
    await save_job(r, draft, audit(2))
    assert await s.job("JB11") == draft
    assert [j.id for j in (await s.jobs(JobStatus.DRAFT, PageRequest())).items] == ["JB11"]

    # past its closing date a job reads as closed (agency_core: Job.status_on); the store keeps what staff saved
    assert (full.status_on(date(2026, 5, 10)), full.status_on(date(2026, 5, 11))) == (JobStatus.OPEN, JobStatus.CLOSED)
    assert [j.id for j in (await s.jobs(JobStatus.OPEN, PageRequest())).items] == ["JB10"]

    await add_application(r, application("VA1", T0, jobId="JB10"), [], T0)
    await add_application(r, application("VA2", T0 + timedelta(hours=1), jobId="JB10", email="b@example.com"), [], T0)
    await add_application(r, application("VA3", T0 + timedelta(hours=2), email="c@example.com"), [], T0)
    assert await s.applications_per_job(["JB10", "JB11"]) == {"JB10": 2}
    assert await s.applications_per_job([]) == {}
    found = await s.applications(ApplicationQuery(job_id="JB10"), PageRequest())
    assert [a.id for a in found.items] == ["VA2", "VA1"]


async def test_outbox_enqueue_new_skips_known_ids_and_job_alerts_can_be_removed(stores: Stores) -> None:
    r = stores.records
    mail = outbox_messages.email(id="JB1-mail-J1", source_id="JB1", mail=Email("a@example.com", "Job", ""), now=T0)
    await writes.enqueue(r, [mail])
    await writes.enqueue(r, [replace(mail, text="again"), replace(mail, id="JB1-mail-J2")])
    assert [(m.id, m.text) for m in await r.outbox.list("JB1")] == [
        ("JB1-mail-J1", mail.text),
        ("JB1-mail-J2", mail.text),
    ]

    await add_job_alert(
        r, JobAlert("J2", form_of(JobAlertRequest, {"email": "b@example.com"}), T0 + timedelta(hours=1))
    )
    await add_job_alert(r, JobAlert("J1", form_of(JobAlertRequest, {"email": "a@example.com"}), T0))
    assert [a.id for a in await r.job_alerts.all()] == ["J1", "J2"]
    assert await commits(r, lambda uow: (uow.job_alerts.remove("J1"),))
    assert not await commits(r, lambda uow: (uow.job_alerts.remove("J1"),))  # gone: nothing is written
    assert [a.id for a in await r.job_alerts.all()] == ["J2"]
