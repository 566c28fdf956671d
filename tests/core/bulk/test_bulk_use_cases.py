"""The bulk use cases against fakes: each move in its own unit of work (one refused or failed stops
none of the others), SMS held until the undo window closes, undo all or nothing, messages spread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from agency_core.admin_settings import LiveSettings
from agency_core.bulk.model import (
    CHANGED_MEANWHILE,
    UNDO_CLOSED,
    WITHDRAWN_UNDONE,
    BulkAction,
    BulkKind,
    Selection,
)
from agency_core.bulk.service import HOLD_GRACE, BulkOptions, BulkService
from agency_core.errors import Conflict
from agency_core.ids import IdGenerator
from agency_core.records import Application, ApplicationStatus, OutboxMessage
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.applications import ApplicationsAdmin
from agency_core.staff.context import StaffContext
from agency_core.staff.deliveries import Deliveries
from agency_core.staff.records import ApplicationRecord
from agency_core.unit_of_work import PreconditionFailed
from tests.core.fakes import FakeAdminStore, FakeSettings, FakeUnitOfWork, Write

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)
ADMIN = "staff@example.com"


class Outbox:
    async def get(self, _message_id: str) -> OutboxMessage | None:
        return None

    async def list(self, _source_id: str | None = None) -> list[OutboxMessage]:
        return []


class Bulks:
    """Reads the bulk actions the fake units of work committed."""

    def __init__(self, uow: FakeUnitOfWork) -> None:
        self.uow = uow

    async def bulk_action(self, bulk_id: str) -> BulkAction | None:
        found: BulkAction | None = None
        for write in self.uow.writes:
            if write.repository != "bulk_actions":
                continue
            if write.method == "add" and write.args[0].id == bulk_id:
                found = write.args[0]
            elif write.method == "mark_undone" and found is not None and write.args[0] == bulk_id:
                found = replace(found, undone_at=write.args[1], undone_by=write.args[2])
        return found


class Harness:
    def __init__(self) -> None:
        self.now = NOW
        self.uow = FakeUnitOfWork()
        self.store = FakeAdminStore()
        settings = FakeSettings()
        ids = IdGenerator(lambda: 1_780_000_000_000)
        context = StaffContext(
            self.store,  # type: ignore[arg-type]
            Outbox(),  # type: ignore[arg-type]
            LiveSettings(settings, settings.settings),
            ids,
            self.uow,
            clock=lambda: self.now,
        )
        area = ApplicationsAdmin(context, Deliveries(context.outbox, context.clock))
        self.service = BulkService(
            area,
            Bulks(self.uow),
            replace(context, outbox=Outbox()),  # type: ignore[arg-type]
            options=BulkOptions(undo_window_s=30, sms_per_minute=120),
        )

    def add(
        self, app_id: str, status: ApplicationStatus = ApplicationStatus.RECEIVED, phone: str = "+233241234567"
    ) -> None:
        data = {"firstName": "Ama", "lastName": app_id, "phone": phone}
        self.store.applications[app_id] = ApplicationRecord(
            Application(app_id, form_of(ApplicationForm, data), (), NOW), status
        )


async def test_each_move_commits_alone_with_its_sms_held_and_a_refusal_is_reported() -> None:
    h = Harness()
    for app_id in ("VA1", "VA2", "VA3"):
        h.add(app_id)
    h.add("VA4", ApplicationStatus.APPROVED)
    h.uow.commit = _fail_second(h.uow)  # type: ignore[method-assign]
    action = await h.service.move(ADMIN, "BK1", Selection(ids=("VA1", "VA2", "VA3", "VA4")), "processing")
    assert [(i.application_id, i.error) for i in action.items] == [
        ("VA1", ""),
        ("VA2", CHANGED_MEANWHILE),
        ("VA3", ""),
        ("VA4", "The application is already approved; its status cannot change."),
    ]
    moves = [unit for unit in h.uow.committed if unit[0].repository == "applications"]
    assert len(moves) == 2
    for unit, app_id in zip(moves, ("VA1", "VA3"), strict=True):
        status, enqueue, audit = unit
        assert status == Write(
            "applications", "set_status", (app_id, ApplicationStatus.RECEIVED, ApplicationStatus.PROCESSING)
        )
        (message,) = enqueue.args[0]
        assert message.id == f"BK1-{app_id}-sms"
        assert message.next_attempt_at == NOW + timedelta(seconds=30) + HOLD_GRACE
        assert audit.args[0].target.startswith(f"{app_id}: received -> processing (bulk BK1, status SMS held until")
    record, summary = h.uow.committed[-1]
    assert record == Write("bulk_actions", "add", (action,))
    assert summary.args[0].target == "BK1: 2 -> processing, 2 refused (4 selected)"
    assert action.undo_until == NOW + timedelta(seconds=30)


def _fail_second(uow: FakeUnitOfWork) -> Callable[[list[Write]], None]:
    """The second commit finds its application changed meanwhile (another admin moved it)."""
    original = FakeUnitOfWork.commit
    calls = {"n": 0}

    def commit(writes: list[Write]) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            uow.discarded.append(writes)
            raise PreconditionFailed("application VA2")
        original(uow, writes)

    return commit


async def test_undo_reverts_every_move_in_one_unit_within_the_window_only() -> None:
    h = Harness()
    for app_id in ("VA1", "VA2"):
        h.add(app_id)
    await h.service.move(ADMIN, "BK1", Selection(ids=("VA1", "VA2")), "processing")
    h.now = NOW + timedelta(seconds=29)
    undone = await h.service.undo("other@example.com", "BK1")
    assert (undone.undone_at, undone.undone_by) == (h.now, "other@example.com")
    back1, back2, withdraw, mark, audit = h.uow.committed[-1]
    assert back1 == Write(
        "applications", "set_status", ("VA1", ApplicationStatus.PROCESSING, ApplicationStatus.RECEIVED)
    )
    assert back2.args[0] == "VA2"
    assert withdraw == Write("outbox", "withdraw", (["BK1-VA1-sms", "BK1-VA2-sms"], WITHDRAWN_UNDONE))
    assert mark == Write("bulk_actions", "mark_undone", ("BK1", h.now, "other@example.com"))
    assert audit.args[0].action == "applications.bulk_status.undo"

    await h.service.move(ADMIN, "BK2", Selection(ids=("VA1",)), "processing")
    h.now += timedelta(seconds=30)
    with pytest.raises(Conflict) as closed:
        await h.service.undo(ADMIN, "BK2")
    assert closed.value.message == UNDO_CLOSED


async def test_a_message_to_many_is_one_unit_spread_at_the_rate_and_repeats_nothing() -> None:
    h = Harness()
    for app_id in ("VA1", "VA2", "VA3"):
        h.add(app_id)
    h.add("VA9", phone="")
    action = await h.service.send_message(ADMIN, "BK5", Selection(ids=("VA1", "VA2", "VA9", "VA3")), "Hi {name}")
    assert action.kind is BulkKind.MESSAGE
    ((record, enqueue, audit),) = h.uow.committed
    assert record.repository == "bulk_actions"
    messages = enqueue.args[0]
    assert [(m.id, m.text, m.next_attempt_at) for m in messages] == [
        ("BK5-VA1-sms", "Hi Ama VA1", NOW),
        ("BK5-VA2-sms", "Hi Ama VA2", NOW + timedelta(seconds=0.5)),
        ("BK5-VA3-sms", "Hi Ama VA3", NOW + timedelta(seconds=1)),
    ]
    assert audit.args[0].target == "BK5: 3 messages, 1 left out (4 selected)"
    again = await h.service.send_message(ADMIN, "BK5", Selection(ids=("VA1",)), "Something else")
    assert again == action
    assert len(h.uow.committed) == 1
