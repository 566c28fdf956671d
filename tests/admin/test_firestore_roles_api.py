"""AGENCY_ROLES=firestore end to end: the sign-in API reads the "users" record from the emulator."""

from __future__ import annotations

import json
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

from adapters.identity.firestore_roles import FirestoreRoleDirectory
from agency_core.signin.identity import RoleRecord
from app.settings import AdminAuthSettings
from tests.admin.conftest import SESSION, MakeHarness
from tests.admin.test_demo_and_production import agency
from tests.support.firestore_emulator import FirestoreEmulator

pytestmark = pytest.mark.emulator


async def test_sign_in_with_the_role_record_in_firestore(
    firestore_emulator: FirestoreEmulator, make_harness: MakeHarness
) -> None:
    auth = replace(
        AdminAuthSettings(role_cache_s=0), roles="firestore", firebase_project_id=firestore_emulator.project_id
    )
    h = await make_harness(admin_auth=auth)
    assert type(h.sign_in_service.roles).__name__ == "FirestoreRoleDirectory"
    local = h.container.identity.local_identity
    assert local is not None
    account = await local.save_account("yaw@vandytravel.com", "Yaw", "a long password")

    # The app's client lives on the app's event loop; the test writes through its own.
    users = FirestoreRoleDirectory(project_id=firestore_emulator.project_id)

    refused = await h.sign_in("yaw@vandytravel.com", "a long password")
    assert (refused.status_code, refused.json()) == (403, {"message": "User not authorized"})

    await users.put(account.id, "Yaw Asante", "admin")
    response = await h.sign_in("yaw@vandytravel.com", "a long password")
    assert (response.status_code, response.json()) == (
        200,
        {"id": account.id, "email": "yaw@vandytravel.com", "name": "Yaw Asante"},
    )

    await users.put(account.id, "Yaw Asante", "former-admin")
    assert (await h.client.get(SESSION)).status_code == 403
    await users.aclose()


async def test_admin_grant_writes_the_record_into_firestore(
    firestore_emulator: FirestoreEmulator, tmp_path: Path
) -> None:
    uid = "firebase-" + uuid.uuid4().hex
    env = {
        "AGENCY_DATA_DIR": str(tmp_path),
        "AGENCY_ROLES": "firestore",
        "FIREBASE_PROJECT_ID": firestore_emulator.project_id,
        "FIRESTORE_EMULATOR_HOST": firestore_emulator.host,
    }
    done = agency("admin", "grant", "--uid", uid, "--name", "Abena", env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["directory"] == "firestore"
    users = FirestoreRoleDirectory(project_id=firestore_emulator.project_id)
    try:
        assert await users.get(uid) == RoleRecord("Abena", "admin")
    finally:
        await users.aclose()
