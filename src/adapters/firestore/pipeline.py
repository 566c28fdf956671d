"""The deployment pipeline's history on Firestore: the reads of
:class:`agency_core.pipeline.moves.PipelineStore` and the unit of work's writes.

Each move is a document of ``pipeline_moves`` named ``<application id>-<version>`` (so two moves
made on the same version create the same document: one of them fails); ``pipeline_heads`` holds,
per application, the last version and stage. A move is written in the unit of work's transaction
on condition (read inside it) that the head is at the version before the move's. A move past
Departed also reads the applicant's current documents in that transaction (they must still be those
its departure gate read) and creates their next mark first (see ``adapters.firestore.pipeline_documents``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, to_document
from adapters.firestore.documents import Document
from adapters.firestore.pipeline_board import FirestorePipelineBoard
from adapters.firestore.pipeline_documents import Fence, read_fence
from agency_core.pipeline.stages import StageMove
from agency_core.unit_of_work import DocumentsChanged, PreconditionFailed

MOVES = "pipeline_moves"
HEADS = "pipeline_heads"


def move_id(application_id: str, version: int) -> str:
    return f"{application_id}-{version:05d}"


class FirestorePipelineStore(FirestorePipelineBoard):
    """``prefix`` namespaces the collections, as for :class:`adapters.firestore.store.FirestoreStore`;
    the board's and the report's reads are :class:`FirestorePipelineBoard`'s."""

    async def history(self, application_id: str) -> list[StageMove]:
        query = self._col(MOVES).where(filter=FieldFilter("application_id", "==", application_id))
        docs = [d async for snap in query.stream() if (d := snap.to_dict()) is not None]
        return sorted((from_document(StageMove, d) for d in docs), key=lambda m: m.version)


class PipelineWrites:
    def __init__(self, writes: Any) -> None:
        self._w = writes
        """The unit of work's ``_Writes`` helper (its ``_col`` and ``_step``)."""

    async def add(self, move: StageMove, documents: Sequence[str] | None = None) -> None:
        head_ref = self._w._col(HEADS).document(move.application_id)
        move_ref = self._w._col(MOVES).document(move_id(move.application_id, move.version))
        fences: list[Fence] = []

        async def check(tx: Any) -> None:
            snap = await head_ref.get(transaction=tx)
            head: Document = (snap.to_dict() or {}) if snap.exists else {}
            if int(head.get("version") or 0) != move.version - 1:
                raise PreconditionFailed(f"pipeline of {move.application_id}")
            fences.clear()
            if documents is not None:
                fence = await read_fence(tx, self._w._col, move.application_id)
                if fence.current != tuple(sorted(documents)):
                    raise DocumentsChanged(f"documents of {move.application_id}")
                fences.append(fence)

        def write(tx: Any) -> None:
            for fence in fences:  # first: a renewal that took this mark meanwhile fails the commit
                tx.create(*fence.next_mark(self._w._col, move.application_id))
            tx.set(head_ref, {"version": move.version, "stage": move.to_stage.value, "at": move.at})
            tx.create(move_ref, to_document(move))

        self._w._step(write, check)
