"""One contract for the pipeline board's and the stage-time report's reads: SQLite and Firestore (on
the emulator). The board answers each application in the pipeline once, at its last move's stage and
time, with its card's fields, filtered by destination, owner and jobs; the report's read gives the
whole history of each application with a move in the range, and nothing of the others."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.firestore.pipeline import FirestorePipelineStore
from adapters.sqlite.pipeline import SqlitePipelineStore
from agency_core.pipeline.board import BoardEntry, BoardFilter, PipelineReads
from agency_core.pipeline.report import ReportMove
from agency_core.pipeline.stages import MoveKind, StageKey, StageMove
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_of
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.writes import add_application, commits

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@dataclass
class Backend:
    stores: Stores
    pipeline: PipelineReads


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        if s.database is not None:
            pipeline: PipelineReads = SqlitePipelineStore(s.database)
        else:
            assert s.firestore is not None
            pipeline = FirestorePipelineStore(s.firestore.client, s.prefix)
        yield Backend(s, pipeline)


def application(app_id: str, first: str, country: str, job_id: str = "", job_title: str = "") -> Application:
    data = {
        "firstName": first,
        "lastName": "Mensah",
        "email": f"{app_id.lower()}@example.com",
        "preferredCountry": country,
        "jobId": job_id,
        "jobTitle": job_title,
    }
    return Application(app_id, form_of(ApplicationForm, data), (), T0)


def moves_of(app_id: str, stages: list[StageKey], start: datetime, days: list[int]) -> list[StageMove]:
    """Moves into ``stages`` in turn, the n-th ``days[n]`` days after ``start``."""
    made: list[StageMove] = []
    before: StageKey | None = None
    for n, (to, day) in enumerate(zip(stages, days, strict=True), start=1):
        made.append(
            StageMove(
                f"PM-{app_id}-{n}",
                app_id,
                n,
                MoveKind.MOVE,
                before,
                to,
                "ama@vandytravel.com",
                start + timedelta(days=day),
            )
        )
        before = to
    return made


async def seed(backend: Backend) -> None:
    records = backend.stores.records
    await add_application(records, application("VTR1", "Akosua", "Qatar", "J1", "Mason"))
    await add_application(records, application("VTR2", "Kofi", "Qatar", "J2", "Driver"))
    await add_application(records, application("VTR3", "Yaw", "Oman", "J1", "Mason"))
    await add_application(records, application("VTR4", "Esi", "Oman"))  # never entered the pipeline
    histories = [
        moves_of("VTR1", [StageKey.SELECTED, StageKey.MEDICAL, StageKey.VISA], T0, [0, 3, 10]),
        moves_of("VTR2", [StageKey.SELECTED], T0, [1]),
        moves_of("VTR3", [StageKey.SELECTED, StageKey.MEDICAL], T0, [0, 40]),
    ]
    for made in (m for history in histories for m in history):
        assert await commits(records, lambda uow, m=made: [uow.pipeline.add(m)])  # type: ignore[misc]
    assert await commits(records, lambda uow: [uow.owners.set("VTR2", "U7", "Ama Owusu")])


async def test_the_board_answers_each_application_at_its_last_move_with_its_card(backend: Backend) -> None:
    await seed(backend)
    found = sorted(await backend.pipeline.board_entries(BoardFilter()), key=lambda e: e.application_id)
    assert found == [
        BoardEntry("VTR1", StageKey.VISA, T0 + timedelta(days=10), "Akosua Mensah", "Qatar", "J1", "Mason", "", ""),
        BoardEntry(
            "VTR2", StageKey.SELECTED, T0 + timedelta(days=1), "Kofi Mensah", "Qatar", "J2", "Driver", "U7", "Ama Owusu"
        ),
        BoardEntry("VTR3", StageKey.MEDICAL, T0 + timedelta(days=40), "Yaw Mensah", "Oman", "J1", "Mason", "", ""),
    ]  # fmt: skip


async def test_the_board_filters_by_destination_owner_and_jobs(backend: Backend) -> None:
    await seed(backend)

    async def ids(query: BoardFilter) -> list[str]:
        return sorted(e.application_id for e in await backend.pipeline.board_entries(query))

    assert await ids(BoardFilter(destination="Qatar")) == ["VTR1", "VTR2"]
    assert await ids(BoardFilter(destination="Oman")) == ["VTR3"]  # VTR4 is not in the pipeline
    assert await ids(BoardFilter(owner_id="U7")) == ["VTR2"]
    assert await ids(BoardFilter(job_ids=frozenset({"J1"}))) == ["VTR1", "VTR3"]
    assert await ids(BoardFilter(destination="Qatar", job_ids=frozenset({"J1", "J2"}))) == ["VTR1", "VTR2"]
    assert await ids(BoardFilter(job_ids=frozenset())) == []
    assert await ids(BoardFilter(destination="Kenya")) == []


async def test_the_report_reads_whole_histories_of_the_applications_moved_in_the_range(backend: Backend) -> None:
    await seed(backend)
    # VTR1's medical move (day 3) and VTR2's entry (day 1) are in [day 1, day 5); VTR3 moved on days 0 and 40.
    found = await backend.pipeline.report_moves(T0 + timedelta(days=1), T0 + timedelta(days=5))
    assert sorted(found, key=lambda m: (m.application_id, m.version)) == [
        ReportMove("VTR1", 1, StageKey.SELECTED, T0, "Qatar"),
        ReportMove("VTR1", 2, StageKey.MEDICAL, T0 + timedelta(days=3), "Qatar"),
        ReportMove("VTR1", 3, StageKey.VISA, T0 + timedelta(days=10), "Qatar"),
        ReportMove("VTR2", 1, StageKey.SELECTED, T0 + timedelta(days=1), "Qatar"),
    ]
    assert await backend.pipeline.report_moves(T0 + timedelta(days=50), T0 + timedelta(days=60)) == []
