"""Real 404s: a path that is no page answers 404 with the not-found page in the HTML the server
sends (noindex), never the app shell; every route of the client's router still answers as a page;
health and metrics paths a probe may try are 404 in any spelling. Served from the real build."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.pages.site import NOINDEX
from tests.support.app_process import running_app

REPO = Path(__file__).resolve().parents[2]
DIST = REPO / "client" / "dist"
ROUTER = REPO / "client" / "src" / "app" / "router.tsx"
NOT_FOUND_TEXT = "Page Not Found"
NOT_FOUND_H1 = f"<h1>{NOT_FOUND_TEXT}</h1>"
PROBES = ("/healthz", "/LIVEZ", "/Metrics", "/status")
"""Paths a platform's probe or scraper may try that are not ours: the not-found page, never the shell."""
OPERATIONS = ("/livez", "/readyz", "/readyz/", "/metrics", "/metrics/")
"""The operator's routes (docs/operations.md, docs/observability.md): their own answer, never the shell."""


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    if not (DIST / "_pages" / "pages.json").is_file():
        pytest.fail("client/dist/_pages missing: run make build")
    with running_app("agency-not-found-") as app:
        yield app.base_url


def get(base_url: str, path: str) -> httpx.Response:
    return httpx.get(base_url + path, timeout=20, headers={"Accept": "text/html"})


def client_routes() -> list[str]:
    """The public routes of the client's router (``client/src/app/router.tsx``), ``:id`` filled."""
    paths = re.findall(r'<Route path="([^"*]+)"', ROUTER.read_text())
    return ["/"] + ["/" + re.sub(r":\w+", "sample", path) for path in paths if not path.startswith("/admin")]


def assert_not_found_page(response: httpx.Response) -> None:
    assert response.status_code == 404, response.text[:300]
    assert response.headers["content-type"].startswith("text/html")
    assert NOT_FOUND_H1 in response.text
    assert '<meta name="robots" content="noindex" />' in response.text
    assert response.headers["x-robots-tag"] == "noindex"


@pytest.mark.parametrize("path", ["/no-such-page", "/abuot", "/jobs/x/y", "/blog/category/x/y", "/wp-login"])
def test_an_unknown_path_is_a_404_with_the_not_found_page(base_url: str, path: str) -> None:
    assert_not_found_page(get(base_url, path))


@pytest.mark.parametrize("path", PROBES)
def test_health_and_metrics_paths_never_fall_through_to_the_shell(base_url: str, path: str) -> None:
    assert_not_found_page(get(base_url, path))


@pytest.mark.parametrize("path", OPERATIONS)
def test_the_operators_routes_answer_themselves_not_the_shell(base_url: str, path: str) -> None:
    response = get(base_url, path)
    assert response.status_code == 200, path
    assert not response.headers["content-type"].startswith("text/html"), path
    assert NOT_FOUND_H1 not in response.text, path
    assert "<html" not in response.text.lower(), path


def test_every_route_of_the_client_router_is_a_page_the_server_knows(base_url: str) -> None:
    routes = client_routes()
    assert {"/about", "/jobs/sample", "/blog/sample", "/payment/callback", "/track"} <= set(routes)
    for path in routes:
        response = get(base_url, path)
        # A record route of a missing record (/jobs/sample) is that page's own 404, with its own text.
        assert response.status_code == (404 if path in ("/jobs/sample", "/blog/sample") else 200), path
        assert NOT_FOUND_H1 not in response.text, path
    assert set(NOINDEX) <= set(routes)  # the client-only pages the server serves with their head


@pytest.mark.parametrize("path", ["/admin", "/admin/login", "/admin/applications/VA1", "/admin/no-such-section"])
def test_the_admin_client_is_served_its_shell_which_routes_itself(base_url: str, path: str) -> None:
    response = get(base_url, path)
    assert response.status_code == 200
    assert NOT_FOUND_H1 not in response.text


def test_an_unknown_api_path_stays_a_json_404(base_url: str) -> None:
    response = get(base_url, "/api/no-such-thing")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
