"""What a stranger gets from the payment and application routes (issue 20), against the app as a
real process (uvicorn) with the local Paystack: exact payment references and their rate limit,
the payment key, the duplicate 409 without the ID, ``no-store`` on personal answers, and the
webhook's body cap (streamed bodies, memory bounded)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from agency_core.payments.model import PAYMENT_NOT_FOUND
from tests.api.conftest import APPLICATION, APPOINTMENT, PDF
from tests.support.app_process import RunningApp, running_app
from tests.support.paystack import LocalPaystack

WEBHOOK = "/api/payments/paystack/webhook"
NOT_FOUND = {"message": PAYMENT_NOT_FOUND}


@pytest.fixture(scope="module")
def paystack() -> Iterator[LocalPaystack]:
    server = LocalPaystack().start()
    yield server
    server.stop()


def _env(paystack: LocalPaystack, **env: str) -> dict[str, str]:
    return {"PAYSTACK_SECRET_KEY": paystack.secret_key, "PAYSTACK_BASE_URL": paystack.base_url, **env}


@pytest.fixture(scope="module")
def app(paystack: LocalPaystack) -> Iterator[RunningApp]:
    with running_app("strangers-", env=_env(paystack)) as running:
        yield running


def apply(client: httpx.Client, email: str = "kwame@example.com") -> tuple[str, str]:
    response = client.post(
        "/api/applications", data={**APPLICATION, "email": email}, files={"cv": ("cv.pdf", PDF, "application/pdf")}
    )
    assert response.status_code == 201, response.text
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    return body["applicationId"], body["paymentKey"]


def start(client: httpx.Client, application_id: str, key: str | None) -> httpx.Response:
    body = {} if key is None else {"paymentKey": key}
    return client.post(f"/api/applications/{application_id}/payment", json=body)


# -- payment state: only the exact reference, rate limited ----------------------------------------


def test_a_made_up_reference_on_a_real_id_is_404_and_echoes_nothing(app: RunningApp) -> None:
    with httpx.Client(base_url=app.base_url) as client:
        application_id, key = apply(client, "ref@example.com")
        started = start(client, application_id, key)
        assert started.status_code == 201, started.text
        assert started.headers["cache-control"] == "no-store"
        reference = started.json()["reference"]
        real = client.get(f"/api/payments/{reference}")
        assert (real.status_code, real.json()["state"]) == (200, "pending")
        assert real.headers["cache-control"] == "no-store"
        for made_up in (f"{application_id}-AAAA", f"{application_id}-{reference[-6:]}x", reference.upper()):
            if made_up == reference:
                continue
            answer = client.get(f"/api/payments/{made_up}")
            assert (answer.status_code, answer.json()) == (404, NOT_FOUND)
            assert application_id not in answer.text
            assert answer.headers["cache-control"] == "no-store"


def test_payment_lookups_are_rate_limited_with_the_forms(paystack: LocalPaystack) -> None:
    with (
        running_app("strangers-limit-", env=_env(paystack, AGENCY_RATE_LIMIT="5")) as limited,
        httpx.Client(base_url=limited.base_url) as client,
    ):
        statuses = [client.get(f"/api/payments/VA{1795464090457 + i}-AAAA").status_code for i in range(5)]
        assert statuses == [404] * 5
        over = client.get("/api/payments/VA1795464090999-AAAA")
        assert over.status_code == 429
        assert int(over.headers["retry-after"]) > 0
        # the forms share the count: a guesser cannot reset it by submitting
        assert client.post("/api/appointments", json=APPOINTMENT).status_code == 429


# -- starting a payment needs the application's key -----------------------------------------------


def test_a_stranger_with_only_the_id_cannot_start_or_move_a_payment(app: RunningApp, paystack: LocalPaystack) -> None:
    with httpx.Client(base_url=app.base_url) as client:
        application_id, key = apply(client, "victim@example.com")
        before = len(paystack.initialized())
        for guess in ("", application_id, key[:-1] + ("A" if key[-1] != "A" else "B"), "x" * 32):
            refused = start(client, application_id, guess)
            assert (refused.status_code, refused.json()) == (404, {"message": "Application Not Found"})
        assert start(client, application_id, None).status_code == 400  # no key at all
        # an ID that does not exist answers exactly the same
        unknown = start(client, "VA1000000000000", key)
        assert (unknown.status_code, unknown.json()) == (404, {"message": "Application Not Found"})
        assert len(paystack.initialized()) == before  # nothing was started at Paystack
        # the state is unpaid and unseen: no reference exists for the stranger to ask about
        assert client.get(f"/api/payments/{application_id}-000000000000").status_code == 404
        # the applicant, with the key from the answer, can
        assert start(client, application_id, key).status_code == 201


# -- the duplicate 409 ---------------------------------------------------------------------------


def test_a_duplicate_application_answers_409_without_the_first_id(app: RunningApp) -> None:
    with httpx.Client(base_url=app.base_url) as client:
        first_id, _ = apply(client, "dup@example.com")
        again = client.post(
            "/api/applications",
            data={**APPLICATION, "email": "DUP@example.com"},
            files={"cv": ("cv.pdf", PDF, "application/pdf")},
        )
        assert again.status_code == 409
        assert set(again.json()) == {"message"}
        assert "has been sent again to the phone and email on record" in again.json()["message"]
        assert first_id not in again.text
        assert again.headers["cache-control"] == "no-store"


# -- no-store on personal answers ----------------------------------------------------------------


def test_personal_answers_are_never_stored_by_caches(app: RunningApp) -> None:
    with httpx.Client(base_url=app.base_url) as client:
        application_id, _ = apply(client, "cache@example.com")
        tracked = client.post("/api/track", json={"applicationId": application_id, "contact": "cache@example.com"})
        assert tracked.status_code == 200
        assert tracked.headers["cache-control"] == "no-store"
        not_tracked = client.post("/api/track", json={"applicationId": application_id, "contact": "x@example.com"})
        assert not_tracked.headers["cache-control"] == "no-store"
        booked = client.post("/api/appointments", json=APPOINTMENT)
        assert (booked.status_code, booked.headers["cache-control"]) == (201, "no-store")


# -- the webhook's body cap ------------------------------------------------------------------------

BIG = 13 * 1024 * 1024
CHUNK = 64 * 1024


def _rss_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"{field} not in /proc/{pid}/status")  # pragma: no cover


async def _stream_oversized(port: int) -> bytes:
    """POST a 13 MB chunked body to the webhook, as a sender that never stops; returns the status line."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (
        f"POST {WEBHOOK} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        "x-paystack-signature: 00\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    writer.write(head.encode())
    answer = asyncio.ensure_future(reader.readline())
    chunk = f"{CHUNK:x}\r\n".encode() + b"{" * CHUNK + b"\r\n"
    try:
        for _ in range(BIG // CHUNK):
            if answer.done():
                break
            writer.write(chunk)
            await asyncio.wait_for(writer.drain(), 5)
    except (ConnectionError, TimeoutError):
        pass
    try:
        return await asyncio.wait_for(answer, 10)
    finally:
        writer.close()


def test_an_oversized_webhook_body_is_refused_before_it_is_read_and_memory_stays_bounded(app: RunningApp) -> None:
    port = int(app.base_url.rsplit(":", 1)[1])
    with httpx.Client(base_url=app.base_url) as client:
        small = client.post(WEBHOOK, content=b"{}", headers={"x-paystack-signature": "00"})
        assert small.status_code == 401  # a small unsigned body is read and refused as before
    Path(f"/proc/{app.pid}/clear_refs").write_text("5")  # the peak (VmHWM) starts again from now
    before = _rss_kib(app.pid, "VmHWM")

    async def flood() -> list[bytes]:
        return await asyncio.gather(*(_stream_oversized(port) for _ in range(16)))

    status_lines = asyncio.run(flood())
    assert all(line.startswith(b"HTTP/1.1 413") for line in status_lines), status_lines
    peak = _rss_kib(app.pid, "VmHWM")
    # 16 bodies of 13 MB held whole would be over 200 MB; capped at 64 KiB each, the peak barely moves
    assert peak - before < 40 * 1024, (before, peak)
    with httpx.Client(base_url=app.base_url) as client:
        assert client.get("/api/health").status_code == 200


def test_an_announced_oversized_webhook_body_is_refused_from_its_headers(app: RunningApp) -> None:
    port = int(app.base_url.rsplit(":", 1)[1])

    async def announce() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            f"POST {WEBHOOK} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"x-paystack-signature: 00\r\nContent-Length: {BIG}\r\n\r\n".encode()
        )
        await writer.drain()
        answer = b""
        try:
            # no body byte was sent; the answer's head and body may come in separate reads
            while b"\r\n\r\n" not in answer or answer.endswith(b"\r\n\r\n"):
                chunk = await asyncio.wait_for(reader.read(4096), 10)
                if not chunk:
                    break
                answer += chunk
            return answer
        finally:
            writer.close()

    answer = asyncio.run(announce())
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert b'"message"' in answer
