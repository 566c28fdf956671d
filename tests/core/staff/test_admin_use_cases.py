"""The admin use cases against fakes: each change, its SMS and its audit entry in one unit of work."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from agency_core.admin_settings import AdminSettings, LiveSettings, parse_settings
from agency_core.appointments.records import AppointmentRecord
from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, NotFound
from agency_core.ids import IdGenerator, IdTaken
from agency_core.jobs.model import Job
from agency_core.records import (
    Application,
    ApplicationStatus,
    Appointment,
    AppointmentStatus,
    ContactMessage,
    JobStatus,
)
from agency_core.spec.forms import ApplicationForm, AppointmentRequest, ContactForm, form_of
from agency_core.staff.applications import ApplicationsAdmin
from agency_core.staff.appointments import AppointmentsAdmin
from agency_core.staff.blog import BlogAdmin
from agency_core.staff.blog_input import parse_post
from agency_core.staff.context import StaffContext
from agency_core.staff.dashboard import DashboardAdmin
from agency_core.staff.deliveries import Deliveries
from agency_core.staff.jobs_admin import JobsAdmin
from agency_core.staff.messages import MessagesAdmin
from agency_core.staff.records import ApplicationRecord, MessageRecord
from agency_core.staff.settings_admin import SettingsAdmin
from agency_core.staff.statuses import NOT_STARTED
from agency_core.unit_of_work import PreconditionFailed
from tests.admin.test_jobs import JOB
from tests.core.fakes import FakeAdminStore, FakeMedia, FakeOutbox, FakeSettings, FakeUnitOfWork, Write

NOW = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
ADMIN = "admin@example.com"
POST = {
    "title": "Working in Doha",
    "excerpt": "What to expect.",
    "author": "Vandy Team",
    "date": "2099-01-05",
    "category": "UAE Jobs",
    "readTime": "4 min read",
    "content": "<p>Body</p>",
}


class Harness:
    def __init__(self, settings: AdminSettings | None = None) -> None:
        self.uow = FakeUnitOfWork()
        self.store = FakeAdminStore()
        self.published: list[Job] = []
        fake_settings = FakeSettings() if settings is None else FakeSettings(settings)
        context = StaffContext(
            self.store,  # type: ignore[arg-type]
            FakeOutbox(),  # type: ignore[arg-type]
            LiveSettings(fake_settings, fake_settings.settings),
            IdGenerator(lambda: 1_780_000_000_000),
            self.uow,
            clock=lambda: NOW,
        )
        deliveries = Deliveries(context.outbox, context.clock)
        self.applications = ApplicationsAdmin(context, deliveries, track_url="https://vandy.example/track")
        self.appointments = AppointmentsAdmin(context)
        self.messages = MessagesAdmin(context)
        self.blog = BlogAdmin(context, FakeMedia())
        self.jobs = JobsAdmin(context, self.publish)
        self.settings = SettingsAdmin(context)
        self.dashboard = DashboardAdmin(context, self.applications, self.appointments, self.jobs, deliveries)

    async def publish(self, job: Job) -> None:
        self.published.append(job)

    def add_application(self, status: ApplicationStatus = ApplicationStatus.RECEIVED) -> None:
        data = {"firstName": "Ama", "lastName": "Owusu", "phone": "+233241234567"}
        self.store.applications["VA1"] = ApplicationRecord(
            Application("VA1", form_of(ApplicationForm, data), (), NOW), status
        )

    def audits(self) -> list[AuditEntry]:
        return [w.args[0] for w in self.uow.writes if w.repository == "audit"]


async def test_a_status_change_writes_status_sms_and_audit_in_one_commit() -> None:
    h = Harness()
    h.add_application()
    detail = await h.applications.change_status(ADMIN, "VA1", "processing")
    ((status, enqueue, audit, opened),) = h.uow.committed
    assert opened == Write("applications", "mark_opened", ("VA1", NOW))  # its detail view is the answer
    assert detail.record.id == "VA1"
    assert status == Write(
        "applications", "set_status", ("VA1", ApplicationStatus.RECEIVED, ApplicationStatus.PROCESSING)
    )
    (messages,) = enqueue.args
    assert [(m.id, m.source_id, m.address) for m in messages] == [("VA1-status-processing", "VA1", "+233241234567")]
    entry = audit.args[0]
    assert (audit.repository, entry.actor, entry.action) == ("audit", ADMIN, "application.status")
    assert entry.target == "VA1: received -> processing (status SMS queued)"


async def test_a_received_status_sent_by_staff_names_the_application_id_as_the_first_sms_does() -> None:
    h = Harness()
    h.add_application()
    # A script or a bulk send plans the "received" text again for an application already received.
    plan = await h.applications.plan_status_change("VA1", "received")
    assert plan.done
    assert plan.sms is not None
    assert plan.sms.source_id == "VA1"
    assert "Application ID: VA1" in plan.sms.text


async def test_a_status_change_with_its_sms_switched_off_queues_none() -> None:
    off = {s: s is not ApplicationStatus.PROCESSING for s in ApplicationStatus}
    h = Harness(AdminSettings(("+233241111111",), "VANDY", off))
    h.add_application()
    await h.applications.change_status(ADMIN, "VA1", "processing")
    ((_, enqueue, audit, _),) = h.uow.committed
    assert enqueue.args == ([],)
    assert audit.args[0].target.endswith("(status SMS off)")


async def test_a_status_change_that_lost_a_race_commits_nothing() -> None:
    h = Harness()
    h.add_application()
    h.uow.fail_next.append(PreconditionFailed("application VA1"))
    with pytest.raises(Conflict):
        await h.applications.change_status(ADMIN, "VA1", "processing")
    assert h.uow.committed == []
    assert [w.method for w in h.uow.discarded[0]] == ["set_status", "enqueue", "add", "mark_opened"]


async def test_a_refused_move_opens_no_unit_of_work() -> None:
    h = Harness()
    h.add_application()
    with pytest.raises(Conflict):
        await h.applications.change_status(ADMIN, "VA1", "approved")
    assert (h.uow.committed, h.uow.discarded) == ([], [])


async def test_an_appointment_status_and_its_audit_commit_together_or_not_at_all() -> None:
    h = Harness()
    h.store.appointments["A1"] = AppointmentRecord(Appointment("A1", form_of(AppointmentRequest, {}), NOW))
    await h.appointments.set_appointment_status(ADMIN, "A1", "attended")
    assert [(w.repository, w.method) for w in h.uow.committed[0]] == [("appointments", "set_status"), ("audit", "add")]
    h.uow.fail_next.append(PreconditionFailed("appointment A1"))
    with pytest.raises(Conflict):
        await h.appointments.set_appointment_status(ADMIN, "A1", "cancelled")
    assert len(h.uow.committed) == 1


@pytest.mark.parametrize("outcome", ["attended", "no_show", "cancelled"])
async def test_appointment_moves_are_booked_to_one_final_outcome(outcome: str) -> None:
    h = Harness()
    h.store.appointments["A1"] = AppointmentRecord(
        Appointment("A1", form_of(AppointmentRequest, {}), NOW, NOW, "Africa/Accra")
    )
    moved = await h.appointments.set_appointment_status(ADMIN, "A1", outcome)
    assert moved.status.value == outcome
    h.store.appointments["A1"] = moved
    for other in {"attended", "no_show", "cancelled"} - {outcome}:
        with pytest.raises(Conflict) as refused:
            await h.appointments.set_appointment_status(ADMIN, "A1", other)
        assert refused.value.message == f"The appointment is already {outcome}."
    (audit,) = h.audits()
    assert audit.target == f"A1: booked -> {outcome}"
    withdrawn = [w for w in h.uow.writes if (w.repository, w.method) == ("outbox", "withdraw")]
    assert len(withdrawn) == (1 if outcome == "cancelled" else 0)


async def test_attended_and_no_show_wait_for_the_start_time_and_a_cancel_does_not() -> None:
    h = Harness()
    later = Appointment("A1", form_of(AppointmentRequest, {}), NOW, NOW + timedelta(minutes=1), "Africa/Accra")
    h.store.appointments["A1"] = AppointmentRecord(later)
    for outcome in ("attended", "no_show"):
        with pytest.raises(Conflict) as early:
            await h.appointments.set_appointment_status(ADMIN, "A1", outcome)
        assert early.value.message == NOT_STARTED
    assert (await h.appointments.set_appointment_status(ADMIN, "A1", "cancelled")).status.value == "cancelled"


def test_an_appointment_marked_done_before_outcomes_reads_as_attended() -> None:
    assert AppointmentStatus("done") is AppointmentStatus.ATTENDED


async def test_reading_a_message_marks_it_read_with_its_audit() -> None:
    h = Harness()
    h.store.messages["M1"] = MessageRecord(ContactMessage("M1", form_of(ContactForm, {}), NOW))
    await h.messages.mark_read(ADMIN, "M1")
    ((read, audit),) = h.uow.committed
    assert read == Write("contact_messages", "mark_read", ("M1", NOW))
    assert (audit.args[0].action, audit.args[0].target) == ("message.read", "M1")


async def test_a_new_post_takes_the_next_free_id_with_its_audit_in_the_same_commit() -> None:
    h = Harness()
    h.uow.next_post_id = "8"
    post = await h.blog.create_post(ADMIN, parse_post(POST))
    ((create, audit),) = h.uow.committed
    assert create == Write("posts", "create", (post,))
    assert (post.id, audit.args[0].action, audit.args[0].target) == ("8", "blog.create", "8")


async def test_a_post_id_taken_meanwhile_is_retried() -> None:
    h = Harness()
    h.uow.fail_next.append(IdTaken("1"))
    post = await h.blog.create_post(ADMIN, parse_post(POST))
    assert len(h.uow.discarded) == 1
    ((create, audit),) = h.uow.committed
    assert (create.args[0], audit.args[0].action) == (post, "blog.create")


async def test_a_post_update_and_delete_carry_their_audit_and_a_missing_post_is_not_found() -> None:
    h = Harness()
    updated = await h.blog.update_post(ADMIN, "3", parse_post({**POST, "title": "New"}))
    await h.blog.delete_post(ADMIN, "3")
    (replace, update_audit), (delete, delete_audit) = h.uow.committed
    assert (replace.method, replace.args[0], update_audit.args[0].target) == ("replace", updated, "3: New")
    assert delete == Write("posts", "delete", ("3", NOW))
    assert delete_audit.args[0].action == "blog.delete"
    h.uow.fail_next.append(PreconditionFailed("post 9"))
    with pytest.raises(NotFound):
        await h.blog.delete_post(ADMIN, "9")
    assert len(h.uow.committed) == 2


async def test_saving_a_job_writes_it_with_its_audit_and_publishes_once() -> None:
    h = Harness()
    job = await h.jobs.create_job(ADMIN, JOB)
    ((save, audit),) = h.uow.committed
    assert save == Write("jobs", "save", (job,))
    assert (audit.args[0].action, job.status, job.published_at) == ("job.create", JobStatus.OPEN, NOW)
    assert h.published == [job]
    h.store.jobs[job.id] = job
    closed = await h.jobs.update_job(ADMIN, job.id, {**JOB, "status": "closed"})
    assert h.uow.committed[1] == [Write("jobs", "save", (closed,)), Write("audit", "add", (h.audits()[1],))]
    assert h.audits()[1].action == "job.close"
    assert h.published == [job]


async def test_deleting_a_job_gone_meanwhile_is_not_found_and_commits_nothing() -> None:
    h = Harness()
    h.store.jobs["JB1"] = Job("JB1", "Nurse", "Qatar", "Healthcare & Medical", "", "d", JobStatus.DRAFT, NOW, NOW)
    h.uow.fail_next.append(PreconditionFailed("job JB1"))
    with pytest.raises(NotFound):
        await h.jobs.delete_job(ADMIN, "JB1")
    assert h.uow.committed == []


async def test_settings_and_their_audit_commit_together() -> None:
    h = Harness()
    phones = ["+233241111111"] * 4
    switches = dict.fromkeys(("received", "processing", "approved", "rejected"), True)
    change = parse_settings({"adminPhones": phones, "smsSender": "VANDY", "statusSms": switches})
    saved = await h.settings.put_settings(ADMIN, change)
    ((put, audit),) = h.uow.committed
    assert put == Write("settings", "put", (saved, NOW))
    assert (audit.args[0].action, audit.args[0].target) == ("settings.update", "adminPhones")
    assert h.audits() == [audit.args[0]]


async def test_the_dashboard_counts_today_s_bookings_and_this_month_s_no_show_rate() -> None:
    h = Harness()  # NOW is 2026-05-04 09:30 UTC, a Monday; the office is in Accra (UTC+0)
    statuses = {
        "T1": (datetime(2026, 5, 4, 9, tzinfo=UTC), AppointmentStatus.ATTENDED),
        "T2": (datetime(2026, 5, 4, 15, tzinfo=UTC), AppointmentStatus.BOOKED),
        "T3": (datetime(2026, 5, 4, 16, tzinfo=UTC), AppointmentStatus.CANCELLED),
        "M1": (datetime(2026, 5, 1, 10, tzinfo=UTC), AppointmentStatus.NO_SHOW),
        "M2": (datetime(2026, 5, 1, 11, tzinfo=UTC), AppointmentStatus.ATTENDED),
        "M3": (datetime(2026, 5, 1, 12, tzinfo=UTC), AppointmentStatus.ATTENDED),
        "April": (datetime(2026, 4, 30, 23, 59, tzinfo=UTC), AppointmentStatus.NO_SHOW),
        "Tomorrow": (datetime(2026, 5, 5, 0, 0, tzinfo=UTC), AppointmentStatus.BOOKED),
    }
    for ref, (at, status) in statuses.items():
        h.store.appointments[ref] = AppointmentRecord(
            Appointment(ref, form_of(AppointmentRequest, {}), NOW, at, "Africa/Accra"), status
        )
    figures = await h.dashboard.appointment_figures()
    assert (figures.today, figures.no_show_rate) == (2, 0.25)


async def test_opening_an_application_writes_its_view_and_opened_time_in_one_commit() -> None:
    h = Harness()
    h.add_application()
    detail = await h.applications.open_application("VA1", ADMIN)
    ((view, opened),) = h.uow.committed
    assert (view.repository, view.args[0].action, view.args[0].target) == ("audit", "application.view", "VA1")
    assert opened == Write("applications", "mark_opened", ("VA1", NOW))
    assert detail.record.opened_at == NOW
    h.store.applications["VA1"] = detail.record  # opened: a second read writes only its audit entry
    await h.applications.open_application("VA1", ADMIN)
    assert [w.method for w in h.uow.committed[1]] == ["add"]
