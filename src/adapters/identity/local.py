"""The embedded identity provider: admin accounts in the app's SQLite file, argon2 hashes.

An unknown e-mail costs one argon2 verification against a dummy hash, like a wrong password
does, so the two failures take the same time and the e-mail cannot be probed by timing.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from dataclasses import dataclass
from functools import cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from adapters.sqlite.database import Database, Migration
from agency_core.signin.identity import IdentityUser, SignInFailed, normalise_email

MIGRATIONS = (
    Migration(
        "identity_001_accounts",
        """
        CREATE TABLE identity_accounts (
            id TEXT PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
            updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
        )
        """,
    ),
)


@dataclass(frozen=True, slots=True)
class LocalAccount:
    id: str
    email: str
    name: str


def _dummy_hash(hasher: PasswordHasher) -> str:
    """A hash of a random password with ``hasher``'s parameters, verified against for an unknown e-mail
    so that it takes as long as a known one's."""
    return _dummy_hash_with(
        hasher.time_cost, hasher.memory_cost, hasher.parallelism, hasher.hash_len, hasher.salt_len, hasher.type
    )


@cache
def _dummy_hash_with(
    time_cost: int, memory_cost: int, parallelism: int, hash_len: int, salt_len: int, kind: Type
) -> str:
    # Once per process and parameters: half a second of CPU that every app built in a test run paid again.
    hasher = PasswordHasher(time_cost, memory_cost, parallelism, hash_len, salt_len, type=kind)
    return hasher.hash(secrets.token_urlsafe(16))


class LocalIdentityProvider:
    def __init__(self, database: Database, hasher: PasswordHasher | None = None) -> None:
        self.database = database
        self.hasher = hasher or PasswordHasher()
        self._dummy_hash = _dummy_hash(self.hasher)

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def _row(self, email: str) -> sqlite3.Row | None:
        address = normalise_email(email)

        def read(conn: sqlite3.Connection) -> sqlite3.Row | None:
            row: sqlite3.Row | None = conn.execute(
                "SELECT id, email, name, password_hash FROM identity_accounts WHERE email = ?", (address,)
            ).fetchone()
            return row

        return await self.database.run(read)

    async def sign_in(self, email: str, password: str) -> IdentityUser:
        row = await self._row(email)
        stored = row["password_hash"] if row is not None else self._dummy_hash
        ok = await asyncio.to_thread(self._verify, stored, password)
        if row is None or not ok:
            raise SignInFailed()
        if self.hasher.check_needs_rehash(stored):
            await self._set_hash(row["id"], await asyncio.to_thread(self.hasher.hash, password))
        return IdentityUser(id=row["id"], email=row["email"], name=row["name"])

    async def _set_hash(self, account_id: str, password_hash: str) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE identity_accounts SET password_hash = ?, "
                "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?",
                (password_hash, account_id),
            )

        await self.database.run(write)

    async def find(self, email: str) -> LocalAccount | None:
        row = await self._row(email)
        return None if row is None else LocalAccount(row["id"], row["email"], row["name"])

    async def save_account(self, email: str, name: str, password: str) -> LocalAccount:
        """Create the account, or set the name and password of the one with this e-mail."""
        address = normalise_email(email)
        password_hash = await asyncio.to_thread(self.hasher.hash, password)
        new_id = "local-" + secrets.token_hex(10)

        def upsert(conn: sqlite3.Connection) -> LocalAccount:
            conn.execute(
                "INSERT INTO identity_accounts (id, email, name, password_hash) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash, "
                "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')",
                (new_id, address, name, password_hash),
            )
            row = conn.execute("SELECT id, email, name FROM identity_accounts WHERE email = ?", (address,)).fetchone()
            return LocalAccount(row["id"], row["email"], row["name"])

        return await self.database.transaction(upsert)

    async def accounts_with_password(self, password: str) -> list[LocalAccount]:
        """The accounts whose password is ``password`` (production refuses the demo password)."""

        def read(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            return list(conn.execute("SELECT id, email, name, password_hash FROM identity_accounts"))

        rows = await self.database.run(read)
        found = []
        for row in rows:
            if await asyncio.to_thread(self._verify, row["password_hash"], password):
                found.append(LocalAccount(row["id"], row["email"], row["name"]))
        return found
