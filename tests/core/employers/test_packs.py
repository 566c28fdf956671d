"""CV packs in the core (issue 46 items 3 and 4), on in-memory stores and the tests' clock: the
link's token (kept hashed, expiring, revocable), the anonymised profiles, the decision flow (the
sender told, the unanswered flag withdrawn by the first answer) and a Select that moves the stage
exactly once, even when clicked twice at the same moment."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from itertools import count

import pytest

from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.audit import AuditEntry
from agency_core.employers.model import Benefits, Contact, Employer, JobLink, JobOrder, Position
from agency_core.employers.orders_admin import OrdersAdmin
from agency_core.employers.packs import PacksAdmin, PackTerms, reminder_id
from agency_core.employers.packs_employer import EmployerPacks, time_label
from agency_core.employers.packs_model import Decision, DecisionKind, Pack, PackState, token_hash
from agency_core.employers.packs_profiles import age_band, figures_of
from agency_core.errors import NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging.outbox_messages import email_of
from agency_core.records import Application, OutboxMessage, StoredFile
from agency_core.spec.forms import ApplicationForm
from agency_core.staff.context import StaffContext
from agency_core.staff.records import ApplicationRecord
from tests.core.fakes import FakeAdminStore, FakeFiles, FakeOutbox, FakeSettings, FakeUnitOfWork
from tests.support.clock import NOW

ACTOR = "ama@vandytravel.com"
TOKEN = "Xq7Zt2mK9vR4pY8wLs3nB6aQ1eD5fG7h"
AT = "203.0.113.9"


class Employers:
    """The employers' store in memory (one employer, one order)."""

    def __init__(self) -> None:
        contact = Contact("Mariam", "mariam@gulfhomes.example", "+971501234567", "AE")
        self.company = Employer("EM1", "Gulf Homes LLC", "AE", "Dubai", "TL-1", (contact,), "", "gulf", 1,
                                 ACTOR, NOW, ACTOR, NOW)  # fmt: skip
        self.demand = JobOrder("JO1", "EM1", (Position("Mason", 4, 1500, "AED"),), Benefits(), 24,
                                  date(2027, 3, 31), False, 1, ACTOR, NOW, ACTOR, NOW)  # fmt: skip
        self.audits: list[AuditEntry] = []

    async def employers(self) -> list[Employer]:
        return [self.company]

    async def employer(self, employer_id: str) -> Employer | None:
        return self.company if employer_id == "EM1" else None

    async def orders(self, employer_id: str | None = None) -> list[JobOrder]:
        return [self.demand] if employer_id in (None, "EM1") else []

    async def order(self, order_id: str) -> JobOrder | None:
        return self.demand if order_id == "JO1" else None

    async def links(self, order_id: str | None = None) -> list[JobLink]:
        return []

    async def link_of(self, job_id: str) -> JobLink | None:
        return None


@dataclass
class Packs:
    """The packs' store in memory: each write is one step, as a transaction is."""

    saved: dict[str, Pack] = field(default_factory=dict)
    answers: dict[tuple[str, str], Decision] = field(default_factory=dict)
    audits: list[AuditEntry] = field(default_factory=list)

    async def save_pack(self, pack: Pack, audit: AuditEntry) -> None:
        stored = self.saved.get(pack.id)
        assert (stored.version if stored else 0) == pack.version - 1
        self.saved[pack.id] = pack
        self.audits.append(audit)

    async def pack(self, pack_id: str) -> Pack | None:
        return self.saved.get(pack_id)

    async def pack_by_token(self, token_hash: str) -> Pack | None:
        return next((p for p in self.saved.values() if p.token_hash == token_hash), None)

    async def packs(self, *, order_id: str | None = None, employer_id: str | None = None) -> list[Pack]:
        return [
            p for p in self.saved.values() if order_id in (None, p.order_id) and employer_id in (None, p.employer_id)
        ]

    async def decide(self, decision: Decision, audit: AuditEntry) -> Decision | None:
        before = self.answers.get((decision.pack_id, decision.code))
        kept = decision if before is None else replace(decision, first_at=before.first_at, stage_note=before.stage_note)
        self.answers[(decision.pack_id, decision.code)] = kept
        self.audits.append(audit)
        return before

    async def set_stage_note(self, pack_id: str, code: str, note: str) -> None:
        self.answers[(pack_id, code)] = replace(self.answers[(pack_id, code)], stage_note=note)

    async def decisions(
        self, *, pack_id: str | None = None, order_id: str | None = None, employer_id: str | None = None
    ) -> list[Decision]:
        wanted = [d for d in self.answers.values() if pack_id in (None, d.pack_id) and order_id in (None, d.order_id)]
        return sorted(wanted, key=lambda d: (d.pack_id, d.code))

    async def audit(self, entry: AuditEntry) -> None:
        self.audits.append(entry)


