"""/metrics (issue 47 item 4): Prometheus text, by route template, behind a token in production; the
outbox's depth read from the store when scraped; send outcomes and sign-in refusals counted."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from datetime import timedelta

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from adapters.backup import record_backup
from agency_core.messaging import outbox_messages
from agency_core.records import Channel, OutboxMessage, OutboxStatus
from app import operations
from app.admin.security import CSRF_COOKIE, CSRF_HEADER
from app.operations import Operations, outbox_figures
from app.settings import Settings, SettingsError
from tests.api.conftest import APPOINTMENT, AppFactory, container_of
from tests.support.clock import NOW, clock
from tests.support.production import METRICS_TOKEN, production

Client = AsyncTestClient[Litestar]


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the text format (0 when absent)."""
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    pattern = rf"^{re.escape(name)}{re.escape('{' + wanted + '}') if labels else ''} (\S+)$"
    found = re.search(pattern, text, re.M)
    return float(found.group(1)) if found else 0.0


async def _stop_worker(app: Litestar) -> None:
    task = container_of(app)._outbox_task
    assert task is not None
    task.get_loop().call_soon_threadsafe(task.cancel)  # the app runs on the test client's own loop
    for _ in range(200):
        if task.done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the outbox worker did not stop")


async def test_requests_are_counted_by_route_template_never_by_raw_path(client: Client) -> None:
    for application_id in ("VA00000001", "VA00000002"):
        await client.get(f"/receipt/{application_id}")
    text = (await client.get("/metrics")).text
    templates = set(re.findall(r'agency_requests_total\{[^}]*path="([^"]*)"', text))
    assert "/receipt/{application_id}" in templates
    assert not any("VA0000000" in t for t in templates)
    assert "agency_request_duration_seconds_bucket" in text
    assert "/metrics" not in templates  # the scrape itself is not counted


