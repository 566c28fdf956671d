"""The processing fee on Firestore: implements :class:`agency_core.payments.model.PaymentStore`.

The payment is the optional map ``payment`` on the application's document (absent: unpaid).
A change is written by the unit of work (``uow.payments.set``): in one transaction that checks
state and reference, with its audit entry and receipt SMS; the receipt's outbox id is fixed per
application, so two racing confirmations cannot both commit a "paid" with its receipt. Receipt numbers: the
counter document ``counters/receipts`` (``last``) and one ``receipt_numbers/<number>`` document
per number, written in the same transaction as the payment (see the unit of work).
"""

from __future__ import annotations

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document
from adapters.firestore.documents import Collections, application_of, payment_of
from adapters.firestore.unit_of_work import RECEIPT_COUNTER
from agency_core.payments.model import Payment
from agency_core.payments.refunds import Refund
from agency_core.records import Application


class FirestorePayments(Collections):
    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        snap = await self._col("applications").document(application_id).get()
        if not snap.exists:
            return None
        doc = snap.to_dict()
        return application_of(doc, self._sealer), payment_of(doc)

    async def next_receipt_number(self) -> int:
        counter = await self._doc(*RECEIPT_COUNTER)
        return int((counter or {}).get("last") or 0) + 1


class FirestoreRefunds(Collections):
    """Implements :class:`agency_core.payments.refunds.RefundStore` (collection ``refunds``)."""

    async def refunds_of(self, application_id: str) -> list[Refund]:
        query = self._col("refunds").where(filter=FieldFilter("application_id", "==", application_id))
        found = [from_document(Refund, d) async for snap in query.stream() if (d := snap.to_dict()) is not None]
        return sorted(found, key=lambda r: (r.created_at, r.id))
