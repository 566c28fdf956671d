"""``agency admin create`` and ``agency admin grant``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from adapters.identity.local import LocalIdentityProvider
from adapters.identity.local_roles import SqliteRoleDirectory
from adapters.sqlite.database import Database
from agency_core.signin.identity import DEMO_ADMIN_PASSWORD, RoleRecord
from app.admin import cli as admin_cli
from tests.admin.conftest import MakeHarness, admin_settings
from tests.admin.test_demo_and_production import agency


def test_admin_create_reads_the_password_from_stdin_and_the_admin_can_sign_in(tmp_path: Path) -> None:
    env = {"AGENCY_DATA_DIR": str(tmp_path / "data")}
    done = agency(
        "admin", "create", "--email", "Kofi@VandyTravel.com", "--name", "Kofi Mensah", "--password-stdin",
        env=env, stdin="a long new password\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout)
    assert line["email"] == "kofi@vandytravel.com"
    assert line["name"] == "Kofi Mensah"
    assert line["role"] == "admin"


async def test_the_created_admin_signs_in_through_the_api(tmp_path: Path, make_harness: MakeHarness) -> None:
    done = agency(
        "admin", "create", "--email", "kofi@vandytravel.com", "--name", "Kofi Mensah", "--password-stdin",
        env={"AGENCY_DATA_DIR": str(tmp_path / "data")}, stdin="a long new password\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    h = await make_harness()
    response = await h.sign_in("kofi@vandytravel.com", "a long new password")
    assert (response.status_code, response.json()["name"]) == (200, "Kofi Mensah")


@pytest.mark.parametrize(
    ("password", "line"),
    [
        ("short", "agency: the password must be at least 10 characters"),
        (DEMO_ADMIN_PASSWORD, "agency: the demo password is for demo mode only: choose another"),
    ],
)
def test_admin_create_refuses_weak_passwords(tmp_path: Path, password: str, line: str) -> None:
    done = agency(
        "admin", "create", "--email", "k@vandytravel.com", "--name", "K", "--password-stdin",
        env={"AGENCY_DATA_DIR": str(tmp_path)}, stdin=password + "\n",
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip() == line


def test_admin_create_refuses_with_firebase_identity(tmp_path: Path) -> None:
    env = {"AGENCY_DATA_DIR": str(tmp_path), "AGENCY_IDENTITY": "firebase", "FIREBASE_API_KEY": "k"}
    done = agency("admin", "create", "--email", "k@x.com", "--name", "K", "--password-stdin", env=env, stdin="x" * 12)
    assert done.returncode == 2
    assert "use admin grant" in done.stderr


async def test_admin_create_prompts_twice_without_stdin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["prompted password 1", "prompted password 1"])
    monkeypatch.setattr(admin_cli.getpass, "getpass", lambda _prompt="": next(answers))
    settings = admin_settings(tmp_path)
    args = argparse.Namespace(admin_command="create", email="p@vandytravel.com", name="P", password_stdin=False)
    assert await admin_cli.run_admin_command(settings, args) == 0
    database = Database(settings.database_path)
    try:
        user = await LocalIdentityProvider(database).sign_in("p@vandytravel.com", "prompted password 1")
        assert user.email == "p@vandytravel.com"
    finally:
        await database.close()


async def test_admin_grant_writes_the_role_record(tmp_path: Path) -> None:
    done = agency(
        "admin", "grant", "--uid", "firebase-uid-123", "--name", "Esi Boateng",
        env={"AGENCY_DATA_DIR": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "uid": "firebase-uid-123", "name": "Esi Boateng", "role": "admin", "directory": "local",
    }  # fmt: skip
    database = Database(tmp_path / "agency.sqlite3")
    try:
        assert await SqliteRoleDirectory(database).get("firebase-uid-123") == RoleRecord("Esi Boateng", "admin")
    finally:
        await database.close()
