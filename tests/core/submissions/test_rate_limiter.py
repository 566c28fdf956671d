"""The rate limiter answers a refused key's further hits in its window from memory: never allowing
what the shared count refuses, and asking the store again once the window has ended."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from agency_core.submissions import rate_limits
from agency_core.submissions.rate_limits import RateLimiter, WindowCount

T0 = 1_780_000_040.0


class MemoryCounter:
    """The HitCounter contract in memory, counting the rounds it is asked."""

    def __init__(self) -> None:
        self.windows: dict[str, WindowCount] = {}
        self.rounds = 0

    async def hit(self, key: str, at: float, window_s: float) -> WindowCount:
        self.rounds += 1
        current = self.windows.get(key)
        if current is None or current.resets_at <= at:
            current = WindowCount(0, at + window_s)
        self.windows[key] = WindowCount(current.count + 1, current.resets_at)
        return self.windows[key]


async def test_a_refused_key_is_refused_from_memory_until_its_window_ends() -> None:
    counter, now = MemoryCounter(), [T0]
    limiter = RateLimiter(counter, 2, clock=lambda: now[0])
    assert [(await limiter.hit("forms", "1.2.3.4")).allowed for _ in range(3)] == [True, True, False]
    assert counter.rounds == 3
    now[0] = T0 + 59.2
    refused = await limiter.hit("forms", "1.2.3.4")
    assert (refused.allowed, refused.remaining, refused.retry_after_s, counter.rounds) == (False, 0, 1, 3)
    assert (await limiter.hit("forms", "5.6.7.8")).allowed  # another address still asks the store
    now[0] = T0 + 60
    assert (await limiter.hit("forms", "1.2.3.4")).allowed
    assert counter.rounds == 5


@settings(max_examples=60)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c"]), st.floats(0, 30)), max_size=60), st.integers(1, 4))
async def test_it_decides_as_the_shared_count_alone_would(hits: list[tuple[str, float]], limit: int) -> None:
    shared, alone, now = MemoryCounter(), MemoryCounter(), [T0]
    limiter, reference = RateLimiter(shared, limit, 20, lambda: now[0]), RateLimiter(alone, limit, 20, lambda: now[0])
    reference._remember_refusal = lambda *_: None  # type: ignore[method-assign]  # asks the store every time
    for address, step in hits:
        now[0] += step
        assert (await limiter.hit("forms", address)).allowed == (await reference.hit("forms", address)).allowed


async def test_the_memory_of_refusals_is_bounded() -> None:
    counter, now = MemoryCounter(), [T0]
    limiter = RateLimiter(counter, 1, clock=lambda: now[0])
    rate_limits_max = rate_limits.REMEMBERED_REFUSALS
    for i in range(rate_limits_max + 5):
        await limiter.hit("forms", f"10.{i}")
        await limiter.hit("forms", f"10.{i}")  # refused and remembered while there is room
    assert len(limiter._refused) == rate_limits_max
    now[0] = T0 + 61  # all ended: the next refusal drops them
    await limiter.hit("forms", "x")
    await limiter.hit("forms", "x")
    assert len(limiter._refused) == 1
