"""Newsletter subscriptions (double opt-in fields) and newsletter issues on SQLite and on the Firestore
emulator: conditional writes in the unit of work, the reads the newsletter needs, old records still read."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.ids import IdTaken
from agency_core.messaging import outbox_messages
from agency_core.messaging.email import Email
from agency_core.newsletter.model import IssueStatus, NewsletterIssue
from agency_core.ports import Store
from agency_core.records import NewsletterSubscription, OutboxMessage
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer

T0 = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as s:
        yield s


def subscription(sid: str = "VA1", email: str = "Ama@Example.com", **changes: object) -> NewsletterSubscription:
    base = NewsletterSubscription(sid, email, "Ama", ("Travel Tips",), T0, T0, "2026-09", T0, "h" * 64, T0)
    return replace(base, **changes)  # type: ignore[arg-type]


async def put(store: Store, sub: NewsletterSubscription, expected: NewsletterSubscription | None) -> None:
    async with store.unit_of_work() as uow:
        await uow.newsletter.put(sub, expected)


async def test_a_subscription_is_one_per_address_and_written_only_from_what_was_read(stores: Stores) -> None:
    store = stores.records
    first = subscription()
    await put(store, first, None)
    assert await store.newsletter.get_by_email("ama@example.COM") == first
    assert await store.newsletter.get("VA1") == first
    assert await store.newsletter.by_confirmation("h" * 64) == first
    assert await store.newsletter.by_confirmation("") is None
    assert await store.newsletter.confirmed() == []
    with pytest.raises(PreconditionFailed):
        await put(store, subscription("VA2", "AMA@example.com"), None)  # the address is taken, in any case
    confirmed = replace(first, confirmed_at=T0 + timedelta(hours=1), confirmation_hash="", updated_at=T0 + timedelta(1))
    await put(store, confirmed, first)
    with pytest.raises(PreconditionFailed):
        await put(store, replace(first, name="Stale"), first)  # read before the confirmation
    assert await store.newsletter.get("VA1") == confirmed
    assert await store.newsletter.by_confirmation("h" * 64) is None
    assert await store.newsletter.confirmed() == [confirmed]


async def test_removing_a_subscription_works_once(stores: Stores) -> None:
    store = stores.records
    sub = subscription()
    await put(store, sub, None)
    async with store.unit_of_work() as uow:
        await uow.newsletter.remove(sub)
    assert await store.newsletter.get("VA1") is None
    with pytest.raises(PreconditionFailed):
        async with store.unit_of_work() as uow:
            await uow.newsletter.remove(sub)


def issue(iid: str = "NL1", **changes: object) -> NewsletterIssue:
    return replace(NewsletterIssue(iid, "Visa news", "Body text", "staff@x.y", T0, T0), **changes)  # type: ignore[arg-type]


async def send(store: Store, issue: NewsletterIssue, expected: NewsletterIssue, mail: OutboxMessage) -> None:
    async with store.unit_of_work() as uow:
        await uow.newsletter_issues.put(issue, expected)
        await uow.outbox.enqueue([mail])


async def test_an_issue_and_its_emails_commit_together_and_only_from_what_was_read(stores: Stores) -> None:
    store = stores.records
    draft = issue()
    async with store.unit_of_work() as uow:
        await uow.newsletter_issues.put(draft, None)
    assert await store.newsletter_issues.get("NL1") == draft
    with pytest.raises(IdTaken):
        async with store.unit_of_work() as uow:
            await uow.newsletter_issues.put(issue(), None)
    later = T0 + timedelta(minutes=5)
    sent = replace(
        draft, status=IssueStatus.SENT, sends=1, sent_at=later, sent_by="a@x.y", recipients=1, updated_at=later
    )
    mail = outbox_messages.email(id="NL1-nl-VA1", source_id="NL1", mail=Email("s@x.y", "Visa news", "Body"), now=later)
    await send(store, sent, draft, mail)
    assert await store.newsletter_issues.get("NL1") == sent
    assert [m.id for m in await store.outbox.list("NL1")] == ["NL1-nl-VA1"]
    # a second send from the stale draft writes nothing: neither the issue nor its e-mails
    with pytest.raises(PreconditionFailed):
        await send(
            store,
            replace(sent, sends=2),
            draft,
            outbox_messages.email(id="NL1-nl-VA2", source_id="NL1", mail=Email("t@x.y", "S", "B"), now=later),
        )
    assert [m.id for m in await store.outbox.list("NL1")] == ["NL1-nl-VA1"]
    async with store.unit_of_work() as uow:
        await uow.newsletter_issues.put(issue("NL2", created_at=later, updated_at=later), None)
    assert [i.id for i in await store.newsletter_issues.all()] == ["NL2", "NL1"]


async def test_a_subscription_stored_before_double_opt_in_reads_unconfirmed(stores: Stores) -> None:
    store = stores.records
    legacy = NewsletterSubscription("VA9", "old@x.y", "Old", (), T0, T0, "2026-01", T0)
    async with store.unit_of_work() as uow:
        await uow.newsletter.put(legacy, None)
    if stores.firestore is not None:  # a document of the release before: without the new fields
        from adapters.firestore.documents import email_key

        ref = stores.firestore.client.collection(stores.prefix + "newsletter_subscriptions").document(
            email_key(legacy.email)
        )
        from google.cloud import firestore

        await ref.update(
            {f: firestore.DELETE_FIELD for f in ("confirmation_hash", "confirmation_sent_at", "confirmed_at")}
        )
    stored = await store.newsletter.get("VA9")
    assert stored == legacy
    assert stored is not None
    assert not stored.confirmed
    assert await store.newsletter.confirmed() == []


async def test_the_sqlite_migration_keeps_every_subscription_unconfirmed(tmp_path: Path) -> None:
    path = tmp_path / "agency.sqlite3"
    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    await db.close()
    # as a database of the release before: without the new columns and table, with two subscribers
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE newsletter_issues")
        conn.execute("DROP INDEX newsletter_confirmation")
        conn.execute("DROP INDEX newsletter_confirmed")
        for column in ("confirmation_hash", "confirmation_sent_at", "confirmed_at"):
            conn.execute(f"ALTER TABLE newsletter_subscriptions DROP COLUMN {column}")
        conn.execute("DELETE FROM schema_migrations WHERE name = 'records_0008_newsletter_issues'")
        rows = [
            ("VA1", "a@x.y", "a@x.y", "A", "[]", "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00", "", None),
            ("VA2", "b@x.y", "b@x.y", "B", '["Visa Updates"]', "2026-01-02T00:00:00+00:00",
             "2026-01-02T00:00:00+00:00", "2026-03", "2026-01-02T00:00:00+00:00"),
        ]  # fmt: skip
        conn.executemany(
            "INSERT INTO newsletter_subscriptions (id, email_key, email, name, interests, created_at, updated_at, "
            "privacy_notice_version, privacy_accepted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    db = Database(path)
    store = SqliteStore(db, new_sealer())
    await store.start()
    consented = await store.newsletter.get("VA2")
    assert consented is not None
    assert (consented.email, consented.interests, consented.privacy_notice_version) == (
        "b@x.y",
        ("Visa Updates",),
        "2026-03",
    )
    assert consented.privacy_accepted_at == datetime(2026, 1, 2, tzinfo=UTC)
    assert (consented.confirmed_at, consented.confirmation_hash) == (None, "")
    assert await store.newsletter.get("VA1") is not None
    assert await store.newsletter.confirmed() == []
    assert await store.newsletter_issues.all() == []
    await db.close()
