"""One contract for the deployment pipeline's history: SQLite and Firestore (on the emulator).

Moves are kept in order and read back as written; a move is stored only on the version after the
history's last (a stale one fails the whole unit of work); ten units of work racing on one version
leave one of them committed and one linear history."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.personal_data import FirestorePersonalDataStore
from adapters.firestore.pipeline import FirestorePipelineStore
from adapters.sqlite.database import Database
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from adapters.sqlite.pipeline import SqlitePipelineStore
from adapters.sqlite.store import MIGRATIONS as RECORD_MIGRATIONS
from adapters.sqlite.store import SqliteStore
from agency_core.audit import AuditEntry
from agency_core.paging import PageRequest
from agency_core.pipeline.moves import PipelineStore
from agency_core.pipeline.stages import CloseReason, MoveKind, StageKey, StageMove
from agency_core.privacy.data_requests import PersonalDataStore, export_json
from agency_core.privacy.model import Person
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_of
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.sealing import new_sealer
from tests.support.writes import add_application, commits

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@dataclass
class Backend:
    stores: Stores
    pipeline: PipelineStore


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        if s.database is not None:
            pipeline: PipelineStore = SqlitePipelineStore(s.database)
        else:
            assert s.firestore is not None
            pipeline = FirestorePipelineStore(s.firestore.client, s.prefix)
        yield Backend(s, pipeline)


def application(app_id: str) -> Application:
    data = {"firstName": "Akosua", "lastName": "Mensah", "email": f"{app_id.lower()}@example.com"}
    return Application(app_id, form_of(ApplicationForm, data), (), T0)


def stage_move(version: int, to: StageKey, before: StageKey | None, kind: MoveKind = MoveKind.MOVE) -> StageMove:
    return StageMove(
        f"PM{version}-{to.value}",
        "VTR1",
        version,
        kind,
        before,
        to,
        "ama@vandytravel.com",
        T0 + timedelta(minutes=version),
    )


async def test_moves_are_kept_in_order_and_read_back_as_written(backend: Backend) -> None:
    records = backend.stores.records
    await add_application(records, application("VTR1"))
    assert await backend.pipeline.history("VTR1") == []
    first = stage_move(1, StageKey.SELECTED, None)
    second = stage_move(2, StageKey.MEDICAL, StageKey.SELECTED)
    closed = StageMove(
        "PM3", "VTR1", 3, MoveKind.CLOSE, StageKey.MEDICAL, StageKey.CLOSED, "kofi@vandytravel.com", T0,
        reason="", close_reason=CloseReason.OTHER, close_text="Family reasons",
    )  # fmt: skip
    for made in (first, second, closed):
        assert await commits(records, lambda uow, m=made: [uow.pipeline.add(m)])  # type: ignore[misc]
    assert await backend.pipeline.history("VTR1") == [first, second, closed]
    assert await backend.pipeline.history("VTR2") == []


async def test_a_move_on_a_stale_version_writes_nothing_of_its_unit_of_work(backend: Backend) -> None:
    records = backend.stores.records
    await add_application(records, application("VTR1"))
    first = stage_move(1, StageKey.SELECTED, None)
    assert await commits(records, lambda uow: [uow.pipeline.add(first)])
    skipped = stage_move(3, StageKey.VISA, StageKey.SELECTED)
    again = stage_move(1, StageKey.SELECTED, None)
    entry = AuditEntry("AU1", "ama@vandytravel.com", "pipeline.move", "VTR1: selected -> visa (move)", T0)
    for stale in (skipped, again):
        assert not await commits(records, lambda uow, m=stale: [uow.pipeline.add(m), uow.audit.add(entry)])  # type: ignore[misc]
    assert await backend.pipeline.history("VTR1") == [first]
    assert (await backend.stores.admin.audit_log(PageRequest())).items == []


async def test_ten_moves_racing_on_one_version_leave_one_linear_history(backend: Backend) -> None:
    records = backend.stores.records
    await add_application(records, application("VTR1"))
    first = stage_move(1, StageKey.SELECTED, None)
    assert await commits(records, lambda uow: [uow.pipeline.add(first)])
    targets = list(StageKey)[1:11]
    racing = [stage_move(2, to, StageKey.SELECTED) for to in targets]
    results = await asyncio.gather(*(commits(records, lambda uow, m=m: [uow.pipeline.add(m)]) for m in racing))  # type: ignore[misc]
    assert results.count(True) == 1
    history = await backend.pipeline.history("VTR1")
    assert [m.version for m in history] == [1, 2]
    assert history[1] == racing[results.index(True)]


async def test_a_person_s_pipeline_history_is_exported_and_erased_with_their_application(backend: Backend) -> None:
    s = backend.stores
    records = s.records
    await add_application(records, application("VTR1"))
    await add_application(records, application("VTR2"))
    mine = [stage_move(1, StageKey.SELECTED, None), stage_move(2, StageKey.VISA, StageKey.SELECTED)]
    other = replace(stage_move(1, StageKey.SELECTED, None), id="PMX", application_id="VTR2")
    for made in (*mine, other):
        assert await commits(records, lambda uow, m=made: [uow.pipeline.add(m)])  # type: ignore[misc]
    people: PersonalDataStore
    if s.database is not None:
        people = SqlitePersonalDataStore(s.database, s.sealer)
    else:
        assert s.firestore is not None
        people = FirestorePersonalDataStore(s.firestore.client, s.prefix, sealer=s.sealer)
    found = await people.find(Person(email="vtr1@example.com"))
    assert found.pipeline == mine
    assert found.counts()["pipelineMoves"] == 2
    exported = export_json(found)["pipeline"]
    assert [(m["version"], m["toStage"], m["stage"]) for m in exported] == [
        (1, "selected", "Selected by employer"),
        (2, "visa", "Visa / work permit"),
    ]
    assert "ama@vandytravel.com" not in str(exported)  # the staff member's address stays out
    async with records.unit_of_work() as uow:
        await uow.personal_data.erase(found)
    assert await backend.pipeline.history("VTR1") == []
    assert await backend.pipeline.history("VTR2") == [other]
    # the erased application's history starts again from nothing (its head went with it)
    assert await commits(records, lambda uow: [uow.pipeline.add(mine[0])])


async def test_the_sqlite_migration_adds_an_empty_history_to_a_database_made_before_it(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite3")
    sealer = new_sealer()
    await db.migrate([m for m in RECORD_MIGRATIONS if m.name != "records_0017_pipeline_stages"])
    old = SqliteStore(db, sealer)
    await add_application(old, application("VTR1"))
    store = SqliteStore(db, sealer)
    await store.start()
    pipeline = SqlitePipelineStore(db)
    assert await pipeline.history("VTR1") == []
    first = stage_move(1, StageKey.SELECTED, None)
    assert await commits(store, lambda uow: [uow.pipeline.add(first)])
    assert await pipeline.history("VTR1") == [first]
    await db.close()
