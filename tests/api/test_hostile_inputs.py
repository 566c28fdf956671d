"""Inputs that once answered 500 (with a logged traceback) answer 4xx with the usual JSON error."""

from __future__ import annotations

import logging

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

BOUNDARY = "hostile"
MULTIPART = {"content-type": f"multipart/form-data; boundary={BOUNDARY}"}


def multipart(part_headers: str, body: bytes) -> bytes:
    head = f"--{BOUNDARY}\r\n{part_headers}\r\n\r\n".encode()
    return head + body + f"\r\n--{BOUNDARY}--\r\n".encode()


@pytest.fixture(autouse=True)
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)


async def answer(client: AsyncTestClient[Litestar], method: str, path: str, **kwargs: object) -> tuple[int, object]:
    response = await client.request(method, path, **kwargs)  # type: ignore[arg-type]
    assert response.headers["content-type"].startswith("application/json")
    return response.status_code, response.json()


async def test_a_multipart_part_that_is_not_utf8_is_400(
    client: AsyncTestClient[Litestar], caplog: pytest.LogCaptureFixture
) -> None:
    body = multipart('Content-Disposition: form-data; name="firstName"', b"\xff\xfeAma")
    status, json = await answer(client, "POST", "/api/applications", headers=MULTIPART, content=body)
    assert (status, json) == (400, {"message": "The request is not valid UTF-8."})
    assert not caplog.records


async def test_a_multipart_part_with_an_unknown_charset_is_400(
    client: AsyncTestClient[Litestar], caplog: pytest.LogCaptureFixture
) -> None:
    part = 'Content-Disposition: form-data; name="firstName"\r\nContent-Type: text/plain; charset=nope'
    status, json = await answer(client, "POST", "/api/applications", headers=MULTIPART, content=multipart(part, b"Ama"))
    assert (status, json) == (400, {"message": "The request names a character set this server does not know."})
    assert not caplog.records


async def test_json_that_is_not_utf8_is_400(
    client: AsyncTestClient[Litestar], caplog: pytest.LogCaptureFixture
) -> None:
    status, json = await answer(
        client,
        "POST",
        "/api/contact-messages",
        headers={"content-type": "application/json"},
        content=b'{"name": "\xff\xfe"}',
    )
    assert (status, json) == (400, {"message": "The request is not valid UTF-8."})
    assert not caplog.records


@pytest.mark.parametrize("document", [b"[" * 999 + b"]" * 999, b'{"a":' * 999 + b"1" + b"}" * 999])
async def test_json_nested_999_deep_is_400(
    client: AsyncTestClient[Litestar], caplog: pytest.LogCaptureFixture, document: bytes
) -> None:
    status, json = await answer(
        client, "POST", "/api/contact-messages", headers={"content-type": "application/json"}, content=document
    )
    assert (status, json) == (400, {"message": "The request body is nested too deeply."})
    assert not caplog.records


@pytest.mark.parametrize("path", ["/%00", "/a%00b", "/api/blog-posts/%00", "/" + "a" * 256, "/blog/" + "é" * 128])
async def test_impossible_paths_are_404(
    make_app: object, tmp_path: object, caplog: pytest.LogCaptureFixture, path: str
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    dist = tmp_path / "dist"
    dist.mkdir(exist_ok=True)
    (dist / "index.html").write_text("<!doctype html><title>x</title>")
    app = make_app()  # type: ignore[operator]
    async with AsyncTestClient(app) as client:
        status, json = await answer(client, "GET", path)
        assert (status, json) == (404, {"message": "Not Found"})
        # A long but possible segment is still the client's page.
        ok = await client.get("/" + "a" * 255)
        assert ok.status_code == 200
    assert not caplog.records
