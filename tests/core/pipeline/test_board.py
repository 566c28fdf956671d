"""The pipeline board's use case on a fake store: every stage's column in order with its whole
count, its first cards longest in the stage first, one column paged with ``stage`` and ``cursor``,
and the employer filter as the employer's jobs."""

from __future__ import annotations

from datetime import timedelta

import pytest

from agency_core.errors import Rejected
from agency_core.pipeline.board import (
    BAD_CURSOR,
    CURSOR_WITHOUT_STAGE,
    UNKNOWN_STAGE,
    BoardEntry,
    BoardFilter,
    BoardQuery,
    PipelineBoard,
)
from agency_core.pipeline.stages import ALL_STAGES, StageKey
from tests.support.clock import NOW


def entry(n: int, stage: StageKey, days: float, job_id: str = "") -> BoardEntry:
    return BoardEntry(f"VA{n:03d}", stage, NOW - timedelta(days=days), f"Name {n}", "Qatar", job_id, "", "", "")


class FakeBoardStore:
    def __init__(self, entries: list[BoardEntry]) -> None:
        self.entries = entries
        self.asked: list[BoardFilter] = []

    async def board_entries(self, query: BoardFilter) -> list[BoardEntry]:
        self.asked.append(query)
        return [e for e in self.entries if query.job_ids is None or e.job_id in query.job_ids]


class FakeEmployerJobs:
    async def __call__(self, employer_id: str) -> frozenset[str]:
        return {"E1": frozenset({"J1", "J2"}), "E2": frozenset()}.get(employer_id, frozenset())


def board(entries: list[BoardEntry], limit: int = 3) -> tuple[PipelineBoard, FakeBoardStore]:
    store = FakeBoardStore(entries)
    return PipelineBoard(store, FakeEmployerJobs(), lambda: NOW, limit=limit), store


async def test_every_stage_has_its_column_with_its_whole_count_and_its_longest_waiting_cards() -> None:
    entries = [entry(n, StageKey.MEDICAL, days=n) for n in range(1, 6)] + [entry(9, StageKey.CLOSED, 0.5)]
    columns = await board(entries)[0].board(BoardQuery())
    assert [c.stage for c in columns] == [s.key for s in ALL_STAGES]
    medical = next(c for c in columns if c.stage is StageKey.MEDICAL)
    assert (medical.label, medical.count, medical.next_cursor) == ("Medical examination", 5, "3")
    assert [(c.entry.application_id, c.days_in_stage) for c in medical.cards] == [
        ("VA005", 5),
        ("VA004", 4),
        ("VA003", 3),
    ]
    closed = next(c for c in columns if c.stage is StageKey.CLOSED)
    assert (closed.count, closed.cards[0].days_in_stage, closed.next_cursor) == (1, 0, None)
    assert sum(c.count for c in columns) == 6


async def test_one_column_pages_on_with_its_cursor() -> None:
    entries = [entry(n, StageKey.VISA, days=n) for n in range(1, 6)]
    use_case = board(entries)[0]
    (rest,) = await use_case.board(BoardQuery(stage="visa", cursor="3"))
    assert (rest.count, [c.entry.application_id for c in rest.cards], rest.next_cursor) == (5, ["VA002", "VA001"], None)


@pytest.mark.parametrize(
    ("query", "errors"),
    [
        (BoardQuery(stage="approved"), {"stage": UNKNOWN_STAGE}),
        (BoardQuery(cursor="3"), {"cursor": CURSOR_WITHOUT_STAGE}),
        (BoardQuery(stage="visa", cursor="-1"), {"cursor": BAD_CURSOR}),
        (BoardQuery(stage="visa", cursor="٣"), {"cursor": BAD_CURSOR}),
    ],
)
async def test_an_unknown_stage_or_a_bad_cursor_is_refused(query: BoardQuery, errors: dict[str, str]) -> None:
    with pytest.raises(Rejected) as refused:
        await board([])[0].board(query)
    assert refused.value.errors == errors


async def test_the_employer_filter_is_its_jobs_and_the_job_filter_narrows_it() -> None:
    entries = [
        entry(1, StageKey.SELECTED, 1, "J1"),
        entry(2, StageKey.SELECTED, 2, "J2"),
        entry(3, StageKey.SELECTED, 3, "J3"),
    ]
    use_case, store = board(entries)

    async def ids(query: BoardQuery) -> list[str]:
        return [c.entry.application_id for col in await use_case.board(query) for c in col.cards]

    assert await ids(BoardQuery(employer_id="E1")) == ["VA002", "VA001"]
    assert await ids(BoardQuery(employer_id="E1", job_id="J2")) == ["VA002"]
    assert await ids(BoardQuery(employer_id="E1", job_id="J3")) == []
    assert await ids(BoardQuery(job_id=" J3 ")) == ["VA003"]
    asked = len(store.asked)
    assert await ids(BoardQuery(employer_id="E2")) == []  # an employer without jobs: nothing to ask the store
    assert len(store.asked) == asked
    await use_case.board(BoardQuery(destination=" Qatar ", owner_id="U7"))
    assert store.asked[-1] == BoardFilter("Qatar", "U7", None)
