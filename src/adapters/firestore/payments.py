"""The processing fee on Firestore: implements :class:`agency_core.payments.PaymentStore`.

The payment is the optional map ``payment`` on the application's document (absent: unpaid).
A change reads, compares state and reference, then writes the document, its audit entry and
the receipt SMS in one batch. Like the admin area's status changes, the compare is not a
transaction; the receipt's outbox id is fixed per application, so two racing confirmations
cannot both commit a "paid" with its receipt (the second batch fails as a whole).
"""

from __future__ import annotations

from collections.abc import Sequence

from google.api_core import exceptions as gexc

from adapters.codec import from_document, to_document
from adapters.firestore.documents import Collections, payment_of
from agency_core.admin import AuditEntry
from agency_core.payments import Payment
from agency_core.records import Application, OutboxMessage


class FirestorePayments(Collections):
    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        snap = await self._col("applications").document(application_id).get()
        if not snap.exists:
            return None
        doc = snap.to_dict()
        return from_document(Application, doc), payment_of(doc)

    async def save(
        self,
        application_id: str,
        before: Payment,
        after: Payment,
        outbox: Sequence[OutboxMessage],
        audit: AuditEntry,
    ) -> bool:
        loaded = await self.load(application_id)
        if loaded is None:
            return False
        current = loaded[1]
        if (current.state, current.reference) != (before.state, before.reference):
            return False
        batch = self._client.batch()
        batch.update(self._col("applications").document(application_id), {"payment": to_document(after)})
        for message in outbox:
            batch.create(self._col("sms_outbox").document(message.id), to_document(message))
        batch.create(self._col("audit_log").document(audit.id), to_document(audit))
        try:
            await batch.commit()
        except gexc.AlreadyExists:
            return False
        return True

    async def note(self, audit: AuditEntry) -> None:
        await self._col("audit_log").document(audit.id).create(to_document(audit))
