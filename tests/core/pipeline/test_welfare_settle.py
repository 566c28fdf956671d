"""Closing a welfare case settles the applicant when it was their last open case and day 90 after
Arrived has come (issue 45 item 6), on fakes with a clock the tests move: before day 90, with another
case open, at another stage (Closed) or no longer approved, the close settles nobody."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from agency_core.audit import AuditEntry
from agency_core.pipeline.moves import MOVE_ACTION
from agency_core.pipeline.stages import StageKey
from agency_core.pipeline.welfare import SYSTEM_ACTOR, CheckInParts, WelfareCases
from agency_core.pipeline.welfare_ports import WelfareCase
from agency_core.records import ApplicationStatus
from tests.core.pipeline.test_moves import ACTOR, FakePipeline, Harness
from tests.support.clock import NOW

ARRIVED_AT = NOW
DAY_90 = ARRIVED_AT + timedelta(days=90)


class FakeCases:
    """The welfare store's cases (the only part the close uses)."""

    def __init__(self, *cases: WelfareCase) -> None:
        self.saved = {k.id: k for k in cases}

    async def cases(self, application_id: str | None = None) -> list[WelfareCase]:
        return [k for k in self.saved.values() if application_id in (None, k.application_id)]

    async def update_case(self, before: WelfareCase, after: WelfareCase, audit: AuditEntry) -> None:
        assert self.saved[before.id] == before
        self.saved[after.id] = after


def case(case_id: str) -> WelfareCase:
    return WelfareCase(case_id, "VA1", "VA1-welfare-30", "My employer keeps my passport", "u-kofi", "Kofi", NOW)


class Settling:
    def __init__(self, *cases: WelfareCase, status: ApplicationStatus = ApplicationStatus.APPROVED) -> None:
        self.now = [ARRIVED_AT]
        self.h = Harness(status=ApplicationStatus.APPROVED)
        self.h.use_case.context = replace(self.h.use_case.context, clock=lambda: self.now[0])
        self.store = FakeCases(*cases)
        moves = self.h.use_case
        parts = CheckInParts(self.store, FakePipeline(self.h.uow), moves, "https://vandytravel.com")  # type: ignore[arg-type]
        self.cases = WelfareCases(moves.context, self.store, parts)  # type: ignore[arg-type]
        self.status = status

    async def arrive(self) -> None:
        await self.h.move("selected", 0)
        await self.h.move("arrived", 1)
        record = self.h.admin.applications["VA1"]
        self.h.admin.applications["VA1"] = replace(record, status=self.status)

    def at(self, when: datetime) -> None:
        self.now[0] = when

    async def stage(self) -> StageKey | None:
        return (await self.h.use_case.pipeline("VA1")).stage


async def test_closing_the_last_open_case_after_day_90_settles_the_applicant_as_the_system() -> None:
    s = Settling(case("WC1"))
    await s.arrive()
    s.at(DAY_90 + timedelta(days=3))
    closed = await s.cases.close(ACTOR, "WC1", "Spoke to the employer; passport returned")
    assert closed.case.closed_by == ACTOR
    assert await s.stage() is StageKey.SETTLED
    [move] = s.h.written("pipeline")
    assert (move.to_stage, move.actor, move.at) == (StageKey.SETTLED, SYSTEM_ACTOR, DAY_90 + timedelta(days=3))
    assert [(e.action, e.actor) for e in s.h.written("audit")] == [(MOVE_ACTION, SYSTEM_ACTOR)]


async def test_a_close_exactly_on_day_90_settles() -> None:
    s = Settling(case("WC1"))
    await s.arrive()
    s.at(DAY_90)
    await s.cases.close(ACTOR, "WC1", "Resolved")
    assert await s.stage() is StageKey.SETTLED


async def test_a_close_before_day_90_settles_nobody() -> None:
    s = Settling(case("WC1"))
    await s.arrive()
    s.at(DAY_90 - timedelta(minutes=1))
    await s.cases.close(ACTOR, "WC1", "Resolved")
    assert await s.stage() is StageKey.ARRIVED
    assert await s.cases.settle_after_close("VA1") == "not settled: day 90 after arrival has not come"


async def test_a_close_with_another_case_still_open_settles_nobody_until_that_one_closes() -> None:
    s = Settling(case("WC1"), case("WC2"))
    await s.arrive()
    s.at(DAY_90 + timedelta(days=1))
    await s.cases.close(ACTOR, "WC1", "Resolved")
    assert await s.stage() is StageKey.ARRIVED
    await s.cases.close(ACTOR, "WC2", "Resolved too")
    assert await s.stage() is StageKey.SETTLED


async def test_a_closed_applicant_is_not_settled_by_a_late_close() -> None:
    s = Settling(case("WC1"))
    await s.arrive()
    await s.h.move("closed", 2, close_reason="returned_early")
    s.at(DAY_90 + timedelta(days=1))
    await s.cases.close(ACTOR, "WC1", "Came home")
    assert await s.stage() is StageKey.CLOSED
    assert await s.cases.settle_after_close("VA1") == "not settled: the applicant is at closed"


@pytest.mark.parametrize("status", [ApplicationStatus.PROCESSING, ApplicationStatus.REJECTED])
async def test_an_applicant_no_longer_approved_is_not_settled(status: ApplicationStatus) -> None:
    s = Settling(case("WC1"), status=status)
    await s.arrive()
    s.at(DAY_90 + timedelta(days=1))
    await s.cases.close(ACTOR, "WC1", "Resolved")
    assert await s.stage() is StageKey.ARRIVED


async def test_without_the_pipeline_a_close_only_closes() -> None:
    s = Settling(case("WC1"))
    await s.arrive()
    s.at(DAY_90 + timedelta(days=1))
    alone = WelfareCases(s.h.use_case.context, s.store)  # type: ignore[arg-type]
    await alone.close(ACTOR, "WC1", "Resolved")
    assert await s.stage() is StageKey.ARRIVED
