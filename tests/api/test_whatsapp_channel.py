"""The WhatsApp channel through the app, against the local Cloud API (tests/support/whatsapp_cloud.py):
the webhook's handshake, 100 forged webhooks that change nothing, a status replayed ten times that
changes the state once, and 200 texts through a WhatsApp outage, each delivered once on some channel
and none on both (issue 48 items 2, 3, 5)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import datetime, timedelta

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from agency_core.messaging import outbox_messages
from agency_core.records import OutboxMessage, OutboxStatus
from agency_core.whatsapp.model import MessageState, OptIn
from app.container import Container
from tests.api.conftest import AppFactory, _shut_down, container_of
from tests.support.clock import NOW
from tests.support.sms_gateway import SmsGatewayServer
from tests.support.whatsapp_cloud import (
    VERIFY_TOKEN,
    WhatsAppCloudServer,
    envelope,
    settings_env,
    signature,
    status_value,
)

WEBHOOK = "/api/whatsapp/webhook"
PHONE = "+233241234567"


class SteppedClock:
    """The app's clock: ``NOW`` until a test moves it on."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def cloud() -> Iterator[WhatsAppCloudServer]:
    with WhatsAppCloudServer() as server:
        yield server


@pytest.fixture
def clock() -> SteppedClock:
    return SteppedClock()


@pytest.fixture
def whatsapp_app(make_app: AppFactory, cloud: WhatsAppCloudServer, clock: SteppedClock) -> Litestar:
    return make_app(at=clock, **settings_env(cloud.base_url, fallback_min=15))


@pytest.fixture
async def client(whatsapp_app: Litestar) -> AsyncIterator[AsyncTestClient[Litestar]]:
    test_client = AsyncTestClient(whatsapp_app)
    await test_client.__aenter__()
    try:
        yield test_client
    finally:
        await _shut_down(test_client)


