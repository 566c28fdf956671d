"""The core's services, built per subject for the composition root (:meth:`app.container.Container.build`).

Each builder takes :class:`Shared` (the settings, the stores, the ids, the live admin settings and
message texts, the clock and the outbox's wake-up) and what its subject needs besides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from agency_core.admin_settings import LiveSettings
from agency_core.appointments.booking import Bookings
from agency_core.appointments.changes import AppointmentChanges
from agency_core.bulk.service import BulkService
from agency_core.clock import Clock
from agency_core.employers.packs import PackTerms
from agency_core.ids import IdGenerator
from agency_core.jobs.alerts import JobAlertMailer
from agency_core.jobs.board import JobBoard
from agency_core.messaging.sms_texts import track_link
from agency_core.messaging.template_store import LiveTemplates
from agency_core.newsletter.issues import NewsletterIssues
from agency_core.newsletter.subscriptions import NewsletterLinks, NewsletterSubscriptions
from agency_core.payments.fees import FeeSchedule
from agency_core.payments.model import PaymentGateway
from agency_core.payments.receipts import receipt_path
from agency_core.payments.refund_service import RefundService
from agency_core.payments.refunds import RefundGateway
from agency_core.payments.service import PaymentService, Receipts
from agency_core.ports import FileStore, Store
from agency_core.privacy.data_requests import DataRequestService
from agency_core.privacy.retention import RetentionPeriods, RetentionService
from agency_core.staff.context import StaffContext
from agency_core.staff.notes import StaffDirectory
from agency_core.staff.notes_service import NotesService
from agency_core.staff.ports import AdminStore, MediaStore
from agency_core.submissions.service import AgencyService
from agency_core.submissions.tracking import TrackingService
from agency_core.submitted import PublicContext
from agency_core.unit_of_work import Writes
from agency_core.whatsapp.replies import WhatsAppReplyRule
from app.composition.backends import Backend
from app.composition.employers import PipelineFill
from app.composition.staff import StaffArea, StaffParts, build_staff_area
from app.settings import Settings
from app.whatsapp.status import channel_status


def site_url(settings: Settings) -> str:
    return settings.site_url or f"http://{settings.host}:{settings.port}"


@dataclass(frozen=True, slots=True)
class Shared:
    """What every subject's services are built from."""

    settings: Settings
    backend: Backend
    ids: IdGenerator
    live: LiveSettings
    texts: LiveTemplates
    clock: Clock
    wake: Callable[[], None]
    """Wakes the outbox worker after a use case queued messages."""

    @property
    def store(self) -> Store:
        return self.backend.store

    @property
    def admin_store(self) -> AdminStore:
        return self.backend.admin_store

    def site_url(self) -> str:
        return site_url(self.settings)


@dataclass(frozen=True, slots=True)
class Newsletter:
    subscriptions: NewsletterSubscriptions
    issues: NewsletterIssues


def build_newsletter(s: Shared) -> Newsletter:
    links = NewsletterLinks(s.site_url, s.settings.secret_key)
    return Newsletter(
        NewsletterSubscriptions(s.store, s.ids, links, s.clock, s.wake, s.texts),
        NewsletterIssues(s.store, s.ids, links, s.clock, lambda: s.settings.newsletter.per_minute, s.wake, s.texts),
    )


def build_agency(
    s: Shared, files: FileStore, board: JobBoard, newsletter: NewsletterSubscriptions, fees: FeeSchedule
) -> AgencyService:
    """The public site's forms: applications, contact messages, job alerts, the newsletter."""
    context = PublicContext(s.store, s.ids, s.live, s.clock, s.wake, s.site_url, s.settings.office.time_zone, s.texts)
    return AgencyService(
        context, files, jobs=board, track_url=track_link(s.site_url()), newsletter=newsletter, fees=fees
    )


def build_bookings(s: Shared) -> Bookings:
    """The public booking of a consultation and the form's slots."""
    return Bookings(
        s.store,
        s.ids,
        s.live,
        clock=s.clock,
        on_enqueue=s.wake,
        site_url=s.site_url,
        office_zone=s.settings.office.time_zone,
        templates=s.texts,
    )


def build_job_alert_mailer(s: Shared) -> JobAlertMailer:
    store = s.store
    return JobAlertMailer(store.job_alerts, store.unit_of_work, s.site_url, s.settings.secret_key, s.clock, s.wake)


