"""Reads the stored bulk actions (collection ``bulk_actions``): implements :class:`agency_core.bulk.model.BulkStore`."""

from __future__ import annotations

from adapters.codec import from_document
from adapters.firestore.documents import Collections
from agency_core.bulk.model import BulkAction


class FirestoreBulkStore(Collections):
    async def bulk_action(self, bulk_id: str) -> BulkAction | None:
        doc = await self._doc("bulk_actions", bulk_id)
        return None if doc is None else from_document(BulkAction, doc)
