"""The API reference: Swagger UI on the served OpenAPI document in development, from this origin
only and under the site's CSP; nothing of it in production (docs/api.md, "API reference")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from app import api_reference
from app.api_reference import FILES, NOT_INSTALLED, SWAGGER_UI_DIR
from tests.api.conftest import AppFactory
from tests.api.test_security_headers import assert_secure
from tests.support.production import production

PAGES = ("/schema", "/schema/swagger")
ASSETS = [f"/schema/swagger-ui/{name}" for name in (*FILES, "start.js")]


def _links(page: str) -> list[str]:
    return re.findall(r'(?:src|href|data-url)="([^"]*)"', page)


async def test_development_serves_swagger_ui_from_this_origin_on_the_served_document(make_app: AppFactory) -> None:
    if not all((SWAGGER_UI_DIR / name).is_file() for name in FILES):
        pytest.fail("Swagger UI's files missing: run `npm ci --ignore-scripts` in tools/api-docs (make install)")
    async with AsyncTestClient(make_app()) as client:
        for path in PAGES:
            response = await client.get(path)
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/html")
            assert_secure(response.headers)  # the site's CSP: no inline script, nothing from elsewhere
            assert "<title>Vandy Travel API</title>" in response.text
            assert "<script>" not in response.text
            links = _links(response.text)
            assert links == ["/schema/swagger-ui/swagger-ui.css", "/schema/openapi.json", *ASSETS[1:]]
            assert all(link.startswith("/schema/") for link in links)
        for path in ASSETS:
            asset = await client.get(path)
            assert asset.status_code == 200, path
            assert asset.headers["content-type"].split(";")[0] in ("text/css", "text/javascript")
            assert "cdn." not in asset.text[:2000]
        start = (await client.get("/schema/swagger-ui/start.js")).text
        assert "validatorUrl: null" in start
        assert 'request.headers["X-CSRF-Token"]' in start
        document = await client.get("/schema/openapi.json")
        assert document.json()["info"]["title"] == "Vandy Travel API"
        assert "/api/jobs" in document.json()["paths"]
        for path in ("/schema/swagger-ui/package.json", "/schema/swagger-ui/..%2Fpackage.json", "/schema/redoc"):
            assert (await client.get(path)).status_code == 404, path


async def test_production_serves_no_reference_no_document_and_no_viewer(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(**production())) as client:
        for path in (*PAGES, "/schema/openapi.json", *ASSETS):
            response = await client.get(path)
            assert response.status_code == 404, path
            assert "openapi" not in response.text.lower(), path
            assert "swagger" not in response.text.lower(), path


async def test_without_swagger_ui_installed_the_page_says_what_to_do(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(api_reference, "SWAGGER_UI_DIR", tmp_path / "absent")
    async with AsyncTestClient(make_app()) as client:
        page = await client.get("/schema")
        assert page.status_code == 200
        assert NOT_INSTALLED in page.text
        assert '<a href="/schema/openapi.json">The OpenAPI document</a>' in page.text
        assert "<script" not in page.text
        assert (await client.get("/schema/swagger-ui/swagger-ui-bundle.js")).status_code == 404
