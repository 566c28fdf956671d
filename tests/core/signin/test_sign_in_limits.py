"""The sign-in limiter's policy on an in-memory counter: hard limits per pair and per address,
a growing delay (never a block) per e-mail, refunds for right passwords and refused attempts."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from agency_core.signin.throttle import KeyCount, SignInLimiter


class MemoryCounter:
    """A fake in the cosmicpython manner: the port's contract on a dict (one event loop: atomic)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[float]] = defaultdict(list)

    async def add(self, keys: Sequence[str], at: float, window_s: float) -> list[KeyCount]:
        counts = []
        for key in keys:
            self.rows[key] = [t for t in self.rows[key] if t > at - window_s] + [at]
            counts.append(KeyCount(len(self.rows[key]), min(self.rows[key])))
        return counts

    async def remove(self, keys: Sequence[str], at: float) -> None:
        for key in keys:
            if at in self.rows[key]:
                self.rows[key].remove(at)

    async def clear(self, key: str) -> None:
        self.rows.pop(key, None)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def limiter(clock: Clock | None = None) -> tuple[SignInLimiter, MemoryCounter]:
    counter = MemoryCounter()
    return SignInLimiter(counter, clock=clock or Clock(), base_delay_s=1, max_delay_s=8), counter


async def test_the_pair_is_refused_after_five_failures_until_the_window_passes() -> None:
    clock = Clock()
    limits, _ = limiter(clock)
    for _ in range(5):
        assert not (await limits.admit("a@x", "1.1.1.1")).refused
        clock.now += 10
    refused = await limits.admit("a@x", "1.1.1.1")
    assert refused.retry_after_s == 15 * 60 - 50
    clock.now = 1000.0 + 900
    assert not (await limits.admit("a@x", "1.1.1.1")).refused


async def test_another_address_is_delayed_not_refused_and_the_delay_grows_to_its_cap() -> None:
    limits, _ = limiter()
    for n in range(5):
        assert not (await limits.admit("a@x", f"10.0.0.{n}")).refused
    delays = [(await limits.admit("a@x", f"10.0.1.{n}")).delay_s for n in range(6)]
    assert delays == [1, 2, 4, 8, 8, 8]
    admin = await limits.admit("a@x", "192.0.2.1")
    assert not admin.refused
    assert admin.delay_s == 8


async def test_one_address_is_refused_for_every_e_mail_after_five_failures() -> None:
    limits, _ = limiter()
    for n in range(5):
        assert not (await limits.admit(f"guess{n}@x", "1.1.1.1")).refused
    assert (await limits.admit("other@x", "1.1.1.1")).refused


async def test_right_passwords_and_refused_attempts_are_not_counted() -> None:
    limits, counter = limiter()
    for _ in range(4):
        await limits.admit("a@x", "1.1.1.1")
    ok = await limits.admit("a@x", "1.1.1.1")
    await limits.succeeded(ok)
    assert counter.rows["pair:a@x|1.1.1.1"] == []
    assert len(counter.rows["ip:1.1.1.1"]) == 4
    await limits.admit("b@x", "1.1.1.1")  # the address's fifth failure
    refused = await limits.admit("b@x", "1.1.1.1")
    assert refused.refused
    assert len(counter.rows["ip:1.1.1.1"]) == 5  # the refused attempt was taken back


async def test_parallel_attempts_are_counted_before_any_password_check() -> None:
    limits, _ = limiter()
    answers = await asyncio.gather(*(limits.admit("a@x", "1.1.1.1") for _ in range(30)))
    assert sum(not a.refused for a in answers) == 5


@given(st.lists(st.floats(min_value=0, max_value=3600, allow_nan=False), max_size=30))
def test_the_pair_is_refused_exactly_when_five_failures_are_in_the_window(gaps: list[float]) -> None:
    clock = Clock()
    limits, _ = limiter(clock)
    failures: list[float] = []

    async def run() -> None:
        for gap in gaps:
            clock.now += gap
            recent = [t for t in failures if t > clock.now - 900]
            admission = await limits.admit("k@x", "1.1.1.1")
            assert admission.refused == (len(recent) >= 5), (recent, admission)
            if not admission.refused:
                failures.append(clock.now)

    asyncio.run(run())
