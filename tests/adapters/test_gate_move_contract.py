"""The departure gate and the move past Departed are one transaction, on both backends (SQLite and
the Firestore emulator): a passport renewed between the gate's read and the move's commit is seen by
the move, whose answer is then that of the two serial orders (issue 45 item 3).

The gate here checks the passport alone (the default gate set to ``passport``), so one document
decides it: version 1 passes, its renewal (expiring in four months) fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from itertools import count
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest

from adapters.firestore.pipeline import FirestorePipelineStore
from adapters.firestore.pipeline_documents import FirestoreDocuments, FirestoreGates
from adapters.sqlite.pipeline import SqlitePipelineStore
from adapters.sqlite.pipeline_documents import SqliteDocuments, SqliteGates
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.errors import ChecksFailed
from agency_core.ids import IdGenerator
from agency_core.pipeline.documents import DocumentState
from agency_core.pipeline.documents_admin import DocumentsAdmin
from agency_core.pipeline.gate import GateResult
from agency_core.pipeline.gate_admin import GatesAdmin
from agency_core.pipeline.moves import PipelineAdmin
from agency_core.pipeline.stages import MoveInput, StageKey
from agency_core.records import Application, ApplicationStatus
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import UnitOfWork
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.clock import NOW
from tests.support.writes import add_application

ACTOR = "ama@vandytravel.com"
GOOD = {"number": "G1234567", "issued_on": "2021-02-01", "expires_on": "2031-01-31"}
EXPIRING = {"number": "G7654321", "issued_on": "2021-02-01", "expires_on": str(date(2027, 3, 28))}
"""Four months after the office's today: fails a gate that needs six."""
RACES = 3


class NoSettings:
    async def get_settings(self) -> AdminSettings | None:
        return None


class LoggedUnit:
    """A unit of work that logs "commit" as its commit begins (before the backend's transaction)."""

    def __init__(self, inner: UnitOfWork, log: list[tuple[str, str]], app_id: str) -> None:
        self._inner, self._log, self._app_id = inner, log, app_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def __aenter__(self) -> LoggedUnit:
        await self._inner.__aenter__()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._log.append(("commit", self._app_id))
        await self._inner.__aexit__(exc_type, exc, tb)


@dataclass
class Backend:
    stores: Stores
    documents: DocumentsAdmin
    moves: PipelineAdmin
    log: list[tuple[str, str]] = field(default_factory=list)
    """("gate", the passport version it read), ("commit", app) and ("renewed", app), in real time."""
    between: Callable[[], Awaitable[None]] | None = None
    """Run once right after the next gate read (before the move's commit)."""

    async def stage(self, app_id: str) -> StageKey | None:
        return (await self.moves.pipeline(app_id)).stage

    async def renew(self, app_id: str) -> None:
        await self.documents.record(ACTOR, app_id, "passport", EXPIRING)
        self.log.append(("renewed", app_id))

    async def move(self, app_id: str) -> None:
        version = (await self.moves.pipeline(app_id)).version
        await self.moves.move(ACTOR, app_id, MoveInput(to="departed", expected_version=version))


