"""An admin route's HTML names the route's modules for the starter to request with the entry (issue 43).

Over plain HTTP on the built client (``make build``): ``client/scripts/admin-pages.mjs`` writes a shell
per page route of ``AdminApp.tsx`` and the server picks it by the route (``app/pages/admin_shell.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from tests.api.test_page_styles import DIST
from tests.support.app_process import running_app

MODULES = re.compile(r'<meta name="page-modules" content="([^"]*)">')


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    if not (DIST / "_pages" / "admin" / "routes.json").is_file():
        pytest.fail("client/dist has no admin shells: run make build")
    with running_app("agency-admin-shell-") as app:
        yield app.base_url


def modules_of(base_url: str, path: str) -> list[str]:
    answer = httpx.get(base_url + path, timeout=10)
    assert answer.status_code == 200, answer.text
    found = MODULES.search(answer.text)
    return found.group(1).split(" ") if found else []


@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("/admin", "DashboardPage"),
        ("/admin/login", "LoginPage"),
        ("/admin/applications", "ApplicationsPage"),
        ("/admin/applications/VA123", "ApplicationDetailPage"),
        ("/admin/applications/message", "BulkMessagePage"),
        ("/admin/calendar", "AppointmentCalendarPage"),
    ],
)
def test_an_admin_route_names_the_admin_chunk_and_its_page_chunk_and_their_files_exist(
    base_url: str, path: str, page: str
) -> None:
    modules = modules_of(base_url, path)
    names = {module.rsplit("/", 1)[-1].split("-")[0] for module in modules}
    assert {"AdminApp", page} <= names, modules
    assert any(module.endswith(".css") for module in modules), "the admin stylesheet is not named"
    assert all((DIST / module.lstrip("/")).is_file() for module in modules), modules


def test_an_unknown_admin_route_gets_the_plain_shell_and_a_public_page_names_no_admin_module(base_url: str) -> None:
    assert modules_of(base_url, "/admin/no-such-section") == []
    public = " ".join(modules_of(base_url, "/about"))
    assert "AdminApp" not in public
