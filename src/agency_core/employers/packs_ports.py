"""The store CV packs and the employers' decisions need; adapters implement it (SQLite and Firestore).

Each write commits with its audit entry. A pack is written on condition that the stored one is
still the version it was made from (``version - 1``; none for version 1), else
:class:`~agency_core.unit_of_work.PreconditionFailed` and nothing is written.
"""

from __future__ import annotations

from typing import Protocol

from agency_core.audit import AuditEntry
from agency_core.employers.packs_model import Decision, Pack


class PackStore(Protocol):
    async def save_pack(self, pack: Pack, audit: AuditEntry) -> None: ...

    async def pack(self, pack_id: str) -> Pack | None: ...

    async def pack_by_token(self, token_hash: str) -> Pack | None:
        """The pack whose link's token hashes to ``token_hash``."""
        ...

    async def packs(self, *, order_id: str | None = None, employer_id: str | None = None) -> list[Pack]:
        """Of one order or one employer (every pack when neither is given), newest first."""
        ...

    async def decide(self, decision: Decision, audit: AuditEntry) -> Decision | None:
        """Keep ``decision`` as the answer on its ``(pack_id, code)`` in one transaction with its audit
        entry, and answer the one it replaced (``None`` for the first). The earlier answer's
        ``first_at`` and ``stage_note`` are kept. Two answers at once are written one after the other, so exactly one
        of two identical answers sees none before it."""
        ...

    async def set_stage_note(self, pack_id: str, code: str, note: str) -> None:
        """What a Select did to the stage, on the stored answer."""
        ...

    async def decisions(
        self, *, pack_id: str | None = None, order_id: str | None = None, employer_id: str | None = None
    ) -> list[Decision]:
        """Of one pack, order or employer, by pack then code."""
        ...

    async def audit(self, entry: AuditEntry) -> None:
        """An audit entry alone (a view of the employer's page, a CV download)."""
        ...
