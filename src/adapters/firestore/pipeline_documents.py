"""An applicant's documents and the departure gates on Firestore.

Implements :class:`agency_core.pipeline.document_ports.DocumentStore` and
:class:`~agency_core.pipeline.document_ports.GateSettingsStore`. A document version is a document of
``pipeline_documents`` named ``<application>~<kind>~<version>``; a gate one of ``pipeline_gates`` per
destination (named by the hash of its name in any case; the default's is ``""``) with its version;
each change one of ``pipeline_gate_changes`` named ``<gate>~<version>``.

Each write is one transaction with its audit entry. The document it makes is ``create``\\d first (the
next version number, or the gate's next change): when another instance made it meanwhile the commit
fails, even where transactions are not serialised (the local emulator), and nothing is written;
the emulator applies writes made before a failed create, so none comes before it.

Each write of an applicant's documents, and each move past Departed (``adapters.firestore.pipeline``),
first creates the applicant's next mark in ``pipeline_document_marks`` (:func:`read_fence`): so a
move's departure gate and the move are one transaction, even on the emulator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, moment, to_document
from adapters.firestore.audited import AuditedCollections, Transaction, read_in
from adapters.firestore.documents import Document, hashed
from agency_core.audit import AuditEntry
from agency_core.pipeline.documents import DocumentKind, DocumentState, DocumentVersion, Renewal
from agency_core.pipeline.gate import GateSettings, destination_key
from agency_core.pipeline.gate_settings import GateChange, StoredGate
from agency_core.unit_of_work import PreconditionFailed

DOCUMENTS = "pipeline_documents"
GATES = "pipeline_gates"
GATE_CHANGES = "pipeline_gate_changes"


def version_id(application_id: str, kind: DocumentKind, version: int) -> str:
    return f"{application_id}~{kind.value}~{version:04d}"


def gate_id(destination: str) -> str:
    return hashed(destination_key(destination))


MARKS = "pipeline_document_marks"
FENCE_ATTEMPTS = 4
"""How many times a document's write runs again when a move or another document's write took its mark."""


@dataclass(frozen=True, slots=True)
class Fence:
    """What a transaction read of an applicant's documents: the current versions' ids and the last mark."""

    current: tuple[str, ...]
    last_mark: int

    def next_mark(self, col: Callable[[str], Any], application_id: str) -> tuple[Any, Document]:
        mark = self.last_mark + 1
        return col(MARKS).document(f"{application_id}~{mark:06d}"), {"application_id": application_id, "mark": mark}


async def read_fence(tx: Transaction, col: Callable[[str], Any], application_id: str) -> Fence:
    """The applicant's current document versions and last mark, read in ``tx``. Every write of the
    documents and every move past Departed creates the next mark first in its transaction: of two
    that read the same documents, the second fails its create (even on the local emulator, which
    does not serialise transactions) and runs again on what the first wrote."""
    by_app = FieldFilter("application_id", "==", application_id)
    docs = [d async for snap in col(DOCUMENTS).where(filter=by_app).stream(transaction=tx) if (d := snap.to_dict())]
    marks = [d async for snap in col(MARKS).where(filter=by_app).stream(transaction=tx) if (d := snap.to_dict())]
    current = tuple(sorted(str(d["id"]) for d in docs if d.get("state") == DocumentState.CURRENT))
    return Fence(current, max((int(m.get("mark", 0)) for m in marks), default=0))


class FirestoreDocuments(AuditedCollections):
    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def history(self, application_id: str) -> list[DocumentVersion]:
        query = self._col(DOCUMENTS).where(filter=FieldFilter("application_id", "==", application_id))
        found = [from_document(DocumentVersion, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda v: (v.kind.value, -v.version))

    async def get(self, application_id: str, version_id: str) -> DocumentVersion | None:
        query = self._col(DOCUMENTS).where(filter=FieldFilter("id", "==", version_id))
        found = [from_document(DocumentVersion, d) async for snap in query.stream() if (d := snap.to_dict())]
        return next((v for v in found if v.application_id == application_id), None)

    async def record(self, renewal: Renewal, audit: AuditEntry) -> None:
        new = renewal.new
        new_ref = self._col(DOCUMENTS).document(version_id(new.application_id, new.kind, new.version))
        previous = renewal.previous
        old_ref = (
            None
            if previous is None
            else self._col(DOCUMENTS).document(version_id(previous.application_id, previous.kind, previous.version))
        )

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            if old_ref is not None and previous is not None:
                stored = await read_in(tx, old_ref)
                if stored is None or stored.get("id") != previous.id or stored.get("state") != DocumentState.CURRENT:
                    raise PreconditionFailed(f"document {new.application_id} {new.kind.value}")
            elif await read_in(tx, new_ref) is not None:  # a first version another writer made meanwhile
                raise PreconditionFailed(f"document {new.application_id} {new.kind.value}")
            fence = await read_fence(tx, self._col, new.application_id)
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            mark_ref, mark = fence.next_mark(self._col, new.application_id)
            tx.create(mark_ref, mark)  # first: a commit that loses its mark writes nothing else
            tx.create(new_ref, to_document(new))
            if old_ref is not None and renewal.closed is not None:
                tx.set(old_ref, to_document(renewal.closed))
            tx.create(audit_ref, audit_doc)

        for _ in range(FENCE_ATTEMPTS - 1):
            try:
                await work(self._client.transaction())
            except gexc.AlreadyExists:
                continue  # a mark (run again: the next one) or the version (run again: the check refuses)
            return
        await self._commit(work, f"document {new.application_id} {new.kind.value}")

    async def erase(self, application_id: str) -> None:
        for collection in (DOCUMENTS, MARKS):
            query = self._col(collection).where(filter=FieldFilter("application_id", "==", application_id))
            async for snap in query.stream():
                await snap.reference.delete()


def _gate_of(doc: Document) -> StoredGate:
    raw = doc.get("settings")
    settings = from_document(GateSettings, raw) if isinstance(raw, dict) else None
    return StoredGate(
        str(doc.get("destination", "")),
        int(doc.get("version", 0)),
        settings,
        str(doc.get("updated_by", "")),
        moment(doc.get("updated_at")),
    )


class FirestoreGates(AuditedCollections):
    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def gates(self) -> list[StoredGate]:
        stored = [_gate_of(doc) for doc in await self._all(GATES)]
        return sorted((g for g in stored if g.settings is not None), key=lambda g: destination_key(g.destination))

    async def stored(self, destination: str) -> StoredGate:
        doc = await self._doc(GATES, gate_id(destination))
        return StoredGate(destination, 0, None) if doc is None else _gate_of(doc)

    async def changes(self, destination: str | None = None) -> list[GateChange]:
        col = self._col(GATE_CHANGES)
        query = col if destination is None else col.where(filter=FieldFilter("gate", "==", gate_id(destination)))
        found = [from_document(GateChange, d) async for snap in query.stream() if (d := snap.to_dict())]
        if destination is not None:
            return sorted(found, key=lambda c: c.version, reverse=True)
        return sorted(found, key=lambda c: (c.at, c.id), reverse=True)

    async def change(self, change: GateChange, audit: AuditEntry) -> None:
        gate = gate_id(change.destination)
        gate_ref = self._col(GATES).document(gate)
        change_ref = self._col(GATE_CHANGES).document(f"{gate}~{change.version:06d}")
        gate_doc: Document = {
            "destination": change.destination,
            "version": change.version,
            "settings": None if change.after is None else to_document(change.after),
            "updated_by": change.actor,
            "updated_at": change.at,
        }

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            stored = await read_in(tx, gate_ref)
            if int((stored or {}).get("version", 0)) != change.version - 1:
                raise PreconditionFailed(f"gate {change.destination}")
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            tx.create(change_ref, {**to_document(change), "gate": gate})
            tx.set(gate_ref, gate_doc)
            tx.create(audit_ref, audit_doc)

        await self._commit(work, f"gate {change.destination}")
