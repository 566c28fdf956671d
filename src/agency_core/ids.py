"""Application IDs and appointment references: "VA" + a millisecond timestamp, never repeated."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from agency_core.spec.constants import ID_PREFIX


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


class IdGenerator:
    """Makes ``VA<ms>`` IDs that strictly increase within the process.

    Two requests in the same millisecond (or a clock that steps back) get the next free
    millisecond instead of a duplicate, so an ID stays a timestamp to within a few ms.
    """

    def __init__(self, clock_ms: Callable[[], int] = _now_ms) -> None:
        self._clock_ms = clock_ms
        self._last = 0
        self._lock = threading.Lock()

    def next_id(self) -> str:
        with self._lock:
            self._last = max(self._clock_ms(), self._last + 1)
            return f"{ID_PREFIX}{self._last}"


class IdTaken(Exception):
    """A store already holds a record under this new ID: another app instance made the same
    ``VA<ms>`` in the same millisecond (IDs are unique per process only). Retry with a new ID."""


FRESH_ID_ATTEMPTS = 5
