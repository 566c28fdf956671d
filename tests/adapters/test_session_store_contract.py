"""One contract for the admin session stores: SQLite and Firestore (on the emulator)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.firestore.sessions import FirestoreSessionStore
from adapters.identity.sessions import SqliteSessionStore
from adapters.sqlite.database import Database
from agency_core.signin.identity import AdminUser
from agency_core.signin.sessions import Session, SessionStore, session_key
from tests.support.firestore_emulator import FirestoreEmulator

T0 = 1_780_000_000.0
TTL = 3600.0
ADA = AdminUser("uid-ada", "ada@example.com", "Ada")
KOFI = AdminUser("uid-kofi", "kofi@example.com", "Kofi")


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[SessionStore, Clock]]:
    clock = Clock()
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        sqlite = SqliteSessionStore(db, ttl_s=TTL, clock=clock)
        await sqlite.migrate()
        yield sqlite, clock
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        shared = FirestoreSessionStore(emulator.client(), TTL, clock=clock, prefix=f"t{secrets.token_hex(4)}_")
        await shared.migrate()
        yield shared, clock
        await shared.aclose()


async def test_a_session_carries_its_user_and_csrf_token(stores: tuple[SessionStore, Clock]) -> None:
    store, _ = stores
    session = await store.create(ADA, "csrf-1")
    assert (session.user, session.csrf_token, session.expires_at) == (ADA, "csrf-1", T0 + TTL)
    assert len(session.token) >= 40
    assert await store.get(session.token) == session
    assert await store.get("not-a-token") is None
    other = await store.create(ADA, "csrf-2")
    assert other.token != session.token


async def test_use_slides_the_expiry_and_idle_sessions_expire(stores: tuple[SessionStore, Clock]) -> None:
    store, clock = stores
    session = await store.create(ADA, "csrf")
    clock.now += 30  # under a minute: nothing written
    assert await store.get(session.token) == session
    clock.now += 600
    used = await store.get(session.token)
    assert used is not None
    assert used.expires_at == clock.now + TTL
    clock.now += TTL - 1
    assert await store.get(session.token) == Session(session.token, ADA, "csrf", clock.now + TTL)
    clock.now += TTL
    assert await store.get(session.token) is None


async def test_sign_out_ends_one_session_and_delete_user_all_of_theirs(stores: tuple[SessionStore, Clock]) -> None:
    store, _ = stores
    first, second, kofi = await store.create(ADA, "a"), await store.create(ADA, "b"), await store.create(KOFI, "k")
    await store.delete(first.token)
    await store.delete(first.token)  # twice is fine
    assert await store.get(first.token) is None
    assert await store.get(second.token) is not None
    await store.delete_user(ADA.id)
    assert await store.get(second.token) is None
    assert await store.get(kofi.token) == kofi


@pytest.mark.emulator
async def test_firestore_keeps_only_the_hash_and_a_ttl_timestamp(firestore_emulator: FirestoreEmulator) -> None:
    prefix = f"t{secrets.token_hex(4)}_"
    client = firestore_emulator.client()
    store = FirestoreSessionStore(client, TTL, clock=Clock(), prefix=prefix)
    session = await store.create(ADA, "csrf")
    snap = await client.collection(prefix + "admin_sessions").document(session_key(session.token)).get()  # type: ignore[attr-defined]
    doc = snap.to_dict()
    assert session.token not in str(doc)
    assert doc["expires_at"].timestamp() == T0 + TTL
    await store.aclose()
