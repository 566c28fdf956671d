"""Demo mode on and off, and the production start-up refusal."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from app.admin.cli import preflight
from app.main import create_app
from app.settings import DEV_SECRET_KEY, Settings, SettingsError
from tests.admin.conftest import SESSION, AdminHarness, MakeHarness, admin_settings
from tests.support.production import STRONG_KEY, production


async def test_demo_off_has_no_demo_route_and_no_demo_password_anywhere(plain: AdminHarness) -> None:
    response = await plain.client.get("/api/admin/demo-credentials")
    assert response.status_code == 404
    for path in ("/api/admin/demo-credentials", SESSION, "/schema/openapi.json", "/api/health"):
        body = (await plain.client.get(path)).text
        assert DEMO_ADMIN_PASSWORD not in body, path
    # Nor is the demo admin seeded: its credentials do not work.
    refused = await plain.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    assert (refused.status_code, refused.json()) == (401, {"message": "Invalid credentials"})


async def test_demo_on_seeds_the_admin_idempotently(make_harness: MakeHarness) -> None:
    first = await make_harness(demo=True)
    second = await make_harness(demo=True)  # same data directory, started again
    assert first.container.identity.local_identity is not None
    accounts = await first.container.identity.local_identity.accounts_with_password(DEMO_ADMIN_PASSWORD)
    assert [a.email for a in accounts] == [DEMO_ADMIN_EMAIL]
    assert (await second.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200


@pytest.mark.parametrize(
    ("env", "line"),
    [
        (production(AGENCY_DEMO="1"), "AGENCY_ENV=production refuses demo mode: unset AGENCY_DEMO"),
        (
            production(AGENCY_SECRET_KEY=""),
            "AGENCY_ENV=production needs AGENCY_SECRET_KEY set to a long random value",
        ),
        (
            production(AGENCY_SECRET_KEY=DEV_SECRET_KEY),
            "AGENCY_ENV=production needs AGENCY_SECRET_KEY set to a long random value",
        ),
        (production(AGENCY_SECRET_KEY=DEMO_ADMIN_PASSWORD), "AGENCY_SECRET_KEY must not be the demo password"),
        (production(AGENCY_SECRET_KEY="short"), "AGENCY_SECRET_KEY must be at least 32 characters in production"),
        (
            production(AGENCY_FILES_KEY=""),
            "AGENCY_ENV=production needs AGENCY_FILES_KEY (a Fernet key) to encrypt uploaded documents",
        ),
        ({"AGENCY_IDENTITY": "ldap"}, "AGENCY_IDENTITY must be local or firebase, not 'ldap'"),
        ({"AGENCY_ROLES": "mongo"}, "AGENCY_ROLES must be local or firestore, not 'mongo'"),
        ({"AGENCY_IDENTITY": "firebase"}, "FIREBASE_API_KEY is required when AGENCY_IDENTITY=firebase"),
        ({"AGENCY_ROLES": "firestore"}, "FIREBASE_PROJECT_ID is required when AGENCY_ROLES=firestore"),
        (
            {"AGENCY_DEMO": "1", "AGENCY_IDENTITY": "firebase", "FIREBASE_API_KEY": "k"},
            "AGENCY_DEMO=1 needs AGENCY_IDENTITY=local: demo mode seeds a local admin",
        ),
        ({"AGENCY_SESSION_TTL": "soon"}, "AGENCY_SESSION_TTL must be a whole number of seconds"),
    ],
)
def test_misconfiguration_stops_start_up_with_one_clear_line(env: dict[str, str], line: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env(env)
    assert str(caught.value) == line


def test_sound_production_settings_are_accepted() -> None:
    settings = Settings.from_env(production(AGENCY_SESSION_TTL="3600"))
    assert settings.production
    assert settings.admin_auth.session_ttl_s == 3600


def test_create_app_refuses_unsafe_production_settings(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="refuses demo mode"):
        create_app(admin_settings(tmp_path, env_name="production", demo=True, secret_key=STRONG_KEY))


async def test_production_refuses_a_local_admin_that_still_has_the_demo_password(tmp_path: Path) -> None:
    await preflight(admin_settings(tmp_path, demo=True))  # a demo run left the demo admin behind
    prod = admin_settings(tmp_path, env_name="production", secret_key=STRONG_KEY)
    with pytest.raises(SettingsError) as caught:
        await preflight(prod)
    assert str(caught.value) == (
        "AGENCY_ENV=production refuses a local admin with the demo password: set a new one with `agency admin create`"
    )
    await preflight(replace(prod, env_name="development"))  # outside production it is allowed


def agency(*args: str, env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env=os.environ | {"AGENCY_DEMO": "", "AGENCY_ENV": "development"} | env,
        timeout=60,
    )


def test_agency_serve_exits_2_with_the_line_in_production_with_demo_on(tmp_path: Path) -> None:
    done = agency("serve", env=production(AGENCY_DEMO="1", AGENCY_DATA_DIR=str(tmp_path)))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == "agency: AGENCY_ENV=production refuses demo mode: unset AGENCY_DEMO"


async def test_agency_serve_exits_2_when_the_demo_password_is_still_in_use(tmp_path: Path) -> None:
    await preflight(admin_settings(tmp_path, demo=True, data_dir=tmp_path))
    done = agency("serve", "--port", "1", env=production(AGENCY_DATA_DIR=str(tmp_path)))
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .startswith("agency: AGENCY_ENV=production refuses a local admin with the demo password")
    )
