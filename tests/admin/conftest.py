from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.clock import Clock
from agency_core.signin.service import SignIn
from app.admin.security import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE
from app.container import Container
from app.main import create_app
from app.settings import AdminAuthSettings, Settings
from tests.support.clock import clock as tests_clock

SESSION = "/api/admin/session"


@dataclass
class AdminHarness:
    app: Litestar
    client: AsyncTestClient[Litestar]

    @property
    def container(self) -> Container:
        container: Container = self.app.state["container"]
        return container

    @property
    def sign_in_service(self) -> SignIn:
        return self.container.sign_in

    def cookie(self, name: str) -> str | None:
        for cookie in self.client.cookies.jar:
            if cookie.name == name:
                return cookie.value
        return None

    async def csrf(self) -> str:
        """What the client does on load: GET the session, which hands out the CSRF cookie."""
        if self.cookie(CSRF_COOKIE) is None:
            await self.client.get(SESSION)
        token = self.cookie(CSRF_COOKIE)
        assert token
        return token

    async def sign_in(self, email: str, password: str) -> httpx.Response:
        token = await self.csrf()
        return await self.client.post(
            SESSION, json={"email": email, "password": password}, headers={CSRF_HEADER: token}
        )

    async def sign_out(self) -> httpx.Response:
        return await self.client.delete(SESSION, headers={CSRF_HEADER: await self.csrf()})

    async def unsafe(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return await self.client.request(method, path, headers={CSRF_HEADER: await self.csrf()}, **kwargs)

    @property
    def session_token(self) -> str | None:
        return self.cookie(SESSION_COOKIE)


MakeHarness = Callable[..., Awaitable[AdminHarness]]


def admin_settings(tmp_path: Path, **changes: Any) -> Settings:
    auth = AdminAuthSettings(role_cache_s=0)
    return replace(Settings(data_dir=tmp_path / "data", client_dist=tmp_path / "dist", admin_auth=auth), **changes)


@pytest.fixture
async def make_harness(tmp_path: Path) -> AsyncIterator[MakeHarness]:
    clients: list[AsyncTestClient[Litestar]] = []

    async def make(
        base_url: str = "http://testserver.local", clock: Clock | None = None, **changes: Any
    ) -> AdminHarness:
        """An app on ``tmp_path`` on the tests' clock (``tests/support/clock.py``: it starts at ``NOW``),
        or on ``clock`` when given."""
        app = create_app(admin_settings(tmp_path, **changes), clock or tests_clock())
        client = AsyncTestClient(app=app, base_url=base_url)
        await client.__aenter__()
        clients.append(client)
        return AdminHarness(app, client)

    yield make
    for client in reversed(clients):
        await client.__aexit__(None, None, None)


@pytest.fixture
async def demo(make_harness: MakeHarness) -> AdminHarness:
    return await make_harness(demo=True)


@pytest.fixture
async def plain(make_harness: MakeHarness) -> AdminHarness:
    return await make_harness(demo=False)
