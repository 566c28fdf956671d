"""The outbox's collection was ``sms_outbox`` until it carried e-mails too; it is ``outbox`` now.

:func:`move_old_outbox` runs at every start (:meth:`adapters.firestore.store.FirestoreStore.start`):
each document still in the old collection is moved in its own transaction, which creates it in the
new collection and deletes the old one. Creating (not setting) makes the move safe when several
instances start at once, even where transactions are not serialised (the local emulator): only one
``create`` of a document succeeds, and an instance that finds the document moved already only drops
the old copy; it never overwrites a message another instance's worker has claimed or sent since. Once
the old collection is empty, a start costs one empty query. Every queued message keeps its fields
(status, attempts, next attempt, lease), so the workers send it as before.
"""

from __future__ import annotations

from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore

from adapters.firestore.documents import Client

OLD_COLLECTION = "sms_outbox"
NEW_COLLECTION = "outbox"


async def move_old_outbox(client: Client, prefix: str = "") -> int:
    """Move every document of the old collection to the new one; returns how many this call moved."""
    moved = 0
    new = client.collection(prefix + NEW_COLLECTION)
    async for snap in client.collection(prefix + OLD_COLLECTION).stream():
        if await _move(client, snap.reference, new.document(snap.id)):
            moved += 1
    return moved


async def _move(client: Client, old_ref: Any, new_ref: Any) -> bool:
    @firestore.async_transactional
    async def work(tx: Any) -> bool:
        old = await old_ref.get(transaction=tx)
        if not old.exists:
            return False  # another instance moved it
        tx.create(new_ref, old.to_dict() or {})
        tx.delete(old_ref)
        return True

    try:
        return bool(await work(client.transaction()))
    except gexc.AlreadyExists:
        await old_ref.delete()  # moved by another instance, which may have sent it since: keep the new one
        return False