class NoFill:
    async def counts(self, job_ids: Sequence[str]) -> tuple[int, int]:
        return 0, 0


@dataclass
class Selector:
    calls: list[tuple[str, str]] = field(default_factory=list)

    async def select(self, actor: str, application_id: str, note: str) -> str:
        await asyncio.sleep(0)  # a move is I/O: the other click may run meanwhile
        self.calls.append((application_id, note))
        return "Moved to Selected by employer."


@dataclass
class Area:
    admin: PacksAdmin
    employer: EmployerPacks
    packs: Packs
    uow: FakeUnitOfWork
    selector: Selector
    now: list[datetime]

    def queued(self) -> list[OutboxMessage]:
        return [m for w in self.uow.writes if w.method == "enqueue" for m in w.args[0]]

    def withdrawn(self) -> list[str]:
        return [i for w in self.uow.writes if w.method == "withdraw" for i in w.args[0]]


def applicant(n: int) -> ApplicationRecord:
    form = ApplicationForm(
        first_name=f"Kwabena{n}", last_name="Owusu", email=f"k{n}@example.com", phone=f"+23320123450{n}",
        date_of_birth="1995-04-12", nationality="Ghanaian", job_category="Construction",
        experience="Mid Level (3-5 years)", education="Diploma/Certificate", languages="English, Twi",
        availability="Within 1 month", passport_number=f"G765430{n}",
    )  # fmt: skip
    cv = StoredFile("cv", f"key-{n}", "cv.pdf", "application/pdf", 2048)
    return ApplicationRecord(Application(f"VA{n}", form, (cv,), NOW))


@pytest.fixture
def area() -> Area:
    now = [NOW]
    uow, admin_store, ticks = FakeUnitOfWork(), FakeAdminStore(), count(1_795_000_000_000)
    admin_store.applications = {f"VA{n}": applicant(n) for n in range(1, 4)}
    context = StaffContext(
        admin_store,  # type: ignore[arg-type]
        FakeOutbox(),  # type: ignore[arg-type]
        LiveSettings(FakeSettings(), AdminSettings(("+233241111111",), "VANDY")),
        IdGenerator(lambda: next(ticks)),
        uow,
        clock=lambda: now[0],
    )
    employers, packs, selector = Employers(), Packs(), Selector()
    orders = OrdersAdmin(context, employers, NoFill(), FakeFiles())  # type: ignore[arg-type]
    admin = PacksAdmin(context, packs, orders, lambda: "https://vandy.example", PackTerms(14, 3), token=lambda: TOKEN)
    return Area(admin, EmployerPacks(context, packs, employers, selector), packs, uow, selector, now)  # type: ignore[arg-type]


async def send(area: Area, *ids: str) -> Pack:
    sent = await area.admin.create(
        ACTOR, "JO1", {"contactEmail": "Mariam@GulfHomes.example", "applicationIds": list(ids)}
    )
    assert sent.link == f"https://vandy.example/employer/packs/{TOKEN}"
    return sent.view.pack


