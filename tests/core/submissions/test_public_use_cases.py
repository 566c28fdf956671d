"""The public use cases against fakes: what each submission writes, in which unit of work."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from agency_core.appointments.booking import Bookings
from agency_core.appointments.changes import token_hash
from agency_core.errors import DuplicateSubmission, Rejected, Unavailable
from agency_core.ids import IdGenerator, IdTaken
from agency_core.payments.keys import payment_key_hash
from agency_core.records import NEW_APPOINTMENT, Application
from agency_core.spec.forms import ApplicationForm, NewsletterForm, form_of
from agency_core.submissions.service import DUPLICATE_APPLICATION, DUPLICATE_WINDOW, Accepted, AgencyService, Upload
from agency_core.submitted import PublicContext
from agency_core.unit_of_work import DuplicateKeyTaken
from tests.api.conftest import APPLICATION, APPOINTMENT, PDF
from tests.core.fakes import FakeFiles, FakeSettings, FakeStore, FakeUnitOfWork, Write

NOW = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
CONTACT = {"name": "Esi", "email": "esi@example.com", "subject": "Visa", "message": "When can I travel?"}


class Harness:
    def __init__(self) -> None:
        self.uow = FakeUnitOfWork()
        self.store = FakeStore(self.uow)
        self.files = FakeFiles()
        self.wakes = 0
        self.service = AgencyService(
            PublicContext(
                self.store,  # type: ignore[arg-type]
                IdGenerator(lambda: 1_780_000_000_000),
                FakeSettings(),
                clock=lambda: NOW,
                on_enqueue=self.wake,
            ),
            self.files,
        )
        self.bookings = Bookings(
            self.store,  # type: ignore[arg-type]
            IdGenerator(lambda: 1_780_000_000_000),
            FakeSettings(),
            clock=lambda: NOW,
            on_enqueue=self.wake,
        )

    def wake(self) -> None:
        self.wakes += 1


async def test_an_application_and_its_messages_are_committed_together() -> None:
    h = Harness()
    outcome = await h.service.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert outcome == Accepted("VA1780000000000", payment_key=outcome.payment_key)
    ((add, enqueue),) = h.uow.committed
    assert (add.repository, add.method) == ("applications", "add")
    application, since = add.args
    assert (application.id, application.created_at, since) == ("VA1780000000000", NOW, NOW - DUPLICATE_WINDOW)
    # the key is handed out once and stored only as its hash
    assert application.payment_key_hash == payment_key_hash(outcome.payment_key) != outcome.payment_key
    assert [f.key for f in application.files] == list(h.files.saved)
    assert (enqueue.repository, enqueue.method) == ("outbox", "enqueue")
    (messages,) = enqueue.args
    assert {m.source_id.removesuffix("-mail") for m in messages} == {application.id}
    assert {m.kind for m in messages} == {"admin_alert", "status", "email"}
    assert h.wakes == 1
    (mail,) = [m for m in messages if m.kind == "email"]
    assert f"Your payment key is {outcome.payment_key}." in mail.text


async def test_an_invalid_application_commits_nothing_and_keeps_no_file() -> None:
    h = Harness()
    with pytest.raises(Rejected) as rejected:
        await h.service.submit_application({**APPLICATION, "email": "nope"}, {"cv": Upload("cv.pdf", PDF)})
    assert set(rejected.value.errors) == {"email"}
    assert (h.uow.committed, h.uow.discarded, h.files.saved, h.wakes) == ([], [], {}, 0)


async def test_a_duplicate_found_at_commit_writes_nothing_and_drops_the_uploads() -> None:
    h = Harness()
    earlier = Application("VA1", form_of(ApplicationForm, dict(APPLICATION)), (), NOW - timedelta(hours=1))
    h.uow.fail_next.append(DuplicateKeyTaken(earlier))
    with pytest.raises(DuplicateSubmission) as duplicate:
        await h.service.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert duplicate.value.message == DUPLICATE_APPLICATION
    assert "VA1" not in str(duplicate.value.args)
    assert [w.method for w in h.uow.discarded[0]] == ["add", "enqueue"]
    assert h.files.saved == {}
    # the earlier application's ID goes to its own phone and e-mail, in a unit of work of its own,
    # under ids that say which application it is about (the store keeps the first of each id: once)
    ((resent,),) = h.uow.committed
    assert (resent.repository, resent.method) == ("outbox", "enqueue_new")
    queued = {m.id: m for m in resent.args[0]}
    assert sorted(queued) == ["VA1-id-resent-mail", "VA1-id-resent-sms"]
    sms = queued["VA1-id-resent-sms"]
    assert (sms.address, sms.kind) == (APPLICATION["phone"], "id_reminder")
    assert "VA1" in sms.text
    assert queued["VA1-id-resent-mail"].address == APPLICATION["email"]
    assert h.wakes == 1
    h.uow.fail_next.append(DuplicateKeyTaken(earlier))
    with pytest.raises(DuplicateSubmission):
        await h.service.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert {m.id for m in h.uow.committed[1][0].args[0]} == set(queued)


async def test_an_id_taken_at_commit_is_retried_under_a_new_id() -> None:
    h = Harness()
    h.uow.fail_next.append(IdTaken("VA1780000000000"))
    outcome = await h.service.submit_application(APPLICATION, {"cv": Upload("cv.pdf", PDF)})
    assert outcome.id == "VA1780000000001"
    ((add, enqueue),) = h.uow.committed
    assert add.args[0].id == "VA1780000000001"
    assert {m.source_id.removesuffix("-mail") for m in enqueue.args[0]} == {"VA1780000000001"}
    assert len(h.files.saved) == 1  # the upload is kept once, for the id that was stored


async def test_an_appointment_its_notification_and_messages_are_committed_together() -> None:
    h = Harness()
    outcome = await h.bookings.book_appointment({**APPOINTMENT, "preferredDate": "2026-05-11"})  # a Monday
    assert outcome == Accepted("VA1780000000000", change_token=outcome.change_token)
    ((add, enqueue),) = h.uow.committed
    appointment, notification, capacity = add.args
    # The answer carries the change token for the calendar link; only its hash is stored.
    assert len(outcome.change_token) >= 22
    assert appointment.token_hash == token_hash(outcome.change_token)
    assert (add.repository, appointment.reference, capacity) == ("appointments", "VA1780000000000", 1)
    assert (appointment.starts_at, appointment.time_zone) == (datetime(2026, 5, 11, 10, tzinfo=UTC), "Africa/Accra")
    assert (notification.id, notification.type) == ("VA1780000000000-admin", NEW_APPOINTMENT)
    assert enqueue.method == "enqueue"
    assert {m.source_id.removesuffix("-mail") for m in enqueue.args[0]} == {"VA1780000000000"}
    assert h.wakes == 1


async def test_an_invalid_appointment_commits_nothing() -> None:
    h = Harness()
    with pytest.raises(Rejected) as rejected:
        await h.bookings.book_appointment({**APPOINTMENT, "preferredDate": "2020-01-01"})
    assert set(rejected.value.errors) == {"preferredDate"}
    assert (h.uow.committed, h.wakes) == ([], 0)


async def test_a_contact_message_is_committed_alone_and_an_invalid_one_not_at_all() -> None:
    h = Harness()
    assert await h.service.send_contact_message(CONTACT) == Accepted("VA1780000000000")
    ((add,),) = h.uow.committed
    assert (add.repository, add.method, add.args[0].data.subject) == ("contact_messages", "add", "Visa")
    with pytest.raises(Rejected):
        await h.service.send_contact_message({**CONTACT, "subject": ""})
    assert len(h.uow.committed) == 1


class RecordingNewsletter:
    def __init__(self) -> None:
        self.subscribed: list[object] = []

    async def subscribe(self, values: object) -> str:
        self.subscribed.append(values)
        return "VA-receipt"


async def test_a_valid_newsletter_subscription_goes_to_the_newsletter_and_an_invalid_one_does_not() -> None:
    h = Harness()
    with pytest.raises(Unavailable):
        await h.service.subscribe_newsletter({"name": "Kojo", "email": "kojo@example.com"})
    newsletter = RecordingNewsletter()
    h.service.newsletter = newsletter  # type: ignore[assignment]
    outcome = await h.service.subscribe_newsletter({"name": "Kojo", "email": "kojo@example.com"})
    assert outcome == Accepted("VA-receipt")
    assert newsletter.subscribed == [NewsletterForm(name="Kojo", email="kojo@example.com")]
    with pytest.raises(Rejected):
        await h.service.subscribe_newsletter({"name": "Kojo", "email": "no"})
    assert len(newsletter.subscribed) == 1
    assert (await h.service.subscribe_newsletter({"name": "K", "email": "k@x.y", "website": "bot"})).discarded
    assert len(newsletter.subscribed) == 1


async def test_a_honeypot_hit_is_answered_but_writes_nothing() -> None:
    h = Harness()
    outcome = await h.service.submit_application({**APPLICATION, "website": "spam"}, {"cv": Upload("cv.pdf", PDF)})
    assert isinstance(outcome, Accepted)
    assert outcome.discarded
    assert (h.uow.committed, h.files.saved) == ([], {})


async def test_a_job_alert_is_committed() -> None:
    h = Harness()
    data = {"email": "a@example.com", "jobCategory": "Healthcare & Medical", "preferredCountry": "Qatar"}
    assert await h.service.create_job_alert(data) == Accepted("VA1780000000000")
    assert [(w.repository, w.method) for w in h.uow.writes] == [("job_alerts", "add")]
    assert h.uow.writes[0] == Write("job_alerts", "add", h.uow.writes[0].args)
