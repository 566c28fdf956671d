"""The public rate limit: at most ``limit`` requests per window per client address and route
group, counted in a shared store so that every app instance enforces the same limit.

A window opens with a key's first request and lasts ``window_s`` (as Litestar's in-memory
limiter did): one counter per key, which any store can increment atomically, and no edge
at the turn of the minute. Over the limit, the answer says how long until the window ends
(``Retry-After``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol


@dataclass(frozen=True, slots=True)
class WindowCount:
    """Requests counted under a key in the current window (this one included), and when it ends."""

    count: int
    resets_at: float


class HitCounter(Protocol):
    """Atomic hit counting per key and window."""

    async def hit(self, key: str, at: float, window_s: float) -> WindowCount:
        """In one atomic step: count one hit under ``key`` at ``at`` and return the window's
        count, this hit included, and its end. A hit when the key has no window, or its window
        ended at or before ``at``, opens a new one: count 1, ending at ``at + window_s``."""
        ...


def rate_key(group: str, address: str) -> str:
    return f"rate:{group}|{address}"


@dataclass(frozen=True, slots=True)
class RateDecision:
    limit: int
    remaining: int
    reset_s: int
    """Whole seconds until the window ends (at least 1)."""
    allowed: bool

    @property
    def retry_after_s(self) -> int:
        return 0 if self.allowed else self.reset_s


REMEMBERED_REFUSALS: Final = 10_000
"""At most this many refused windows are kept in memory (ended ones are dropped first)."""


class RateLimiter:
    """``limit`` requests per ``window_s`` per address and group; ``limit`` 0 allows everything.

    A key refused by the shared count stays refused until its window ends (the count only grows
    until then), so this instance answers its further hits in that window from memory, without a
    round to the store: it never allows what the shared count would refuse."""

    def __init__(
        self, counter: HitCounter, limit: int, window_s: float = 60.0, clock: Callable[[], float] = time.time
    ) -> None:
        self.counter = counter
        self.limit = limit
        self.window_s = window_s
        self.clock = clock
        self._refused: dict[str, float] = {}
        """Key -> end of its window, for the keys this instance saw refused."""

    @property
    def enabled(self) -> bool:
        return self.limit > 0

    async def hit(self, group: str, address: str) -> RateDecision:
        at = self.clock()
        key = rate_key(group, address)
        refused_until = self._refused.get(key)
        if refused_until is not None and at < refused_until:
            return RateDecision(self.limit, 0, max(1, math.ceil(refused_until - at)), False)
        counted = await self.counter.hit(key, at, self.window_s)
        reset_s = max(1, math.ceil(counted.resets_at - at))
        allowed = counted.count <= self.limit
        if not allowed:
            self._remember_refusal(key, counted.resets_at, at)
        return RateDecision(self.limit, max(0, self.limit - counted.count), reset_s, allowed)

    def _remember_refusal(self, key: str, until: float, at: float) -> None:
        if len(self._refused) >= REMEMBERED_REFUSALS:
            self._refused = {k: end for k, end in self._refused.items() if end > at}
        if len(self._refused) < REMEMBERED_REFUSALS:
            self._refused[key] = until