async def _approved_at_ticketed(backend: Backend, stores: Stores, app_id: str) -> None:
    data = {"firstName": "Akosua", "lastName": "Mensah", "email": f"{app_id}@example.com", "preferredCountry": "Qatar"}
    await add_application(stores.records, Application(app_id, form_of(ApplicationForm, data), (), NOW))
    async with stores.records.unit_of_work() as uow:
        await uow.applications.set_status(app_id, ApplicationStatus.RECEIVED, ApplicationStatus.APPROVED)
    await backend.documents.record(ACTOR, app_id, "passport", GOOD)
    for version, to in enumerate(("selected", "ticketed")):
        await backend.moves.move(ACTOR, app_id, MoveInput(to=to, expected_version=version))


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        if s.database is not None:
            pipeline: SqlitePipelineStore | FirestorePipelineStore = SqlitePipelineStore(s.database)
            documents: SqliteDocuments | FirestoreDocuments = SqliteDocuments(s.database)
            gates: SqliteGates | FirestoreGates = SqliteGates(s.database)
        else:
            assert s.firestore is not None
            pipeline = FirestorePipelineStore(s.firestore.client, s.prefix)
            documents = FirestoreDocuments(s.firestore.client, s.prefix)
            gates = FirestoreGates(s.firestore.client, s.prefix)
        ticks = count(1_795_000_000_000)
        settings = LiveSettings(NoSettings(), AdminSettings(("+233241111111",), "VANDY"))
        ids = IdGenerator(lambda: next(ticks))
        context = StaffContext(s.admin, s.records.outbox, settings, ids, s.records.unit_of_work, clock=lambda: NOW)
        docs = DocumentsAdmin(context, documents, gates, s.files)
        checks = {"passportMonths": 6, "medicalValidityDays": 90, "policeClearanceValidityDays": 90}
        await GatesAdmin(context, gates).set(ACTOR, "", {**checks, "checks": ["passport"]}, 0)
        log: list[tuple[str, str]] = []
        logged = StaffContext(
            s.admin,
            s.records.outbox,
            settings,
            ids,
            lambda: LoggedUnit(s.records.unit_of_work(), log, ""),
            clock=lambda: NOW,
        )
        backend = Backend(s, docs, PipelineAdmin(context, pipeline), log)

        async def gate(application_id: str, departure_date: date | None = None) -> GateResult:
            result = await docs.gate(application_id, departure_date)
            passports = await documents.history(application_id)
            read = [v for v in passports if v.id in result.documents]
            log.append(("gate", ",".join(str(v.version) for v in read)))
            if backend.between is not None:
                then, backend.between = backend.between, None
                await then()
            return result

        backend.moves = PipelineAdmin(logged, pipeline, gate=gate)
        yield backend


async def test_a_renewal_between_the_gate_and_the_commit_is_seen_by_the_move(backend: Backend) -> None:
    await _approved_at_ticketed(backend, backend.stores, "VA1")
    backend.between = lambda: backend.renew("VA1")  # committed after the gate read version 1
    with pytest.raises(ChecksFailed) as refused:
        await backend.move("VA1")
    assert refused.value.message == "Not ready to depart: 0 of 1 checks passed"
    assert refused.value.failing == (
        "Passport valid at least 6 months after departure: expires 2027-03-28, needs 2027-05-28 or later",
    )
    assert await backend.stage("VA1") is StageKey.TICKETED
    gates = [entry for entry in backend.log if entry[0] == "gate"]
    assert gates == [("gate", "1"), ("gate", "2")]  # read again on the renewed passport
    versions = await backend.documents.view("VA1")
    assert [(s.version.version, s.state) for s in versions.versions] == [
        (2, DocumentState.CURRENT),
        (1, DocumentState.RENEWED),
    ]


async def test_a_move_raced_by_a_renewal_ends_as_one_of_the_two_serial_orders(backend: Backend) -> None:
    for n in range(RACES):
        app_id = f"VA{n + 1}"
        await _approved_at_ticketed(backend, backend.stores, app_id)
        backend.log.clear()

        async def renew_later(app_id: str = app_id, pause: int = n) -> None:
            for _ in range(pause):
                await asyncio.sleep(0)
            await backend.renew(app_id)

        moved, renewed = await asyncio.gather(backend.move(app_id), renew_later(), return_exceptions=True)
        assert renewed is None  # the renewal is never refused by a move
        gates = [entry for entry in backend.log if entry[0] == "gate"]
        if moved is None:  # the move, then the renewal: its gate read version 1, before any renewal committed
            assert await backend.stage(app_id) is StageKey.DEPARTED
            assert gates[-1] == ("gate", "1")
            last_commit = max(i for i, entry in enumerate(backend.log) if entry[0] == "commit")
            assert ("renewed", app_id) not in backend.log[:last_commit]
        else:  # the renewal, then the move: refused on the renewed passport
            assert isinstance(moved, ChecksFailed), moved
            assert await backend.stage(app_id) is StageKey.TICKETED
            assert gates[-1] == ("gate", "2")
