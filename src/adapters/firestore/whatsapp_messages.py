"""The WhatsApp messages the product sent and their states, on Firestore (shared by every instance).

Implements :class:`agency_core.whatsapp.channel.WhatsAppMessages`: ``whatsapp_messages``, one document
per WhatsApp message id (named by its SHA-256) with the outbox row it was sent for. A status moves the
state forward only (:func:`agency_core.whatsapp.model.next_state`) inside a transaction that also
creates ``whatsapp_message_moves/<message>-<state left>``: each state is left once, so of two instances
moving the same message from the same state one commits and the other's create fails; it reads the
moved state again and changes nothing (a create conflict, which every backend enforces, not a read
conflict). A status that arrives before the send's own write makes the
document; the send's write then names its outbox row and keeps the state.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.firestore.counters import doc_id
from adapters.firestore.documents import Client
from agency_core.whatsapp.model import MessageState, next_state

MESSAGES = "whatsapp_messages"
MOVES = "whatsapp_message_moves"
"""One document per state a message left (``<message>-<state>``): the move's conditional write."""
MAX_TRIES = 20


class FirestoreWhatsAppMessages:
    """Implements ``WhatsAppMessages``; ``prefix`` namespaces the collection (tests)."""

    def __init__(self, client: Client, prefix: str = "") -> None:
        self.client = client
        self._messages = client.collection(prefix + MESSAGES)
        self._moves = client.collection(prefix + MOVES)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def _move(
        self, wa_message_id: str, state: MessageState, at: datetime, names: dict[str, str] | None = None
    ) -> bool:
        for _ in range(MAX_TRIES):
            try:
                return await self._try_move(wa_message_id, state, at, names or {})
            except gexc.AlreadyExists:
                continue  # another writer left this state (or made the document) first: read again
        raise RuntimeError(f"whatsapp message {wa_message_id}: no state move after {MAX_TRIES} tries")

    async def _try_move(self, wa_message_id: str, state: MessageState, at: datetime, names: dict[str, str]) -> bool:
        key = doc_id(wa_message_id)
        ref = self._messages.document(key)

        @firestore.async_transactional
        async def move(tx: Any) -> bool:
            snapshot = await ref.get(transaction=tx)
            doc: dict[str, Any] = (snapshot.to_dict() or {}) if snapshot.exists else {}
            current = MessageState(str(doc.get("state", MessageState.QUEUED.value)))
            moved = next_state(current, state)
            fields: dict[str, Any] = dict(names)
            if moved is not None:
                fields.update(state=moved.value, updated_at=at)
                # Each state is left once (states only move forward): of two writers leaving it, the
                # second one's create fails and it reads again.
                tx.create(self._moves.document(f"{key}-{current.value}"), {"to": moved.value, "at": at})
            if not snapshot.exists:
                tx.create(ref, {"wa_message_id": wa_message_id, "state": current.value, "updated_at": at, **fields})
            elif fields:
                tx.update(ref, fields)
            return moved is not None

        result: bool = await move(self.client.transaction())
        return result

    async def sent(self, outbox_id: str, wa_message_id: str, phone: str, at: datetime) -> None:
        await self._move(wa_message_id, MessageState.SENT, at, {"outbox_id": outbox_id, "phone": phone})

    async def report(self, wa_message_id: str, state: MessageState, at: datetime) -> bool:
        return await self._move(wa_message_id, state, at)

    async def state_of(self, outbox_id: str) -> MessageState | None:
        query = self._messages.where(filter=FieldFilter("outbox_id", "==", outbox_id)).limit(1)
        async for snapshot in query.stream():
            return MessageState(str((snapshot.to_dict() or {})["state"]))
        return None

    async def outbox_id_of(self, wa_message_id: str) -> str | None:
        snapshot = await self._messages.document(doc_id(wa_message_id)).get()
        outbox_id = (snapshot.to_dict() or {}).get("outbox_id") if snapshot.exists else None
        return str(outbox_id) if outbox_id else None
