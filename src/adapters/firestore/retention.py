"""Retention on Firestore: implements :class:`agency_core.privacy.retention.RetentionStore` (filtered in
memory, like the admin store's lists)."""

from __future__ import annotations

from datetime import datetime

from adapters.codec import moment
from adapters.firestore.documents import Collections, Document, application_record
from agency_core.privacy.retention import FILES_REMOVED_FIELD, RECORD_KINDS
from agency_core.staff.records import ApplicationRecord

_ID_FIELD = {"contact_messages": "id", "appointments": "reference", "job_alerts": "id"}


def _created(doc: Document) -> datetime:
    created = moment(doc["created_at"])
    assert created is not None
    return created


class FirestoreRetentionStore(Collections):
    async def applications_with_files_before(self, before: datetime) -> list[ApplicationRecord]:
        records = [
            application_record(d, self._sealer)
            async for snap in self._col("applications").stream()
            if (d := snap.to_dict()) is not None and d.get("files") and _created(d) < before
        ]
        return sorted(records, key=lambda r: (r.application.created_at, r.id))

    async def drop_files(self, application_id: str, note: str) -> None:
        ref = self._col("applications").document(application_id)
        snap = await ref.get()
        if snap.exists:
            await ref.update({"files": [], f"data.{FILES_REMOVED_FIELD}": note})

    async def records_before(self, kind: str, before: datetime) -> list[str]:
        if kind not in RECORD_KINDS:
            raise ValueError(f"unknown record kind {kind!r}")
        found = [
            (_created(d), d[_ID_FIELD[kind]])
            async for snap in self._col(kind).stream()
            if (d := snap.to_dict()) is not None and _created(d) < before
        ]
        return [record_id for _, record_id in sorted(found)]

    async def delete_records(self, kind: str, ids: list[str]) -> None:
        if kind not in RECORD_KINDS:
            raise ValueError(f"unknown record kind {kind!r}")
        batch = self._client.batch()
        for record_id in ids:
            batch.delete(self._col(kind).document(record_id))
            if kind == "appointments":
                batch.delete(self._col("admin_notifications").document(f"{record_id}-admin"))
        await batch.commit()