def staff_context(s: Shared) -> StaffContext:
    return StaffContext(
        s.admin_store,
        s.store.outbox,
        s.live,
        s.ids,
        s.store.unit_of_work,
        s.clock,
        s.wake,
        s.settings.office.time_zone,
    )


def build_staff(s: Shared, media: MediaStore, mailer: JobAlertMailer, files: FileStore) -> StaffArea:
    """The admin area's use cases, one per subject."""
    parts = StaffParts(
        media=media,
        templates=s.texts,
        refunds=s.backend.refunds,
        track_url=track_link(s.site_url()),
        offices=s.settings.office.offices,
        delivery_deadline=s.settings.sms_reports.deadline,
        pipeline=s.backend.pipeline,
        employers=s.backend.employers,
        files=files,
        fill=PipelineFill(s.admin_store, s.backend.pipeline),
        documents=s.backend.documents,
        gates=s.backend.gates,
        packs=s.backend.packs,
        site_url=s.site_url,
        pack_terms=PackTerms(s.settings.packs.days, s.settings.packs.reminder_days),
        on_publish=mailer.job_published,
    )
    return build_staff_area(staff_context(s), parts)


def build_bulk(s: Shared, staff: StaffArea) -> BulkService:
    return BulkService(staff.applications, s.backend.bulks, staff.context, options=s.settings.bulk.options)


@dataclass(frozen=True, slots=True)
class Payments:
    payments: PaymentService
    refunds: RefundService


def build_payments(s: Shared, gateway: PaymentGateway | None) -> Payments:
    """The fee's checkout and webhooks, and its refunds (through the gateway when it refunds)."""
    refunds = RefundService(
        s.backend.payments,
        s.backend.refunds,
        gateway if isinstance(gateway, RefundGateway) else None,
        s.ids,
        on_enqueue=s.wake,
        uow=s.store.unit_of_work,
        templates=s.texts,
        clock=s.clock,
    )
    fee = s.settings.payments.fee
    receipts = Receipts(
        s.backend.payments,
        fee,
        secret=s.settings.secret_key,
        site_url=s.site_url,
        refunds=s.backend.refunds,
        office_zone=s.settings.office.time_zone,
        clock=s.clock,
        templates=s.texts,
    )
    writes = Writes(s.ids, s.store.unit_of_work, s.clock, s.wake)
    payments = PaymentService(s.backend.payments, gateway, fee, writes, receipts=receipts, on_refund=refunds.webhook)
    return Payments(payments, refunds)


@dataclass(frozen=True, slots=True)
class Privacy:
    retention: RetentionService
    data_requests: DataRequestService


def build_privacy(s: Shared, files: FileStore) -> Privacy:
    r = s.settings.site.retention
    periods = RetentionPeriods(r.documents_days, r.messages_days, r.appointments_days, r.alerts_days)
    uow = s.store.unit_of_work
    requests = DataRequestService(s.backend.personal_data, files.delete, files.read, uow, s.ids, s.clock)
    requests.documents = s.backend.documents  # found, exported (scans too) and erased with the applicant
    requests.whatsapp = s.backend.whatsapp_optins  # the opt-ins and inbound rows of their phones
    return Privacy(RetentionService(s.backend.retention, files, uow, s.ids, periods, clock=s.clock), requests)


def build_notes(s: Shared, roles: StaffDirectory) -> NotesService:
    """Replies by WhatsApp while the channel is on, held to its window (``agency_core.whatsapp.replies``)."""
    optins = s.backend.whatsapp_optins
    whatsapp = WhatsAppReplyRule(optins, optins, s.clock) if channel_status(s.settings)[0] else None
    return NotesService(s.backend.notes, roles, staff_context(s), templates=s.texts, whatsapp=whatsapp)


def build_tracking(s: Shared) -> TrackingService:
    secret = s.settings.secret_key
    return TrackingService(
        s.admin_store,
        s.backend.audit_trail,
        s.store.outbox,
        receipt_link=lambda i, n: receipt_path(secret, i, n),
        refunds=s.backend.refunds,
        pipeline=s.backend.pipeline,
    )


def build_appointment_changes(s: Shared) -> AppointmentChanges:
    return AppointmentChanges(
        s.store,
        s.live,
        s.settings.office.time_zone,
        s.ids.next_id,
        site_url=s.site_url,
        on_enqueue=s.wake,
        templates=s.texts,
        clock=s.clock,
    )
