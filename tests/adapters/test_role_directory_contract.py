"""One contract for every RoleDirectory: the local SQLite one and Firestore (on its emulator)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.identity.firestore_roles import FirestoreRoleDirectory
from adapters.identity.local_roles import SqliteRoleDirectory
from adapters.sqlite.database import Database
from agency_core.signin.identity import RoleLookupFailed, RoleRecord
from tests.support.firestore_emulator import FirestoreEmulator, free_port


@pytest.fixture(params=["local", pytest.param("firestore", marks=pytest.mark.emulator)])
async def directory(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[SqliteRoleDirectory | FirestoreRoleDirectory]:
    if request.param == "local":
        database = Database(tmp_path / "agency.sqlite3")
        local = SqliteRoleDirectory(database)
        await local.migrate()
        yield local
        await database.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        remote = FirestoreRoleDirectory(project_id=emulator.project_id)
        yield remote
        await remote.aclose()


def new_uid() -> str:
    return "uid-" + uuid.uuid4().hex


async def test_a_missing_record_is_none(directory: SqliteRoleDirectory | FirestoreRoleDirectory) -> None:
    assert await directory.get(new_uid()) is None


async def test_put_then_get_returns_name_and_role(directory: SqliteRoleDirectory | FirestoreRoleDirectory) -> None:
    uid = new_uid()
    await directory.put(uid, "Ama Owusu", "admin")
    assert await directory.get(uid) == RoleRecord("Ama Owusu", "admin")
    await directory.put(uid, "Ama Owusu", "editor")
    assert await directory.get(uid) == RoleRecord("Ama Owusu", "editor")


async def test_delete_removes_the_record(directory: SqliteRoleDirectory | FirestoreRoleDirectory) -> None:
    uid = new_uid()
    await directory.put(uid, "Kofi", "admin")
    await directory.delete(uid)
    assert await directory.get(uid) is None


@pytest.mark.emulator
async def test_firestore_reads_the_users_collection_and_tolerates_missing_fields(
    firestore_emulator: FirestoreEmulator,
) -> None:
    from google.cloud import firestore

    client = firestore.AsyncClient(project=firestore_emulator.project_id)
    directory = FirestoreRoleDirectory(project_id=firestore_emulator.project_id)
    try:
        uid = new_uid()
        await client.collection("users").document(uid).set({"role": "admin", "department": "ops"})
        assert await directory.get(uid) == RoleRecord(name=None, role="admin")
        other = new_uid()
        await directory.put(other, "Esi", "admin")
        snapshot = await client.collection("users").document(other).get()
        assert snapshot.to_dict() == {"name": "Esi", "role": "admin"}
        odd = new_uid()
        await client.collection("users").document(odd).set({"name": 7, "role": ["admin"]})
        assert await directory.get(odd) == RoleRecord(name=None, role=None)
    finally:
        await directory.aclose()


@pytest.mark.emulator
async def test_firestore_that_cannot_be_reached_is_a_role_lookup_failure(
    firestore_emulator: FirestoreEmulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", f"127.0.0.1:{free_port()}")  # nothing listens there
    directory = FirestoreRoleDirectory(project_id=firestore_emulator.project_id, timeout_s=1.5)
    try:
        with pytest.raises(RoleLookupFailed):
            await directory.get(new_uid())
    finally:
        await directory.aclose()
