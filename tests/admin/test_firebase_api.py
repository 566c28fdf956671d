"""AGENCY_IDENTITY=firebase end to end: the sign-in API against the Firebase Auth emulator."""

from __future__ import annotations

import uuid
from dataclasses import replace

import pytest

from adapters.identity.firebase import FirebaseIdentityProvider
from app.settings import AdminAuthSettings, Settings
from tests.admin.conftest import SESSION, AdminHarness, MakeHarness
from tests.support.firebase_auth_emulator import FirebaseAuthEmulator

pytestmark = pytest.mark.emulator
PASSWORD = "firebase password 1"


@pytest.fixture
async def firebase_app(firebase_auth_emulator: FirebaseAuthEmulator, make_harness: MakeHarness) -> AdminHarness:
    auth = replace(
        AdminAuthSettings(role_cache_s=0),
        identity="firebase",
        firebase_api_key=firebase_auth_emulator.api_key,
        firebase_project_id=firebase_auth_emulator.project_id,
        firebase_auth_emulator_host=firebase_auth_emulator.host,
    )
    return await make_harness(admin_auth=auth)


def new_email() -> str:
    return f"fb-{uuid.uuid4().hex[:10]}@vandytravel.com"


async def test_a_firebase_user_with_an_admin_record_signs_in(
    firebase_app: AdminHarness, firebase_auth_emulator: FirebaseAuthEmulator
) -> None:
    assert isinstance(firebase_app.sign_in_service.identity, FirebaseIdentityProvider)
    email = new_email()
    uid = firebase_auth_emulator.create_user(email, PASSWORD, "Display Name")

    refused = await firebase_app.sign_in(email, PASSWORD)
    assert (refused.status_code, refused.json()) == (403, {"message": "User not authorized"})

    await firebase_app.sign_in_service.roles.put(uid, "Efua Mensah", "admin")
    response = await firebase_app.sign_in(email, PASSWORD)
    assert (response.status_code, response.json()) == (200, {"id": uid, "email": email, "name": "Efua Mensah"})
    assert (await firebase_app.client.get(SESSION)).json()["id"] == uid
    assert (await firebase_app.sign_out()).status_code == 204
    assert (await firebase_app.client.get(SESSION)).status_code == 401


async def test_firebase_errors_become_readable_messages(
    firebase_app: AdminHarness, firebase_auth_emulator: FirebaseAuthEmulator
) -> None:
    email = new_email()
    uid = firebase_auth_emulator.create_user(email, PASSWORD)
    await firebase_app.sign_in_service.roles.put(uid, "Kwame", "admin")

    wrong = await firebase_app.sign_in(email, "wrong password")
    assert (wrong.status_code, wrong.json()) == (401, {"message": "Incorrect email or password"})
    unknown = await firebase_app.sign_in(new_email(), PASSWORD)
    assert (unknown.status_code, unknown.json()) == (401, {"message": "Incorrect email or password"})

    firebase_auth_emulator.disable_user(uid)
    disabled = await firebase_app.sign_in(email, PASSWORD)
    assert (disabled.status_code, disabled.json()) == (401, {"message": "This account has been disabled"})


async def test_an_unreachable_provider_is_503(firebase_app: AdminHarness) -> None:
    firebase_app.sign_in_service.identity = FirebaseIdentityProvider(
        api_key="k", project_id="demo-agency", emulator_host="127.0.0.1:9", timeout_s=1
    )
    response = await firebase_app.sign_in(new_email(), PASSWORD)
    assert (response.status_code, response.json()) == (
        503,
        {"message": "Sign-in is unavailable right now. Please try again."},
    )


def test_settings_carry_the_emulator_host_to_the_provider() -> None:
    settings = Settings.from_env(
        {
            "AGENCY_IDENTITY": "firebase",
            "FIREBASE_API_KEY": "key",
            "FIREBASE_PROJECT_ID": "demo-agency",
            "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099",
        }
    )
    auth = settings.admin_auth
    assert (auth.identity, auth.firebase_api_key, auth.firebase_auth_emulator_host) == (
        "firebase",
        "key",
        "127.0.0.1:9099",
    )
    assert auth.firebase_auth_domain == "demo-agency.firebaseapp.com"
