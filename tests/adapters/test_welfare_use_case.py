"""The expiry watch and the welfare check-ins (issue 45 items 4 and 6) through the real use cases on
both backends (SQLite and the Firestore emulator), with a clock the test moves: the tasks run by the
outbox worker itself, each reminder and check-in exactly once, none after a renewal or a close,
Settled at day 90 only without an open case, a case flagged after 24 hours, opened and closed."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from itertools import count
from pathlib import Path

import pytest

from adapters.firestore.personal_data import FirestorePersonalDataStore
from adapters.firestore.pipeline import FirestorePipelineStore
from adapters.firestore.pipeline_documents import FirestoreDocuments, FirestoreGates
from adapters.firestore.welfare import FirestoreWelfare
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from adapters.sqlite.pipeline import SqlitePipelineStore
from adapters.sqlite.pipeline_documents import SqliteDocuments, SqliteGates
from adapters.sqlite.welfare import SqliteWelfare
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging.outbox import OutboxWorker
from agency_core.paging import PageRequest
from agency_core.pipeline.documents_admin import DocumentsAdmin
from agency_core.pipeline.expiry import SWEEP_TASK, ExpiryWatch
from agency_core.pipeline.expiry_admin import WINDOWS_ACTION, ExpiryWindowsAdmin
from agency_core.pipeline.expiry_settings import ExpiryWindows, WindowsChange
from agency_core.pipeline.moves import PipelineAdmin
from agency_core.pipeline.stages import MoveInput, StageKey
from agency_core.pipeline.tasks import PipelineTasks
from agency_core.pipeline.welfare import CheckInParts, CheckIns, WelfareCases, token_hash
from agency_core.pipeline.welfare_ports import Answer, WelfareStore
from agency_core.ports import SendResult
from agency_core.privacy.data_requests import DataRequestService, PersonalDataStore, export_json
from agency_core.privacy.model import Person
from agency_core.records import Application, ApplicationStatus, Channel, OutboxStatus
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.context import StaffContext
from agency_core.staff.notes import StaffMember
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.clock import NOW
from tests.support.writes import add_application

ACTOR = "ama@vandytravel.com"
SITE = "https://www.vandytravelrecruitment.com"
STAGES = ("selected", "contract_signed", "medical", "police_clearance", "visa", "contract_registered")
DAY = timedelta(days=1)


class NoSettings:
    async def get_settings(self) -> AdminSettings | None:
        return None


class Staff:
    """The role directory's admins."""

    async def staff(self) -> list[StaffMember]:
        return [StaffMember("u-ama", "Ama Owusu"), StaffMember("u-kofi", "Kofi Boateng")]


@dataclass
class Texts:
    """The SMS gateway: keeps each text it accepted."""

    sent: list[tuple[str, str, str]] = field(default_factory=list)

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:
        self.sent.append((phone, message, idempotency_key or ""))
        return SendResult(True, "accepted")


@dataclass
class Backend:
    stores: Stores
    welfare: WelfareStore
    moves: PipelineAdmin
    documents: DocumentsAdmin
    check_ins: CheckIns
    cases: WelfareCases
    watch: ExpiryWatch
    worker: OutboxWorker
    gateway: Texts
    now: list[datetime]
    tokens: list[str]
    windows: ExpiryWindowsAdmin

    def later(self, by: timedelta) -> None:
        self.now[0] += by

    async def deliver(self) -> None:
        """Worker rounds until nothing is due (a task may queue an SMS that is due at once)."""
        while await self.worker.run_once():
            pass

    async def stage(self, app_id: str) -> StageKey | None:
        return (await self.moves.pipeline(app_id)).stage

    async def to_arrived(self, app_id: str) -> None:
        for i, to in enumerate([*STAGES, "arrived"]):
            await self.moves.move(ACTOR, app_id, MoveInput(to=to, expected_version=i))

    async def audit(self) -> list[tuple[str, str, str]]:
        entries = (await self.stores.admin.audit_log(PageRequest(1, 200))).items
        return sorted((e.actor, e.action, e.target) for e in entries)


