"""An applicant's documents and the departure gates on both backends (SQLite and the Firestore
emulator): every version kept, a renewal conditional on the version it replaces, one winner of two
at once, each write with its audit entry or nothing; gates per destination with their changes
(who, when, before and after) conditional on the version read (issue 45 items 2 and 3)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.firestore.pipeline_documents import FirestoreDocuments, FirestoreGates
from adapters.sqlite.database import Database
from adapters.sqlite.pipeline_documents import SqliteDocuments, SqliteGates
from agency_core.audit import AuditEntry
from agency_core.paging import PageRequest
from agency_core.pipeline.document_ports import DocumentStore, GateSettingsStore
from agency_core.pipeline.documents import (
    DocumentKind,
    DocumentState,
    NewDocument,
    ValiditySettings,
    renew,
)
from agency_core.pipeline.gate import GateCheck, GateSettings
from agency_core.pipeline.gate_settings import GateChange, StoredGate
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.clock import NOW

TODAY = NOW.date()
VALIDITY = ValiditySettings()


@dataclass
class Backend:
    stores: Stores
    documents: DocumentStore
    gates: GateSettingsStore

    async def audit_targets(self) -> list[str]:
        return sorted(e.target for e in (await self.stores.admin.audit_log(PageRequest(1, 50))).items)


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as stores:
        if stores.database is not None:
            documents: SqliteDocuments | FirestoreDocuments = SqliteDocuments(stores.database)
            gates: SqliteGates | FirestoreGates = SqliteGates(stores.database)
        else:
            assert stores.firestore is not None
            documents = FirestoreDocuments(stores.firestore.client, stores.prefix)
            gates = FirestoreGates(stores.firestore.client, stores.prefix)
        await documents.migrate()
        await gates.migrate()
        yield Backend(stores, documents, gates)


def passport(n: int, expires_on: str = "2031-01-31", application_id: str = "VA1") -> NewDocument:
    fields = {"number": f"G{n:07d}", "issued_on": "2021-02-01", "expires_on": expires_on}
    return NewDocument(
        f"DV{application_id}-{n}",
        application_id,
        DocumentKind.PASSPORT,
        fields,
        "a@example.com",
        NOW + timedelta(minutes=n),
    )


def audit(n: int, target: str) -> AuditEntry:
    return AuditEntry(f"AU{n:04d}", "a@example.com", "document.record", target, NOW + timedelta(minutes=n))


async def test_versions_are_kept_and_a_renewal_closes_the_previous(backend: Backend) -> None:
    store = backend.documents
    first = renew(None, passport(1), TODAY, VALIDITY)
    await store.record(first, audit(1, "VA1: passport version 1"))
    scan = replace(passport(2), file_key="k/abc.pdf.enc", file_type=".pdf")
    second = renew(first.new, scan, TODAY, VALIDITY)
    await store.record(second, audit(2, "VA1: passport version 2"))
    medical = NewDocument(
        "DVm1",
        "VA1",
        DocumentKind.MEDICAL,
        {"centre": "Ridge", "examined_on": "2026-11-20", "result": "fit"},
        "b@example.com",
        NOW,
    )
    await store.record(renew(None, medical, TODAY, VALIDITY), audit(3, "VA1: medical version 1"))
    await store.record(
        renew(None, passport(1, application_id="VA2"), TODAY, VALIDITY), audit(4, "VA2: passport version 1")
    )

    history = await store.history("VA1")
    assert [(v.kind, v.version, v.state) for v in history] == [
        (DocumentKind.MEDICAL, 1, DocumentState.CURRENT),
        (DocumentKind.PASSPORT, 2, DocumentState.CURRENT),
        (DocumentKind.PASSPORT, 1, DocumentState.RENEWED),
    ]
    assert history[1] == second.new
    assert history[2] == second.closed
    assert history[2].replaced_at == NOW + timedelta(minutes=2)
    assert await store.get("VA1", "DVVA1-2") == second.new
    assert (await store.get("VA1", "DVVA1-2")).file_key == "k/abc.pdf.enc"  # type: ignore[union-attr]
    assert await store.get("VA2", "DVVA1-2") is None
    assert await store.get("VA1", "nothing") is None
    assert [v.id for v in await store.history("VA2")] == ["DVVA2-1"]
    assert await store.history("VA3") == []
    assert await backend.audit_targets() == [
        "VA1: medical version 1",
        "VA1: passport version 1",
        "VA1: passport version 2",
        "VA2: passport version 1",
    ]


async def test_erase_deletes_every_version_of_one_applicant_only(backend: Backend) -> None:
    store = backend.documents
    first = renew(None, passport(1), TODAY, VALIDITY)
    await store.record(first, audit(1, "VA1: passport version 1"))
    await store.record(renew(first.new, passport(2), TODAY, VALIDITY), audit(2, "VA1: passport version 2"))
    other = renew(None, passport(1, application_id="VA2"), TODAY, VALIDITY)
    await store.record(other, audit(3, "VA2: passport version 1"))
    await store.erase("VA1")
    assert await store.history("VA1") == []
    assert await store.get("VA1", "DVVA1-2") is None
    assert await store.history("VA2") == [other.new]
    await store.erase("VA3")  # nothing held: nothing happens
    assert await store.history("VA2") == [other.new]
    # The applicant's kind starts again from a first version after the erasure.
    await store.record(renew(None, passport(5), TODAY, VALIDITY), audit(4, "VA1: passport version 1 again"))
    assert [v.id for v in await store.history("VA1")] == ["DVVA1-5"]


async def test_a_renewal_of_a_replaced_version_writes_nothing(backend: Backend) -> None:
    store = backend.documents
    first = renew(None, passport(1), TODAY, VALIDITY)
    await store.record(first, audit(1, "VA1: passport version 1"))
    await store.record(renew(first.new, passport(2), TODAY, VALIDITY), audit(2, "VA1: passport version 2"))
    with pytest.raises(PreconditionFailed):
        await store.record(renew(first.new, passport(3), TODAY, VALIDITY), audit(3, "stale"))
    with pytest.raises(PreconditionFailed):
        await store.record(renew(None, passport(4), TODAY, VALIDITY), audit(4, "stale first"))
    assert [(v.id, v.state) for v in await store.history("VA1")] == [
        ("DVVA1-2", DocumentState.CURRENT),
        ("DVVA1-1", DocumentState.RENEWED),
    ]
    assert "stale" not in " ".join(await backend.audit_targets())


async def test_two_recordings_at_once_leave_one_current(backend: Backend) -> None:
    store = backend.documents
    first = renew(None, passport(1), TODAY, VALIDITY)
    await store.record(first, audit(1, "VA1: passport version 1"))
    racing = [renew(first.new, passport(n), TODAY, VALIDITY) for n in (2, 3)]
    outcomes = await asyncio.gather(
        *(store.record(r, audit(n, f"race {n}")) for n, r in zip((2, 3), racing, strict=True)), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "PreconditionFailed"]
    history = await store.history("VA1")
    assert [(v.version, v.state) for v in history] == [(2, DocumentState.CURRENT), (1, DocumentState.RENEWED)]
    assert len([t for t in await backend.audit_targets() if t.startswith("race")]) == 1


async def test_a_download_is_audited(backend: Backend) -> None:
    await backend.documents.audit(audit(9, "VA1: passport version 1 downloaded"))
    await backend.documents.audit(audit(9, "VA1: passport version 1 downloaded again"))  # same id, kept too
    assert await backend.audit_targets() == [
        "VA1: passport version 1 downloaded",
        "VA1: passport version 1 downloaded again",
    ]


def gate_change(
    n: int, destination: str, before: GateSettings | None, after: GateSettings | None, version: int = 0
) -> GateChange:
    at = NOW + timedelta(minutes=n)
    return GateChange(f"GC{n}", destination, version or n, before, after, f"staff{n}@example.com", at)


async def test_gates_per_destination_with_their_changes(backend: Backend) -> None:
    gates = backend.gates
    assert await gates.stored("Qatar") == StoredGate("Qatar", 0, None)
    qatar = GateSettings("Qatar", 9, ValiditySettings(30, 60), (GateCheck.PASSPORT, GateCheck.MEDICAL))
    await gates.change(gate_change(1, "Qatar", None, qatar), audit(1, "gate Qatar: set"))
    relaxed = replace(qatar, passport_months=6)
    await gates.change(gate_change(2, "qatar", qatar, relaxed), audit(2, "gate Qatar: 9 -> 6"))
    default = GateSettings("", 3)
    await gates.change(gate_change(3, "", None, default, version=1), audit(3, "gate default: set"))

    stored = await gates.stored(" QATAR ")
    assert (stored.version, stored.settings, stored.updated_by, stored.updated_at) == (
        2,
        relaxed,
        "staff2@example.com",
        NOW + timedelta(minutes=2),
    )
    assert [g.settings for g in await gates.gates()] == [default, relaxed]
    history = await gates.changes("Qatar")
    assert [(c.version, c.before, c.after, c.actor) for c in history] == [
        (2, qatar, relaxed, "staff2@example.com"),
        (1, None, qatar, "staff1@example.com"),
    ]
    assert [(c.id, c.destination) for c in await gates.changes()] == [("GC3", ""), ("GC2", "qatar"), ("GC1", "Qatar")]
    assert await backend.audit_targets() == ["gate Qatar: 9 -> 6", "gate Qatar: set", "gate default: set"]


async def test_a_gate_change_on_a_stale_version_writes_nothing(backend: Backend) -> None:
    gates = backend.gates
    qatar = GateSettings("Qatar", 9)
    await gates.change(gate_change(1, "Qatar", None, qatar), audit(1, "gate Qatar: set"))
    with pytest.raises(PreconditionFailed):
        await gates.change(gate_change(1, "Qatar", None, GateSettings("Qatar", 12)), audit(2, "stale"))
    racing = [gate_change(m, "Qatar", qatar, GateSettings("Qatar", m), version=2) for m in (3, 4)]
    outcomes = await asyncio.gather(
        *(gates.change(c, audit(3 + i, f"race {i}")) for i, c in enumerate(racing)), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "PreconditionFailed"]
    stored = await gates.stored("Qatar")
    assert stored.version == 2
    assert stored.settings in {GateSettings("Qatar", 3), GateSettings("Qatar", 4)}
    assert len(await gates.changes("Qatar")) == 2
    targets = await backend.audit_targets()
    assert "stale" not in targets
    assert len([t for t in targets if t.startswith("race")]) == 1


async def test_a_removed_gate_follows_the_default_and_keeps_its_history(backend: Backend) -> None:
    gates = backend.gates
    oman = GateSettings("Oman", 12)
    await gates.change(gate_change(1, "Oman", None, oman), audit(1, "gate Oman: set"))
    await gates.change(gate_change(2, "Oman", oman, None), audit(2, "gate Oman: removed"))
    assert await gates.gates() == []
    stored = await gates.stored("Oman")
    assert (stored.version, stored.settings) == (2, None)
    assert [(c.before, c.after) for c in await gates.changes("Oman")] == [(oman, None), (None, oman)]


async def test_the_sqlite_migration_is_named_and_runs_once(tmp_path: Path) -> None:
    db = Database(tmp_path / "agency.sqlite3")
    documents, gates = SqliteDocuments(db), SqliteGates(db)
    await documents.migrate()
    await gates.migrate()  # the same migration: applied once
    names = await db.run(lambda conn: [r[0] for r in conn.execute("SELECT name FROM schema_migrations")])
    assert names == ["records_0018_pipeline_documents"]
    assert await db.migrate(()) == []
    tables = await db.run(
        lambda conn: sorted(
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'pipeline_%'")
        )
    )
    assert tables == ["pipeline_documents", "pipeline_gate_changes", "pipeline_gates"]
    await db.close()
