"""``Heartbeats`` on Firestore: one document per instance in ``instances`` (named by its id), with
``started_at`` and ``seen_at`` (the last heartbeat), shared by every instance of the service."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

from google.cloud.firestore_v1.base_query import FieldFilter

from agency_core.operations import InstanceSeen

COLLECTION: Final = "instances"


def _utc(moment: Any) -> datetime:
    """Firestore's time (a ``datetime`` subclass in UTC) as a plain ``datetime``."""
    value: datetime = moment
    return datetime.fromtimestamp(value.timestamp(), UTC)


class FirestoreHeartbeats:
    """Implements :class:`agency_core.operations.Heartbeats`. ``prefix`` namespaces the collection (tests)."""

    def __init__(self, client: Any, prefix: str = "") -> None:
        self._col = client.collection(prefix + COLLECTION)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def beat(self, instance_id: str, started_at: datetime, at: datetime) -> None:
        await self._col.document(instance_id).set({"started_at": started_at, "seen_at": at})

    async def seen_since(self, since: datetime) -> list[InstanceSeen]:
        query = self._col.where(filter=FieldFilter("seen_at", ">=", since))
        seen = [
            InstanceSeen(doc.id, _utc(data["started_at"]), _utc(data["seen_at"]))
            async for doc in query.stream()
            if (data := doc.to_dict()) is not None
        ]
        return sorted(seen, key=lambda one: one.instance_id)

    async def forget_before(self, before: datetime) -> int:
        query = self._col.where(filter=FieldFilter("seen_at", "<", before))
        gone = [doc.reference async for doc in query.stream()]
        for reference in gone:
            await reference.delete()
        return len(gone)
