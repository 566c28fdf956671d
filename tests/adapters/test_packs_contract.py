"""CV packs and the employers' decisions on both backends (SQLite and the Firestore emulator): a pack
written on the version it was made from with its audit entry, or nothing; found by its token's
hash; listed per order and per employer; an answer per (pack, candidate) that tells the one it
replaced and keeps the first answer's time; two answers at once are written one after the other
(issue 46 items 3-5)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.firestore.packs import FirestorePacks
from adapters.sqlite.packs import SqlitePacks
from agency_core.audit import AuditEntry
from agency_core.employers.packs_model import Decision, DecisionKind, Pack, PackCandidate, token_hash
from agency_core.employers.packs_ports import PackStore
from agency_core.paging import PageRequest
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.clock import NOW

ACTOR = "ama@vandytravel.com"


@dataclass
class Backend:
    stores: Stores
    packs: PackStore

    async def audit_targets(self) -> list[str]:
        return sorted(e.target for e in (await self.stores.admin.audit_log(PageRequest(1, 100))).items)


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as stores:
        if stores.database is not None:
            store: SqlitePacks | FirestorePacks = SqlitePacks(stores.database)
        else:
            assert stores.firestore is not None
            store = FirestorePacks(stores.firestore.client, stores.prefix)
        await store.migrate()
        yield Backend(stores, store)


def pack(n: int, order_id: str = "JO1", employer_id: str = "EM1", version: int = 1) -> Pack:
    at = NOW + timedelta(minutes=n)
    candidates = (PackCandidate("C01", "VA1"), PackCandidate("C02", "VA2"))
    return Pack(f"PK{n}", order_id, employer_id, "Mariam", "mariam@gulfhomes.example", token_hash(f"token-{n}"),
                candidates, ACTOR, at, at + timedelta(days=14), version)  # fmt: skip


def audit(n: int, target: str) -> AuditEntry:
    return AuditEntry(f"AU{n:04d}", ACTOR, "pack.send", target, NOW + timedelta(minutes=n))


def answer(kind: DecisionKind, minutes: int, code: str = "C01", pack_id: str = "PK1") -> Decision:
    at = NOW + timedelta(minutes=minutes)
    times = (NOW + timedelta(days=3),) if kind is DecisionKind.INTERVIEW else ()
    return Decision(pack_id, code, "VA1", "JO1", "EM1", kind, "Good", times, at, at, "203.0.113.9")


async def test_packs_come_back_whole_by_id_token_order_and_employer(backend: Backend) -> None:
    store = backend.packs
    await store.save_pack(pack(1), audit(1, "PK1"))
    await store.save_pack(pack(2, order_id="JO2", employer_id="EM2"), audit(2, "PK2"))
    await store.save_pack(pack(3), audit(3, "PK3"))
    released = replace(
        pack(1, version=2),
        candidates=(PackCandidate("C01", "VA1", ACTOR, NOW + timedelta(hours=1)), PackCandidate("C02", "VA2")),
        revoked_by=ACTOR,
        revoked_at=NOW + timedelta(hours=2),
    )
    await store.save_pack(released, audit(4, "PK1: C01"))
    assert await store.pack("PK1") == released
    assert await store.pack_by_token(token_hash("token-3")) == pack(3)
    assert await store.pack_by_token(token_hash("token-9")) is None
    assert [p.id for p in await store.packs(order_id="JO1")] == ["PK3", "PK1"]
    assert [p.id for p in await store.packs(employer_id="EM2")] == ["PK2"]
    assert await store.packs(order_id="JO9") == []
    assert await backend.audit_targets() == ["PK1", "PK1: C01", "PK2", "PK3"]


async def test_a_stale_pack_write_keeps_nothing_and_one_of_two_at_once_wins(backend: Backend) -> None:
    store = backend.packs
    await store.save_pack(pack(1), audit(1, "made"))
    with pytest.raises(PreconditionFailed):
        await store.save_pack(pack(1), audit(2, "stale"))
    racing = [replace(pack(1, version=2), revoked_by=who, revoked_at=NOW) for who in ("a", "b")]
    outcomes = await asyncio.gather(
        *(store.save_pack(p, audit(3 + i, f"race {i}")) for i, p in enumerate(racing)), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "PreconditionFailed"]
    targets = await backend.audit_targets()
    assert "stale" not in targets
    assert len([t for t in targets if t.startswith("race")]) == 1


async def test_an_answer_replaces_the_earlier_one_and_keeps_its_first_time(backend: Backend) -> None:
    store = backend.packs
    first = answer(DecisionKind.INTERVIEW, 10)
    assert await store.decide(first, audit(1, "PK1: C01 interview")) is None
    await store.set_stage_note("PK1", "C01", "Moved to Selected by employer.")
    later = answer(DecisionKind.SELECT, 90)
    before = await store.decide(later, audit(2, "PK1: C01 select"))
    assert before == replace(first, stage_note="Moved to Selected by employer.")
    await store.decide(answer(DecisionKind.REJECT, 20, code="C02"), audit(3, "PK1: C02 reject"))
    await store.decide(answer(DecisionKind.REJECT, 30, pack_id="PK2"), audit(4, "PK2: C01 reject"))
    kept = await store.decisions(pack_id="PK1")
    assert [(d.code, d.kind) for d in kept] == [("C01", DecisionKind.SELECT), ("C02", DecisionKind.REJECT)]
    assert (kept[0].first_at, kept[0].at, kept[0].stage_note) == (first.at, later.at, "Moved to Selected by employer.")
    assert len(await store.decisions(order_id="JO1")) == 3
    assert len(await store.decisions(employer_id="EM1")) == 3
    assert (await store.decisions(pack_id="PK2"))[0].times == ()
    assert kept[0].times == ()
    assert len(await backend.audit_targets()) == 4


async def test_two_identical_answers_at_once_see_one_another(backend: Backend) -> None:
    store = backend.packs
    both = await asyncio.gather(
        *(store.decide(answer(DecisionKind.SELECT, 5 + i), audit(i, f"select {i}")) for i in range(2))
    )
    assert sorted(b is None for b in both) == [False, True]
    assert len(await backend.audit_targets()) == 2