async def test_the_token_is_kept_hashed_and_opens_the_pack_until_it_expires(area: Area) -> None:
    pack = await send(area, "VA1", "VA2")
    assert pack.token_hash == token_hash(TOKEN)
    assert TOKEN not in repr(area.packs.saved)
    page = await area.employer.page(TOKEN, AT)
    assert [p.code for p in page.profiles] == ["C01", "C02"]
    assert page.zone == "Asia/Dubai"
    with pytest.raises(NotFound):
        await area.employer.page(TOKEN[:-1] + "x", AT)
    area.now[0] = NOW + timedelta(days=14) - timedelta(seconds=1)
    assert (await area.employer.page(TOKEN, AT)).pack.id == pack.id
    area.now[0] = NOW + timedelta(days=14)
    assert pack.state(area.now[0]) is PackState.EXPIRED
    with pytest.raises(NotFound):
        await area.employer.page(TOKEN, AT)


async def test_a_revoked_pack_opens_nothing_and_its_flag_is_withdrawn(area: Area) -> None:
    pack = await send(area, "VA1")
    view = await area.admin.revoke(ACTOR, "JO1", pack.id)
    assert view.state is PackState.REVOKED
    assert reminder_id(pack.id) in area.withdrawn()
    for attempt in (area.employer.page(TOKEN, AT), area.employer.cv(TOKEN, "C01", AT)):
        with pytest.raises(NotFound):
            await attempt
    with pytest.raises(NotFound):
        await area.employer.decide(TOKEN, "C01", {"decision": "select"}, AT)
    assert area.selector.calls == []


async def test_the_contact_is_mailed_the_link_and_the_sender_flagged_after_the_reminder_days(area: Area) -> None:
    pack = await send(area, "VA1", "VA2")
    mail, flag = area.queued()
    assert (email_of(mail).to, mail.next_attempt_at) == ("mariam@gulfhomes.example", NOW)
    assert f"https://vandy.example/employer/packs/{TOKEN}" in email_of(mail).text
    assert (flag.id, email_of(flag).to, flag.next_attempt_at) == (reminder_id(pack.id), ACTOR, NOW + timedelta(days=3))
    assert ("pack.send", f"{pack.id}: JO1 to mariam@gulfhomes.example, 2 candidates (VA1, VA2)") in [
        (a.action, a.target) for a in area.packs.audits
    ]


async def test_profiles_hold_no_personal_data_and_a_cv_only_after_its_release(area: Area) -> None:
    pack = await send(area, "VA1", "VA2")
    profile = (await area.employer.page(TOKEN, AT)).profiles[0]
    shown = repr(profile)
    for secret in ("Kwabena1", "Owusu", "k1@example.com", "+233201234501", "G7654301", "VA1", "1995"):
        assert secret not in shown
    assert (profile.trade, profile.age_band, profile.released) == ("Construction", "30-34", False)
    with pytest.raises(NotFound):
        await area.employer.cv(TOKEN, "C01", AT)
    await area.admin.release(ACTOR, "JO1", pack.id, "C01")
    cv = await area.employer.cv(TOKEN, "C01", AT)
    assert (cv.key, cv.download_name) == ("key-1", f"{pack.id}-C01-cv.pdf")
    with pytest.raises(NotFound):
        await area.employer.cv(TOKEN, "C02", AT)
    assert ("pack.cv", f"{pack.id}: C01 from {AT}") in [(a.action, a.target) for a in area.packs.audits]


