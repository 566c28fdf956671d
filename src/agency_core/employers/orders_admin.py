"""Staff's job orders (demand letters): create and edit, the approval reference, the compliance
override, the files (checked as a CV is and kept sealed by the private file store; a download is
audited), the jobs of the board linked to an order, and each order's fill with whether it is closed.

:meth:`OrdersAdmin.check_publish` is what the jobs' use case calls before a job is opened to the
public: a job linked to an order is published only when the order's rules allow it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.audit import AuditEntry
from agency_core.employers.employers_admin import CHANGED_MEANWHILE, changed_fields
from agency_core.employers.model import (
    APPROVAL_LABELS,
    ORDER_FILE_LABELS,
    Approval,
    ComplianceOverride,
    Employer,
    JobLink,
    JobOrder,
    OrderFile,
)
from agency_core.employers.ports import EmployerStore, FillSource
from agency_core.employers.rules import (
    Fill,
    OrderInput,
    is_closed,
    publish_problems,
    read_approval,
    read_file_kind,
    read_order,
    read_override,
)
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.jobs.model import Job
from agency_core.ports import FileStore
from agency_core.records import JobStatus
from agency_core.spec import constants as c
from agency_core.spec.constants import MEGABYTE, UploadRule
from agency_core.spec.uploads import CONTENT_TYPES, SentFile, extension_of
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import PreconditionFailed

ORDER_FILE_RULE: Final = UploadRule((".pdf", ".jpg", ".jpeg", ".png"), 5 * MEGABYTE, "File")
ORDER_FIELDS: Final = ("employer_id", "positions", "benefits", "contract_months", "valid_until", "domestic_work")


@dataclass(frozen=True, slots=True)
class OrderView:
    order: JobOrder
    employer: Employer
    fill: Fill
    closed: bool
    """Closed to new applications (full or expired)."""
    job_ids: tuple[str, ...]
    problems: tuple[str, ...]
    """Why a job linked to it cannot be published today (none when it can)."""


@dataclass(frozen=True, slots=True)
class OrderDownload:
    key: str
    content_type: str
    download_name: str


class OrdersAdmin:
    def __init__(self, context: StaffContext, store: EmployerStore, fill: FillSource, files: FileStore) -> None:
        self.context = context
        self.store = store
        self.fill_source = fill
        self.files = files

    def _today(self) -> date:
        return self.context.clock().astimezone(ZoneInfo(self.context.office_zone)).date()

    async def _employer(self, employer_id: str) -> Employer:
        employer = await self.store.employer(employer_id)
        if employer is None:
            raise NotFound("Employer")
        return employer

    async def _order(self, order_id: str) -> JobOrder:
        order = await self.store.order(order_id)
        if order is None:
            raise NotFound("Order")
        return order

    async def _view(self, order: JobOrder, employer: Employer | None = None) -> OrderView:
        employer = employer or await self._employer(order.employer_id)
        job_ids = tuple(link.job_id for link in await self.store.links(order.id))
        selected, deployed = await self.fill_source.counts(job_ids)
        fill, today = Fill(order.head_count, selected, deployed), self._today()
        problems = tuple(publish_problems(order, employer, fill, today))
        return OrderView(order, employer, fill, is_closed(order, fill, today), job_ids, problems)

    async def orders(self, employer_id: str | None = None) -> list[OrderView]:
        """Newest first, each with its fill."""
        employers = {e.id: e for e in await self.store.employers()}
        return [await self._view(o, employers.get(o.employer_id)) for o in await self.store.orders(employer_id)]

    async def view(self, order_id: str) -> OrderView:
        return await self._view(await self._order(order_id))

    async def create(self, actor: str, data: Mapping[str, object]) -> OrderView:
        form = read_order(data, self._today())
        employer = await self._employer(form.employer_id)
        ctx, now = self.context, self.context.clock()
        order_id = "JO" + ctx.ids.next_id().removeprefix(c.ID_PREFIX)
        blank = JobOrder(order_id, "", (), form.benefits, 1, form.valid_until, False, 1, actor, now, actor, now)
        made = _with_form(blank, form)
        await self._save(made, ctx.audit(actor, "order.create", f"{order_id}: {employer.company}, {made.head_count}"))
        return await self._view(made, employer)

    async def update(
        self, actor: str, order_id: str, data: Mapping[str, object], expected_version: int | None = None
    ) -> OrderView:
        stored = await self._order(order_id)
        form = read_order(data, min(self._today(), stored.valid_until))
        employer = await self._employer(form.employer_id)
        edited = _with_form(stored, form)
        what = changed_fields(stored, edited, ORDER_FIELDS) or "nothing changed"
        updated = await self._change(actor, stored, edited, expected_version, "order.update", what)
        return await self._view(updated, employer)

    async def set_approval(
        self, actor: str, order_id: str, data: Mapping[str, object], expected_version: int | None = None
    ) -> OrderView:
        """Record the Labour Department's approval reference (a labour certificate or an MoU)."""
        kind, reference = read_approval(data)
        stored = await self._order(order_id)
        approval = Approval(kind, reference, actor, self.context.clock())
        what = f"{APPROVAL_LABELS[kind]} {reference}"
        updated = await self._change(
            actor, stored, replace(stored, approval=approval), expected_version, "order.approval", what
        )
        return await self._view(updated)

    async def record_override(
        self, actor: str, order_id: str, data: Mapping[str, object], expected_version: int | None = None
    ) -> OrderView:
        """Record why domestic work for a GCC household may be published (who and when with it)."""
        reason = read_override(data)
        stored = await self._order(order_id)
        override = ComplianceOverride(reason, actor, self.context.clock())
        updated = await self._change(
            actor, stored, replace(stored, override=override), expected_version, "order.override", reason
        )
        return await self._view(updated)

    async def attach(self, actor: str, order_id: str, kind: object, sent: SentFile) -> OrderView:
        """Keep a demand letter or power of attorney, sealed; the earlier file of its kind stays listed."""
        chosen = read_file_kind(kind)
        problem = sent.problem(ORDER_FILE_RULE)
        if problem is not None:
            raise Rejected({"file": problem})
        stored = await self._order(order_id)
        extension = extension_of(sent.filename)
        key = await self.files.save(sent.content, extension)
        ctx = self.context
        made = OrderFile("OF" + ctx.ids.next_id().removeprefix(c.ID_PREFIX), chosen, key, extension, actor, ctx.clock())
        try:
            updated = await self._change(
                actor, stored, replace(stored, files=(*stored.files, made)), None, "order.file", made.id
            )
        except BaseException:
            await self.files.delete(key)
            raise
        return await self._view(updated)

    async def download(self, actor: str, order_id: str, file_id: str) -> OrderDownload:
        """One of the order's files (its read audited)."""
        order = await self._order(order_id)
        found = next((f for f in order.files if f.id == file_id), None)
        if found is None:
            raise NotFound("File")
        label = ORDER_FILE_LABELS[found.kind].lower()
        await self.store.audit(self.context.audit(actor, "order.file.download", f"{order_id}: {label} {file_id}"))
        name = f"{order_id}-{found.kind.value}-{file_id}{found.file_type}"
        return OrderDownload(found.key, CONTENT_TYPES.get(found.file_type, "application/octet-stream"), name)

    async def link_job(self, actor: str, job_id: str, order_id: str | None) -> OrderView | None:
        """Link a job of the board to an order (``None`` unlinks it). An open job is linked only to an
        order a job may be published for."""
        job = await self.context.store.job(job_id)
        if job is None:
            raise NotFound("Job")
        if order_id is None:
            await self.store.unlink(job_id, self.context.audit(actor, "order.unlink", job_id))
            return None
        view = await self._view(await self._order(order_id))
        if job.status_on(self._today()) is JobStatus.OPEN and view.problems:
            raise Conflict(view.problems[0])
        ctx = self.context
        link = JobLink(job_id, order_id, actor, ctx.clock())
        await self.store.link(link, ctx.audit(actor, "order.link", f"{job_id} -> {order_id}"))
        return replace(view, job_ids=tuple(sorted({*view.job_ids, job_id})))

    async def links(self) -> list[JobLink]:
        """Every job linked to an order (the jobs board shows each job's order)."""
        return await self.store.links()

    async def check_publish(self, job: Job) -> None:
        """``Conflict`` naming the first rule the job's order breaks; nothing for a job with no order."""
        link = await self.store.link_of(job.id)
        if link is None:
            return
        view = await self.view(link.order_id)
        if view.problems:
            raise Conflict(view.problems[0])

    async def _change(
        self, actor: str, stored: JobOrder, edited: JobOrder, expected: int | None, action: str, what: str
    ) -> JobOrder:
        if expected is not None and expected != stored.version:
            raise Conflict(CHANGED_MEANWHILE)
        updated = replace(edited, version=stored.version + 1, updated_by=actor, updated_at=self.context.clock())
        await self._save(updated, self.context.audit(actor, action, f"{stored.id}: {what}"))
        return updated

    async def _save(self, order: JobOrder, audit: AuditEntry) -> None:
        try:
            await self.store.save_order(order, audit)
        except PreconditionFailed:
            raise Conflict(CHANGED_MEANWHILE) from None


async def takes_applications(orders: OrdersAdmin, job: Job) -> bool:
    """Whether an application may name ``job``: its order (when it has one) is not closed (full or
    expired). The public job board asks this (``JobBoard.order_open``)."""
    link = await orders.store.link_of(job.id)
    return link is None or not (await orders.view(link.order_id)).closed


def _with_form(order: JobOrder, form: OrderInput) -> JobOrder:
    return replace(
        order,
        employer_id=form.employer_id,
        positions=form.positions,
        benefits=form.benefits,
        contract_months=form.contract_months,
        valid_until=form.valid_until,
        domestic_work=form.domestic_work,
    )


__all__ = ["OrderView", "OrdersAdmin"]
