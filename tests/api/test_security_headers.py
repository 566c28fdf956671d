"""Security headers on every answer: API, errors, the client's files, admin JSON and exports."""

from __future__ import annotations

from pathlib import Path

from litestar import Litestar, Response, get
from litestar.params import FromPath
from litestar.testing import AsyncTestClient

from app.security_headers import CONTENT_SECURITY_POLICY, security_headers_hook
from tests.api.conftest import AppFactory
from tests.support.production import production

EVERYWHERE = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
}


def assert_secure(headers: object, *, production: bool = False) -> None:
    from httpx import Headers

    assert isinstance(headers, Headers)
    for name, value in EVERYWHERE.items():
        assert headers.get_list(name) == [value], name
    csp = headers["content-security-policy"]
    assert csp == CONTENT_SECURITY_POLICY
    directives = {part.split()[0]: part.split()[1:] for part in csp.split("; ")}
    assert directives["script-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'self'"]
    assert "unsafe-eval" not in csp
    assert "'unsafe-inline'" not in " ".join(directives["script-src"])
    assert "camera=()" in headers["permissions-policy"]
    assert "geolocation=()" in headers["permissions-policy"]
    assert ("strict-transport-security" in headers) is production


def _built(tmp_path: Path, assets: dict[str, str]) -> None:
    """A client build in ``tmp_path/dist`` (the app's default in tests): index.html and ``assets``."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>x</title>")
    for name, text in assets.items():
        (dist / "assets" / name).write_text(text)


async def test_every_kind_of_answer_carries_the_headers(make_app: AppFactory, tmp_path: Path) -> None:
    _built(tmp_path, {"app.js": "console.log(1)", "icon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>'})
    async with AsyncTestClient(make_app()) as client:
        for method, path, status in [
            ("GET", "/api/health", 200),
            ("GET", "/", 200),
            ("GET", "/jobs", 200),
            ("GET", "/assets/icon.svg", 200),
            ("GET", "/assets/missing.js", 404),
            ("GET", "/api/blog-posts/nope", 404),
            ("POST", "/api/contact-messages", 415),
            ("DELETE", "/api/health", 405),
            ("GET", "/%00", 404),
        ]:
            response = await client.request(method, path, content=b"{" if method == "POST" else None)
            assert response.status_code == status, (path, response.text)
            assert_secure(response.headers)
        public = await client.get("/api/blog-posts")
        assert "no-store" not in public.headers.get("cache-control", "")


async def test_production_adds_hsts_and_serves_no_api_documentation(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(**production())) as client:
        response = await client.get("/api/health")
        assert_secure(response.headers, production=True)
        assert response.headers["strict-transport-security"].startswith("max-age=31536000")
        for path in ("/schema", "/schema/openapi.json", "/schema/swagger"):
            assert (await client.get(path)).headers["content-type"] != "application/vnd.oai.openapi+json"
            assert (await client.get(path)).status_code == 404 or "openapi" not in (await client.get(path)).text
    async with AsyncTestClient(make_app()) as client:
        assert (await client.get("/schema/openapi.json")).status_code == 200


async def test_the_builds_scripts_and_styles_carry_only_what_applies_to_them(
    make_app: AppFactory, tmp_path: Path
) -> None:
    # A policy for documents (CSP, framing, referrer, permissions) does nothing on a script or a
    # stylesheet a page loads; a phone pays its kilobyte per file. An SVG can be opened as a
    # document: it keeps them all, as does a missing file's answer.
    big = "/* a large chunk, streamed from the file rather than kept in memory */" + " " * 600_000
    _built(tmp_path, {"app-1a2b.js": "console.log(1)", "app-1a2b.css": "body{margin:0}", "big-3c4d.js": big})
    async with AsyncTestClient(make_app()) as client:
        assert len((await client.get("/assets/big-3c4d.js")).content) == len(big)
        for path, media_type in (
            ("/assets/app-1a2b.js", "text/javascript"),
            ("/assets/app-1a2b.css", "text/css"),
            ("/assets/big-3c4d.js", "text/javascript"),
        ):
            response = await client.get(path)
            assert response.status_code == 200
            assert response.headers["content-type"].startswith(media_type)
            assert response.headers.get_list("x-content-type-options") == ["nosniff"]
            assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
            for name in ("content-security-policy", "x-frame-options", "permissions-policy"):
                assert name not in response.headers, (path, name)
            # Small files come from memory, without validators (a year's immutable cache needs none).
            if "big" not in path:
                assert "etag" not in response.headers, path
                assert "content-disposition" not in response.headers, path
        assert_secure((await client.get("/assets/app-1a2b.mjs")).headers)


TOKEN_PAGES = (
    "/appointment?token=a-change-token",
    "/newsletter/confirm?token=a-confirm-token",
    "/newsletter/unsubscribe?s=a-subscription&token=an-unsubscribe-token",
    "/job-alerts/unsubscribe?alert=an-alert&token=an-unsubscribe-token",
    "/receipt/VA1?token=a-receipt-token",
)
"""Every page that carries a token in its URL (grep ``no-referrer``)."""


async def test_pages_with_a_token_in_the_url_keep_no_referrer(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app()) as client:
        for path in TOKEN_PAGES:
            response = await client.get(path)
            assert response.status_code in (200, 404), (path, response.text)
            assert response.headers.get_list("referrer-policy") == ["no-referrer"], path
            assert response.headers["x-frame-options"] == "DENY", path
        other = await client.get("/api/health")
        assert other.headers.get_list("referrer-policy") == ["strict-origin-when-cross-origin"]


@get("/policy/{own:str}", sync_to_thread=False)
def _page_with_its_own_policy(own: FromPath[str]) -> Response[str]:
    return Response("page", headers={"Referrer-Policy": own})


async def test_a_route_keeps_a_stricter_referrer_policy_and_loses_a_weaker_one() -> None:
    app = Litestar([_page_with_its_own_policy], before_send=[security_headers_hook(production=False)])
    async with AsyncTestClient(app) as client:
        for own, sent in (
            ("unsafe-url", "strict-origin-when-cross-origin"),
            ("origin", "strict-origin-when-cross-origin"),
            ("same-origin", "same-origin"),
            ("no-referrer", "no-referrer"),
        ):
            response = await client.get(f"/policy/{own}")
            assert response.headers.get_list("referrer-policy") == [sent], own
