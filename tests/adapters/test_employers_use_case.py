"""Staff's employers and job orders use cases on both backends, with the encrypted file store:
employers created and edited (audited, the phone read in its country), found as applicants are;
orders with their files checked as a CV is and kept sealed, downloads audited; a job linked to an
order published only when the order's rules allow it; the order's fill and its closing (issue 46)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.employers.employers_admin import CHANGED_MEANWHILE, EmployersAdmin
from agency_core.employers.orders_admin import OrdersAdmin
from agency_core.employers.rules import NO_APPROVAL, NO_OVERRIDE, ORDER_CLOSED
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.paging import PageRequest
from agency_core.records import JobStatus
from agency_core.spec.uploads import SentFile
from agency_core.staff.context import StaffContext
from agency_core.staff.jobs_admin import JobsAdmin
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.adapters.test_employers_contract import employer_store
from tests.admin.test_jobs import JOB
from tests.support.clock import NOW

ACTOR = "ama@vandytravel.com"
PDF = b"%PDF-1.7\n" + b"demand letter: 5 drivers for Gulf Homes LLC " * 40
TODAY = NOW.date()


class NoSettings:
    async def get_settings(self) -> AdminSettings | None:
        return None


class PipelineCounts:
    """The fill port as the pipeline answers it: selected and deployed per job."""

    def __init__(self) -> None:
        self.per_job: dict[str, tuple[int, int]] = {}

    async def counts(self, job_ids: Sequence[str]) -> tuple[int, int]:
        found = [self.per_job.get(j, (0, 0)) for j in job_ids]
        return sum(s for s, _ in found), sum(d for _, d in found)


@dataclass
class Area:
    stores: Stores
    employers: EmployersAdmin
    orders: OrdersAdmin
    jobs: JobsAdmin
    fill: PipelineCounts
    now: list[datetime]

    async def audit(self) -> list[tuple[str, str]]:
        entries = (await self.stores.admin.audit_log(PageRequest(1, 100))).items
        return sorted((e.action, e.target) for e in entries)


@pytest.fixture(params=BACKENDS)
async def area(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Area]:
    async with open_stores(request, tmp_path) as stores:
        store = await employer_store(stores)
        ticks = count(1_795_000_000_000)
        now = [NOW]
        context = StaffContext(
            stores.admin,
            stores.records.outbox,
            LiveSettings(NoSettings(), AdminSettings(("+233241111111",), "VANDY")),
            IdGenerator(lambda: next(ticks)),
            stores.records.unit_of_work,
            clock=lambda: now[0],
        )
        fill = PipelineCounts()
        orders = OrdersAdmin(context, store, fill, stores.files)
        jobs = JobsAdmin(context, before_publish=orders.check_publish)
        yield Area(stores, EmployersAdmin(context, store), orders, jobs, fill, now)


EMPLOYER: dict[str, Any] = {
    "company": "Gulf Homes LLC",
    "country": "AE",
    "city": "Dubai",
    "licenceNumber": "TL-55521",
    "contacts": [{"name": "Mariam Al Nuaimi", "email": "mariam@gulfhomes.example", "phone": "050 123 4567"}],
    "notes": "",
}


def order_body(employer_id: str, **more: Any) -> dict[str, Any]:
    return {
        "employerId": employer_id,
        "positions": [{"trade": "Driver", "headCount": 3, "salary": 2200, "currency": "AED"}],
        "benefits": {"accommodation": True, "transport": True, "food": False},
        "contractMonths": 24,
        "validUntil": (TODAY + timedelta(days=10)).isoformat(),
        "domesticWork": False,
        **more,
    }


async def test_employers_are_created_edited_audited_and_found(area: Area) -> None:
    made = await area.employers.create(ACTOR, EMPLOYER)
    assert made.contacts[0].phone == "+971501234567"  # typed 050... with the country AE, not Ghana
    contact = {"name": "Kofi", "phone": "+971 50 123 4567"}  # with its + code: of its own country
    other = await area.employers.create(
        ACTOR, {**EMPLOYER, "company": "Ɔdɔm Trading", "country": "QA", "contacts": [contact]}
    )
    assert (other.contacts[0].phone, other.contacts[0].phone_country) == ("+971501234567", "AE")
    edited = await area.employers.update(
        "kofi@vandytravel.com", made.id, {**EMPLOYER, "city": "Abu Dhabi", "notes": "Pays on time"}, 1
    )
    assert (edited.version, edited.city, edited.updated_by) == (2, "Abu Dhabi", "kofi@vandytravel.com")
    with pytest.raises(Conflict, match=CHANGED_MEANWHILE):
        await area.employers.update(ACTOR, made.id, EMPLOYER, 1)
    with pytest.raises(Rejected):
        await area.employers.update(ACTOR, made.id, {**EMPLOYER, "company": ""})
    with pytest.raises(NotFound):
        await area.employers.update(ACTOR, "EM404", EMPLOYER)

    assert [e.company for e in (await area.employers.employers("", PageRequest(1, 10))).items] == [
        "Gulf Homes LLC",
        "Ɔdɔm Trading",
    ]
    assert [e.id for e in (await area.employers.employers("odom", PageRequest(1, 10))).items] == [other.id]
    assert [e.id for e in (await area.employers.employers("abu dhabi", PageRequest(1, 10))).items] == [made.id]
    assert [e.id for e in (await area.employers.employers("0501234567", PageRequest(1, 10))).items] == [
        made.id,
        other.id,
    ]
    assert await area.audit() == [
        ("employer.create", f"{made.id}: Gulf Homes LLC"),
        ("employer.create", f"{other.id}: Ɔdɔm Trading"),
        ("employer.update", f"{made.id}: city, notes"),
    ]


async def test_order_files_are_checked_kept_sealed_and_downloads_audited(area: Area) -> None:
    employer = await area.employers.create(ACTOR, EMPLOYER)
    view = await area.orders.create(ACTOR, order_body(employer.id))
    with pytest.raises(Rejected) as refused:
        await area.orders.attach(ACTOR, view.order.id, "demand_letter", SentFile("letter.pdf", b"MZ\x90\x00 not a pdf"))
    assert refused.value.errors == {"file": "File must be a .pdf, .jpg, .jpeg or .png file"}
    with pytest.raises(Rejected):
        await area.orders.attach(ACTOR, view.order.id, "visa", SentFile("letter.pdf", PDF))
    assert not [p for p in area.stores.files.root.rglob("*") if p.is_file()]

    attached = await area.orders.attach(ACTOR, view.order.id, "demand_letter", SentFile("Letter.PDF", PDF))
    (kept,) = attached.order.files
    (sealed,) = [p.read_bytes() for p in area.stores.files.root.rglob("*") if p.is_file()]
    assert b"demand letter" not in sealed
    assert await area.stores.files.read(kept.key) == PDF
    shown = await area.orders.download("kofi@vandytravel.com", view.order.id, kept.id)
    assert (shown.key, shown.content_type) == (kept.key, "application/pdf")
    with pytest.raises(NotFound):
        await area.orders.download(ACTOR, view.order.id, "OF404")
    actions = [a for a, _ in await area.audit()]
    assert actions.count("order.file") == 1
    assert actions.count("order.file.download") == 1


async def test_a_linked_job_is_published_only_when_its_order_allows_it(area: Area) -> None:
    employer = await area.employers.create(ACTOR, EMPLOYER)
    order = (await area.orders.create(ACTOR, order_body(employer.id, domesticWork=True))).order
    job = await area.jobs.create_job(ACTOR, {**JOB, "status": "draft"})
    linked = await area.orders.link_job(ACTOR, job.id, order.id)
    assert linked is not None
    assert linked.job_ids == (job.id,)
    assert linked.problems == (NO_APPROVAL, NO_OVERRIDE)

    with pytest.raises(Conflict, match="approval reference"):
        await area.jobs.update_job(ACTOR, job.id, JOB)
    await area.orders.set_approval(ACTOR, order.id, {"kind": "labour_certificate", "reference": "LC-2026-0042"})
    with pytest.raises(Conflict, match="compliance override"):
        await area.jobs.update_job(ACTOR, job.id, JOB)
    overridden = await area.orders.record_override(
        "kofi@vandytravel.com", order.id, {"reason": "Household vetted by the embassy, letter 77"}
    )
    assert overridden.order.override is not None
    assert (overridden.order.override.recorded_by, overridden.order.override.recorded_at) == (
        "kofi@vandytravel.com",
        NOW,
    )
    assert overridden.problems == ()
    published = await area.jobs.update_job(ACTOR, job.id, JOB)
    assert published.status is JobStatus.OPEN

    unapproved = (await area.orders.create(ACTOR, order_body(employer.id))).order
    with pytest.raises(Conflict, match="approval reference"):
        await area.orders.link_job(ACTOR, job.id, unapproved.id)  # an open job stays with its order
    assert (await area.orders.view(order.id)).job_ids == (job.id,)
    assert await area.orders.link_job(ACTOR, job.id, None) is None
    assert (await area.orders.view(order.id)).job_ids == ()
    actions = [a for a, _ in await area.audit()]
    assert actions.count("order.approval") == actions.count("order.override") == actions.count("order.unlink") == 1


async def test_an_order_closes_when_full_or_expired(area: Area) -> None:
    employer = await area.employers.create(ACTOR, EMPLOYER)
    order = (await area.orders.create(ACTOR, order_body(employer.id))).order
    await area.orders.set_approval(ACTOR, order.id, {"kind": "mou", "reference": "MOU-GH-AE-7"})
    job = await area.jobs.create_job(ACTOR, {**JOB, "status": "draft"})
    await area.orders.link_job(ACTOR, job.id, order.id)
    area.fill.per_job[job.id] = (2, 1)
    view = await area.orders.view(order.id)
    assert (view.fill.head_count, view.fill.selected, view.fill.deployed, view.closed) == (3, 2, 1, False)
    area.fill.per_job[job.id] = (3, 1)
    full = await area.orders.view(order.id)
    assert (full.closed, full.problems) == (True, (ORDER_CLOSED,))
    with pytest.raises(Conflict, match="closed to new applications"):
        await area.jobs.update_job(ACTOR, job.id, JOB)
    area.fill.per_job[job.id] = (1, 0)
    area.now[0] = NOW + timedelta(days=11)  # past its valid-until date
    assert (await area.orders.view(order.id)).closed
    area.now[0] = NOW + timedelta(days=10)  # valid through that day
    assert not (await area.orders.view(order.id)).closed
    assert [v.order.id for v in await area.orders.orders(employer.id)] == [order.id]
