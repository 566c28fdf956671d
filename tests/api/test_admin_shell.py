"""An admin route's HTML names the route's modules for the starter to request with the entry, and carries the
admin frame pre-rendered with its stylesheet inline (issue 43).

Over plain HTTP on the built client (``make build``): ``client/scripts/admin-pages.mjs`` writes a shell
per page route of ``AdminApp.tsx`` and the server picks it by the route (``app/pages/admin_shell.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from tests.api.test_page_styles import DIST
from tests.support.app_process import running_app

MODULES = re.compile(r'<meta name="page-modules" content="([^"]*)">')
INLINE_STYLE = re.compile(r'<style data-page-style="(/assets/[^"]+\.css)">')
ROOT = re.compile(r'<div id="root" data-start="now">(.*?)</div>\s*<noscript>', re.S)
SIGNED_IN_ROUTES = ["/admin", "/admin/applications", "/admin/applications/VA123", "/admin/calendar", "/admin/settings"]


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
    assert all((DIST / module.lstrip("/")).is_file() for module in modules), modules
    # The admin stylesheet is inline (the frame is painted with it), so it is not requested again.
    html = httpx.get(base_url + path, timeout=10).text
    inline = INLINE_STYLE.findall(html)
    assert any(href.rsplit("/", 1)[-1].startswith("AdminApp-") for href in inline), inline
    assert not set(inline) & set(modules)


def frame_of(base_url: str, path: str, cookies: httpx.Cookies | None = None) -> str:
    answer = httpx.get(base_url + path, timeout=10, cookies=cookies)
    assert answer.status_code == 200, answer.text
    found = ROOT.search(answer.text)
    assert found, f"{path}: no pre-rendered frame in #root"
    return found.group(1)


def test_the_sign_in_form_is_in_the_served_html_of_admin_login(base_url: str) -> None:
    frame = frame_of(base_url, "/admin/login")
    assert '<h1 class="admin-login__title">Admin Login</h1>' in frame
    assert '<label for="admin-email">Email</label>' in frame
    assert '<label for="admin-password">Password</label>' in frame
    assert re.search(r'<input id="admin-email" type="email" required=""[^>]*name="email"', frame)
    assert re.search(r'<input id="admin-password" type="password" required=""[^>]*name="password"', frame)
    assert ">Sign In</button>" in frame
    # Held by the starter until the app has it (never a GET with the password in its URL).
    assert '<form class="admin-form" data-form-shell="">' in frame


@pytest.mark.parametrize("path", SIGNED_IN_ROUTES)
def test_an_admin_page_is_served_with_its_frame_and_nothing_else(base_url: str, path: str) -> None:
    """A stranger gets the sidebar, the header and "Loading..." (the session check's), no page and no data; a
    signed-in admin gets the same bytes: the name and the data come from the API once the session is checked."""
    frame = frame_of(base_url, path)
    assert 'aria-label="Admin sections"' in frame
    assert ">Applications</span>" in frame
    assert ">Logout</span>" in frame
    assert '<span class="admin-header__title">Vandy Admin</span>' in frame
    assert re.search(r'<main id="admin-main"[^>]*>.*Loading\.\.\..*</main>', frame, re.S), frame[-600:]
    text = re.sub(r"<[^>]+>", " ", frame)
    words = set(text.split())
    navigation = {"Skip", "to", "content", "Admin", "Panel", "Vandy", "Loading...", "Logout", "Blog", "Posts"}
    navigation |= {"Phones", "confirm", "Dashboard", "Applications", "Jobs", "Messages", "Appointments"}
    navigation |= {"Calendar", "Subscribers", "Templates", "Newsletter", "Settings"}
    navigation |= {"Employers", "Job", "orders", "Pipeline", "Departure", "gates", "Welfare", "Operations"}
    assert words <= navigation, words - navigation
    assert 'data-testid="admin-name"' not in frame

    with httpx.Client(base_url=base_url, timeout=10) as client:
        client.get("/api/admin/session")
        csrf = client.cookies["csrftoken"]
        signed_in = client.post(
            "/api/admin/session",
            json={"email": DEMO_ADMIN_EMAIL, "password": DEMO_ADMIN_PASSWORD},
            headers={"X-CSRF-Token": csrf},
        )
        assert signed_in.status_code == 200, signed_in.text
        assert client.get(path).text == httpx.get(base_url + path, timeout=10).text


def test_an_unknown_admin_route_gets_the_plain_shell_and_a_public_page_names_no_admin_module(base_url: str) -> None:
    assert modules_of(base_url, "/admin/no-such-section") == []
    public = " ".join(modules_of(base_url, "/about"))
    assert "AdminApp" not in public
