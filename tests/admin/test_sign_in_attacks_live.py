"""Brute force against a real app process over real sockets: the sign-in limit holds under
concurrency, forged X-Forwarded-For is ignored, and an attacker cannot lock the real admin out.

Different client addresses are real: loopback has all of 127.0.0.0/8, so a client bound to
127.0.0.2 is another peer than one on 127.0.0.1."""

from __future__ import annotations

import asyncio
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD
from tests.support.app_process import AppProcess

SESSION = "/api/admin/session"


@pytest.fixture
def live_app(request: pytest.FixtureRequest) -> Iterator[AppProcess]:
    extra: dict[str, str] = getattr(request, "param", {})
    with tempfile.TemporaryDirectory(prefix="agency-attack-") as data_dir:
        env = {"AGENCY_DATA_DIR": data_dir, "AGENCY_DEMO": "1", "AGENCY_RATE_LIMIT": "0", **extra}
        app = AppProcess(env, log_path=Path(data_dir) / "app.log").start()
        try:
            yield app
        finally:
            app.stop()


def client_from(app: AppProcess, source: str = "127.0.0.1") -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    return httpx.AsyncClient(base_url=app.base_url, transport=transport, timeout=60)


async def sign_in(client: httpx.AsyncClient, password: str, headers: dict[str, str] | None = None) -> httpx.Response:
    if "csrftoken" not in client.cookies:
        await client.get(SESSION)
    token = client.cookies["csrftoken"]
    return await client.post(
        SESSION,
        json={"email": DEMO_ADMIN_EMAIL, "password": password},
        headers={"X-CSRF-Token": token, **(headers or {})},
    )


async def test_30_parallel_wrong_passwords_from_one_address_get_at_most_5_checks(live_app: AppProcess) -> None:
    async with client_from(live_app) as client:
        await client.get(SESSION)
        answers = await asyncio.gather(*(sign_in(client, f"wrong {n}") for n in range(30)))
    statuses = Counter(response.status_code for response in answers)
    assert statuses[401] <= 5, statuses
    assert statuses[401] + statuses[429] == 30, statuses
    refused = [r.json()["message"] for r in answers if r.status_code == 429]
    assert all(message.startswith("Too many failed sign-in attempts.") for message in refused)


async def test_forged_x_forwarded_for_is_ignored_without_trusted_proxies(live_app: AppProcess) -> None:
    async with client_from(live_app) as client:
        statuses = [
            (await sign_in(client, "wrong", {"X-Forwarded-For": f"198.51.100.{n}"})).status_code for n in range(7)
        ]
    assert statuses == [401] * 5 + [429, 429]


@pytest.mark.parametrize("live_app", [{"AGENCY_TRUSTED_PROXIES": "127.0.0.1"}], indirect=True)
async def test_behind_a_trusted_proxy_each_forwarded_visitor_is_counted_alone(live_app: AppProcess) -> None:
    async with client_from(live_app) as client:
        visitor = {"X-Forwarded-For": "6.6.6.6, 198.51.100.7"}  # 6.6.6.6 is what the visitor forged
        statuses = [(await sign_in(client, "wrong", visitor)).status_code for _ in range(6)]
        assert statuses == [401] * 5 + [429]
        other = await sign_in(client, DEMO_ADMIN_PASSWORD, {"X-Forwarded-For": "6.6.6.6, 198.51.100.8"})
        assert other.status_code == 200
    # The logs use the same rule: the access log and the sign-in log name the visitor, not the proxy.
    assert live_app.log_path is not None
    logged = live_app.log_path.read_text()
    assert '"client": "198.51.100.7"' in logged
    assert '"ip": "198.51.100.7"' in logged
    assert '"client": "6.6.6.6"' not in logged


@pytest.mark.parametrize("live_app", [{"AGENCY_SIGN_IN_MAX_DELAY_S": "1"}], indirect=True)
async def test_the_real_admin_signs_in_from_another_address_while_an_attacker_hammers(live_app: AppProcess) -> None:
    attackers = [client_from(live_app, f"127.0.0.{n}") for n in range(2, 8)]
    try:

        async def hammer(client: httpx.AsyncClient) -> list[int]:
            return [(await sign_in(client, f"guess {n}")).status_code for n in range(8)]

        attack = asyncio.gather(*(hammer(client) for client in attackers))
        await asyncio.sleep(1.0)  # the e-mail already has failures from every attacking address
        async with client_from(live_app, "127.0.0.1") as admin:
            answer = await sign_in(admin, DEMO_ADMIN_PASSWORD)
        results = await attack
    finally:
        for client in attackers:
            await client.aclose()
    assert answer.status_code == 200, answer.text
    assert answer.json()["email"] == DEMO_ADMIN_EMAIL
    for statuses in results:
        # Each attacking address is stopped after five wrong passwords.
        assert statuses.count(401) <= 5
        assert statuses[-1] == 429
