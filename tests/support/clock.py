"""The tests' instant: a test that asserts on a date or a time hands the app :func:`clock` (or sets
``AGENCY_NOW`` to :data:`NOW_ISO` for an app process) and derives what it expects from :data:`NOW`,
never from the machine's time, so it passes at any hour, midnight UTC included."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from agency_core.clock import Clock, running_from

NOW: Final = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
"""Noon UTC (and in Accra, the office's zone): a test's hour of work stays on the same day."""
NOW_ISO: Final = NOW.isoformat()


def clock(at: datetime = NOW) -> Clock:
    """The app's clock for a test: ``at`` when the app is built, then running at the real pace (an
    outbox retry or a lease still falls due)."""
    return running_from(at)