async def until(read: Callable[[], Awaitable[bool] | bool], timeout_s: float = 30.0) -> None:
    """Wait (yielding to the app on this loop) until ``read`` says so; generous for a loaded CI."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    while True:
        done = read()
        if not isinstance(done, bool):
            done = await done
        if done:
            return
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.05)


async def texts(container: Container, phones: list[str], stem: str) -> list[OutboxMessage]:
    """One status text to each phone (opted in), queued as the builders make them."""
    messages = [
        outbox_messages.sms(
            id=f"{stem}-{i}", source_id=f"{stem}-{i}", kind="status", phone=p, text=f"Update {i}", now=NOW
        )
        for i, p in enumerate(phones)
    ]
    for phone in phones:
        await container.whatsapp_optins.store.record(OptIn(phone, NOW, "apply", "whatsapp-opt-in-v1"))
    async with container.store.unit_of_work() as uow:
        await uow.outbox.enqueue(messages)
    container.outbox_worker.wake()
    return messages


async def post(client: AsyncTestClient[Litestar], raw: bytes, signed: str | None) -> int:
    headers = {"Content-Type": "application/json"}
    if signed is not None:
        headers["X-Hub-Signature-256"] = signed
    return (await client.post(WEBHOOK, content=raw, headers=headers)).status_code


async def test_the_handshake_echoes_the_challenge_only_for_our_token(client: AsyncTestClient[Litestar]) -> None:
    ok = await client.get(
        WEBHOOK, params={"hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1158201444"}
    )
    assert ok.status_code == 200
    assert ok.text == "1158201444"
    wrong = await client.get(
        WEBHOOK, params={"hub.mode": "subscribe", "hub.verify_token": "guess", "hub.challenge": "x"}
    )
    assert wrong.status_code == 403
    assert "x" not in wrong.text


async def test_the_webhook_is_not_found_with_the_channel_off(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app()) as off:
        assert (await off.get(WEBHOOK, params={"hub.mode": "subscribe"})).status_code == 404
        raw = envelope(status_value("wamid.x", "read"))
        assert await post(off, raw, signature(raw)) == 404


async def test_a_hundred_forged_webhooks_change_nothing(
    client: AsyncTestClient[Litestar], whatsapp_app: Litestar, cloud: WhatsAppCloudServer, sms_server: SmsGatewayServer
) -> None:
    container = container_of(whatsapp_app)
    [text] = await texts(container, [PHONE], "forged")
    wa_id = f"{text.id}~wa"
    messages = container.backend.whatsapp_messages
    await until(lambda: len(cloud.accepted()) == 1)
    [sent] = cloud.accepted()
    assert sent.wamid is not None

    async def recorded() -> bool:
        return await messages.state_of(wa_id) is MessageState.SENT

    await until(recorded)
    answers = []
    for i in range(100):
        state = ("delivered", "read", "failed")[i % 3]
        raw = envelope(status_value(sent.wamid, state))
        if i % 4 == 0:
            forged: str | None = None  # unsigned
        elif i % 4 == 1:
            forged = signature(raw, "not-the-app-secret")
        elif i % 4 == 2:
            forged = signature(raw + b" ")  # signed another body
        else:
            forged = "sha256=" + "0" * 64
        answers.append(await post(client, raw, forged))
    assert answers == [401] * 100
    big = json.dumps({"pad": "x" * 70_000}).encode()
    assert await post(client, big, signature(big)) == 413
    assert await messages.state_of(wa_id) is MessageState.SENT
    outbox = await container.store.outbox.list(text.source_id)
    assert {m.id: m.status for m in outbox}[f"{wa_id}~sms"] is OutboxStatus.PENDING
    assert sms_server.requests == []


async def test_a_status_replayed_ten_times_changes_the_state_once(
    client: AsyncTestClient[Litestar], whatsapp_app: Litestar, cloud: WhatsAppCloudServer
) -> None:
    container = container_of(whatsapp_app)
    [text] = await texts(container, [PHONE], "replay")
    await until(lambda: len(cloud.accepted()) == 1)
    wamid = cloud.accepted()[0].wamid
    assert wamid is not None
    first = int(NOW.timestamp()) + 60
    bodies = [envelope(status_value(wamid, "delivered", at=first + i)) for i in range(10)]
    answers = await asyncio.gather(*(post(client, raw, signature(raw)) for raw in bodies))
    assert answers == [200] * 10
    assert await container.backend.whatsapp_messages.state_of(f"{text.id}~wa") is MessageState.DELIVERED
    with sqlite3.connect(container.settings.database_path) as db:
        [(updated_at,)] = db.execute("SELECT updated_at FROM whatsapp_messages WHERE wa_message_id = ?", (wamid,))
    moved_at = datetime.fromisoformat(updated_at.replace("Z", "+00:00")).timestamp()
    assert int(moved_at) in {first + i for i in range(10)}  # one write: any later replay left it as it was
    raw = envelope(status_value(wamid, "sent", at=first + 99))
    assert await post(client, raw, signature(raw)) == 200
    assert await container.backend.whatsapp_messages.state_of(f"{text.id}~wa") is MessageState.DELIVERED


async def test_two_hundred_texts_through_an_outage_go_once_each_never_on_both(
    client: AsyncTestClient[Litestar],
    whatsapp_app: Litestar,
    cloud: WhatsAppCloudServer,
    sms_server: SmsGatewayServer,
    clock: SteppedClock,
) -> None:
    container = container_of(whatsapp_app)
    phones = [f"+23324{i:07d}" for i in range(200)]
    cloud.behaviour.down = True  # the first hundred meet the outage: refused, their SMS goes at once
    await texts(container, phones[:100], "outage")
    await until(lambda: len(sms_server.requests) >= 100)
    cloud.behaviour.down = False
    await texts(container, phones[100:], "after")
    await until(lambda: len(cloud.accepted()) >= 100)
    delivered = cloud.accepted()[:50]  # half reported delivered (some twice, some read), half never
    for i, send in enumerate(delivered):
        assert send.wamid is not None
        for state in ("read", "delivered") if i % 2 else ("delivered", "delivered"):
            raw = envelope(status_value(send.wamid, state))
            assert await post(client, raw, signature(raw)) == 200
    clock.now = NOW + timedelta(minutes=16)  # past AGENCY_WHATSAPP_FALLBACK_MIN: the rest fall back
    container.outbox_worker.wake()
    await until(lambda: len(sms_server.requests) >= 150)
    await asyncio.sleep(1.0)  # a second round finds nothing more to send
    container.outbox_worker.wake()
    await asyncio.sleep(0.5)
    sms_to = [r.phone for r in sms_server.requests if not r.replayed]
    handset = {s.to for s in delivered}
    for phone in phones:
        assert sms_to.count(phone) + (phone in handset) == 1, phone
    assert len(sms_to) == 150
