"""The stage-time report (issue 45 item 5): the median and 90th percentile of the days applicants
spent in each stage, per destination, over a date range, computed from the pipeline's move history.

A *stay* is the time between a move into a stage and the applicant's next move (whatever its kind:
a move on, a correction, a close). A stay counts in the range when it *ended* in it (its next move's
day, UTC, between ``from`` and ``to`` inclusive); the stage an applicant is in now has not ended and
is on the board, not here. Percentiles interpolate between the sorted values (the "inclusive" method
of :func:`statistics.quantiles`, numpy's default), so the median of an even count is the mean of the
two middle ones.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from itertools import pairwise
from typing import Final, Protocol

from agency_core.errors import Rejected
from agency_core.pipeline.gate import destination_key
from agency_core.pipeline.stages import ALL_STAGES, StageKey

DEFAULT_DAYS: Final = 90
"""A report without ``from`` covers the 90 days up to ``to`` (today without it)."""
MAX_DAYS: Final = 3660
DATE_FORMAT: Final = "Give the date as 2026-11-28"
FROM_AFTER_TO: Final = "The start must not be after the end"
TOO_LONG: Final = f"At most {MAX_DAYS} days at once"
DAY: Final = 86400.0
_ORDER: Final = {s.key: n for n, s in enumerate(ALL_STAGES)}


@dataclass(frozen=True, slots=True)
class ReportMove:
    """One move of the history with the applicant's destination (as their application names it)."""

    application_id: str
    version: int
    to_stage: StageKey
    at: datetime
    destination: str


class ReportStore(Protocol):
    async def report_moves(self, start: datetime, end: datetime) -> list[ReportMove]:
        """Every move of each application that has at least one move at or after ``start`` and
        before ``end`` (its whole history, so that a stay begun before ``start`` is complete)."""
        ...


@dataclass(frozen=True, slots=True)
class StageTime:
    destination: str
    stage: StageKey
    count: int
    """The stays that ended in the range."""
    median_days: float
    p90_days: float


@dataclass(frozen=True, slots=True)
class StageReportView:
    start: date
    end: date
    """Both inclusive."""
    rows: tuple[StageTime, ...]
    """By destination (A to Z, any case), then stage in the pipeline's order."""


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0 to 100) of ``values`` (not empty), interpolated between the two
    values around rank ``(n - 1) * p / 100`` of the sorted values."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * p / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def stays(moves: Iterable[ReportMove], start: datetime, end: datetime) -> dict[tuple[str, StageKey], list[float]]:
    """The days of every stay that ended at or after ``start`` and before ``end``, by (destination, stage)."""
    by_application: dict[str, list[ReportMove]] = defaultdict(list)
    for move in moves:
        by_application[move.application_id].append(move)
    found: dict[tuple[str, StageKey], list[float]] = defaultdict(list)
    for history in by_application.values():
        history.sort(key=lambda m: m.version)
        for stay, after in pairwise(history):
            if start <= after.at < end:
                days = max((after.at - stay.at).total_seconds(), 0.0) / DAY
                found[(after.destination, stay.to_stage)].append(days)
    return found


def stage_times(moves: Iterable[ReportMove], start: datetime, end: datetime) -> list[StageTime]:
    """The report's rows: per destination and stage with at least one stay ended in the range."""
    names: dict[str, str] = {}
    grouped: dict[tuple[str, StageKey], list[float]] = defaultdict(list)
    for (destination, stage), days in stays(moves, start, end).items():
        key = destination_key(destination)
        names.setdefault(key, " ".join(destination.split()))
        grouped[(key, stage)].extend(days)
    rows = [
        StageTime(names[key], stage, len(days), round(percentile(days, 50), 1), round(percentile(days, 90), 1))
        for (key, stage), days in grouped.items()
    ]
    return sorted(rows, key=lambda r: (destination_key(r.destination), _ORDER[r.stage]))


def _day(raw: str | None, field: str, errors: dict[str, str]) -> date | None:
    if raw is None or not raw.strip():
        return None
    try:
        return date.fromisoformat(raw.strip())
    except ValueError:
        errors[field] = DATE_FORMAT
        return None


def report_range(raw_from: str | None, raw_to: str | None, today: date) -> tuple[date, date]:
    """The range asked for (``YYYY-MM-DD``, both inclusive): ``to`` defaults to today, ``from`` to
    :data:`DEFAULT_DAYS` before ``to``; 422 by field when a date is not one or the range is wrong."""
    errors: dict[str, str] = {}
    start, end = _day(raw_from, "from", errors), _day(raw_to, "to", errors)
    if errors:
        raise Rejected(errors)
    end = end or today
    start = start or end - timedelta(days=DEFAULT_DAYS - 1)
    if start > end:
        raise Rejected({"from": FROM_AFTER_TO})
    if (end - start).days >= MAX_DAYS:
        raise Rejected({"from": TOO_LONG})
    return start, end


def midnight(day: date) -> datetime:
    return datetime.combine(day, time(0), tzinfo=UTC)


class StageReport:
    """The report over the store's history, on the days asked for (today by the injected clock)."""

    def __init__(self, store: ReportStore, clock: Callable[[], datetime]) -> None:
        self.store = store
        self.clock = clock

    async def report(self, raw_from: str | None = None, raw_to: str | None = None) -> StageReportView:
        start, end = report_range(raw_from, raw_to, self.clock().astimezone(UTC).date())
        begin, finish = midnight(start), midnight(end + timedelta(days=1))
        moves = await self.store.report_moves(begin, finish)
        return StageReportView(start, end, tuple(stage_times(moves, begin, finish)))


__all__ = [
    "ReportMove",
    "ReportStore",
    "StageReport",
    "StageReportView",
    "StageTime",
    "percentile",
    "report_range",
    "stage_times",
    "stays",
]
