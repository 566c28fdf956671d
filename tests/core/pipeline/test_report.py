"""The stage-time report's pure computation: stays between consecutive moves, counted by the day
they ended, grouped by destination (any case) and stage; percentiles interpolated as
``statistics.quantiles(method="inclusive")`` does (hypothesis checks it against that reference)."""

from __future__ import annotations

import statistics
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.pipeline.report import (
    DATE_FORMAT,
    FROM_AFTER_TO,
    ReportMove,
    StageReport,
    StageTime,
    percentile,
    report_range,
    stage_times,
)
from agency_core.pipeline.stages import StageKey
from tests.support.clock import NOW

T0 = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
START, END = datetime(2026, 9, 1, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC)

values = st.lists(st.floats(min_value=0, max_value=10_000, allow_nan=False), min_size=1, max_size=60)


@given(values)
def test_the_median_is_statistics_median(days: list[float]) -> None:
    assert percentile(days, 50) == pytest.approx(statistics.median(days), abs=1e-9)


@given(values.filter(lambda v: len(v) >= 2))
def test_the_90th_percentile_is_the_inclusive_quantile(days: list[float]) -> None:
    reference = statistics.quantiles(days, n=10, method="inclusive")[-1]
    assert percentile(days, 90) == pytest.approx(reference, abs=1e-6)


@given(values, st.floats(min_value=0, max_value=100))
def test_a_percentile_lies_between_the_least_and_the_greatest(days: list[float], p: float) -> None:
    assert min(days) <= percentile(days, p) <= max(days)


def test_a_percentile_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="no values"):
        percentile([], 50)


def history(app_id: str, destination: str, steps: list[tuple[StageKey, float]]) -> list[ReportMove]:
    """Moves into each stage, ``days`` after :data:`T0`."""
    return [
        ReportMove(app_id, n, stage, T0 + timedelta(days=days), destination)
        for n, (stage, days) in enumerate(steps, start=1)
    ]


def test_stays_are_counted_per_destination_and_stage_and_the_current_stage_is_left_out() -> None:
    moves = [
        *history("A", "Qatar", [(StageKey.SELECTED, 0), (StageKey.MEDICAL, 2), (StageKey.VISA, 12)]),
        *history("B", " qatar", [(StageKey.SELECTED, 0), (StageKey.MEDICAL, 4), (StageKey.CLOSED, 5)]),
        *history("C", "Qatar", [(StageKey.SELECTED, 0), (StageKey.MEDICAL, 10)]),
        *history("D", "Oman", [(StageKey.SELECTED, 1), (StageKey.MEDICAL, 1.5)]),
    ]
    assert stage_times(reversed(moves), START, END) == [
        StageTime("Oman", StageKey.SELECTED, 1, 0.5, 0.5),
        # Qatar's selected stays: 2, 4 and 10 days; medical: 10 (A) and 1 (B); A's visa and C's medical go on.
        StageTime("Qatar", StageKey.SELECTED, 3, 4.0, 8.8),
        StageTime("Qatar", StageKey.MEDICAL, 2, 5.5, 9.1),
    ]


def test_only_stays_that_ended_in_the_range_count() -> None:
    moves = history("A", "Qatar", [(StageKey.SELECTED, 0), (StageKey.MEDICAL, 2), (StageKey.VISA, 12)])
    # the range starts after day 2 and ends before day 12: neither stay ended in it
    assert stage_times(moves, T0 + timedelta(days=3), T0 + timedelta(days=12)) == []
    ended = stage_times(moves, T0 + timedelta(days=3), T0 + timedelta(days=12, seconds=1))
    assert ended == [StageTime("Qatar", StageKey.MEDICAL, 1, 10.0, 10.0)]


def test_the_range_is_checked_and_defaults_to_the_90_days_up_to_today() -> None:
    today = NOW.date()
    assert report_range(None, None, today) == (today - timedelta(days=89), today)
    assert report_range("2026-01-01", "2026-01-31", today) == (date(2026, 1, 1), date(2026, 1, 31))
    with pytest.raises(Rejected) as bad:
        report_range("01/02/2026", "tomorrow", today)
    assert bad.value.errors == {"from": DATE_FORMAT, "to": DATE_FORMAT}
    with pytest.raises(Rejected) as backwards:
        report_range("2026-02-01", "2026-01-01", today)
    assert backwards.value.errors == {"from": FROM_AFTER_TO}


class FakeReportStore:
    def __init__(self, moves: list[ReportMove]) -> None:
        self.moves = moves
        self.asked: list[tuple[datetime, datetime]] = []

    async def report_moves(self, start: datetime, end: datetime) -> list[ReportMove]:
        self.asked.append((start, end))
        return self.moves


async def test_the_use_case_reads_the_whole_days_asked_for() -> None:
    store = FakeReportStore(history("A", "Qatar", [(StageKey.SELECTED, 0), (StageKey.MEDICAL, 3)]))
    view = await StageReport(store, lambda: NOW).report("2026-09-01", "2026-09-04")
    assert store.asked == [(START, START + timedelta(days=4))]
    assert (view.start, view.end) == (date(2026, 9, 1), date(2026, 9, 4))
    assert view.rows == (StageTime("Qatar", StageKey.SELECTED, 1, 3.0, 3.0),)
