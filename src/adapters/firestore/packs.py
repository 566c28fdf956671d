"""CV packs and the employers' decisions on Firestore.

Implements :class:`agency_core.employers.packs_ports.PackStore`. A pack is a document of
``employer_packs`` (found by its link through ``token_hash``), an answer one of ``pack_decisions``
named ``<pack>~<code>``. Each version of a pack and each answer on a candidate is also
``create``\\d in ``employer_pack_versions`` or ``pack_decision_versions`` (``<id>~<version>``):
of two writes at once one commits and the other fails, even where the emulator does not serialise
transactions. A lost answer is read again and written after the winner, so it sees it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, to_document
from adapters.firestore.audited import AuditedCollections, Transaction, read_in
from agency_core.audit import AuditEntry
from agency_core.employers.packs_model import Decision, Pack
from agency_core.unit_of_work import PreconditionFailed

PACKS: Final = "employer_packs"
PACK_VERSIONS: Final = "employer_pack_versions"
DECISIONS: Final = "pack_decisions"
DECISION_VERSIONS: Final = "pack_decision_versions"
VERSION: Final = "answer_version"
"""The stored answer's count of writes (not a field of :class:`Decision`)."""
ATTEMPTS: Final = 8


def _decision_id(pack_id: str, code: str) -> str:
    return f"{pack_id}~{code}"


class FirestorePacks(AuditedCollections):
    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def save_pack(self, pack: Pack, audit: AuditEntry) -> None:
        ref = self._col(PACKS).document(pack.id)
        version_ref = self._col(PACK_VERSIONS).document(f"{pack.id}~{pack.version:06d}")
        doc = to_document(pack)

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            stored = await read_in(tx, ref)
            if int((stored or {}).get("version", 0)) != pack.version - 1:
                raise PreconditionFailed(f"{PACKS} {pack.id}")
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            tx.create(version_ref, doc)
            tx.set(ref, doc)
            tx.create(audit_ref, audit_doc)

        await self._commit(work, f"{PACKS} {pack.id}")

    async def pack(self, pack_id: str) -> Pack | None:
        doc = await self._doc(PACKS, pack_id)
        return None if doc is None else from_document(Pack, doc)

    async def pack_by_token(self, token_hash: str) -> Pack | None:
        query = self._col(PACKS).where(filter=FieldFilter("token_hash", "==", token_hash)).limit(1)
        found = [from_document(Pack, d) async for snap in query.stream() if (d := snap.to_dict())]
        return found[0] if found else None

    async def packs(self, *, order_id: str | None = None, employer_id: str | None = None) -> list[Pack]:
        col = self._col(PACKS)
        if order_id is not None:
            query = col.where(filter=FieldFilter("order_id", "==", order_id))
        elif employer_id is not None:
            query = col.where(filter=FieldFilter("employer_id", "==", employer_id))
        else:
            query = col
        found = [from_document(Pack, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda p: (p.sent_at, p.id), reverse=True)

    async def decide(self, decision: Decision, audit: AuditEntry) -> Decision | None:
        ref = self._col(DECISIONS).document(_decision_id(decision.pack_id, decision.code))
        for _ in range(ATTEMPTS):
            try:
                return await self._decide_once(ref, decision, audit)
            except PreconditionFailed:
                continue
        raise PreconditionFailed(f"{DECISIONS} {decision.pack_id} {decision.code}")

    async def _decide_once(self, ref: object, decision: Decision, audit: AuditEntry) -> Decision | None:
        before: list[Decision | None] = [None]

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            stored = await read_in(tx, ref)
            earlier = None if stored is None else from_document(Decision, stored)
            version = int((stored or {}).get(VERSION, 0)) + 1
            kept = (
                decision
                if earlier is None
                else replace(decision, first_at=earlier.first_at, stage_note=earlier.stage_note)
            )
            doc = {**to_document(kept), VERSION: version}
            version_ref = self._col(DECISION_VERSIONS).document(
                f"{_decision_id(decision.pack_id, decision.code)}~{version:06d}"
            )
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            tx.create(version_ref, doc)
            tx.set(ref, doc)
            tx.create(audit_ref, audit_doc)
            before[0] = earlier

        await self._commit(work, f"{DECISIONS} {decision.pack_id} {decision.code}")
        return before[0]

    async def set_stage_note(self, pack_id: str, code: str, note: str) -> None:
        await self._col(DECISIONS).document(_decision_id(pack_id, code)).update({"stage_note": note})

    async def decisions(
        self, *, pack_id: str | None = None, order_id: str | None = None, employer_id: str | None = None
    ) -> list[Decision]:
        query = self._col(DECISIONS)
        for name, value in (("pack_id", pack_id), ("order_id", order_id), ("employer_id", employer_id)):
            if value:
                query = query.where(filter=FieldFilter(name, "==", value))
        found = [from_document(Decision, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda d: (d.pack_id, d.code))
