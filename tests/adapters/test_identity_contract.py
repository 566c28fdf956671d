"""One contract for every IdentityProvider: local (SQLite + argon2) and Firebase (Auth emulator)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from adapters.identity.firebase import FirebaseIdentityProvider, error_code
from adapters.identity.local import LocalIdentityProvider
from adapters.sqlite.database import Database
from agency_core.signin.identity import IdentityProvider, IdentityUnavailable, SignInFailed
from tests.support.firebase_auth_emulator import FirebaseAuthEmulator
from tests.support.firestore_emulator import free_port

PASSWORD = "a long password 1"


@dataclass
class Subject:
    kind: str
    provider: IdentityProvider
    make_user: object  # async (email, name) -> uid

    async def user(self, email: str, name: str) -> str:
        return await self.make_user(email, name)  # type: ignore[operator, no-any-return]


@pytest.fixture(params=["local", pytest.param("firebase", marks=pytest.mark.emulator)])
async def subject(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Subject]:
    if request.param == "local":
        database = Database(tmp_path / "agency.sqlite3")
        local = LocalIdentityProvider(database)
        await local.migrate()

        async def make_local(email: str, name: str) -> str:
            return (await local.save_account(email, name, PASSWORD)).id

        yield Subject("local", local, make_local)
        await database.close()
    else:
        emulator: FirebaseAuthEmulator = request.getfixturevalue("firebase_auth_emulator")
        provider = FirebaseIdentityProvider(
            api_key=emulator.api_key, project_id=emulator.project_id, emulator_host=emulator.host
        )

        async def make_firebase(email: str, name: str) -> str:
            return emulator.create_user(email, PASSWORD, name)

        yield Subject("firebase", provider, make_firebase)


def new_email() -> str:
    return f"admin-{uuid.uuid4().hex[:10]}@vandytravel.com"


async def test_the_right_password_signs_in_with_id_email_and_name(subject: Subject) -> None:
    email = new_email()
    uid = await subject.user(email, "Ama Owusu")
    user = await subject.provider.sign_in(email, PASSWORD)
    assert (user.id, user.email, user.name) == (uid, email, "Ama Owusu")


async def test_a_wrong_password_fails(subject: Subject) -> None:
    email = new_email()
    await subject.user(email, "Ama")
    with pytest.raises(SignInFailed) as caught:
        await subject.provider.sign_in(email, "not the password")
    expected = {"local": "Invalid credentials", "firebase": "Incorrect email or password"}[subject.kind]
    assert caught.value.message == expected


async def test_an_unknown_email_fails_the_same_way(subject: Subject) -> None:
    with pytest.raises(SignInFailed) as caught:
        await subject.provider.sign_in(new_email(), PASSWORD)
    expected = {"local": "Invalid credentials", "firebase": "Incorrect email or password"}[subject.kind]
    assert caught.value.message == expected


@pytest.mark.emulator
async def test_firebase_disabled_user_gets_the_providers_readable_message(
    firebase_auth_emulator: FirebaseAuthEmulator,
) -> None:
    provider = FirebaseIdentityProvider(
        api_key="k", project_id="demo-agency", emulator_host=firebase_auth_emulator.host
    )
    email = new_email()
    uid = firebase_auth_emulator.create_user(email, PASSWORD)
    firebase_auth_emulator.disable_user(uid)
    with pytest.raises(SignInFailed) as caught:
        await provider.sign_in(email, PASSWORD)
    assert caught.value.message == "This account has been disabled"


@pytest.mark.emulator
async def test_firebase_without_a_display_name_has_no_name(firebase_auth_emulator: FirebaseAuthEmulator) -> None:
    provider = FirebaseIdentityProvider(
        api_key="k", project_id="demo-agency", emulator_host=firebase_auth_emulator.host
    )
    email = new_email()
    uid = firebase_auth_emulator.create_user(email, PASSWORD)
    user = await provider.sign_in(email, PASSWORD)
    assert (user.id, user.name) == (uid, None)


async def test_firebase_that_cannot_be_reached_is_unavailable_not_a_wrong_password() -> None:
    provider = FirebaseIdentityProvider(
        api_key="k", project_id="demo-agency", emulator_host=f"127.0.0.1:{free_port()}", timeout_s=2
    )
    with pytest.raises(IdentityUnavailable):
        await provider.sign_in("a@b.com", PASSWORD)


def test_error_codes_are_read_from_the_identity_toolkit_error_body() -> None:
    assert error_code('{"error": {"code": 400, "message": "INVALID_PASSWORD"}}') == "INVALID_PASSWORD"
    assert error_code('{"error": {"message": "TOO_MANY_ATTEMPTS_TRY_LATER : x"}}') == "TOO_MANY_ATTEMPTS_TRY_LATER : x"
    assert error_code("<html>bad gateway</html>") is None
    assert error_code('{"error": "nope"}') is None