async def _approve(stores: Stores, app_id: str, phone: str) -> None:
    data = {
        "firstName": "Akosua",
        "lastName": "Mensah",
        "email": f"{app_id.lower()}@example.com",
        "phone": phone,
        "preferredCountry": "Qatar",
    }
    await add_application(stores.records, Application(app_id, form_of(ApplicationForm, data), (), NOW))
    async with stores.records.unit_of_work() as uow:
        await uow.applications.set_status(app_id, ApplicationStatus.RECEIVED, ApplicationStatus.APPROVED)


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    async with open_stores(request, tmp_path) as s:
        if s.database is not None:
            pipeline: SqlitePipelineStore | FirestorePipelineStore = SqlitePipelineStore(s.database)
            documents: SqliteDocuments | FirestoreDocuments = SqliteDocuments(s.database)
            gates: SqliteGates | FirestoreGates = SqliteGates(s.database)
            welfare: SqliteWelfare | FirestoreWelfare = SqliteWelfare(s.database)
        else:
            assert s.firestore is not None
            pipeline = FirestorePipelineStore(s.firestore.client, s.prefix)
            documents = FirestoreDocuments(s.firestore.client, s.prefix)
            gates = FirestoreGates(s.firestore.client, s.prefix)
            welfare = FirestoreWelfare(s.firestore.client, s.prefix)
        now = [NOW]
        ticks = count(1_795_000_000_000)
        context = StaffContext(
            s.admin,
            s.records.outbox,
            LiveSettings(NoSettings(), AdminSettings(("+233241111111",), "VANDY")),
            IdGenerator(lambda: next(ticks)),
            s.records.unit_of_work,
            clock=lambda: now[0],
        )
        docs = DocumentsAdmin(context, documents, gates, s.files)
        moves = PipelineAdmin(context, pipeline, gate=None)
        tokens: list[str] = []

        def token() -> str:
            made = f"tok{len(tokens):03d}" + "x" * 20
            tokens.append(made)
            return made

        parts = CheckInParts(welfare, pipeline, moves, SITE, default_staff="u-kofi", directory=Staff())
        check_ins = CheckIns(context, parts, token)
        watch = ExpiryWatch(context, welfare, pipeline, docs.gate_settings, windows_store=welfare)
        docs.on_record = watch.schedule
        gateway = Texts()
        worker = OutboxWorker(s.records.outbox, gateway, clock=lambda: now[0], owner="w1")
        worker.tasks = PipelineTasks(watch, check_ins)
        for app_id, phone in (("VA1", "0241234567"), ("VA2", "0241234568")):
            await _approve(s, app_id, phone)
        cases = WelfareCases(context, welfare)
        windows = ExpiryWindowsAdmin(context, welfare)
        yield Backend(s, welfare, moves, docs, check_ins, cases, watch, worker, gateway, now, tokens, windows)


def texts_to(backend: Backend, phone: str) -> list[str]:
    return [text for to, text, _ in backend.gateway.sent if to == phone]


async def test_check_ins_go_on_day_7_30_and_90_once_and_settle_without_an_open_case(backend: Backend) -> None:
    await backend.to_arrived("VA1")
    tasks = [await backend.stores.records.outbox.get(f"VA1-welfare-{d}-v7") for d in (7, 30, 90)]
    assert [(t.channel, t.next_attempt_at) for t in tasks if t is not None] == [
        (Channel.TASK, NOW + timedelta(days=d)) for d in (7, 30, 90)
    ]
    backend.later(7 * DAY - timedelta(minutes=1))
    await backend.deliver()
    assert await backend.welfare.check_ins("VA1") == []  # not due yet
    backend.later(timedelta(minutes=1))
    await backend.deliver()
    await backend.deliver()  # again: nothing more
    (check_in,) = await backend.welfare.check_ins("VA1")
    assert (check_in.day, check_in.answer) == (7, None)
    assert check_in.token_hash == hashlib.sha256(backend.tokens[0].encode()).hexdigest()
    (text,) = [t for t in texts_to(backend, "+233241234567") if "/welfare/" in t]
    assert f"{SITE}/welfare/{backend.tokens[0]}" in text
    assert check_in.token_hash != backend.tokens[0]

    backend.later(23 * DAY)  # day 30
    await backend.deliver()
    backend.later(60 * DAY)  # day 90
    await backend.deliver()
    assert [k.day for k in await backend.welfare.check_ins("VA1")] == [7, 30, 90]
    assert len([t for t in texts_to(backend, "+233241234567") if "/welfare/" in t]) == 3
    assert await backend.stage("VA1") is StageKey.SETTLED
    assert ("system", "pipeline.move", "VA1: arrived -> settled (move)") in await backend.audit()


