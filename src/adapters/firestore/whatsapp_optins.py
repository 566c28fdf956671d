"""WhatsApp opt-ins and the inbound messages taken, on Firestore (shared by every app instance).

Implements :class:`agency_core.whatsapp.model.OptInStore` (``whatsapp_optins``: one document per
phone, named by its SHA-256, holding its latest opt-in and ``opted_out_at`` once it stopped) and
:class:`agency_core.whatsapp.inbound.InboundLog` (``whatsapp_inbound``: one document per WhatsApp
message id, made with ``create`` so that of two instances taking the same id one wins).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import moment
from adapters.firestore.counters import doc_id
from adapters.firestore.documents import Client
from agency_core.whatsapp.model import InboundMessage, InboundSeen, OptIn

OPT_INS = "whatsapp_optins"
INBOUND = "whatsapp_inbound"


def _opt_in(doc: dict[str, Any]) -> OptIn:
    opted_in_at = moment(doc["opted_in_at"])
    assert opted_in_at is not None
    return OptIn(
        str(doc["phone"]),
        opted_in_at,
        str(doc["source"]),
        str(doc["wording_version"]),
        moment(doc.get("opted_out_at")),
    )


class FirestoreOptIns:
    """Implements ``OptInStore``, ``InboundLog`` and ``PhoneRecords``; ``prefix`` namespaces the collections (tests)."""

    def __init__(self, client: Client, prefix: str = "") -> None:
        self.client = client
        self._opt_ins = client.collection(prefix + OPT_INS)
        self._inbound = client.collection(prefix + INBOUND)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def record(self, opt_in: OptIn) -> None:
        await self._opt_ins.document(doc_id(opt_in.phone)).set(
            {
                "phone": opt_in.phone,
                "opted_in_at": opt_in.opted_in_at,
                "source": opt_in.source,
                "wording_version": opt_in.wording_version,
                "opted_out_at": opt_in.opted_out_at,
            }
        )

    async def opt_out(self, phone: str, at: datetime) -> None:
        ref = self._opt_ins.document(doc_id(phone))

        @firestore.async_transactional
        async def stop(tx: Any) -> None:
            snapshot = await ref.get(transaction=tx)
            if snapshot.exists and (snapshot.to_dict() or {}).get("opted_out_at") is None:
                tx.update(ref, {"opted_out_at": at})

        await stop(self.client.transaction())

    async def current(self, phone: str) -> OptIn | None:
        snapshot = await self._opt_ins.document(doc_id(phone)).get()
        return _opt_in(snapshot.to_dict() or {}) if snapshot.exists else None

    async def claim(self, message: InboundMessage) -> bool:
        try:
            await self._inbound.document(doc_id(message.wa_message_id)).create(
                {"wa_message_id": message.wa_message_id, "phone": message.phone, "at": message.at}
            )
        except gexc.AlreadyExists:
            return False
        return True

    async def forget(self, wa_message_id: str) -> None:
        await self._inbound.document(doc_id(wa_message_id)).delete()

    async def last_inbound(self, phone: str) -> datetime | None:
        # One field's equality only (no composite index): a phone writes a handful of messages.
        last: datetime | None = None
        async for snapshot in self._inbound.where(filter=FieldFilter("phone", "==", phone)).stream():
            at = moment((snapshot.to_dict() or {}).get("at"))
            if at is not None and (last is None or at > last):
                last = at
        return last

    async def inbound(self, phone: str) -> list[InboundSeen]:
        found: list[InboundSeen] = []
        async for snapshot in self._inbound.where(filter=FieldFilter("phone", "==", phone)).stream():
            doc = snapshot.to_dict() or {}
            at = moment(doc.get("at"))
            if at is not None:
                found.append(InboundSeen(str(doc.get("wa_message_id", "")), phone, at))
        return sorted(found, key=lambda seen: (seen.at, seen.wa_message_id))

    async def erase(self, phone: str) -> None:
        await self._opt_ins.document(doc_id(phone)).delete()
        async for snapshot in self._inbound.where(filter=FieldFilter("phone", "==", phone)).stream():
            await snapshot.reference.delete()
