"""The pipeline board (issue 45 item 5): every applicant in the pipeline as a card in the column of
their current stage, with the column's count, filtered by destination, employer, job and owner.

A column shows its first :data:`CARDS_PER_COLUMN` cards, longest in the stage first (then by
application ID), and its count is always the whole column's; ``stage`` and ``cursor`` page on
through one column. The store answers the current stage of every applicant that matches
(:meth:`BoardStore.board_entries`, one query); the employer filter is the jobs linked to the
employer's orders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Protocol

from agency_core.errors import Rejected
from agency_core.pipeline.moves import PipelineStore
from agency_core.pipeline.report import ReportStore
from agency_core.pipeline.stages import ALL_STAGES, STAGE, StageKey

CARDS_PER_COLUMN: Final = 50
UNKNOWN_STAGE: Final = "Choose one of the pipeline's stages"
BAD_CURSOR: Final = "Use the cursor the board gave"
CURSOR_WITHOUT_STAGE: Final = "A cursor pages one column: name its stage"


@dataclass(frozen=True, slots=True)
class BoardFilter:
    destination: str = ""
    """The application's preferred country, exactly ("" for any)."""
    owner_id: str = ""
    job_ids: frozenset[str] | None = None
    """Only applications to one of these jobs (``None`` for any job; empty matches nothing)."""


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """An applicant's current stage and what their card shows."""

    application_id: str
    stage: StageKey
    since: datetime
    """When the last move (into the current stage) was made."""
    name: str
    destination: str
    job_id: str
    job_title: str
    owner_id: str
    owner_name: str


class EmployerJobs(Protocol):
    """The jobs linked to the employer's orders (the app joins the employers' store to the board)."""

    async def __call__(self, employer_id: str) -> frozenset[str]: ...


class BoardStore(Protocol):
    async def board_entries(self, query: BoardFilter) -> list[BoardEntry]:
        """Every application in the pipeline that matches ``query``, at its current stage."""
        ...


class PipelineReads(PipelineStore, BoardStore, ReportStore, Protocol):
    """The pipeline store with the board's and the report's reads (one per backend)."""


@dataclass(frozen=True, slots=True)
class Card:
    entry: BoardEntry
    days_in_stage: int


@dataclass(frozen=True, slots=True)
class Column:
    stage: StageKey
    label: str
    count: int
    cards: tuple[Card, ...]
    next_cursor: str | None
    """Give it back (with the stage) for the column's next cards; ``None`` at its end."""


@dataclass(frozen=True, slots=True)
class BoardQuery:
    destination: str = ""
    employer_id: str = ""
    job_id: str = ""
    owner_id: str = ""
    stage: str = ""
    """Only this column (with ``cursor``: its cards after it)."""
    cursor: str = ""


def _longest_first(entry: BoardEntry) -> tuple[datetime, str]:
    return entry.since, entry.application_id


def columns(
    entries: Sequence[BoardEntry],
    now: datetime,
    *,
    limit: int = CARDS_PER_COLUMN,
    only: StageKey | None = None,
    offset: int = 0,
) -> list[Column]:
    """The board's columns in the pipeline's order (every stage, empty ones too; ``only`` one of
    them), each with its whole count and ``limit`` cards from ``offset``, longest in the stage first."""
    by_stage: dict[StageKey, list[BoardEntry]] = {s.key: [] for s in ALL_STAGES}
    for entry in entries:
        by_stage[entry.stage].append(entry)
    shown: list[Column] = []
    for stage in ALL_STAGES:
        if only is not None and stage.key is not only:
            continue
        column = sorted(by_stage[stage.key], key=_longest_first)
        page = column[offset : offset + limit]
        cards = tuple(Card(e, max((now - e.since).days, 0)) for e in page)
        after = offset + len(page)
        shown.append(Column(stage.key, stage.label, len(column), cards, str(after) if after < len(column) else None))
    return shown


def _page(query: BoardQuery) -> tuple[StageKey | None, int]:
    stage: StageKey | None = None
    if query.stage:
        if query.stage not in STAGE:
            raise Rejected({"stage": UNKNOWN_STAGE})
        stage = StageKey(query.stage)
    if not query.cursor:
        return stage, 0
    if stage is None:
        raise Rejected({"cursor": CURSOR_WITHOUT_STAGE})
    if not query.cursor.isascii() or not query.cursor.isdigit() or len(query.cursor) > 9:
        raise Rejected({"cursor": BAD_CURSOR})
    return stage, int(query.cursor)


class PipelineBoard:
    """Reads the board; nothing is written (the bulk move is :meth:`PipelineAdmin.move_many`)."""

    def __init__(
        self,
        store: BoardStore,
        employers: EmployerJobs,
        clock: Callable[[], datetime],
        *,
        limit: int = CARDS_PER_COLUMN,
    ) -> None:
        self.store = store
        self.employers = employers
        self.clock = clock
        self.limit = limit

    async def board(self, query: BoardQuery) -> list[Column]:
        """The columns (one with ``query.stage``), filtered; 422 for an unknown stage or a bad cursor."""
        only, offset = _page(query)
        jobs: frozenset[str] | None = None
        if query.employer_id.strip():
            jobs = await self.employers(query.employer_id.strip())
        if query.job_id.strip():
            job = query.job_id.strip()
            jobs = frozenset({job}) if jobs is None else jobs & {job}
        found = BoardFilter(query.destination.strip(), query.owner_id.strip(), jobs)
        entries = [] if jobs == frozenset() else await self.store.board_entries(found)
        return columns(entries, self.clock(), limit=self.limit, only=only, offset=offset)


__all__ = [
    "CARDS_PER_COLUMN",
    "BoardEntry",
    "BoardFilter",
    "BoardQuery",
    "BoardStore",
    "Card",
    "Column",
    "EmployerJobs",
    "PipelineBoard",
    "PipelineReads",
    "columns",
]
