"""A move past Departed through the departure gate, on fakes: refused naming each failing check with
nothing written, written on condition that the documents the gate read are still current (a renewal
in between makes it read the gate again), and the moves the gate does not concern (a correction, a close)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

import pytest

from agency_core.errors import ChecksFailed, Conflict
from agency_core.pipeline.gate import CheckResult, GateCheck, GateResult
from agency_core.pipeline.moves import DOCUMENTS_CHANGED, GATE_ATTEMPTS
from agency_core.pipeline.stages import StageKey
from agency_core.unit_of_work import DocumentsChanged
from tests.core.pipeline.test_moves import Harness
from tests.support.clock import NOW

DEPARTS = NOW.date() + timedelta(days=12)
PASSPORT = CheckResult(GateCheck.PASSPORT, "Passport", True, "Passport: expires 2031-01-31")
MEDICAL_BAD = CheckResult(GateCheck.MEDICAL, "Medical", False, "Medical: valid until 2026-08-30, before the departure")
TICKET_BAD = CheckResult(GateCheck.TICKET, "Ticket", False, "Ticket: no ticket recorded")


class ScriptedGate:
    """Answers each read with the next result and remembers what it was asked."""

    def __init__(self, *results: GateResult) -> None:
        self.results = list(results)
        self.asked: list[tuple[str, date | None]] = []

    async def __call__(self, application_id: str, departure_date: date | None = None) -> GateResult:
        self.asked.append((application_id, departure_date))
        return self.results.pop(0)


def result(*checks: CheckResult) -> GateResult:
    return GateResult(DEPARTS, "Qatar", checks)


async def ticketed(gate: ScriptedGate) -> Harness:
    h = Harness()
    h.use_case.gate = gate
    await h.move("selected", 0)
    await h.move("ticketed", 1)
    return h


@pytest.mark.parametrize("to", ["departed", "arrived", "settled"])
async def test_a_move_past_departed_whose_gate_fails_is_refused_naming_each_check(to: str) -> None:
    gate = ScriptedGate(result(PASSPORT, MEDICAL_BAD, TICKET_BAD))
    h = await ticketed(gate)
    commits = len(h.uow.committed)
    with pytest.raises(ChecksFailed) as refused:
        await h.move(to, 2)
    assert refused.value.message == "Not ready to depart: 1 of 3 checks passed"
    assert refused.value.failing == (MEDICAL_BAD.message, TICKET_BAD.message)
    assert len(h.uow.committed) == commits
    assert gate.asked == [("VA1", None)]


async def test_the_move_is_written_on_condition_that_the_documents_the_gate_read_are_still_current() -> None:
    gate = ScriptedGate(replace(result(PASSPORT), documents=("DV1", "DV2")))
    h = await ticketed(gate)
    commits = len(h.uow.committed)
    await h.move("departed", 2)
    assert len(h.uow.committed) == commits + 1
    [write] = [w for w in h.uow.committed[-1] if w.repository == "pipeline"]
    assert (write.args[0].to_stage, write.args[1]) == (StageKey.DEPARTED, ("DV1", "DV2"))
    assert gate.asked == [("VA1", None)]


async def test_a_renewal_between_the_gate_and_the_commit_makes_the_move_read_the_gate_again() -> None:
    gate = ScriptedGate(result(PASSPORT), result(PASSPORT, MEDICAL_BAD))
    h = await ticketed(gate)
    commits = len(h.uow.committed)
    h.uow.fail_next.append(DocumentsChanged("documents of VA1"))
    with pytest.raises(ChecksFailed) as refused:
        await h.move("departed", 2)
    assert refused.value.failing == (MEDICAL_BAD.message,)
    assert len(h.uow.committed) == commits
    assert len(gate.asked) == 2


async def test_a_move_whose_documents_keep_changing_is_a_conflict_after_its_attempts() -> None:
    gate = ScriptedGate(*[result(PASSPORT)] * GATE_ATTEMPTS)
    h = await ticketed(gate)
    h.uow.fail_next.extend(DocumentsChanged("documents of VA1") for _ in range(GATE_ATTEMPTS))
    with pytest.raises(Conflict) as conflict:
        await h.move("departed", 2)
    assert conflict.value.message == DOCUMENTS_CHANGED
    assert len(gate.asked) == GATE_ATTEMPTS


async def test_a_move_the_gate_does_not_concern_carries_no_documents_condition() -> None:
    h = await ticketed(ScriptedGate())
    [write] = [w for w in h.uow.committed[-1] if w.repository == "pipeline"]
    assert write.args[1] is None


async def test_moves_before_departed_a_correction_and_a_close_are_not_gated() -> None:
    gate = ScriptedGate(result(PASSPORT))
    h = await ticketed(gate)  # selected and ticketed: no gate read
    assert gate.asked == []
    await h.move("departed", 2)
    await h.move("arrived", 3)  # from Departed on: already past the gate
    await h.move("departed", 4, reason="Arrived clicked too early")
    await h.move("closed", 5, close_reason="returned_early")
    assert len(gate.asked) == 1
