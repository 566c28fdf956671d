"""One contract for every store: SQLite and Firestore (on the emulator) pass the same tests."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.store import FirestoreStore
from adapters.seed.blog import seed_blog_posts
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.ids import IdTaken
from agency_core.messaging import outbox_messages
from agency_core.payments.keys import payment_key_hash, payment_key_matches
from agency_core.ports import Store
from agency_core.records import (
    NEW_APPOINTMENT,
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
from tests.support.firestore_emulator import FirestoreEmulator
from tests.support.sealing import new_sealer
from tests.support.writes import add_application, add_appointment, add_contact_message, add_job_alert, commits, enqueue

T0 = datetime(2026, 5, 4, 9, 30, 0, 123456, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        sqlite = SqliteStore(db, new_sealer())
        await sqlite.start()
        yield sqlite
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        firestore = FirestoreStore.connect(emulator.project_id, prefix=f"t{secrets.token_hex(4)}_", sealer=new_sealer())
        await firestore.start()
        yield firestore
        await firestore.close()


def application(app_id: str = "VA1", email: str = "ama@example.com", at: datetime = T0) -> Application:
    data = {
        "firstName": "Ama",
        "email": email,
        "jobCategory": "Construction",
        "preferredCountry": "Qatar",
        "hasPassport": False,
        "languages": "English, Twi",
    }
    files = (StoredFile("cv", "2026/05/abc.pdf", "my cv.pdf", "application/pdf", 1234),)
    return Application(app_id, form_of(ApplicationForm, data), files, at)


def sms(message_id: str, source_id: str, at: datetime = T0, phone: str = "+233241234567") -> OutboxMessage:
    return outbox_messages.sms(
        id=message_id, source_id=source_id, kind="status", phone=phone, text=f"text {message_id}", now=at
    )


async def test_an_application_and_its_sms_are_stored_together(store: Store) -> None:
    app = application()
    assert (
        await add_application(store, app, [sms("VA1-0", "VA1"), sms("VA1-1", "VA1")], T0 - timedelta(hours=24)) is None
    )
    assert await store.applications.get("VA1") == app
    assert [m.id for m in await store.outbox.list("VA1")] == ["VA1-0", "VA1-1"]
    assert (await store.outbox.get("VA1-0")) == sms("VA1-0", "VA1")
    assert await store.applications.get("nope") is None


async def test_a_duplicate_application_within_the_window_writes_nothing(store: Store) -> None:
    first = application("VA1")
    await add_application(store, first, [sms("VA1-0", "VA1")], T0 - timedelta(hours=24))
    later = T0 + timedelta(hours=23)
    again = application("VA2", email="AMA@example.com", at=later)
    assert await store.applications.find_duplicate(again.duplicate_key, later - timedelta(hours=24)) == first
    assert await add_application(store, again, [sms("VA2-0", "VA2")], later - timedelta(hours=24)) == first
    assert await store.applications.get("VA2") is None
    assert await store.outbox.list("VA2") == []


async def test_the_same_application_after_the_window_is_a_new_one(store: Store) -> None:
    await add_application(store, application("VA1"), [], T0 - timedelta(hours=24))
    later = T0 + timedelta(hours=25)
    assert await add_application(store, application("VA2", at=later), [], later - timedelta(hours=24)) is None
    assert await store.applications.get("VA2") is not None


async def test_an_id_another_instance_took_is_refused_and_nothing_is_written(store: Store) -> None:
    since = T0 - timedelta(hours=24)
    first = application("VA1")
    await add_application(store, first, [sms("VA1-0", "VA1")], since)
    other = application("VA1", email="kofi@example.com")  # the same VA<ms> made by another instance
    with pytest.raises(IdTaken):
        await add_application(store, other, [sms("VA1-0", "VA1"), sms("VA1-1", "VA1")], since)
    assert await store.applications.get("VA1") == first
    assert [m.text for m in await store.outbox.list("VA1")] == ["text VA1-0"]
    assert await store.applications.find_duplicate(other.duplicate_key, since) is None


async def test_an_appointment_records_its_admin_notification_and_sms(store: Store) -> None:
    appointment = Appointment("VA5", form_of(AppointmentRequest, {"fullName": "Kofi", "consent": True}), T0)
    note = AdminNotification("VA5-admin", NEW_APPOINTMENT, form_of(NewAppointmentNotice, {"reference": "VA5"}), T0)
    await add_appointment(store, appointment, note, [sms("VA5-0", "VA5")])
    assert await store.appointments.get("VA5") == appointment
    assert await store.admin_notifications.list(NEW_APPOINTMENT) == [note]
    assert [m.id for m in await store.outbox.list("VA5")] == ["VA5-0"]


async def test_contact_messages_and_job_alerts_round_trip(store: Store) -> None:
    message = ContactMessage("VA7", form_of(ContactForm, {"name": "Efua", "subject": "Visa"}), T0)
    alert = JobAlert("VA8", form_of(JobAlertRequest, {"email": "e@x.y", "jobCategory": "Any"}), T0)
    await add_contact_message(store, message)
    await add_job_alert(store, alert)
    assert await store.contact_messages.get("VA7") == message
    assert await store.job_alerts.get("VA8") == alert


async def test_one_newsletter_subscription_per_email(store: Store) -> None:
    first = NewsletterSubscription("VA1", "Yaw@Example.com", "Yaw", ("Travel Tips",), T0, T0)
    assert await commits(store, lambda uow: (uow.newsletter.put(first, None),))
    assert await store.newsletter.get_by_email("YAW@example.com") == first
    later = T0 + timedelta(days=2)
    repeat = NewsletterSubscription("VA2", "yaw@example.com", "Yaw B", ("Visa Updates", "Study Abroad"), later, later)
    assert not await commits(store, lambda uow: (uow.newsletter.put(repeat, None),))  # the address has one
    assert await store.newsletter.get_by_email("yaw@example.com") == first


async def test_the_outbox_leases_due_messages_once(store: Store) -> None:
    await add_application(
        store,
        application(),
        [
            sms("VA1-0", "VA1"),
            sms("VA1-1", "VA1"),
            replace(sms("VA1-2", "VA1"), next_attempt_at=T0 + timedelta(minutes=5)),
        ],
        T0 - timedelta(hours=24),
    )
    now = T0 + timedelta(seconds=1)
    claimed = await store.outbox.claim(now, now + timedelta(seconds=30), 10)
    assert [(m.id, m.attempts, m.lease_until) for m in claimed] == [
        ("VA1-0", 1, now + timedelta(seconds=30)),
        ("VA1-1", 1, now + timedelta(seconds=30)),
    ]
    assert await store.outbox.claim(now, now + timedelta(seconds=30), 10) == []
    expired = now + timedelta(seconds=31)
    again = await store.outbox.claim(expired, expired + timedelta(seconds=30), 1)
    assert [(m.id, m.attempts) for m in again] == [("VA1-0", 2)]


async def test_one_message_is_claimed_by_id_whenever_due_and_never_twice(store: Store) -> None:
    later = T0 + timedelta(minutes=5)
    await add_application(
        store, application(), [replace(sms("VA1-0", "VA1"), next_attempt_at=later)], T0 - timedelta(hours=24)
    )
    now = T0 + timedelta(seconds=1)
    lease = now + timedelta(seconds=30)
    claimed = await store.outbox.claim_message("VA1-0", now, lease, "script-a")
    assert claimed is not None
    assert (claimed.id, claimed.attempts, claimed.lease_until, claimed.lease_owner) == ("VA1-0", 1, lease, "script-a")
    assert await store.outbox.claim_message("VA1-0", now, lease, "script-b") is None
    assert await store.outbox.claim_message("VA9-0", now, lease, "script-b") is None
    expired = lease + timedelta(seconds=1)
    taken = await store.outbox.claim_message("VA1-0", expired, expired + timedelta(seconds=30), "script-b")
    assert taken is not None
    assert (taken.attempts, taken.lease_owner) == (2, "script-b")
    assert await store.outbox.mark_delivered("VA1-0", expired, "script-b")
    assert await store.outbox.claim_message("VA1-0", later, later + timedelta(seconds=30), "script-c") is None


async def test_the_outbox_records_delivery_retry_and_failure(store: Store) -> None:
    await add_application(store, application(), [sms("VA1-0", "VA1"), sms("VA1-1", "VA1")], T0 - timedelta(hours=24))
    now = T0 + timedelta(seconds=1)
    await store.outbox.claim(now, now + timedelta(seconds=30), 10)
    await store.outbox.mark_delivered("VA1-0", now)
    retry_at = now + timedelta(seconds=4)
    await store.outbox.mark_retry("VA1-1", "Gateway unavailable", retry_at)
    delivered = await store.outbox.get("VA1-0")
    assert delivered is not None
    assert (delivered.status, delivered.delivered_at, delivered.lease_until) == (OutboxStatus.DELIVERED, now, None)
    waiting = await store.outbox.get("VA1-1")
    assert waiting is not None
    assert (waiting.status, waiting.last_error, waiting.next_attempt_at) == (
        OutboxStatus.PENDING,
        "Gateway unavailable",
        retry_at,
    )
    assert await store.outbox.claim(now + timedelta(seconds=3), now + timedelta(seconds=33), 10) == []
    (claimed,) = await store.outbox.claim(retry_at, retry_at + timedelta(seconds=30), 10)
    assert (claimed.id, claimed.attempts) == ("VA1-1", 2)
    await store.outbox.mark_failed("VA1-1", "Insufficient balance")
    failed = await store.outbox.get("VA1-1")
    assert failed is not None
    assert (failed.status, failed.last_error) == (OutboxStatus.FAILED, "Insufficient balance")
    assert await store.outbox.claim(retry_at + timedelta(hours=1), retry_at + timedelta(hours=2), 10) == []


async def test_a_lease_is_held_by_one_owner_and_taken_over_only_after_it_expires(store: Store) -> None:
    await add_application(store, application(), [sms("VA1-0", "VA1")], T0 - timedelta(hours=24))
    now = T0 + timedelta(seconds=1)
    (mine,) = await store.outbox.claim(now, now + timedelta(seconds=30), 10, "worker-a")
    assert (mine.lease_owner, mine.attempts) == ("worker-a", 1)
    assert await store.outbox.claim(now + timedelta(seconds=29), now + timedelta(seconds=59), 10, "worker-b") == []
    later = now + timedelta(seconds=30)
    (taken,) = await store.outbox.claim(later, later + timedelta(seconds=30), 10, "worker-b")
    assert (taken.id, taken.lease_owner, taken.attempts) == ("VA1-0", "worker-b", 2)
    # The first worker's late results are refused: the message is worker-b's now.
    assert await store.outbox.mark_retry("VA1-0", "Gateway unavailable", later, "worker-a") is False
    assert await store.outbox.mark_delivered("VA1-0", later, "worker-a") is False
    held = await store.outbox.get("VA1-0")
    assert held is not None
    assert (held.status, held.lease_owner, held.last_error) == (OutboxStatus.PENDING, "worker-b", None)
    assert await store.outbox.mark_delivered("VA1-0", later, "worker-b") is True
    done = await store.outbox.get("VA1-0")
    assert done is not None
    assert (done.status, done.lease_owner, done.lease_until) == (OutboxStatus.DELIVERED, None, None)
    assert await store.outbox.mark_failed("VA1-0", "late", "worker-b") is False


async def test_concurrent_claims_take_each_message_exactly_once(store: Store) -> None:
    messages = [sms(f"VA1-{n:02}", "VA1") for n in range(24)]
    await add_application(store, application(), messages, T0 - timedelta(hours=24))
    now = T0 + timedelta(seconds=1)
    rounds = await asyncio.gather(
        *(store.outbox.claim(now, now + timedelta(seconds=30), 10, f"worker-{w}") for w in range(6))
    )
    claimed = [(m.id, m.lease_owner) for batch in rounds for m in batch]
    ids = [message_id for message_id, _ in claimed]
    assert len(ids) == len(set(ids))
    for message_id, owner in claimed:
        stored = await store.outbox.get(message_id)
        assert stored is not None
        assert (stored.lease_owner, stored.attempts) == (owner, 1)


async def test_a_clean_shutdown_releases_its_leases_at_once(store: Store) -> None:
    await add_application(
        store, application(), [sms("VA1-0", "VA1"), sms("VA1-1", "VA1"), sms("VA1-2", "VA1")], T0 - timedelta(hours=24)
    )
    now = T0 + timedelta(seconds=1)
    await store.outbox.claim(now, now + timedelta(seconds=30), 2, "worker-a")
    (other,) = await store.outbox.claim(now, now + timedelta(seconds=30), 2, "worker-b")
    assert other.id == "VA1-2"
    assert await store.outbox.release("worker-a") == 2
    assert await store.outbox.release("worker-a") == 0
    taken = await store.outbox.claim(now, now + timedelta(seconds=30), 10, "worker-c")
    assert [(m.id, m.attempts, m.lease_owner) for m in taken] == [("VA1-0", 2, "worker-c"), ("VA1-1", 2, "worker-c")]
    still = await store.outbox.get("VA1-2")
    assert still is not None
    assert still.lease_owner == "worker-b"


async def test_blog_posts_are_seeded_once_and_listed_newest_first(store: Store) -> None:
    posts = seed_blog_posts(T0)
    assert await store.blog_posts.seed(posts) == 7
    assert await store.blog_posts.seed(posts) == 0
    listed = await store.blog_posts.published()
    assert sorted(p.id for p in listed) == [str(i) for i in range(1, 8)]
    assert [p.date for p in listed] == sorted((p.date for p in posts), reverse=True)
    hidden = replace(posts[0], id="99", published=False, updated_at=T0 + timedelta(days=1))
    assert await store.blog_posts.seed([hidden]) == 1
    assert "99" not in [p.id for p in await store.blog_posts.published()]
    assert await store.blog_posts.get("99") == hidden
    assert await store.blog_posts.get("404") is None


async def test_an_applications_payment_key_hash_is_kept_and_old_records_have_none(store: Store) -> None:
    hashed = replace(application("VA1"), payment_key_hash=payment_key_hash("the-key"))
    await add_application(store, hashed, [], T0 - timedelta(hours=24))
    stored = await store.applications.get("VA1")
    assert stored == hashed
    assert stored is not None
    assert payment_key_matches(stored.payment_key_hash, "the-key")
    # the outbox skips an id queued already: the duplicate's ID re-send goes once
    await enqueue(store, [sms("VA1-id-resent-sms", "VA1")])
    await enqueue(store, [replace(sms("VA1-id-resent-sms", "VA1"), text="again")])
    assert [m.text for m in await store.outbox.list("VA1")] == [sms("VA1-id-resent-sms", "VA1").text]


async def test_an_application_stored_before_payment_keys_migrates_without_loss(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "agency.sqlite3"
    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    await add_application(store, application("VA1"), [], T0 - timedelta(hours=24))
    await db.close()
    # as a database of the release before: without the column, and without the migration's record
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE applications DROP COLUMN payment_key_hash")
        conn.execute("DELETE FROM schema_migrations WHERE name = 'records_0003_payment_key'")
    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    assert await store.applications.get("VA1") == application("VA1")  # kept, with no key (paid at the office)
    await db.close()
