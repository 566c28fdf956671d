"""Employers, their job orders and the jobs linked to an order on Firestore.

Implements :class:`agency_core.employers.ports.EmployerStore`. An employer is a document of
``employers``, an order one of ``job_orders``, a job's link one of ``order_jobs`` (named by the job).
Each version of an employer or order is also ``create``\\d in ``employer_versions`` or
``job_order_versions`` as ``<id>~<version>``: when another instance wrote that version meanwhile the
commit fails, even where transactions are not serialised (the local emulator), and nothing is
written; the emulator applies writes made before a failed create, so none comes before it.
"""

from __future__ import annotations

from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, to_document
from adapters.firestore.audited import AuditedCollections, Transaction, read_in
from agency_core.audit import AuditEntry
from agency_core.employers.model import Employer, JobLink, JobOrder
from agency_core.unit_of_work import PreconditionFailed

EMPLOYERS = "employers"
ORDERS = "job_orders"
LINKS = "order_jobs"
VERSIONS = {EMPLOYERS: "employer_versions", ORDERS: "job_order_versions"}


class FirestoreEmployers(AuditedCollections):
    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def _save(self, name: str, record: Employer | JobOrder, audit: AuditEntry) -> None:
        ref = self._col(name).document(record.id)
        version_ref = self._col(VERSIONS[name]).document(f"{record.id}~{record.version:06d}")
        doc = to_document(record)

        @firestore.async_transactional
        async def work(tx: Transaction) -> None:
            stored = await read_in(tx, ref)
            if int((stored or {}).get("version", 0)) != record.version - 1:
                raise PreconditionFailed(f"{name} {record.id}")
            audit_ref, audit_doc = await self._free_audit(tx, audit)
            tx.create(version_ref, doc)
            tx.set(ref, doc)
            tx.create(audit_ref, audit_doc)

        await self._commit(work, f"{name} {record.id}")

    async def employers(self) -> list[Employer]:
        found = [from_document(Employer, d) for d in await self._all(EMPLOYERS)]
        return sorted(found, key=lambda e: (e.company.casefold(), e.id))

    async def employer(self, employer_id: str) -> Employer | None:
        doc = await self._doc(EMPLOYERS, employer_id)
        return None if doc is None else from_document(Employer, doc)

    async def save_employer(self, employer: Employer, audit: AuditEntry) -> None:
        await self._save(EMPLOYERS, employer, audit)

    async def orders(self, employer_id: str | None = None) -> list[JobOrder]:
        col = self._col(ORDERS)
        query = col if employer_id is None else col.where(filter=FieldFilter("employer_id", "==", employer_id))
        found = [from_document(JobOrder, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda o: (o.created_at, o.id), reverse=True)

    async def order(self, order_id: str) -> JobOrder | None:
        doc = await self._doc(ORDERS, order_id)
        return None if doc is None else from_document(JobOrder, doc)

    async def save_order(self, order: JobOrder, audit: AuditEntry) -> None:
        await self._save(ORDERS, order, audit)

    async def link(self, link: JobLink, audit: AuditEntry) -> None:
        ref = self._col(LINKS).document(link.job_id)
        await self._audited(lambda tx: tx.set(ref, to_document(link)), audit)

    async def unlink(self, job_id: str, audit: AuditEntry) -> None:
        ref = self._col(LINKS).document(job_id)
        await self._audited(lambda tx: tx.delete(ref), audit)

    async def links(self, order_id: str | None = None) -> list[JobLink]:
        col = self._col(LINKS)
        query = col if order_id is None else col.where(filter=FieldFilter("order_id", "==", order_id))
        found = [from_document(JobLink, d) async for snap in query.stream() if (d := snap.to_dict())]
        return sorted(found, key=lambda link: link.job_id)

    async def link_of(self, job_id: str) -> JobLink | None:
        doc = await self._doc(LINKS, job_id)
        return None if doc is None else from_document(JobLink, doc)
