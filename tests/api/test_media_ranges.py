"""Media of the built client by byte range, over HTTP from the app process: what a video player seeking sends.

Runs the real app on the built client (``make build``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.app_process import running_app

DIST = Path(__file__).resolve().parents[2] / "client" / "dist"
PROMO = "/video/promo.webm"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    if not (DIST / "video" / "promo.webm").is_file():
        pytest.fail("client/dist missing: run make build")
    with running_app("agency-ranges-") as app:
        yield app.base_url


@pytest.fixture(scope="module")
def promo() -> bytes:
    return (DIST / "video" / "promo.webm").read_bytes()


def get(base_url: str, path: str = PROMO, **headers: str) -> httpx.Response:
    return httpx.get(base_url + path, headers=headers, timeout=20)


def test_a_plain_get_of_a_video_is_the_whole_file_and_advertises_byte_ranges(base_url: str, promo: bytes) -> None:
    response = get(base_url, **{"Accept-Encoding": "gzip, br"})
    assert response.status_code == 200
    assert response.content == promo
    assert response.headers["accept-ranges"] == "bytes"
    assert response.headers["content-type"] == "video/webm"
    assert "content-encoding" not in response.headers


@pytest.mark.parametrize(
    ("header", "first", "last"),
    [
        ("bytes=0-", 0, -1),  # what Chrome sends first for a <video>
        ("bytes=0-0", 0, 0),
        ("bytes=1000-1999", 1000, 1999),
        ("bytes=40000-", 40000, -1),  # a seek to the middle
        ("bytes=-500", -500, -1),  # the last 500 bytes (the WebM cues a player reads to seek)
        ("bytes=50000-99999999", 50000, -1),  # a last byte past the end is the file's last byte
        ("bytes=-99999999", 0, -1),  # a suffix longer than the file is the whole file
        ("Bytes=10-20", 10, 20),
    ],
)
def test_a_satisfiable_range_is_a_206_with_exactly_those_bytes(
    base_url: str, promo: bytes, header: str, first: int, last: int
) -> None:
    size = len(promo)
    expected = promo[first:] if last == -1 else promo[first : last + 1]
    start = first % size if first < 0 else first
    response = get(base_url, Range=header, **{"Accept-Encoding": "gzip, br"})
    assert response.status_code == 206
    assert response.content == expected
    assert response.headers["content-range"] == f"bytes {start}-{start + len(expected) - 1}/{size}"
    assert response.headers["content-length"] == str(len(expected))
    assert response.headers["accept-ranges"] == "bytes"
    assert response.headers["content-type"] == "video/webm"
    assert "content-encoding" not in response.headers


@pytest.mark.parametrize("header", ["bytes=99999999-", "bytes=83335-", "bytes=-0", "bytes=99999999-, 99999999-"])
def test_a_range_past_the_end_is_a_416_naming_the_size(base_url: str, promo: bytes, header: str) -> None:
    header = header.replace("83335", str(len(promo)))  # exactly one past the last byte
    response = get(base_url, Range=header)
    assert response.status_code == 416
    assert response.headers["content-range"] == f"bytes */{len(promo)}"
    assert response.headers["content-type"].startswith("text/plain")
    assert response.content == b""


@pytest.mark.parametrize(
    "header",
    [
        "bytes=0-10, 20-30",  # several ranges: the whole file (no multipart/byteranges)
        "bytes=0-10, 99999999-",
        "bytes=20-10",  # last before first: malformed, ignored
        "bytes=abc",
        "bytes=",
        "items=0-10",  # not a unit this server knows
        "0-10",
    ],
)
def test_several_or_malformed_ranges_are_answered_with_the_whole_file(base_url: str, promo: bytes, header: str) -> None:
    response = get(base_url, Range=header)
    assert response.status_code == 200
    assert response.content == promo
    assert "content-range" not in response.headers


def test_if_range_with_the_current_etag_serves_the_range_and_a_stale_one_the_whole_file(
    base_url: str, promo: bytes
) -> None:
    whole = get(base_url)
    etag, last_modified = whole.headers["etag"], whole.headers["last-modified"]
    for validator in (etag, last_modified):
        current = get(base_url, Range="bytes=0-99", **{"If-Range": validator})
        assert (current.status_code, current.content) == (206, promo[:100])
        assert current.headers["etag"] == etag
    stale = get(base_url, Range="bytes=0-99", **{"If-Range": '"an-older-build"'})
    assert (stale.status_code, stale.content) == (200, promo)


def test_head_with_a_range_describes_the_whole_file_and_sends_no_body(base_url: str, promo: bytes) -> None:
    response = httpx.head(base_url + PROMO, headers={"Range": "bytes=0-99"}, timeout=20)
    assert response.status_code == 200
    assert response.headers["content-length"] == str(len(promo))
    assert response.headers["accept-ranges"] == "bytes"
    assert response.content == b""


def test_the_mp4_fallback_and_the_poster_take_ranges_too(base_url: str) -> None:
    mp4 = (DIST / "video" / "promo.mp4").read_bytes()
    response = get(base_url, "/video/promo.mp4", Range="bytes=100-199")
    assert (response.status_code, response.content) == (206, mp4[100:200])
    assert response.headers["content-type"] == "video/mp4"
    poster = get(base_url, "/images/promo-poster.webp", Range="bytes=0-3")
    assert (poster.status_code, poster.content) == (206, b"RIFF")


def test_a_compressed_text_file_ignores_range_and_never_advertises_it(base_url: str) -> None:
    response = get(base_url, "/favicon.svg", Range="bytes=0-9", **{"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert "accept-ranges" not in response.headers
    assert response.text.startswith("<svg")
