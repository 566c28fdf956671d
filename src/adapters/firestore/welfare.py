"""The welfare check-ins, cases and expiry notices on Firestore.

Implements :class:`agency_core.pipeline.welfare_ports.WelfareStore`. A check-in is a document of
``welfare_check_ins`` named by its id (one per applicant and day), a case one of ``welfare_cases``, a
notice one of ``expiry_notices`` named by its document version, a change of the expiry windows one of
``expiry_window_changes`` named by its version. Each write is one transaction that reads what its
condition names first and ``create``\\s the documents that must be new, so of two writers one fails
(the emulator too) and nothing of its commit is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, to_document
from adapters.firestore.audited import AuditedCollections, Transaction, read_in
from agency_core.audit import AuditEntry
from agency_core.pipeline.documents import DocumentState, DocumentVersion
from agency_core.pipeline.expiry_settings import WindowsChange
from agency_core.pipeline.welfare_ports import CheckIn, ExpiryNotice, WelfareCase
from agency_core.records import OutboxMessage
from agency_core.unit_of_work import PreconditionFailed

CHECK_INS = "welfare_check_ins"
CASES = "welfare_cases"
NOTICES = "expiry_notices"
OUTBOX = "outbox"
DOCUMENTS = "pipeline_documents"
WINDOW_CHANGES = "expiry_window_changes"


class FirestoreWelfare(AuditedCollections):
    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def _create_once(
        self, collection: str, doc_id: str, doc: dict[str, object], messages: Sequence[OutboxMessage]
    ) -> bool:
        ref = self._col(collection).document(doc_id)
        outbox = [(self._col(OUTBOX).document(m.id), to_document(m)) for m in messages]
        made: list[bool] = []

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            made.clear()
            if await read_in(tx, ref) is not None:
                made.append(False)
                return
            fresh = [(r, d) for r, d in outbox if await read_in(tx, r) is None]
            tx.create(ref, doc)
            for message_ref, message_doc in fresh:
                tx.create(message_ref, message_doc)
            made.append(True)

        try:
            await self._commit(work, f"{collection} {doc_id}")
        except PreconditionFailed:
            return False  # another instance made it meanwhile
        return made == [True]

    async def add_check_in(self, check_in: CheckIn, messages: Sequence[OutboxMessage]) -> bool:
        return await self._create_once(CHECK_INS, check_in.id, to_document(check_in), messages)

    async def check_in_by_hash(self, token_hash: str) -> CheckIn | None:
        query = self._col(CHECK_INS).where(filter=FieldFilter("token_hash", "==", token_hash))
        found = [from_document(CheckIn, d) async for snap in query.stream() if (d := snap.to_dict())]
        return found[0] if found else None

    async def check_ins(self, application_id: str) -> list[CheckIn]:
        query = self._col(CHECK_INS).where(filter=FieldFilter("application_id", "==", application_id))
        found = [from_document(CheckIn, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda k: k.day)

    async def answer(self, answered: CheckIn, case: WelfareCase | None) -> None:
        ref = self._col(CHECK_INS).document(answered.id)
        case_ref = None if case is None else self._col(CASES).document(case.id)

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            stored = await read_in(tx, ref)
            if stored is None or stored.get("answer") is not None:
                raise PreconditionFailed(f"check-in {answered.id}")
            tx.set(ref, to_document(answered))
            if case_ref is not None and case is not None:
                tx.create(case_ref, to_document(case))

        await self._commit(work, f"check-in {answered.id}")

    async def cases(self, application_id: str | None = None) -> list[WelfareCase]:
        col = self._col(CASES)
        query = col if application_id is None else col.where(filter=FieldFilter("application_id", "==", application_id))
        found = [from_document(WelfareCase, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda k: (k.created_at, k.id), reverse=True)

    async def update_case(self, before: WelfareCase, after: WelfareCase, audit: AuditEntry) -> None:
        ref = self._col(CASES).document(before.id)
        expected = to_document(before)

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            stored = await read_in(tx, ref)
            if stored is None or any(stored.get(k) != expected[k] for k in ("opened_at", "closed_at")):
                raise PreconditionFailed(f"welfare case {before.id}")
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            tx.set(ref, to_document(after))
            tx.create(audit_ref, audit_doc)

        await self._commit(work, f"welfare case {before.id}")

    async def current_documents(self) -> list[DocumentVersion]:
        query = self._col(DOCUMENTS).where(filter=FieldFilter("state", "==", DocumentState.CURRENT.value))
        found = [from_document(DocumentVersion, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda v: (v.application_id, v.kind.value))

    async def add_notice(self, notice: ExpiryNotice, messages: Sequence[OutboxMessage]) -> bool:
        return await self._create_once(NOTICES, notice.version_id, to_document(notice), messages)

    async def notices(self, application_id: str | None = None) -> list[ExpiryNotice]:
        col = self._col(NOTICES)
        query = col if application_id is None else col.where(filter=FieldFilter("application_id", "==", application_id))
        found = [from_document(ExpiryNotice, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda n: (n.at, n.version_id), reverse=True)

    async def window_changes(self) -> list[WindowsChange]:
        found = [from_document(WindowsChange, d) for d in await self._all(WINDOW_CHANGES)]
        return sorted(found, key=lambda k: k.version, reverse=True)

    async def change_windows(self, change: WindowsChange, audit: AuditEntry) -> None:
        ref = self._col(WINDOW_CHANGES).document(f"{change.version:06d}")
        previous = self._col(WINDOW_CHANGES).document(f"{change.version - 1:06d}")

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            if change.version > 1 and await read_in(tx, previous) is None:
                raise PreconditionFailed(f"expiry windows {change.version}")
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            tx.create(ref, to_document(change))  # of two changes on one version, one fails here
            tx.create(audit_ref, audit_doc)

        await self._commit(work, f"expiry windows {change.version}")

    async def erase(self, application_id: str) -> None:
        for name in (CHECK_INS, CASES, NOTICES):
            query = self._col(name).where(filter=FieldFilter("application_id", "==", application_id))
            async for snap in query.stream():
                await snap.reference.delete()
