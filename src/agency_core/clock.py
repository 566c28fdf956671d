"""The time as use cases read it: a :data:`Clock` is any function that answers "now" (tests pass
their own); :func:`utc_now` is the real one, :func:`running_from` one set to another instant."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def running_from(start: datetime, wall: Clock = utc_now) -> Clock:
    """A clock that reads ``start`` when it is made and then runs at ``wall``'s pace: a test app set
    to 23:59:50 UTC crosses midnight ten seconds later, whatever the machine's own time."""
    offset = start - wall()
    return lambda: wall() + offset
