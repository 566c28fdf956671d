"""The time as use cases read it: a :data:`Clock` is any function that answers "now" (tests pass
their own); :func:`utc_now` is the real one."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)
