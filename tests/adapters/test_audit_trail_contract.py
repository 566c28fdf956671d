"""The audit trail read by target (status history of ``/track``): SQLite and Firestore (emulator)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.audit_trail import FirestoreAuditTrail
from adapters.firestore.store import FirestoreStore
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.audit_trail import SqliteAuditTrail
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.audit import AuditEntry
from agency_core.ports import Store
from agency_core.submissions.tracking import AuditTrail
from tests.support.firestore_emulator import FirestoreEmulator
from tests.support.sealing import new_sealer
from tests.support.writes import add_audit

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)


@dataclass
class Backend:
    records: Store
    trail: AuditTrail


@pytest.fixture(params=["sqlite", pytest.param("firestore", marks=pytest.mark.emulator)])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    if request.param == "sqlite":
        db = Database(tmp_path / "agency.sqlite3")
        sealer = new_sealer()
        records = SqliteStore(db, sealer)
        await records.start()
        await SqliteAdminStore(db, sealer).start()
        yield Backend(records, SqliteAuditTrail(db))
        await db.close()
    else:
        emulator: FirestoreEmulator = request.getfixturevalue("firestore_emulator")
        prefix = f"t{secrets.token_hex(4)}_"
        firestore = FirestoreStore.connect(emulator.project_id, prefix=prefix, sealer=new_sealer())
        yield Backend(firestore, FirestoreAuditTrail(firestore.client, prefix))
        await firestore.close()


async def test_entries_for_a_target_prefix_oldest_first(backend: Backend) -> None:
    def entry(n: int, target: str, action: str = "application.status") -> AuditEntry:
        return AuditEntry(f"AU{n:04d}", "admin@example.com", action, target, T0 + timedelta(minutes=n))

    for item in (
        entry(3, "VA1: processing -> approved (status SMS queued)"),
        entry(1, "VA1: received -> processing (status SMS queued)"),
        entry(2, "VA12: received -> processing (status SMS queued)"),
        entry(4, "VA_%: odd target"),
        entry(5, "all (3 rows)", "applications.export"),
    ):
        await add_audit(backend.records, item)
    assert [e.id for e in await backend.trail.entries_for("VA1:")] == ["AU0001", "AU0003"]
    assert [e.id for e in await backend.trail.entries_for("VA_%:")] == ["AU0004"]
    assert await backend.trail.entries_for("VA9:") == []
    (first,) = await backend.trail.entries_for("VA12:")
    assert (first.action, first.at) == ("application.status", T0 + timedelta(minutes=2))


async def test_an_entry_whose_id_another_instance_took_is_kept_under_a_suffix(backend: Backend) -> None:
    # Two instances make the same time-based id in one millisecond: neither change fails, both are recorded.
    first = AuditEntry("AU1795502916097", "a@example.com", "payment.verified", "VA1: paid", T0)
    second = AuditEntry("AU1795502916097", "b@example.com", "payment.verified", "VA1: paid", T0 + timedelta(seconds=1))
    await add_audit(backend.records, first)
    await add_audit(backend.records, second)
    kept = await backend.trail.entries_for("VA1:")
    assert [(e.actor, e.at) for e in kept] == [("a@example.com", T0), ("b@example.com", T0 + timedelta(seconds=1))]
    assert kept[0].id == "AU1795502916097"
    assert kept[1].id.startswith("AU1795502916097-")
    assert len(kept[1].id) == len("AU1795502916097-") + 6