async def test_the_outbox_depth_follows_an_enqueue(
    app: Litestar, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(operations, "CACHE_S", 0.0)
    await _stop_worker(app)  # what is enqueued stays pending
    before = (await client.get("/metrics")).text
    assert sample(before, "agency_outbox_pending", channel="sms") == 0
    response = await client.post("/api/appointments", json=APPOINTMENT)
    assert response.status_code == 201
    pending = [m for m in await container_of(app).store.outbox.list() if m.status is OutboxStatus.PENDING]
    after = (await client.get("/metrics")).text
    texts = sum(1 for m in pending if m.channel is Channel.SMS)
    assert texts >= 1
    assert sample(after, "agency_outbox_pending", channel="sms") == texts
    assert sample(after, "agency_outbox_oldest_due_age_seconds") >= 0.0
    assert "agency_reminders_due" in after


async def test_a_delivered_text_counts_as_a_send_by_channel_and_outcome(client: Client) -> None:
    before = sample((await client.get("/metrics")).text, "agency_outbox_sends_total", channel="sms", outcome="sent")
    assert (await client.post("/api/appointments", json=APPOINTMENT)).status_code == 201
    for _ in range(200):
        text = (await client.get("/metrics")).text
        if sample(text, "agency_outbox_sends_total", channel="sms", outcome="sent") > before:
            break
        await asyncio.sleep(0.05)
    assert sample(text, "agency_outbox_sends_total", channel="sms", outcome="sent") > before


async def test_a_refused_sign_in_is_counted_by_reason(client: Client) -> None:
    name = "agency_sign_in_refusals_total"
    before = sample((await client.get("/metrics")).text, name, reason="bad_credentials")
    await client.get("/api/admin/session")  # hands out the CSRF cookie
    csrf = next(cookie.value or "" for cookie in client.cookies.jar if cookie.name == CSRF_COOKIE)
    answer = await client.post(
        "/api/admin/session",
        json={"email": "nobody@example.com", "password": "not-the-password"},
        headers={CSRF_HEADER: csrf},
    )
    assert answer.status_code == 401
    assert sample((await client.get("/metrics")).text, name, reason="bad_credentials") == before + 1


async def test_production_answers_only_with_the_token(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(**production())) as client:
        assert (await client.get("/metrics")).status_code == 401
        wrong = await client.get("/metrics", headers={"Authorization": "Bearer " + "x" * 32})
        assert wrong.status_code == 401
        assert wrong.headers["www-authenticate"] == "Bearer"
        assert "agency_" not in wrong.text
        right = await client.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
        assert right.status_code == 200
        assert right.headers["content-type"].startswith("text/plain")
        assert "agency_outbox_pending" in right.text


async def test_with_metrics_off_there_is_no_route(make_app: AppFactory) -> None:
    async with AsyncTestClient(make_app(AGENCY_METRICS="off")) as client:
        answer = await client.get("/metrics")
        assert "agency_outbox_pending" not in answer.text


def test_production_without_a_token_stops_naming_it() -> None:
    env = production()
    env.pop("AGENCY_METRICS_TOKEN")
    with pytest.raises(SettingsError, match="AGENCY_METRICS_TOKEN"):
        Settings.from_env(env)
    assert not Settings.from_env({**env, "AGENCY_METRICS": "off"}).observability.metrics
    with pytest.raises(SettingsError, match="AGENCY_METRICS_TOKEN must be at least 32"):
        Settings.from_env({**env, "AGENCY_METRICS_TOKEN": "short"})


@pytest.mark.parametrize(
    ("name", "value"),
    [("AGENCY_METRICS", "yes"), ("AGENCY_SENTRY_DSN", "not a dsn"), ("OTEL_EXPORTER_OTLP_ENDPOINT", "localhost:4318")],
)
def test_a_wrong_value_stops_the_start_naming_the_setting(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


def test_a_misspelt_metrics_setting_stops_a_production_start() -> None:
    with pytest.raises(SettingsError, match="Unknown setting AGENCY_METRICS_TOKN"):
        Settings.from_env(production(AGENCY_METRICS_TOKN="x"))


def _message(n: int, due_in_s: float, kind: str = "appointment_confirmation") -> OutboxMessage:
    return outbox_messages.scheduled_sms(
        id=f"m{n}",
        source_id="VA1",
        kind=kind,
        phone="+233241234567",
        text="t",
        now=NOW,
        at=NOW + timedelta(seconds=due_in_s),
    )


def test_the_figures_count_pending_by_channel_the_oldest_due_and_reminders_due() -> None:
    messages = [
        _message(1, -90),
        _message(2, -30, kind="appointment_reminder"),
        _message(3, 3600, kind="appointment_reminder"),  # not due yet
        replace(_message(4, -500), status=OutboxStatus.DELIVERED),
        replace(_message(5, -10), channel=Channel.EMAIL, address="a@example.com"),
    ]
    figures = outbox_figures(messages, NOW)
    assert (figures.pending["sms"], figures.pending["email"]) == (3, 1)
    assert sum(figures.pending.values()) == 4  # any other channel present counts zero
    assert figures.oldest_due_age_s == 90.0
    assert figures.reminders_due == 1
    assert outbox_figures([], NOW).oldest_due_age_s == 0.0


class _CountingOutbox:
    def __init__(self) -> None:
        self.reads = 0

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        self.reads += 1
        return [_message(self.reads, -1)]


async def test_scrapes_within_the_cache_read_the_outbox_once() -> None:
    outbox = _CountingOutbox()
    gauges = Operations(outbox, clock(), cache_s=60.0)  # type: ignore[arg-type]
    await gauges.figures()
    await gauges.figures()
    assert outbox.reads == 1
    fresh = Operations(outbox, clock(), cache_s=0.0)  # type: ignore[arg-type]
    await fresh.figures()
    await fresh.figures()
    assert outbox.reads == 3


async def test_the_last_backup_its_size_and_files_and_the_instances_seen_are_on_metrics(
    app: Litestar, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(operations, "CACHE_S", 0.0)
    before = (await client.get("/metrics")).text
    assert "agency_last_backup_timestamp_seconds" not in before  # no sample before the first backup
    assert sample(before, "agency_instances_seen") == 1  # this app's own heartbeat, written at start
    at = NOW - timedelta(hours=3)
    record_backup(container_of(app).settings.data_dir, at, size_bytes=123456, files=7)
    after = (await client.get("/metrics")).text
    assert sample(after, "agency_last_backup_timestamp_seconds") == at.timestamp()
    assert sample(after, "agency_last_backup_size_bytes") == 123456
    assert sample(after, "agency_last_backup_files") == 7
