"""The pipeline's use case on fakes: what one move writes in its one unit of work (the move, the
applicant's SMS and e-mail from the templates, the audit entry), and what it refuses."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from agency_core.admin_settings import LiveSettings
from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, NotFound
from agency_core.ids import IdGenerator
from agency_core.messaging.outbox_messages import email_of
from agency_core.messaging.templates import Texts
from agency_core.pipeline.moves import MOVE_ACTION, STAGE_SMS_KIND, PipelineAdmin
from agency_core.pipeline.stages import NOT_APPROVED, STALE_VERSION, MoveInput, MoveKind, StageKey, StageMove
from agency_core.records import Application, ApplicationStatus, Channel, OutboxMessage
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.context import StaffContext
from agency_core.staff.records import ApplicationRecord
from agency_core.unit_of_work import PreconditionFailed
from tests.core.fakes import FakeAdminStore, FakeOutbox, FakeSettings, FakeUnitOfWork, Write
from tests.support.clock import NOW

ACTOR = "ama@vandytravel.com"


class FakePipeline:
    """The history as the committed units of work wrote it."""

    def __init__(self, uow: FakeUnitOfWork) -> None:
        self.uow = uow

    async def history(self, application_id: str) -> list[StageMove]:
        moves = [w.args[0] for w in self.uow.writes if w.repository == "pipeline"]
        return [m for m in moves if m.application_id == application_id]


class Texts_:
    def __init__(self, texts: Texts) -> None:
        self.saved = texts

    async def texts(self) -> Texts:
        return self.saved


class Harness:
    def __init__(
        self,
        status: ApplicationStatus = ApplicationStatus.APPROVED,
        texts: Texts | None = None,
        *,
        approved_sms: bool = True,
    ) -> None:
        self.uow = FakeUnitOfWork()
        self.admin = FakeAdminStore()
        data = {"firstName": "Akosua", "lastName": "Mensah", "phone": "+233241234567", "email": "akosua@example.com"}
        application = Application("VA1", form_of(ApplicationForm, data), (), NOW)
        self.admin.applications["VA1"] = ApplicationRecord(application, status)
        self.woken = 0
        settings = FakeSettings()
        switches = {**settings.settings.status_sms, ApplicationStatus.APPROVED: approved_sms}
        settings.settings = replace(settings.settings, status_sms=switches)
        context = StaffContext(
            self.admin,  # type: ignore[arg-type]
            FakeOutbox(),  # type: ignore[arg-type]
            LiveSettings(settings, settings.settings),
            IdGenerator(lambda: 1_780_000_000_000),
            self.uow,
            clock=lambda: NOW,
            on_enqueue=self.wake,
        )
        self.use_case = PipelineAdmin(
            context, FakePipeline(self.uow), track_url="vandytravel.com/track", templates=Texts_(texts or {})
        )

    def wake(self) -> None:
        self.woken += 1

    def written(self, repository: str, n: int = -1) -> list[Any]:
        return [w.args[0] for w in self.uow.committed[n] if w.repository == repository]

    async def move(self, to: str, version: int, **more: object) -> None:
        await self.use_case.move(ACTOR, "VA1", MoveInput(to=to, expected_version=version, **more))


async def test_a_move_its_messages_and_its_audit_entry_are_one_commit() -> None:
    h = Harness(texts={"sms.pipeline.selected": "Hello {name}, selected! {application_id}"})
    view = await h.use_case.move(ACTOR, "VA1", MoveInput(to="selected", expected_version=0))
    assert (view.stage, view.version, view.can_enter) == (StageKey.SELECTED, 1, False)
    assert [(w.repository, w.method) for w in h.uow.committed[-1]] == [
        ("pipeline", "add"),
        ("outbox", "enqueue"),
        ("audit", "add"),
    ]
    (entry,) = h.written("audit")
    assert isinstance(entry, AuditEntry)
    assert (entry.actor, entry.action, entry.target, entry.at) == (
        ACTOR,
        MOVE_ACTION,
        "VA1: none -> selected (move)",
        NOW,
    )
    ((sms, mail),) = h.written("outbox")
    assert isinstance(sms, OutboxMessage)
    assert isinstance(mail, OutboxMessage)
    assert (sms.id, sms.kind, sms.address, sms.text) == (
        "VA1-stage-1-sms",
        STAGE_SMS_KIND,
        "+233241234567",
        "Hello Akosua Mensah, selected! VA1",
    )
    assert mail.channel is Channel.EMAIL
    assert mail.id == "VA1-stage-1-mail"
    sent = email_of(mail)
    assert sent.subject == "Your application VA1: Selected by employer"
    assert "Keep your phone on: we will call you to sign your contract." in sent.text
    assert "Follow your application: vandytravel.com/track" in sent.text
    assert h.woken == 1


async def test_the_status_sms_switch_of_approved_off_sends_the_stage_e_mail_only() -> None:
    h = Harness(approved_sms=False)
    view = await h.use_case.move(ACTOR, "VA1", MoveInput(to="selected", expected_version=0))
    assert view.stage is StageKey.SELECTED
    ((mail,),) = h.written("outbox")
    assert isinstance(mail, OutboxMessage)
    assert (mail.id, mail.channel) == ("VA1-stage-1-mail", Channel.EMAIL)
    (entry,) = h.written("audit")
    assert entry.target == "VA1: none -> selected (move)"


async def test_only_an_approved_application_enters_and_nothing_is_written_otherwise() -> None:
    h = Harness(ApplicationStatus.PROCESSING)
    assert (await h.use_case.pipeline("VA1")).can_enter is False
    with pytest.raises(Conflict) as refused:
        await h.move("selected", 0)
    assert str(refused.value) == NOT_APPROVED
    assert h.uow.committed == []
    with pytest.raises(NotFound):
        await h.use_case.pipeline("VA404")


async def test_a_correction_is_audited_and_sends_the_applicant_nothing() -> None:
    h = Harness()
    await h.move("selected", 0)
    await h.move("visa", 1)
    await h.move("medical", 2, reason="Visa was clicked by mistake")
    assert h.written("outbox") == [[]]
    (entry,) = h.written("audit")
    assert isinstance(entry, AuditEntry)
    assert entry.target == "VA1: visa -> medical (correction)"
    view = await h.use_case.pipeline("VA1")
    assert [(m.version, m.kind, m.to_stage) for m in view.history] == [
        (1, MoveKind.MOVE, StageKey.SELECTED),
        (2, MoveKind.MOVE, StageKey.VISA),
        (3, MoveKind.CORRECTION, StageKey.MEDICAL),
    ]
    assert view.history[-1].reason == "Visa was clicked by mistake"
    assert h.woken == 2


async def test_a_close_sends_the_closed_texts_without_the_reason() -> None:
    h = Harness()
    await h.move("selected", 0)
    await h.move("closed", 1, close_reason="other", close_text="Staff-only: family dispute")
    ((sms, mail),) = h.written("outbox")
    assert isinstance(sms, OutboxMessage)
    assert isinstance(mail, OutboxMessage)
    assert "your recruitment process with us has ended" in sms.text
    assert "family dispute" not in sms.text
    assert "family dispute" not in email_of(mail).text


async def test_a_move_that_lost_the_race_at_commit_is_a_conflict() -> None:
    h = Harness()
    h.uow.fail_next.append(PreconditionFailed("pipeline of VA1"))
    with pytest.raises(Conflict) as lost:
        await h.move("selected", 0)
    assert str(lost.value) == STALE_VERSION
    assert h.uow.committed == []
    assert len(h.uow.discarded) == 1
    assert h.woken == 0


async def test_no_phone_and_no_email_means_no_messages_but_the_move_stands() -> None:
    h = Harness()
    record = h.admin.applications["VA1"]
    data = replace(record.application.data, phone="", email="")
    h.admin.applications["VA1"] = replace(record, application=replace(record.application, data=data))
    await h.move("selected", 0)
    assert h.written("outbox") == [[]]
    assert [type(m) for m in h.written("pipeline")] == [StageMove]
    assert isinstance(h.uow.committed[-1][0], Write)
