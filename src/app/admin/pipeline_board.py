"""``/api/admin/pipeline/board`` and ``/api/admin/pipeline/report`` (issue 45 item 5): the pipeline
as columns by stage (each with its whole count and its first cards, longest in the stage first;
``stage`` and ``cursor`` page one column), filtered by destination, employer, job and owner; and
the stage-time report (median and 90th percentile days per stage and destination over a date
range, from the move history) as JSON and as a CSV download dated by the app's clock.
Behind the admin guards as every admin route (401 signed out, 403 not an admin)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import msgspec
from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.params import FromQuery, QueryParameter

from agency_core.pipeline.board import BoardQuery, Card, Column, PipelineBoard
from agency_core.pipeline.report import StageReport, StageReportView, StageTime
from agency_core.pipeline.stages import STAGE, StageKey
from app.admin.common import csv_response, iso
from app.admin.schemas.common import Body

REPORT_CSV_HEADER = ("destination", "stage", "stageLabel", "stays", "medianDays", "p90Days")


class BoardCard(Body):
    application_id: str
    name: str
    destination: str
    job_title: str
    owner_name: str
    since: str
    days_in_stage: int


class BoardColumn(Body):
    stage: StageKey
    label: str
    count: int
    cards: list[BoardCard]
    next_cursor: str | None


class BoardAnswer(Body):
    """Every stage's column in the pipeline's order (only ``stage``'s when asked), its ``count``
    the whole column's whatever the cards shown."""

    columns: list[BoardColumn]
    total: int


class StageTimeRow(Body):
    destination: str
    stage: StageKey
    stage_label: str
    stays: int
    median_days: float
    p90_days: float


class StageReportAnswer(Body):
    """Days in each stage per destination: stays that ended between ``from`` and ``to`` (inclusive)."""

    from_: date = msgspec.field(name="from")
    to: date
    rows: list[StageTimeRow]


def _card(card: Card) -> BoardCard:
    e = card.entry
    return BoardCard(
        application_id=e.application_id,
        name=e.name,
        destination=e.destination,
        job_title=e.job_title,
        owner_name=e.owner_name,
        since=iso(e.since) or "",
        days_in_stage=card.days_in_stage,
    )


def board_answer(columns: list[Column]) -> BoardAnswer:
    shown = [
        BoardColumn(
            stage=c.stage, label=c.label, count=c.count, cards=[_card(x) for x in c.cards], next_cursor=c.next_cursor
        )
        for c in columns
    ]
    return BoardAnswer(columns=shown, total=sum(c.count for c in columns))


def _row(row: StageTime) -> StageTimeRow:
    return StageTimeRow(
        destination=row.destination,
        stage=row.stage,
        stage_label=STAGE[row.stage].label,
        stays=row.count,
        median_days=row.median_days,
        p90_days=row.p90_days,
    )


def report_answer(view: StageReportView) -> StageReportAnswer:
    return StageReportAnswer(from_=view.start, to=view.end, rows=[_row(r) for r in view.rows])


class PipelineBoardController(Controller):
    path = "/pipeline"

    @get("/board", summary="The pipeline by stage: counts and cards, filtered (one column paged with stage and cursor)")
    async def board(
        self,
        pipeline_board: NamedDependency[PipelineBoard],
        destination: FromQuery[str] = "",
        employer: FromQuery[str] = "",
        job: FromQuery[str] = "",
        owner: FromQuery[str] = "",
        stage: FromQuery[str] = "",
        cursor: FromQuery[str] = "",
    ) -> BoardAnswer:
        query = BoardQuery(destination, employer, job, owner, stage, cursor)
        return board_answer(await pipeline_board.board(query))

    @get("/report", summary="Median and 90th percentile days in each stage per destination, over a date range")
    async def report(
        self,
        stage_report: NamedDependency[StageReport],
        from_: Annotated[str | None, QueryParameter(name="from")] = None,
        to: FromQuery[str | None] = None,
    ) -> StageReportAnswer:
        return report_answer(await stage_report.report(from_, to))

    @get("/report.csv", summary="The stage-time report as CSV (dated by the app's clock)")
    async def report_csv(
        self,
        stage_report: NamedDependency[StageReport],
        from_: Annotated[str | None, QueryParameter(name="from")] = None,
        to: FromQuery[str | None] = None,
    ) -> Response[str]:
        view = await stage_report.report(from_, to)
        rows = [
            (r.destination, r.stage.value, STAGE[r.stage].label, r.count, r.median_days, r.p90_days) for r in view.rows
        ]
        return csv_response("stage-times", stage_report.clock(), REPORT_CSV_HEADER, rows)
