"""Notes and replies on Firestore: the reads of :class:`agency_core.staff.notes.NotesStore` and the
unit of work's writes (notes, owners, replies).

Notes are the collection ``application_notes`` and replies ``message_replies`` (each document
names its application or message; found by an equality query, sorted in memory); the owner is
``owner_id`` and ``owner_name`` on the application's document. Documents written before these
existed read as "nobody" (the codec's defaults).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document, to_document
from adapters.firestore.documents import Collections, Document
from agency_core.staff.notes import Note, Reply

NOTES = "application_notes"
REPLIES = "message_replies"


class FirestoreNotesStore(Collections):
    """``prefix`` namespaces the collections, as for :class:`adapters.firestore.store.FirestoreStore`."""

    async def start(self) -> None:
        """Firestore needs no schema."""
        return

    async def _where(self, collection: str, field: str, value: str) -> list[Document]:
        query = self._col(collection).where(filter=FieldFilter(field, "==", value))
        return [d async for snap in query.stream() if (d := snap.to_dict()) is not None]

    async def notes(self, application_id: str) -> list[Note]:
        notes = [from_document(Note, d) for d in await self._where(NOTES, "application_id", application_id)]
        return sorted(notes, key=lambda n: (n.created_at, n.id))

    async def note(self, note_id: str) -> Note | None:
        doc = await self._doc(NOTES, note_id)
        return None if doc is None else from_document(Note, doc)

    async def last_note_dates(self, application_ids: Sequence[str]) -> dict[str, datetime]:
        wanted = set(application_ids)
        latest: dict[str, datetime] = {}
        for doc in await self._all(NOTES):
            note = from_document(Note, doc)
            if note.application_id in wanted and note.deleted_at is None:
                seen = latest.get(note.application_id)
                latest[note.application_id] = note.created_at if seen is None else max(seen, note.created_at)
        return latest

    async def replies(self, message_id: str) -> list[Reply]:
        replies = [from_document(Reply, d) for d in await self._where(REPLIES, "message_id", message_id)]
        return sorted(replies, key=lambda r: (r.sent_at, r.id))


class NoteWrites:
    def __init__(self, writes: Any) -> None:
        self._w = writes
        """The unit of work's ``_Writes`` helper (its ``_create`` and ``_update_if``)."""

    async def add(self, note: Note) -> None:
        self._w._create(NOTES, note.id, to_document(note))

    async def replace(self, note: Note, version: int) -> None:
        def holds(doc: Document) -> bool:
            return doc.get("deleted_at") is None and (doc.get("version") or 1) == version

        doc = to_document(note)
        del doc["id"]
        self._w._update_if(NOTES, note.id, holds, doc, f"note {note.id}")


class OwnerWrites:
    def __init__(self, writes: Any) -> None:
        self._w = writes

    async def set(self, application_id: str, owner_id: str, owner_name: str) -> None:
        fields = {"owner_id": owner_id, "owner_name": owner_name}
        self._w._update_if("applications", application_id, lambda _doc: True, fields, f"application {application_id}")


class ReplyWrites:
    def __init__(self, writes: Any) -> None:
        self._w = writes

    async def add(self, reply: Reply) -> None:
        self._w._create(REPLIES, reply.id, to_document(reply))
