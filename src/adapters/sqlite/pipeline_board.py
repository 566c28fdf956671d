"""The pipeline board's and the stage-time report's reads in the embedded SQLite file
(:class:`agency_core.pipeline.board.BoardStore`, :class:`agency_core.pipeline.report.ReportStore`).

The board is one query: each application's last move (``MAX(version)`` per application, read from
the ``pipeline_moves_version`` index) joined to its application row for the card and the filters.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Final

from adapters.codec import moment, timestamp
from agency_core.pipeline.board import BoardEntry, BoardFilter
from agency_core.pipeline.report import ReportMove
from agency_core.pipeline.stages import StageKey

_BOARD: Final = """
SELECT m.application_id, m.to_stage, m.at,
       json_extract(a.data, '$.firstName') AS first_name, json_extract(a.data, '$.lastName') AS last_name,
       json_extract(a.data, '$.preferredCountry') AS destination, json_extract(a.data, '$.jobId') AS job_id,
       json_extract(a.data, '$.jobTitle') AS job_title, a.owner_id, a.owner_name
FROM (SELECT application_id, MAX(version) AS version FROM pipeline_moves GROUP BY application_id) AS head
JOIN pipeline_moves AS m ON m.application_id = head.application_id AND m.version = head.version
JOIN applications AS a ON a.id = m.application_id
"""

_REPORT_MOVES: Final = """
SELECT application_id, version, to_stage, at FROM pipeline_moves
WHERE application_id IN (SELECT application_id FROM pipeline_moves WHERE at >= ? AND at < ?)
"""

_DESTINATIONS: Final = """
SELECT id, json_extract(data, '$.preferredCountry') FROM applications
WHERE id IN (SELECT application_id FROM pipeline_moves WHERE at >= ? AND at < ?)
"""

_STAGE_KEYS: Final = {s.value: s for s in StageKey}


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def board_entries(conn: sqlite3.Connection, query: BoardFilter) -> list[BoardEntry]:
    clauses: list[str] = []
    params: list[object] = []
    if query.destination:
        clauses.append("json_extract(a.data, '$.preferredCountry') = ?")
        params.append(query.destination)
    if query.owner_id:
        clauses.append("a.owner_id = ?")
        params.append(query.owner_id)
    if query.job_ids is not None:
        clauses.append(f"json_extract(a.data, '$.jobId') IN ({', '.join('?' for _ in query.job_ids) or 'NULL'})")
        params.extend(sorted(query.job_ids))
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    rows = conn.execute(_BOARD + where, params).fetchall()
    return [
        BoardEntry(
            application_id=r["application_id"],
            stage=StageKey(r["to_stage"]),
            since=_moment(r["at"]),
            name=f"{_text(r['first_name'])} {_text(r['last_name'])}".strip(),
            destination=_text(r["destination"]),
            job_id=_text(r["job_id"]),
            job_title=_text(r["job_title"]),
            owner_id=_text(r["owner_id"]),
            owner_name=_text(r["owner_name"]),
        )
        for r in rows
    ]


def report_moves(conn: sqlite3.Connection, start: datetime, end: datetime) -> list[ReportMove]:
    """Two reads (the moves, then each application's destination once) and plain tuples: 20,000
    moves are read in tens of milliseconds (``bench/stage_report.py``)."""
    bounds = (timestamp(start), timestamp(end))
    destinations = {row[0]: _text(row[1]) for row in conn.execute(_DESTINATIONS, bounds)}
    cursor = conn.execute(_REPORT_MOVES, bounds)
    cursor.row_factory = None  # tuples, not sqlite3.Row
    return [
        ReportMove(app_id, version, _STAGE_KEYS[stage], datetime.fromisoformat(at), destinations[app_id])
        for app_id, version, stage, at in cursor
        if app_id in destinations
    ]


def _moment(raw: object) -> datetime:
    found = moment(raw)
    if found is None:
        raise ValueError("a move without its time")
    return found


__all__ = ["board_entries", "report_moves"]
