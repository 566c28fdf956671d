"""The embedded identity provider and role directory (SQLite + argon2)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from adapters.identity.local import LocalIdentityProvider
from adapters.identity.local_roles import SqliteRoleDirectory
from adapters.sqlite.database import Database
from agency_core.signin.identity import RoleRecord, SignInFailed


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    db = Database(tmp_path / "agency.sqlite3")
    yield db
    await db.close()


class CountingHasher(PasswordHasher):
    def __init__(self) -> None:
        super().__init__()
        self.verified: list[str] = []

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.verified.append(str(hash))
        return super().verify(hash, password)


async def test_passwords_are_stored_as_argon2_hashes(database: Database) -> None:
    local = LocalIdentityProvider(database)
    await local.migrate()
    await local.save_account("ama@vandytravel.com", "Ama", "a long password")
    stored = await database.run(lambda c: c.execute("SELECT password_hash FROM identity_accounts").fetchone()[0])
    assert stored.startswith("$argon2id$")
    assert "a long password" not in stored


async def test_an_unknown_email_costs_one_verification_like_a_wrong_password(database: Database) -> None:
    hasher = CountingHasher()
    local = LocalIdentityProvider(database, hasher)
    await local.migrate()
    await local.save_account("ama@vandytravel.com", "Ama", "a long password")

    with pytest.raises(SignInFailed):
        await local.sign_in("nobody@vandytravel.com", "a long password")
    with pytest.raises(SignInFailed):
        await local.sign_in("ama@vandytravel.com", "wrong password")
    assert len(hasher.verified) == 2
    assert all(h.startswith("$argon2id$") for h in hasher.verified)


async def test_unknown_email_and_wrong_password_take_about_the_same_time(database: Database) -> None:
    local = LocalIdentityProvider(database)
    await local.migrate()
    await local.save_account("ama@vandytravel.com", "Ama", "a long password")

    # CPU time of the whole process (the hash runs on a worker thread): what a sign-in does,
    # which wall time on a loaded CI machine does not show.
    async def timed(email: str) -> float:
        start = time.process_time()
        with pytest.raises(SignInFailed):
            await local.sign_in(email, "wrong password")
        return time.process_time() - start

    unknown = min([await timed("nobody@vandytravel.com") for _ in range(5)])
    wrong = min([await timed("ama@vandytravel.com") for _ in range(5)])
    assert unknown > wrong * 0.5
    assert wrong > unknown * 0.5


async def test_save_account_updates_the_existing_email(database: Database) -> None:
    local = LocalIdentityProvider(database)
    await local.migrate()
    first = await local.save_account("Ama@VandyTravel.com", "Ama", "first password")
    second = await local.save_account("ama@vandytravel.com", "Ama O.", "second password")
    assert first.id == second.id
    user = await local.sign_in("AMA@vandytravel.com", "second password")
    assert (user.id, user.email, user.name) == (first.id, "ama@vandytravel.com", "Ama O.")
    with pytest.raises(SignInFailed):
        await local.sign_in("ama@vandytravel.com", "first password")


async def test_role_directory_reads_writes_and_deletes(database: Database) -> None:
    roles = SqliteRoleDirectory(database)
    await roles.migrate()
    assert await roles.get("uid-1") is None
    await roles.put("uid-1", "Ama", "admin")
    assert await roles.get("uid-1") == RoleRecord("Ama", "admin")
    await roles.put("uid-1", "Ama", "editor")
    assert await roles.get("uid-1") == RoleRecord("Ama", "editor")
    await roles.delete("uid-1")
    assert await roles.get("uid-1") is None
