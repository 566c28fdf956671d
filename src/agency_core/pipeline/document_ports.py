"""The stores the documents and the departure gate need; adapters implement them (SQLite and Firestore).

Each write is its own transaction, with its audit entry in the same commit, and holds only on the
condition it names (else :class:`~agency_core.unit_of_work.PreconditionFailed`, writing nothing).
"""

from __future__ import annotations

from typing import Protocol

from agency_core.audit import AuditEntry
from agency_core.pipeline.documents import DocumentVersion, Renewal
from agency_core.pipeline.gate_settings import GateChange, StoredGate


class DocumentStore(Protocol):
    async def history(self, application_id: str) -> list[DocumentVersion]:
        """Every version of every kind the applicant has, by kind then newest version first."""
        ...

    async def get(self, application_id: str, version_id: str) -> DocumentVersion | None: ...

    async def record(self, renewal: Renewal, audit: AuditEntry) -> None:
        """Add ``renewal.new`` and write ``renewal.closed`` over the previous version, with ``audit``, on
        condition that the kind's current version is still ``renewal.previous`` (none, when it is None)."""
        ...

    async def audit(self, entry: AuditEntry) -> None:
        """Keep an audit entry alone (a download)."""
        ...

    async def erase(self, application_id: str) -> None:
        """Delete every version of every kind the applicant has (a data request's erasure; their
        scans are the caller's to delete from the file store)."""
        ...


class GateSettingsStore(Protocol):
    async def gates(self) -> list[StoredGate]:
        """Every destination's gate that is set (the default's destination is ``""``), by destination."""
        ...

    async def stored(self, destination: str) -> StoredGate:
        """The destination's gate and version (version 0 and no settings when never set)."""
        ...

    async def changes(self, destination: str | None = None) -> list[GateChange]:
        """The changes (of one destination when given), newest first."""
        ...

    async def change(self, change: GateChange, audit: AuditEntry) -> None:
        """Store ``change.after`` as the destination's gate (remove it when None), keep the change and
        ``audit``, on condition that the destination's version is still ``change.version - 1``."""
        ...
