"""The processing fee on Firestore: implements :class:`agency_core.payments.PaymentStore`.

The payment is the optional map ``payment`` on the application's document (absent: unpaid).
A change reads, compares state and reference, then writes the document, its audit entry and
the receipt SMS in one batch. Like the admin area's status changes, the compare is not a
transaction; the receipt's outbox id is fixed per application, so two racing confirmations
cannot both commit a "paid" with its receipt (the second batch fails as a whole).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.api_core import exceptions as gexc

from adapters.firestore.admin_store import _audit_doc
from adapters.firestore.store import _application, _dt, _outbox_doc
from agency_core.admin import AuditEntry
from agency_core.payments import Payment, PaymentState
from agency_core.records import Application, OutboxMessage

Client = Any


def payment_of(doc: dict[str, Any]) -> Payment:
    raw = doc.get("payment")
    if not isinstance(raw, dict):
        return Payment()
    return Payment(
        PaymentState(raw.get("state") or "unpaid"),
        raw.get("reference"),
        raw.get("amount"),
        raw.get("currency"),
        raw.get("channel"),
        _dt(raw.get("paid_at")),
        _dt(raw.get("updated_at")),
    )


def payment_doc(p: Payment) -> dict[str, Any]:
    return {
        "state": p.state.value,
        "reference": p.reference,
        "amount": p.amount_minor,
        "currency": p.currency,
        "channel": p.channel,
        "paid_at": p.paid_at,
        "updated_at": p.updated_at,
    }


class FirestorePayments:
    def __init__(self, client: Client, prefix: str = "") -> None:
        self._client = client
        self._prefix = prefix

    def _col(self, name: str) -> Any:
        return self._client.collection(self._prefix + name)

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        snap = await self._col("applications").document(application_id).get()
        if not snap.exists:
            return None
        doc = snap.to_dict()
        return _application(doc), payment_of(doc)

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
        batch.update(self._col("applications").document(application_id), {"payment": payment_doc(after)})
        for message in outbox:
            batch.create(self._col("sms_outbox").document(message.id), _outbox_doc(message))
        batch.create(self._col("audit_log").document(audit.id), _audit_doc(audit))
        try:
            await batch.commit()
        except gexc.AlreadyExists:
            return False
        return True

    async def note(self, audit: AuditEntry) -> None:
        await self._col("audit_log").document(audit.id).create(_audit_doc(audit))
