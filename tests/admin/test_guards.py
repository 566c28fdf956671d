"""Every /api/admin/* route is guarded: enumerated from the app's own route table.

A new admin route needs no change here: it is picked up from ``app.routes`` and must
answer 401 signed out. Only the session routes and the demo-credentials route are public.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.routes import HTTPRoute

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, AdminUser
from app.admin import routes as admin_routes
from app.admin.security import PUBLIC
from app.main import create_app
from tests.admin.conftest import AdminHarness, MakeHarness, admin_settings

PUBLIC_ROUTES = {
    ("GET", "/api/admin/session"),
    ("POST", "/api/admin/session"),
    ("DELETE", "/api/admin/session"),
    ("GET", "/api/admin/demo-credentials"),
}


def fill(path: str) -> str:
    """A concrete path for a route pattern: ``{id:int}`` -> 1, any other parameter -> "x1"."""
    return re.sub(r"\{([^}:]+)(?::([^}]+))?\}", lambda m: "1" if m.group(2) == "int" else "x1", path)


def admin_endpoints(app: Litestar) -> list[tuple[str, str, bool]]:
    """(method, path pattern, public?) for every /api/admin route of the app."""
    found = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute) or not (route.path == "/api/admin" or route.path.startswith("/api/admin/")):
            continue
        for method, handler in route.route_handler_map.items():
            if method in ("OPTIONS", "HEAD"):
                continue
            found.append((method, route.path, bool(handler[0].opt.get(PUBLIC, False))))
    return sorted(found)


def demo_app_admin_endpoints() -> list[tuple[str, str, bool]]:
    """The admin routes of a demo app that never starts (its data directory is removed after)."""
    with tempfile.TemporaryDirectory(prefix="agency-routes-") as data_dir:
        return admin_endpoints(create_app(admin_settings(Path(data_dir), demo=True)))


GUARDED = [(method, path) for method, path, public in demo_app_admin_endpoints() if not public]


def test_only_the_session_and_demo_routes_are_public() -> None:
    public = {(method, path) for method, path, is_public in demo_app_admin_endpoints() if is_public}
    assert public == PUBLIC_ROUTES


async def test_every_guarded_admin_route_refuses_without_a_session(make_harness: MakeHarness) -> None:
    # One app for every route: starting one per route cost more than all the requests together.
    assert GUARDED
    h = await make_harness(demo=True)
    answered = {}
    for method, path in GUARDED:
        response = await h.unsafe(method, fill(path), json={})
        answered[f"{method} {path}"] = (response.status_code, response.json())
    refused = (401, {"message": "Not signed in"})
    assert {route: answer for route, answer in answered.items() if answer != refused} == {}


# Probe handlers registered the way the admin area registers its controllers.
@get("/probe/{item_id:int}", sync_to_thread=False)
def probe_read(admin: NamedDependency[AdminUser], item_id: FromPath[int]) -> dict[str, Any]:
    return {"admin": admin.email, "item": item_id}


@post("/probe", sync_to_thread=False, status_code=201)
def probe_write(admin: NamedDependency[AdminUser]) -> dict[str, str]:
    return {"admin": admin.name}


@delete("/probe/{item_id:int}", sync_to_thread=False)
def probe_delete(item_id: FromPath[int]) -> None:
    assert item_id >= 0


@pytest.fixture
async def probed(make_harness: MakeHarness, monkeypatch: pytest.MonkeyPatch) -> AdminHarness:
    monkeypatch.setattr(admin_routes, "ADMIN_HANDLERS", [probe_read, probe_write, probe_delete])
    return await make_harness(demo=True)


async def test_routes_added_to_the_admin_area_are_found_and_guarded(probed: AdminHarness) -> None:
    guarded = [(m, p) for m, p, public in admin_endpoints(probed.app) if not public]
    assert set(guarded) >= {
        ("GET", "/api/admin/probe/{item_id:int}"),
        ("POST", "/api/admin/probe"),
        ("DELETE", "/api/admin/probe/{item_id:int}"),
    }
    for method, path in guarded:
        response = await probed.unsafe(method, fill(path), json={})
        assert (response.status_code, response.json()) == (401, {"message": "Not signed in"}), (method, path)


async def test_a_signed_in_admin_passes_the_guard_and_gets_the_admin_dependency(probed: AdminHarness) -> None:
    assert (await probed.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    read = await probed.client.get("/api/admin/probe/7")
    assert (read.status_code, read.json()) == (200, {"admin": DEMO_ADMIN_EMAIL, "item": 7})
    write = await probed.unsafe("POST", "/api/admin/probe")
    assert (write.status_code, write.json()) == (201, {"admin": "Admin User"})
    assert (await probed.unsafe("DELETE", "/api/admin/probe/7")).status_code == 204


async def test_state_changing_admin_routes_refuse_a_missing_csrf_token(probed: AdminHarness) -> None:
    assert (await probed.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    for method, path in (("POST", "/api/admin/probe"), ("DELETE", "/api/admin/probe/7")):
        response = await probed.client.request(method, path)
        assert (response.status_code, response.json()) == (403, {"message": "CSRF token missing or invalid"})
    assert (await probed.client.get("/api/admin/probe/7")).status_code == 200  # reads need no token


async def test_guarded_routes_refuse_when_the_record_is_gone_or_not_admin(probed: AdminHarness) -> None:
    response = await probed.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
    uid = response.json()["id"]
    await probed.sign_in_service.roles.put(uid, "Admin User", "viewer")
    refused = await probed.client.get("/api/admin/probe/7")
    assert (refused.status_code, refused.json()) == (403, {"message": "User not authorized"})
    # The session ended with it: the next call is simply signed out.
    await probed.sign_in_service.roles.put(uid, "Admin User", "admin")
    assert (await probed.client.get("/api/admin/probe/7")).status_code == 401

    assert (await probed.sign_in(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status_code == 200
    assert probed.container.identity.local_roles is not None
    await probed.container.identity.local_roles.delete(uid)
    gone = await probed.client.get("/api/admin/probe/7")
    assert (gone.status_code, gone.json()) == (403, {"message": "User not authorized"})
