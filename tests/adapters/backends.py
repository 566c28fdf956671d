"""The record and admin stores on one backend (SQLite file or a Firestore emulator prefix), for
contract suites that add a store of their own on the same backend."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from adapters.files import LocalFileStore
from adapters.firestore.admin_store import FirestoreAdminStore
from adapters.firestore.store import FirestoreStore
from adapters.sealing import PassportSealer
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.ports import Store
from agency_core.staff.ports import AdminStore
from tests.support.firestore_emulator import FirestoreEmulator
from tests.support.sealing import new_sealer

BACKENDS = ["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)]


@dataclass
class Stores:
    records: Store
    admin: AdminStore
    files: LocalFileStore
    database: Database | None
    """The SQLite database; None on Firestore."""
    firestore: FirestoreStore | None
    """The Firestore store (its client and ``prefix``); None on SQLite."""
    sealer: PassportSealer
    prefix: str = ""


@asynccontextmanager
async def open_stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    """``request.param`` names the backend (one of :data:`BACKENDS`)."""
    files = LocalFileStore(tmp_path / "uploads", Fernet(Fernet.generate_key()))
    sealer = new_sealer()
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        records = SqliteStore(db, sealer)
        await records.start()
        admin = SqliteAdminStore(db, sealer)
        await admin.start()
        yield Stores(records, admin, files, db, None, sealer)
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        prefix = f"t{secrets.token_hex(4)}_"
        firestore = FirestoreStore.connect(emulator.project_id, prefix=prefix, sealer=sealer)
        admin_store = FirestoreAdminStore(firestore.client, prefix, sealer=sealer)
        yield Stores(firestore, admin_store, files, None, firestore, sealer, prefix)
        await firestore.close()