async def test_no_check_in_after_a_close_and_no_settling_with_an_open_case(backend: Backend) -> None:
    await backend.to_arrived("VA1")
    await backend.to_arrived("VA2")
    await backend.moves.move(
        ACTOR, "VA2", MoveInput(to="closed", expected_version=7, close_reason="candidate_withdrew")
    )
    backend.later(7 * DAY)
    await backend.deliver()
    assert await backend.welfare.check_ins("VA2") == []
    assert not [t for t in texts_to(backend, "+233241234568") if "/welfare/" in t]
    answered = await backend.check_ins.answer(backend.tokens[0], "need_help", "  My employer keeps my passport  ")
    assert answered is not None
    assert answered.answer is Answer.NEED_HELP
    (case,) = [v.case for v in await backend.cases.cases(open_only=True)]
    assert (case.application_id, case.message, case.owner_id, case.owner_name) == (
        "VA1",
        "My employer keeps my passport",
        "u-kofi",
        "Kofi Boateng",
    )
    backend.later(83 * DAY)
    await backend.deliver()
    assert await backend.stage("VA1") is StageKey.ARRIVED  # an open case holds Settled back
    assert await backend.stage("VA2") is StageKey.CLOSED


async def test_a_link_answers_once_and_a_wrong_or_expired_one_not_at_all(backend: Backend) -> None:
    await backend.to_arrived("VA1")
    backend.later(7 * DAY)
    await backend.deliver()
    token = backend.tokens[0]
    assert await backend.check_ins.answer("guessed" + token[7:], "all_good", "") is None
    assert await backend.check_ins.answer(token, "maybe", "") is None
    assert (await backend.check_ins.find(token)) is not None
    first = await backend.check_ins.answer(token, "all_good", "")
    assert first is not None
    assert first.answer is Answer.ALL_GOOD
    assert await backend.check_ins.answer(token, "need_help", "now") is None  # used
    assert await backend.cases.cases() == []
    backend.later(23 * DAY)
    await backend.deliver()
    backend.later(31 * DAY)  # the day-30 link is 31 days old
    assert await backend.check_ins.find(backend.tokens[1]) is None
    assert (await backend.welfare.check_in_by_hash(token_hash(backend.tokens[1]))) is not None


async def test_a_case_is_flagged_after_24_hours_unopened_and_closed_with_a_note(backend: Backend) -> None:
    await backend.to_arrived("VA1")
    backend.later(7 * DAY)
    await backend.deliver()
    await backend.check_ins.answer(backend.tokens[0], "need_help", "")
    backend.later(timedelta(hours=23, minutes=59))
    assert [v.flagged for v in await backend.cases.cases()] == [False]
    backend.later(timedelta(minutes=1))
    (view,) = await backend.cases.cases()
    assert view.flagged
    opened = await backend.cases.open("kofi@vandytravel.com", view.case.id)
    assert (opened.flagged, opened.case.opened_by) == (False, "kofi@vandytravel.com")
    with pytest.raises(Rejected) as empty:
        await backend.cases.close(ACTOR, view.case.id, "  ")
    assert empty.value.errors == {"note": "Write a note saying how the case was closed"}
    closed = await backend.cases.close(ACTOR, view.case.id, "Called her; the employer returned the passport")
    assert closed.case.close_note == "Called her; the employer returned the passport"
    assert await backend.cases.cases(open_only=True) == []
    with pytest.raises(Conflict):
        await backend.cases.close(ACTOR, view.case.id, "again")
    case_id = view.case.id
    assert [a for a in await backend.audit() if a[1].startswith("welfare.")] == [
        (ACTOR, "welfare.case_close", f"VA1: {case_id}"),
        ("kofi@vandytravel.com", "welfare.case_open", f"VA1: {case_id}"),
    ]


