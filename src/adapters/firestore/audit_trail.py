"""Reads the admin area's ``audit_log`` collection by target: implements
:class:`agency_core.submissions.tracking.AuditTrail` (filtered in memory, like the admin store's lists)."""

from __future__ import annotations

from typing import Any

from adapters.codec import from_document
from agency_core.audit import AuditEntry


class FirestoreAuditTrail:
    def __init__(self, client: Any, prefix: str = "") -> None:
        self._client = client
        self._prefix = prefix

    async def entries_for(self, target_prefix: str) -> list[AuditEntry]:
        entries = [
            from_document(AuditEntry, d)
            async for snap in self._client.collection(self._prefix + "audit_log").stream()
            if (d := snap.to_dict()) is not None and str(d.get("target", "")).startswith(target_prefix)
        ]
        entries.sort(key=lambda e: (e.at, e.id))
        return entries
