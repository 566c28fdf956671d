"""Retention on Firestore: implements :class:`agency_core.privacy.retention.RetentionStore` (filtered in
memory, like the admin store's lists)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

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

    async def records_before(self, kind: str, before: datetime) -> list[str]:
        if kind not in RECORD_KINDS:
            raise ValueError(f"unknown record kind {kind!r}")
        found = [
            (_created(d), d[_ID_FIELD[kind]])
            async for snap in self._col(kind).stream()
            if (d := snap.to_dict()) is not None and _created(d) < before
        ]
        return [record_id for _, record_id in sorted(found)]


class RetentionWrites:
    """The unit of work's retention deletions (:class:`agency_core.unit_of_work.RetentionWrites`)."""

    def __init__(self, writes: Any) -> None:
        self._w = writes
        """The unit of work's ``_Writes`` helper (its ``_col`` and ``_step``)."""

    async def drop_files(self, application_id: str, note: str) -> None:
        ref = self._w._col("applications").document(application_id)
        exists: list[bool] = []

        async def check(tx: Any) -> None:
            exists[:] = [(await ref.get(transaction=tx)).exists]

        def write(tx: Any) -> None:
            if exists and exists[0]:
                tx.update(ref, {"files": [], f"data.{FILES_REMOVED_FIELD}": note})

        self._w._step(write, check)

    async def delete_records(self, kind: str, ids: Sequence[str]) -> None:
        if kind not in RECORD_KINDS:
            raise ValueError(f"unknown record kind {kind!r}")
        refs = [self._w._col(kind).document(record_id) for record_id in ids]
        if kind == "appointments":
            refs += [self._w._col("admin_notifications").document(f"{record_id}-admin") for record_id in ids]

        def write(tx: Any) -> None:
            for ref in refs:
                tx.delete(ref)

        self._w._step(write)