async def test_an_answer_is_checked_recorded_replaced_and_told_to_the_sender(area: Area) -> None:
    pack = await send(area, "VA1", "VA2")
    with pytest.raises(Rejected) as bad:
        await area.employer.decide(TOKEN, "C01", {"decision": "maybe"}, AT)
    assert bad.value.errors == {"decision": "Choose Interview, Select or Reject"}
    with pytest.raises(Rejected):
        await area.employer.decide(TOKEN, "C01", {"decision": "interview", "times": ["2026-11-27T10:00"]}, AT)
    with pytest.raises(NotFound):
        await area.employer.decide(TOKEN, "C09", {"decision": "reject"}, AT)
    first = await area.employer.decide(
        TOKEN, "C01", {"decision": "interview", "comment": " Strong ", "times": ["2026-12-01T10:00", ""]}, AT
    )
    assert (first.kind, first.comment, first.times) == (
        DecisionKind.INTERVIEW,
        "Strong",
        (datetime(2026, 12, 1, 6, 0, tzinfo=UTC),),
    )
    assert time_label(first.times[0], "Asia/Dubai") == "Tue 1 Dec 2026 10:00 Dubai (06:00 Accra)"
    assert area.withdrawn() == [reminder_id(pack.id)]
    area.now[0] = NOW + timedelta(days=2)
    later = await area.employer.decide(TOKEN, "C01", {"decision": "reject"}, AT)
    assert (later.kind, later.first_at, later.at) == (DecisionKind.REJECT, NOW, NOW + timedelta(days=2))
    assert area.withdrawn() == [reminder_id(pack.id)]  # only the first answer withdraws the flag
    told = [email_of(m) for m in area.queued() if "-answer-" in m.id]
    assert [(m.to, m.subject) for m in told] == [
        (ACTOR, "Gulf Homes LLC answered on C01 (VA1): Interview"),
        (ACTOR, "Gulf Homes LLC answered on C01 (VA1): Reject"),
    ]
    assert area.selector.calls == []
    notes = [w.args[0] for w in area.uow.writes if (w.repository, w.method) == ("notes", "add")]
    assert [(n.application_id, n.author_name) for n in notes] == [("VA1", "Gulf Homes LLC (employer)")] * 2
    assert notes[0].text.startswith(f"Gulf Homes LLC answered Interview on candidate C01 (VA1) of pack {pack.id}")


async def test_select_clicked_twice_at_once_moves_the_stage_once(area: Area) -> None:
    pack = await send(area, "VA1", "VA2")
    answers = await asyncio.gather(*(area.employer.decide(TOKEN, "C02", {"decision": "select"}, AT) for _ in range(2)))
    assert area.selector.calls == [("VA2", f"Selected by Gulf Homes LLC for order JO1 (pack {pack.id}, C02)")]
    assert {a.kind for a in answers} == {DecisionKind.SELECT}
    await area.employer.decide(TOKEN, "C02", {"decision": "select"}, AT)
    assert len(area.selector.calls) == 1
    assert area.packs.answers[(pack.id, "C02")].stage_note == "Moved to Selected by employer."


async def test_the_figures_count_packs_days_to_decision_and_the_selection_rate(area: Area) -> None:
    pack = await send(area, "VA1", "VA2", "VA3")
    area.now[0] = NOW + timedelta(days=2)
    await area.employer.decide(TOKEN, "C01", {"decision": "select"}, AT)
    area.now[0] = NOW + timedelta(days=4)
    await area.employer.decide(TOKEN, "C02", {"decision": "reject"}, AT)
    figures = (await area.admin.figures("JO1")).packs
    assert (figures.packs_sent, figures.candidates_sent, figures.answered, figures.selected) == (1, 3, 2, 1)
    assert (figures.median_days_to_decision, figures.selection_rate) == (3.0, 0.333)
    assert figures_of([], []).median_days_to_decision is None
    assert (await area.admin.employer_figures("EM1")).packs == figures
    assert pack.id in {p.id for p in await area.packs.packs(employer_id="EM1")}


@pytest.mark.parametrize(
    ("born", "band"),
    [("2010-01-01", "under 18"), ("2008-11-28", "18-24"), ("1976-11-29", "45-49"), ("1950-01-01", "60 or over"),
     ("", "Not given")],
)  # fmt: skip
def test_age_bands(born: str, band: str) -> None:
    assert age_band(born, NOW.date()) == band
