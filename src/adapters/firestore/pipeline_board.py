"""The pipeline board's and the stage-time report's reads on Firestore
(:class:`agency_core.pipeline.board.BoardStore`, :class:`agency_core.pipeline.report.ReportStore`).

The board reads ``pipeline_heads`` (each application's current stage and since when) and the
applications they name in one batched read; the filters apply to the application documents. The
report reads the moves made in the range, then the whole history of the applications they belong to.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, Final

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import moment
from adapters.firestore.documents import Collections, Document
from agency_core.pipeline.board import BoardEntry, BoardFilter
from agency_core.pipeline.report import ReportMove
from agency_core.pipeline.stages import StageKey

HEADS: Final = "pipeline_heads"
MOVES: Final = "pipeline_moves"
IN_LIMIT: Final = 30
"""Firestore's ``in`` takes at most 30 values."""


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _matches(doc: Document, query: BoardFilter) -> bool:
    data: dict[str, Any] = doc.get("data") or {}
    if query.destination and data.get("preferredCountry") != query.destination:
        return False
    if query.owner_id and doc.get("owner_id") != query.owner_id:
        return False
    return query.job_ids is None or data.get("jobId") in query.job_ids


def _entry(application_id: str, head: Document, doc: Document) -> BoardEntry:
    data: dict[str, Any] = doc.get("data") or {}
    since = moment(head.get("at"))
    if since is None:
        raise ValueError(f"the pipeline head of {application_id} has no time")
    return BoardEntry(
        application_id=application_id,
        stage=StageKey(head["stage"]),
        since=since,
        name=f"{_text(data.get('firstName'))} {_text(data.get('lastName'))}".strip(),
        destination=_text(data.get("preferredCountry")),
        job_id=_text(data.get("jobId")),
        job_title=_text(data.get("jobTitle")),
        owner_id=_text(doc.get("owner_id")),
        owner_name=_text(doc.get("owner_name")),
    )


def _chunks(ids: Sequence[str], size: int = IN_LIMIT) -> Iterable[list[str]]:
    for n in range(0, len(ids), size):
        yield list(ids[n : n + size])


class FirestorePipelineBoard(Collections):
    """The reads; :class:`adapters.firestore.pipeline.FirestorePipelineStore` inherits them."""

    async def _applications(self, ids: Sequence[str]) -> dict[str, Document]:
        refs = [self._col("applications").document(i) for i in ids]
        found: dict[str, Document] = {}
        async for snap in self._client.get_all(refs):
            if snap.exists and (doc := snap.to_dict()) is not None:
                found[snap.id] = doc
        return found

    async def board_entries(self, query: BoardFilter) -> list[BoardEntry]:
        heads = {snap.id: d async for snap in self._col(HEADS).stream() if (d := snap.to_dict()) is not None}
        applications = await self._applications(list(heads)) if heads else {}
        return [
            _entry(i, heads[i], doc)
            for i, doc in applications.items()
            if heads[i].get("stage") and _matches(doc, query)
        ]

    async def _moves_of(self, ids: list[str]) -> list[Document]:
        query = self._col(MOVES).where(filter=FieldFilter("application_id", "in", ids))
        return [d async for snap in query.stream() if (d := snap.to_dict()) is not None]

    async def report_moves(self, start: datetime, end: datetime) -> list[ReportMove]:
        in_range = (
            self._col(MOVES).where(filter=FieldFilter("at", ">=", start)).where(filter=FieldFilter("at", "<", end))
        )
        ids = sorted({str(d["application_id"]) async for snap in in_range.stream() if (d := snap.to_dict())})
        if not ids:
            return []
        batches = await asyncio.gather(*(self._moves_of(chunk) for chunk in _chunks(ids)))
        applications = await self._applications(ids)
        moves: list[ReportMove] = []
        for doc in (d for batch in batches for d in batch):
            at = moment(doc.get("at"))
            application_id = str(doc["application_id"])
            if at is None or application_id not in applications:
                continue
            destination = _text((applications[application_id].get("data") or {}).get("preferredCountry"))
            moves.append(ReportMove(application_id, int(doc["version"]), StageKey(doc["to_stage"]), at, destination))
        return moves