PASSPORT = {"number": "G1234567", "issued_on": "2021-05-01"}


async def test_the_daily_sweep_reminds_once_per_version_and_not_after_a_renewal_or_a_close(backend: Backend) -> None:
    today = NOW.date()
    await backend.watch.schedule()  # nothing to watch yet: no sweep queued
    assert await backend.stores.records.outbox.get(f"expiry-sweep-{today.isoformat()}") is None
    await backend.moves.move(ACTOR, "VA1", MoveInput(to="selected", expected_version=0))
    await backend.moves.move(ACTOR, "VA2", MoveInput(to="selected", expected_version=0))
    five_months = (NOW.date() + timedelta(days=150)).isoformat()
    await backend.documents.record(ACTOR, "VA1", "passport", {**PASSPORT, "expires_on": five_months})
    await backend.documents.record(ACTOR, "VA2", "passport", {**PASSPORT, "expires_on": five_months})
    await backend.documents.record(
        ACTOR, "VA1", "medical", {"centre": "Wafid Accra", "examined_on": "2026-09-25", "result": "fit"}
    )  # valid 90 days: to 2026-12-24, within its 14 days from 2026-12-10
    await backend.moves.move(ACTOR, "VA2", MoveInput(to="closed", expected_version=1, close_reason="order_cancelled"))
    await backend.watch.schedule()  # an instance starting: still one sweep a day (recording queued it)
    sweep = await backend.stores.records.outbox.get(f"expiry-sweep-{today.isoformat()}")
    assert sweep is not None
    assert sweep.kind == SWEEP_TASK
    await backend.deliver()
    notices = await backend.welfare.notices()
    assert [(n.application_id, n.kind, n.texted) for n in notices] == [("VA1", "passport", True)]
    (reminder,) = [t for t in texts_to(backend, "+233241234567") if "passport expires" in t]
    assert f"your passport expires on {date.fromisoformat(five_months).strftime('%d %b %Y')}" in reminder
    assert not [t for t in texts_to(backend, "+233241234568") if "passport expires" in t]  # closed
    assert await backend.watch.counts() == {"passport": 1}

    for _ in range(12):  # the next twelve days' sweeps: the medical once, the passport never again
        backend.later(DAY)
        await backend.deliver()
    kinds = sorted(n.kind for n in await backend.welfare.notices())
    assert kinds == ["medical", "passport"]
    assert len([t for t in backend.gateway.sent if "passport expires" in t[1]]) == 1
    done = await backend.stores.records.outbox.get(f"expiry-sweep-{(today + 12 * DAY).isoformat()}")
    assert done is not None
    assert done.status is OutboxStatus.DELIVERED
    assert await backend.stores.records.outbox.get(f"expiry-sweep-{(today + 13 * DAY).isoformat()}") is not None

    await backend.documents.record(ACTOR, "VA1", "passport", {**PASSPORT, "expires_on": "2036-05-01"})
    backend.later(DAY)
    await backend.deliver()
    assert sorted(n.kind for n in await backend.welfare.notices()) == ["medical", "passport"]
    assert await backend.watch.counts() == {"medical": 1}


