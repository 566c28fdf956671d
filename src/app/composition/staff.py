"""The admin area's use cases, one per subject, built on one :class:`StaffContext`.

:func:`build_staff_area` is the composition root's builder for them; the web app hands each to
the handlers of its subject (:func:`app.dependencies.dependencies_of`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from agency_core.appointments.offices import Office
from agency_core.employers.employers_admin import EmployersAdmin
from agency_core.employers.orders_admin import OrdersAdmin
from agency_core.employers.packs import PacksAdmin, PackTerms
from agency_core.employers.packs_employer import EmployerPacks
from agency_core.employers.packs_ports import PackStore
from agency_core.employers.ports import EmployerStore, FillSource
from agency_core.jobs.model import Job
from agency_core.messaging.template_store import TemplateSource
from agency_core.payments.refunds import RefundStore
from agency_core.pipeline.board import PipelineBoard, PipelineReads
from agency_core.pipeline.document_ports import DocumentStore, GateSettingsStore
from agency_core.pipeline.documents_admin import DocumentsAdmin
from agency_core.pipeline.gate_admin import GatesAdmin
from agency_core.pipeline.moves import PipelineAdmin
from agency_core.pipeline.report import StageReport
from agency_core.ports import FileStore
from agency_core.staff.applications import ApplicationsAdmin
from agency_core.staff.appointments import AppointmentsAdmin
from agency_core.staff.blog import BlogAdmin
from agency_core.staff.context import StaffContext
from agency_core.staff.dashboard import DashboardAdmin
from agency_core.staff.deliveries import Deliveries
from agency_core.staff.jobs_admin import JobsAdmin
from agency_core.staff.messages import MessagesAdmin
from agency_core.staff.phones import PhonesAdmin
from agency_core.staff.ports import MediaStore
from agency_core.staff.settings_admin import SettingsAdmin
from agency_core.staff.subscribers import SubscribersAdmin
from app.composition.employers import EmployerJobs
from app.composition.packs import PipelineSelector


@dataclass(frozen=True, slots=True)
class StaffArea:
    """The admin area's subjects, each its own use case."""

    context: StaffContext
    applications: ApplicationsAdmin
    appointments: AppointmentsAdmin
    jobs: JobsAdmin
    blog: BlogAdmin
    messages: MessagesAdmin
    subscribers: SubscribersAdmin
    settings: SettingsAdmin
    phones: PhonesAdmin
    dashboard: DashboardAdmin
    pipeline: PipelineAdmin
    employers: EmployersAdmin
    orders: OrdersAdmin
    documents: DocumentsAdmin
    """An applicant's pipeline documents and their departure gate (which a move past Departed passes)."""
    gates: GatesAdmin
    board: PipelineBoard
    """The pipeline board and the stage-time report (issue 45 item 5): reads only."""
    report: StageReport

    packs: PacksAdmin
    """CV packs sent to employers, their answers and figures (issue 46 items 3 to 6)."""
    employer_packs: EmployerPacks
    """The employer's side of a pack, reached by its link alone."""


@dataclass(frozen=True, slots=True)
class StaffParts:
    """What the admin area needs beyond the shared context."""

    media: MediaStore
    templates: TemplateSource
    refunds: RefundStore | None
    track_url: str
    offices: Sequence[Office]
    delivery_deadline: timedelta
    pipeline: PipelineReads
    employers: EmployerStore
    files: FileStore
    """The private file store (sealed, as CVs are): an order's demand letter and power of attorney."""
    fill: FillSource
    documents: DocumentStore
    gates: GateSettingsStore
    packs: PackStore
    site_url: Callable[[], str]
    """The public origin a pack's link starts with."""
    pack_terms: PackTerms
    on_publish: Callable[[Job], Awaitable[object]] | None = None


def build_staff_area(context: StaffContext, parts: StaffParts) -> StaffArea:
    deliveries = Deliveries(context.outbox, context.clock, parts.delivery_deadline)
    applications = ApplicationsAdmin(
        context, deliveries, track_url=parts.track_url, templates=parts.templates, refunds=parts.refunds
    )
    appointments = AppointmentsAdmin(context, parts.offices, parts.templates)
    orders = OrdersAdmin(context, parts.employers, parts.fill, parts.files)
    jobs = JobsAdmin(context, parts.on_publish, before_publish=orders.check_publish)
    documents = DocumentsAdmin(context, parts.documents, parts.gates, parts.files)
    pipeline = PipelineAdmin(
        context, parts.pipeline, track_url=parts.track_url, templates=parts.templates, gate=documents.gate
    )
    return StaffArea(
        context,
        applications,
        appointments,
        jobs,
        BlogAdmin(context, parts.media),
        MessagesAdmin(context),
        SubscribersAdmin(context),
        SettingsAdmin(context),
        PhonesAdmin(context),
        DashboardAdmin(context, applications, appointments, jobs, deliveries),
        pipeline,
        EmployersAdmin(context, parts.employers),
        orders,
        documents,
        GatesAdmin(context, parts.gates),
        PipelineBoard(parts.pipeline, EmployerJobs(parts.employers), context.clock),
        StageReport(parts.pipeline, context.clock),
        packs=PacksAdmin(context, parts.packs, orders, parts.site_url, parts.pack_terms, parts.templates),
        employer_packs=EmployerPacks(
            context, parts.packs, parts.employers, PipelineSelector(pipeline), parts.templates
        ),
    )
