"""What the Firestore stores that write a record and its audit entry in one transaction share: a read
inside the transaction, a free audit id, and a commit that turns a lost race into ``PreconditionFailed``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore

from adapters.audit_ids import candidate_ids
from adapters.codec import to_document
from adapters.firestore.documents import Collections, Document
from agency_core.audit import AuditEntry
from agency_core.ids import IdTaken
from agency_core.unit_of_work import PreconditionFailed

AUDIT = "audit_log"

Transaction = Any  # google.cloud.firestore.AsyncTransaction


async def read_in(tx: Transaction, ref: Any) -> Document | None:
    """The document at ``ref`` as the transaction sees it, or ``None``."""
    snap = await ref.get(transaction=tx)
    return snap.to_dict() if snap.exists else None


class AuditedCollections(Collections):
    async def _free_audit(self, tx: Transaction, entry: AuditEntry) -> tuple[Any, Document]:
        """The audit entry under the first of its ids no entry holds (adapters/audit_ids.py)."""
        for candidate in candidate_ids(entry):
            ref = self._col(AUDIT).document(candidate.id)
            if await read_in(tx, ref) is None:
                return ref, to_document(candidate)
        raise IdTaken(entry.id)

    async def _commit(self, work: Callable[[Transaction], Awaitable[None]], what: str) -> None:
        """Run a transactional ``work``; a document created meanwhile by another writer is a lost race."""
        try:
            await work(self._client.transaction())
        except gexc.AlreadyExists:
            raise PreconditionFailed(what) from None

    async def _audited(self, change: Callable[[Transaction], None], entry: AuditEntry) -> None:
        """``change`` (writes on the transaction) and its audit entry, committed together."""

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            ref, doc = await self._free_audit(tx, entry)
            change(tx)
            tx.create(ref, doc)

        await self._commit(work, f"audit {entry.id}")

    async def audit(self, entry: AuditEntry) -> None:
        """An audit entry of its own (a download), in a transaction of its own."""
        await self._audited(lambda _tx: None, entry)
