"""The outbox worker against fakes that record: backoff, give-up, idempotency keys, parallel sends."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import on_answer_lost
from agency_core.messaging.outbox import OutboxWorker, Pacing, RetryPolicy
from agency_core.ports import Delivery, SendResult
from agency_core.records import OutboxMessage, OutboxStatus
from tests.support.clock import NOW, clock

T0 = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class FakeOutbox:
    """Implements the Outbox port in memory, with the same claim rules as the stores."""

    def __init__(self, messages: list[OutboxMessage]) -> None:
        self.rows = {m.id: m for m in messages}

    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        due = [
            m
            for m in sorted(self.rows.values(), key=lambda m: (m.next_attempt_at, m.id))
            if m.status is OutboxStatus.PENDING
            and m.next_attempt_at <= now
            and (m.lease_until is None or m.lease_until <= now)
        ][:limit]
        for m in due:
            self.rows[m.id] = replace(m, attempts=m.attempts + 1, lease_until=lease_until, lease_owner=owner)
        return [self.rows[m.id] for m in due]

    def _held(self, message_id: str, owner: str | None) -> bool:
        m = self.rows[message_id]
        return m.status is OutboxStatus.PENDING and (owner is None or m.lease_owner == owner)

    async def mark_delivered(
        self, message_id: str, now: datetime, owner: str | None = None, gateway_id: str | None = None
    ) -> bool:
        if not self._held(message_id, owner):
            return False
        m = self.rows[message_id]
        self.rows[message_id] = replace(
            m,
            status=OutboxStatus.DELIVERED,
            delivered_at=now,
            lease_until=None,
            lease_owner=None,
            gateway_id=gateway_id,
        )
        return True

    async def mark_retry(
        self, message_id: str, error: str, next_attempt_at: datetime, owner: str | None = None
    ) -> bool:
        if not self._held(message_id, owner):
            return False
        m = self.rows[message_id]
        self.rows[message_id] = replace(
            m, last_error=error, next_attempt_at=next_attempt_at, lease_until=None, lease_owner=None
        )
        return True

    async def mark_failed(self, message_id: str, error: str, owner: str | None = None) -> bool:
        if not self._held(message_id, owner):
            return False
        m = self.rows[message_id]
        self.rows[message_id] = replace(
            m, status=OutboxStatus.FAILED, last_error=error, lease_until=None, lease_owner=None
        )
        return True

    async def mark_unsettled(
        self, message_id: str, error: str, at: datetime, settle_wait: timedelta, owner: str | None = None
    ) -> bool:
        if not self._held(message_id, owner):
            return False
        self.rows[message_id] = on_answer_lost(self.rows[message_id], at, settle_wait, error)
        return True

    async def release(self, owner: str) -> int:
        held = [m for m in self.rows.values() if m.status is OutboxStatus.PENDING and m.lease_owner == owner]
        for m in held:
            self.rows[m.id] = replace(m, lease_until=None, lease_owner=None)
        return len(held)

    async def get(self, message_id: str) -> OutboxMessage | None:
        return self.rows.get(message_id)

    async def list(self, source_id: str | None = None) -> list[OutboxMessage]:
        return [m for m in self.rows.values() if source_id in (None, m.source_id)]


class FakeGateway:
    def __init__(self, fail_times: int = 0, delay_s: float = 0.0, raises: bool = False, lose_times: int = 0) -> None:
        self.sent: list[tuple[str, str, str | None]] = []
        self.fail_times = fail_times
        self.lose_times = lose_times
        """Answers lost after the text went (``Delivery.UNKNOWN``), as a read timeout."""
        self.delay_s = delay_s
        self.raises = raises
        self.in_flight = 0
        self.max_in_flight = 0

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.delay_s:
                await asyncio.sleep(self.delay_s)
            self.sent.append((phone, message, idempotency_key))
            if self.raises:
                raise ConnectionError("boom")
            if self.fail_times > 0:
                self.fail_times -= 1
                return SendResult(False, "Gateway unavailable")
            if self.lose_times > 0:
                self.lose_times -= 1
                return SendResult(False, "ReadTimeout", None, Delivery.UNKNOWN)
            return SendResult(True, "Message queued")
        finally:
            self.in_flight -= 1


def message(i: int, phone: str = "+233241234567") -> OutboxMessage:
    return outbox_messages.sms(
        id=f"VA1-{i}", source_id="VA1", kind="admin_alert", phone=phone, text=f"text {i}", now=T0
    )


def worker(
    outbox: FakeOutbox, gateway: FakeGateway, clock: Clock, owner: str | None = None, **pacing: Any
) -> OutboxWorker:
    return OutboxWorker(outbox, gateway, clock=clock, rand=lambda: 0.5, pacing=Pacing(**pacing), owner=owner)


async def test_due_messages_are_sent_with_their_id_as_idempotency_key_and_marked_delivered() -> None:
    outbox, gateway, clock = FakeOutbox([message(0), message(1)]), FakeGateway(), Clock()
    assert await worker(outbox, gateway, clock).run_once() == 2
    assert sorted(key or "" for _, _, key in gateway.sent) == ["VA1-0", "VA1-1"]
    assert {(m.status, m.attempts, m.delivered_at) for m in outbox.rows.values()} == {(OutboxStatus.DELIVERED, 1, T0)}
    assert await worker(outbox, gateway, clock).run_once() == 0
    assert len(gateway.sent) == 2


async def test_a_failed_send_is_retried_after_a_jittered_backoff() -> None:
    outbox, gateway, clock = FakeOutbox([message(0)]), FakeGateway(fail_times=2), Clock()
    w = worker(outbox, gateway, clock, policy=RetryPolicy(base_s=2, cap_s=60, max_attempts=5))
    await w.run_once()
    first = outbox.rows["VA1-0"]
    assert (first.status, first.attempts, first.last_error) == (OutboxStatus.PENDING, 1, "Gateway unavailable")
    assert first.next_attempt_at == T0 + timedelta(seconds=1.5)  # 2s ceiling, jitter 0.5 -> 1.5s
    clock.advance(1.0)
    assert await w.run_once() == 0
    clock.advance(0.5)
    await w.run_once()
    second = outbox.rows["VA1-0"]
    assert (second.attempts, second.next_attempt_at) == (2, clock.now + timedelta(seconds=3))  # 4s ceiling
    clock.advance(3)
    await w.run_once()
    assert (outbox.rows["VA1-0"].status, outbox.rows["VA1-0"].attempts) == (OutboxStatus.DELIVERED, 3)
    assert len(gateway.sent) == 3


async def test_after_the_last_attempt_the_message_fails_for_good() -> None:
    outbox, gateway, clock = FakeOutbox([message(0)]), FakeGateway(fail_times=99), Clock()
    w = worker(outbox, gateway, clock, policy=RetryPolicy(base_s=1, cap_s=1, max_attempts=3))
    for _ in range(5):
        await w.run_once()
        clock.advance(10)
    final = outbox.rows["VA1-0"]
    assert (final.status, final.attempts, final.last_error) == (OutboxStatus.FAILED, 3, "Gateway unavailable")
    assert len(gateway.sent) == 3


async def test_a_gateway_that_raises_is_a_failed_attempt_not_a_crash() -> None:
    outbox, gateway, clock = FakeOutbox([message(0)]), FakeGateway(raises=True), Clock()
    await worker(outbox, gateway, clock).run_once()
    row = outbox.rows["VA1-0"]
    assert row.status is OutboxStatus.PENDING
    assert row.last_error == "ConnectionError: boom"


async def test_an_expired_lease_makes_a_message_claimable_again() -> None:
    outbox, clock = FakeOutbox([message(0)]), Clock()
    await outbox.claim(clock.now, clock.now + timedelta(seconds=30), 10)  # a worker that then died
    gateway = FakeGateway()
    w = worker(outbox, gateway, clock, lease_s=30)
    assert await w.run_once() == 0
    clock.advance(30)
    assert await w.run_once() == 1
    assert outbox.rows["VA1-0"].attempts == 2
    assert [key for _, _, key in gateway.sent] == ["VA1-0"]


async def test_the_admin_alerts_go_out_in_parallel() -> None:
    phones = ["+233241234567", "+233207654321", "+971501234567", "+971557654321"]
    outbox = FakeOutbox([message(i, phone) for i, phone in enumerate(phones)])
    gateway = FakeGateway(delay_s=0.05)
    await worker(outbox, gateway, Clock()).run_once()
    assert gateway.max_in_flight == 4
    assert sorted(p for p, _, _ in gateway.sent) == sorted(phones)


@pytest.mark.parametrize(("attempts", "low", "high"), [(1, 1, 2), (2, 2, 4), (4, 8, 16), (12, 150, 300)])
def test_backoff_doubles_up_to_the_cap(attempts: int, low: float, high: float) -> None:
    policy = RetryPolicy(base_s=2, cap_s=300)
    assert (policy.delay_s(attempts, 0.0), policy.delay_s(attempts, 1.0)) == (low, high)


async def test_a_wake_up_delivers_without_waiting_for_the_poll() -> None:
    outbox, gateway = FakeOutbox([]), FakeGateway()
    w = OutboxWorker(outbox, gateway, pacing=Pacing(poll_s=3600), clock=clock())
    task = asyncio.create_task(w.run())
    try:
        await asyncio.sleep(0.05)
        outbox.rows["VA1-0"] = replace(message(0), created_at=NOW, next_attempt_at=NOW)
        w.wake()
        for _ in range(200):
            if gateway.sent:
                break
            await asyncio.sleep(0.01)
    finally:
        task.cancel()
    assert [key for _, _, key in gateway.sent] == ["VA1-0"]


class CountingOutbox(FakeOutbox):
    def __init__(self, messages: list[OutboxMessage]) -> None:
        super().__init__(messages)
        self.claims = 0

    async def claim(self, now: datetime, lease_until: datetime, limit: int, owner: str = "") -> list[OutboxMessage]:
        self.claims += 1
        return await super().claim(now, lease_until, limit, owner)


async def test_wake_ups_within_the_settle_time_share_one_round_after_the_waker_goes_on() -> None:
    outbox, gateway = CountingOutbox([]), FakeGateway()
    # settle_s is long beside the five wake-ups (each yields once): a loaded machine cannot stretch
    # them past it, so the test proves the sharing, not the machine's speed.
    w = OutboxWorker(outbox, gateway, pacing=Pacing(poll_s=3600, settle_s=1.0), clock=clock())
    task = asyncio.create_task(w.run())
    try:
        await asyncio.sleep(0.05)
        claims_before = outbox.claims
        now = NOW
        for i in range(5):  # five bookings committing one after another, each waking the worker
            outbox.rows[f"VA1-{i}"] = replace(message(i), created_at=now, next_attempt_at=now)
            w.wake()
            await asyncio.sleep(0)
        assert outbox.claims == claims_before  # nothing claimed yet: the wakers went on first
        for _ in range(400):
            if len(gateway.sent) == 5:
                break
            await asyncio.sleep(0.01)
    finally:
        task.cancel()
    assert sorted(key for _, _, key in gateway.sent) == [f"VA1-{i}" for i in range(5)]
    assert outbox.claims == claims_before + 1


async def test_each_worker_leases_under_its_own_owner_id_and_releases_on_shutdown() -> None:
    outbox, gateway, clock = FakeOutbox([message(0), message(1)]), FakeGateway(), Clock()
    a, b = worker(outbox, gateway, clock, owner="instance-a"), worker(outbox, gateway, clock)
    assert b.owner.startswith("worker-")
    assert b.owner != worker(outbox, gateway, clock).owner
    await outbox.claim(clock.now, clock.now + timedelta(seconds=30), 10, a.owner)  # a is then stopped
    assert await b.run_once() == 0
    assert await a.release() == 2
    assert await b.run_once() == 2
    assert {(m.status, m.attempts) for m in outbox.rows.values()} == {(OutboxStatus.DELIVERED, 2)}


async def test_a_result_after_the_lease_was_taken_over_is_not_written() -> None:
    outbox, clock = FakeOutbox([message(0)]), Clock()
    slow = worker(outbox, FakeGateway(fail_times=1), clock, owner="slow", lease_s=30)
    (leased,) = await outbox.claim(clock.now, clock.now + timedelta(seconds=30), 10, "slow")
    clock.advance(31)
    (taken,) = await outbox.claim(clock.now, clock.now + timedelta(seconds=30), 10, "fast")
    await slow._send(leased)  # its send fails, but the retry it would write is not its own any more
    row = outbox.rows["VA1-0"]
    assert (row.lease_owner, row.last_error, row.attempts) == ("fast", None, taken.attempts)


async def test_a_lost_answer_holds_the_text_unleased_and_no_round_resends_it_before_the_settle_wait() -> None:
    outbox, gateway, clock = FakeOutbox([message(0)]), FakeGateway(lose_times=1), Clock()
    w = worker(outbox, gateway, clock, unsettled_wait=timedelta(minutes=15))
    await w.run_once()
    held = outbox.rows["VA1-0"]
    assert (held.status, held.unsettled_since, held.lease_owner) == (OutboxStatus.PENDING, T0, None)
    clock.advance(15 * 60 - 1)
    assert await w.run_once() == 0
    assert len(gateway.sent) == 1
    clock.advance(1)
    assert await w.run_once() == 1
    assert len(gateway.sent) == 2
    assert outbox.rows["VA1-0"].status is OutboxStatus.DELIVERED


async def test_a_text_held_after_its_last_attempt_fails_without_another_send() -> None:
    outbox, gateway, clock = FakeOutbox([message(0)]), FakeGateway(lose_times=2), Clock()
    w = worker(outbox, gateway, clock, policy=RetryPolicy(max_attempts=2), unsettled_wait=timedelta(minutes=1))
    for _ in range(3):
        await w.run_once()
        clock.advance(60)
    failed = outbox.rows["VA1-0"]
    assert (failed.status, failed.attempts, len(gateway.sent)) == (OutboxStatus.FAILED, 3, 2)
    assert failed.last_error == "no answer and no delivery report after 2 attempts"


async def test_stop_lets_the_sends_in_flight_finish_sends_nothing_new_and_release_hands_back_the_rest() -> None:
    outbox, clock = FakeOutbox([message(i) for i in range(3)]), Clock()
    gateway = FakeGateway(delay_s=0.2)
    stopping = worker(outbox, gateway, clock, owner="instance-a", concurrency=2)
    running = asyncio.create_task(stopping.run())
    await asyncio.sleep(0.1)  # the first round's two sends are with the gateway (0.2 s each)
    assert gateway.in_flight == 2
    stopping.stop()
    await asyncio.wait_for(running, 2.0)  # run returns by itself: nothing is cancelled
    assert sorted(key or "" for _, _, key in gateway.sent) == ["VA1-0", "VA1-1"]
    assert outbox.rows["VA1-2"].lease_owner == "instance-a"  # claimed, never sent
    assert await stopping.run_once() == 0
    assert await stopping.release() == 1
    assert await worker(outbox, gateway, clock).run_once() == 1
    assert sorted(key or "" for _, _, key in gateway.sent) == ["VA1-0", "VA1-1", "VA1-2"]
    assert {m.status for m in outbox.rows.values()} == {OutboxStatus.DELIVERED}