async def test_the_windows_staff_set_are_kept_with_their_history_audited_and_read_by_the_sweep(
    backend: Backend,
) -> None:
    await backend.moves.move(ACTOR, "VA1", MoveInput(to="selected", expected_version=0))
    five_months = (NOW.date() + timedelta(days=150)).isoformat()
    await backend.documents.record(ACTOR, "VA1", "passport", {**PASSPORT, "expires_on": five_months})
    await backend.documents.record(
        ACTOR, "VA1", "medical", {"centre": "Wafid Accra", "examined_on": "2026-09-25", "result": "fit"}
    )  # valid to 2026-12-24: 26 days from today
    assert await backend.watch.counts() == {"passport": 1}  # the defaults: passport 9 months, medical 14 days
    assert (await backend.windows.stored()).version == 0

    sent = {"passportMonths": 4, "medicalDays": 30, "policeClearanceDays": 30, "visaDays": 30}
    stored = await backend.windows.set(ACTOR, sent, 0)
    assert (stored.version, stored.windows, stored.updated_by) == (1, ExpiryWindows(4, 30, 30, 30), ACTOR)
    with pytest.raises(Conflict):  # made on the version before
        await backend.windows.set("kofi@vandytravel.com", {**sent, "visaDays": 10}, 0)
    kofi = "kofi@vandytravel.com"
    late = WindowsChange("EW9", 1, ExpiryWindows(), ExpiryWindows(3, 3, 3, 3), kofi, NOW)
    with pytest.raises(PreconditionFailed):  # the store's own condition: version 1 exists
        await backend.welfare.change_windows(late, AuditEntry("AU9", kofi, "expiry.windows", "x", NOW))
    assert await backend.watch.counts() == {"medical": 1}
    await backend.deliver()  # the sweep recording queued: the medical noticed, the passport not
    assert [(n.kind, n.texted) for n in await backend.welfare.notices()] == [("medical", False)]

    again = await backend.windows.set("kofi@vandytravel.com", {**sent, "passportMonths": "6"}, 1)
    assert (again.version, (await backend.windows.stored()).windows.passport_months) == (2, 6)
    assert [
        (k.version, k.before.passport_months, k.after.passport_months) for k in await backend.windows.changes()
    ] == [
        (2, 4, 6),
        (1, 9, 4),
    ]
    assert [a for a in await backend.audit() if a[1] == WINDOWS_ACTION] == [
        (ACTOR, WINDOWS_ACTION, "expiry windows: passport 9 months -> 4 months; medical 14 days -> 30 days"),
        ("kofi@vandytravel.com", WINDOWS_ACTION, "expiry windows: passport 4 months -> 6 months"),
    ]
    with pytest.raises(Rejected) as bad:
        await backend.windows.set(ACTOR, {**sent, "medicalDays": 0, "visaDays": 1.5}, 2)
    assert bad.value.errors == {
        "medicalDays": "Medical days must be a whole number from 1 to 365",
        "visaDays": "Visa days must be a whole number from 1 to 365",
    }
    assert (await backend.windows.stored()).version == 2


async def test_check_ins_and_cases_are_in_the_data_request_and_erased_with_the_applicant(backend: Backend) -> None:
    s = backend.stores
    if s.database is not None:
        personal: PersonalDataStore = SqlitePersonalDataStore(s.database, s.sealer)
    else:
        assert s.firestore is not None
        personal = FirestorePersonalDataStore(s.firestore.client, s.prefix, sealer=s.sealer)
    requests = DataRequestService(
        personal, s.files.delete, s.files.read, s.records.unit_of_work, IdGenerator(), clock=lambda: backend.now[0]
    )
    requests.welfare = backend.welfare
    await backend.to_arrived("VA1")
    backend.later(7 * DAY)
    await backend.deliver()
    await backend.check_ins.answer(backend.tokens[0], "need_help", "Please call me")
    person = Person(email="va1@example.com")
    found = await requests.find(ACTOR, person)
    assert (found.counts()["checkIns"], found.counts()["welfareCases"]) == (1, 1)
    exported = export_json(found)["welfare"]
    assert [(k["day"], k["answer"], k["message"]) for k in exported["checkIns"]] == [(7, "need_help", "Please call me")]
    assert backend.tokens[0] not in str(exported)
    assert [k["message"] for k in exported["cases"]] == ["Please call me"]
    assert "checkIns" not in (await requests.find(ACTOR, Person(email="va2@example.com"))).counts()

    await requests.erase(ACTOR, person)
    assert await backend.welfare.check_ins("VA1") == []
    assert await backend.welfare.cases("VA1") == []
    assert await backend.welfare.check_in_by_hash(token_hash(backend.tokens[0])) is None
