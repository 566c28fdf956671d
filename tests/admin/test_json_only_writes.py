"""Admin writes take only the body type their handler declares (JSON; an upload's multipart form):
anything else answers 415 before the handler runs, on every write route of the admin router."""

from __future__ import annotations

import re

import httpx
from litestar.routes import HTTPRoute

from app.admin import ADMIN_PATH
from app.admin.json_only import JSON, declared_body_type
from app.admin.security import SAFE_METHODS
from tests.admin.area import add_application, signed_in
from tests.admin.conftest import AdminHarness, MakeHarness


async def _send(h: AdminHarness, method: str, path: str, content_type: str) -> httpx.Response:
    headers = {"Content-Type": content_type, CSRF_HEADER: await h.csrf()}
    return await h.client.request(method, path, content=JSON_AS_TEXT, headers=headers)


JSON_AS_TEXT = b'{"status": "processing", "title": "Welder"}'
CSRF_HEADER = "X-CSRF-Token"
PARAMETER = re.compile(r"\{[^}:]+(?::[^}]+)?\}")


def _write_routes(h: AdminHarness) -> list[tuple[str, str, str]]:
    """(method, path with its parameters filled, declared body type) of every admin write."""
    found: list[tuple[str, str, str]] = []
    for route in h.app.routes:
        if not isinstance(route, HTTPRoute) or not route.path.startswith(ADMIN_PATH):
            continue
        for method, (handler, _) in route.route_handler_map.items():
            if method not in SAFE_METHODS:
                found.append((str(method), PARAMETER.sub("VA100", route.path), declared_body_type(handler)))
    return found


async def test_every_admin_write_refuses_a_body_of_another_type_with_415(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    writes = _write_routes(h)
    assert len(writes) > 30
    assert {kind for _, _, kind in writes} == {JSON, "multipart/form-data"}
    for method, path, declared in writes:
        for sent in ("text/plain", "application/x-www-form-urlencoded", "application/json", "multipart/form-data"):
            if sent == declared:
                continue
            answer = await _send(h, method, path, sent)
            assert answer.status_code == 415, (method, path, sent, answer.text)
            assert answer.json() == {"message": f"Unsupported content type {sent!r}: send {declared}."}


async def test_a_status_change_sent_as_text_changes_nothing_and_as_json_it_does(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    await add_application(h, "VA100")
    url = "/api/admin/applications/VA100"

    async def status() -> str:
        detail = await h.client.get(url)
        assert detail.status_code == 200, detail.text
        return str(detail.json()["status"])

    assert (await _send(h, "POST", f"{url}/status", "text/plain")).status_code == 415
    assert await status() == "received"
    sent = await _send(h, "POST", f"{url}/status", "application/json; charset=utf-8")
    assert sent.status_code == 200, sent.text
    assert await status() == "processing"


async def test_a_write_without_a_body_needs_no_content_type(make_harness: MakeHarness) -> None:
    h = await signed_in(make_harness)
    assert (await h.unsafe("DELETE", "/api/admin/session")).status_code in (200, 204)


async def test_a_stranger_gets_401_not_415(make_harness: MakeHarness) -> None:
    h = await make_harness(demo=True)
    assert (await _send(h, "POST", "/api/admin/jobs", "text/plain")).status_code == 401
