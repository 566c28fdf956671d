"""Employers and job orders on both backends (SQLite and the Firestore emulator): each write on the
version it was made from with its audit entry, or nothing; one winner of two at once; orders with
their approval, override and files read back whole; the jobs linked to an order (issue 46 items 1, 2)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path

import pytest

from adapters.firestore.employers import FirestoreEmployers
from adapters.sqlite.database import Database
from adapters.sqlite.employers import SqliteEmployers
from agency_core.audit import AuditEntry
from agency_core.employers.model import (
    Approval,
    ApprovalKind,
    Benefits,
    ComplianceOverride,
    Contact,
    Employer,
    JobLink,
    JobOrder,
    OrderFile,
    OrderFileKind,
    Position,
)
from agency_core.employers.ports import EmployerStore
from agency_core.paging import PageRequest
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.clock import NOW

ACTOR = "ama@vandytravel.com"


@dataclass
class Backend:
    stores: Stores
    employers: EmployerStore

    async def audit_targets(self) -> list[str]:
        return sorted(e.target for e in (await self.stores.admin.audit_log(PageRequest(1, 50))).items)


async def employer_store(stores: Stores) -> SqliteEmployers | FirestoreEmployers:
    if stores.database is not None:
        store: SqliteEmployers | FirestoreEmployers = SqliteEmployers(stores.database)
    else:
        assert stores.firestore is not None
        store = FirestoreEmployers(stores.firestore.client, stores.prefix)
    await store.migrate()
    return store


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as stores:
        yield Backend(stores, await employer_store(stores))


def employer(n: int, company: str, version: int = 1) -> Employer:
    at = NOW + timedelta(minutes=n)
    contact = Contact("Mariam", "mariam@example.com", "+971501234567", "AE")
    return Employer(
        f"EM{n}", company, "AE", "Dubai", f"TL-{n}", (contact,), "", company.lower(), version, ACTOR, at, ACTOR, at
    )


def order(n: int, employer_id: str = "EM1", version: int = 1) -> JobOrder:
    at = NOW + timedelta(minutes=n)
    positions = (Position("Driver", 5, 2200, "AED"), Position("Cook", 2, 1800, "AED"))
    return JobOrder(
        f"JO{n}", employer_id, positions, Benefits(True, False, True), 24, date(2027, 3, 31), True, version,
        ACTOR, at, ACTOR, at,
    )  # fmt: skip


def audit(n: int, target: str) -> AuditEntry:
    return AuditEntry(f"AU{n:04d}", ACTOR, "employer.create", target, NOW + timedelta(minutes=n))


async def test_employers_are_kept_by_company_with_their_contacts(backend: Backend) -> None:
    store = backend.employers
    await store.save_employer(employer(1, "Zayed Builders"), audit(1, "EM1: Zayed Builders"))
    await store.save_employer(employer(2, "al Noor Homes"), audit(2, "EM2: al Noor Homes"))
    edited = replace(employer(2, "al Noor Homes", version=2), notes="Pays on time", city="Sharjah")
    await store.save_employer(edited, audit(3, "EM2: city, notes"))
    assert [e.id for e in await store.employers()] == ["EM2", "EM1"]
    assert await store.employer("EM2") == edited
    assert (await store.employer("EM1")).contacts[0].phone == "+971501234567"  # type: ignore[union-attr]
    assert await store.employer("EM9") is None
    assert await backend.audit_targets() == ["EM1: Zayed Builders", "EM2: al Noor Homes", "EM2: city, notes"]


async def test_a_stale_write_keeps_nothing_and_one_of_two_at_once_wins(backend: Backend) -> None:
    store = backend.employers
    await store.save_employer(employer(1, "Zayed Builders"), audit(1, "made"))
    with pytest.raises(PreconditionFailed):
        await store.save_employer(employer(1, "Again"), audit(2, "stale"))  # version 1 exists
    with pytest.raises(PreconditionFailed):
        await store.save_employer(employer(1, "Skipped", version=3), audit(3, "stale skip"))
    racing = [replace(employer(1, name, version=2)) for name in ("First", "Second")]
    outcomes = await asyncio.gather(
        *(store.save_employer(e, audit(4 + i, f"race {i}")) for i, e in enumerate(racing)), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "PreconditionFailed"]
    stored = await store.employer("EM1")
    assert stored is not None
    assert (stored.version, stored.company in {"First", "Second"}) == (2, True)
    targets = await backend.audit_targets()
    assert "stale" not in " ".join(targets)
    assert len([t for t in targets if t.startswith("race")]) == 1


async def test_orders_come_back_whole_newest_first_per_employer(backend: Backend) -> None:
    store = backend.employers
    await store.save_order(order(1), audit(1, "JO1"))
    await store.save_order(order(2, employer_id="EM2"), audit(2, "JO2"))
    await store.save_order(order(3), audit(3, "JO3"))
    full = replace(
        order(1, version=2),
        approval=Approval(ApprovalKind.LABOUR_CERTIFICATE, "LC-2026-0042", ACTOR, NOW),
        override=ComplianceOverride("Household vetted by the embassy", "kofi@vandytravel.com", NOW),
        files=(OrderFile("OF1", OrderFileKind.DEMAND_LETTER, "k/abc.pdf.enc", ".pdf", ACTOR, NOW),),
    )
    await store.save_order(full, audit(4, "JO1: approval"))
    assert await store.order("JO1") == full
    assert (await store.order("JO3")) == order(3)
    assert [o.id for o in await store.orders()] == ["JO3", "JO2", "JO1"]
    assert [o.id for o in await store.orders("EM1")] == ["JO3", "JO1"]
    assert await store.orders("EM9") == []
    with pytest.raises(PreconditionFailed):
        await store.save_order(replace(order(1, version=2), contract_months=12), audit(5, "stale order"))
    assert (await store.order("JO1")) == full
    assert "stale order" not in await backend.audit_targets()


async def test_a_job_links_to_one_order_and_an_audit_is_kept_alone(backend: Backend) -> None:
    store = backend.employers
    await store.link(JobLink("JB1", "JO1", ACTOR, NOW), audit(1, "JB1 -> JO1"))
    await store.link(JobLink("JB2", "JO1", ACTOR, NOW), audit(2, "JB2 -> JO1"))
    await store.link(JobLink("JB1", "JO2", ACTOR, NOW), audit(3, "JB1 -> JO2"))  # moved
    assert [(k.job_id, k.order_id) for k in await store.links()] == [("JB1", "JO2"), ("JB2", "JO1")]
    assert [k.job_id for k in await store.links("JO1")] == ["JB2"]
    assert await store.link_of("JB1") == JobLink("JB1", "JO2", ACTOR, NOW)
    await store.unlink("JB2", audit(4, "JB2 unlinked"))
    assert await store.links("JO1") == []
    assert await store.link_of("JB2") is None
    await store.audit(audit(5, "JO1: demand letter OF1"))
    await store.audit(audit(5, "JO1: demand letter OF1 again"))  # the same id: kept under the next
    assert await backend.audit_targets() == [
        "JB1 -> JO1",
        "JB1 -> JO2",
        "JB2 -> JO1",
        "JB2 unlinked",
        "JO1: demand letter OF1",
        "JO1: demand letter OF1 again",
    ]


async def test_the_sqlite_migration_is_named_and_runs_once(tmp_path: Path) -> None:
    db = Database(tmp_path / "agency.sqlite3")
    await SqliteEmployers(db).migrate()
    await SqliteEmployers(db).migrate()
    names = await db.run(lambda conn: [r[0] for r in conn.execute("SELECT name FROM schema_migrations")])
    assert names == ["records_0019_employers"]
    sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('employers', 'job_orders', 'order_jobs')"
    tables = await db.run(lambda conn: sorted(r[0] for r in conn.execute(sql)))
    assert tables == ["employers", "job_orders", "order_jobs"]
    await db.close()
