"""The deployment pipeline's history in the embedded SQLite file: the reads of
:class:`agency_core.pipeline.moves.PipelineStore` and the unit of work's writes.

One row per move in ``pipeline_moves`` (the ``records_0017_pipeline_stages`` migration); the
current stage is the last row's. ``(application_id, version)`` is unique, and a move is inserted
only when the application's last version is the one before it (read inside the ``BEGIN IMMEDIATE``
transaction), so concurrent moves keep one linear history. A move past Departed is inserted only
when the applicant's current documents (``pipeline_documents``, read in the same transaction) are
still the versions its departure gate read: the gate and the move are one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime

from adapters.codec import from_row, to_row
from adapters.sqlite import pipeline_board
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import insert
from agency_core.pipeline.board import BoardEntry, BoardFilter
from agency_core.pipeline.report import ReportMove
from agency_core.pipeline.stages import StageMove
from agency_core.unit_of_work import DocumentsChanged, PreconditionFailed

Step = Callable[[sqlite3.Connection], object]

TABLE = "pipeline_moves"

MIGRATION = Migration(
    "records_0017_pipeline_stages",
    """
    CREATE TABLE pipeline_moves (
        id TEXT PRIMARY KEY,
        application_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        kind TEXT NOT NULL,
        from_stage TEXT,
        to_stage TEXT NOT NULL,
        actor TEXT NOT NULL,
        at TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        close_reason TEXT,
        close_text TEXT NOT NULL DEFAULT ''
    );
    CREATE UNIQUE INDEX pipeline_moves_version ON pipeline_moves (application_id, version)
    """,
)


def history_of(conn: sqlite3.Connection, application_id: str) -> list[StageMove]:
    rows = conn.execute(f"SELECT * FROM {TABLE} WHERE application_id = ? ORDER BY version", (application_id,))  # noqa: S608
    return [from_row(StageMove, r) for r in rows]


class SqlitePipelineStore:
    """Implements :class:`agency_core.pipeline.moves.PipelineStore` on one :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def history(self, application_id: str) -> list[StageMove]:
        return await self._db.run(lambda conn: history_of(conn, application_id))

    async def board_entries(self, query: BoardFilter) -> list[BoardEntry]:
        return await self._db.run(lambda conn: pipeline_board.board_entries(conn, query))

    async def report_moves(self, start: datetime, end: datetime) -> list[ReportMove]:
        return await self._db.run(lambda conn: pipeline_board.report_moves(conn, start, end))


def _documents_still(conn: sqlite3.Connection, application_id: str, documents: Sequence[str]) -> None:
    """:class:`DocumentsChanged` unless ``documents`` are exactly the applicant's current versions."""
    rows = conn.execute(
        "SELECT id FROM pipeline_documents WHERE application_id = ? AND state = 'current'", (application_id,)
    ).fetchall()
    if sorted(r[0] for r in rows) != sorted(documents):
        raise DocumentsChanged(f"documents of {application_id}")


def _add(conn: sqlite3.Connection, move: StageMove, documents: Sequence[str] | None) -> None:
    if documents is not None:
        _documents_still(conn, move.application_id, documents)
    last = conn.execute(
        f"SELECT COALESCE(MAX(version), 0) FROM {TABLE} WHERE application_id = ?",  # noqa: S608
        (move.application_id,),
    ).fetchone()[0]
    if last != move.version - 1:
        raise PreconditionFailed(f"pipeline of {move.application_id}")
    insert(conn, TABLE, to_row(move))


class PipelineWrites:
    """The unit of work's :class:`agency_core.unit_of_work.PipelineWrites`."""

    def __init__(self, steps: list[Step]) -> None:
        self._steps = steps

    async def add(self, move: StageMove, documents: Sequence[str] | None = None) -> None:
        self._steps.append(lambda conn: _add(conn, move, documents))
