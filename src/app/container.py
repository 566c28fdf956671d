"""The composition root: every adapter and service is built here, from settings, and nowhere else.

``Container.build(settings)`` picks the backend of ``AGENCY_STORE`` (:mod:`app.composition.backends`),
the identity provider and role directory (:mod:`app.composition.identity`) and the outside
adapters (:mod:`app.composition.outside`), then the core's services on top. The web app starts it
with :meth:`Container.start` and hands each handler the services it uses as Litestar dependencies
(:func:`app.dependencies.dependencies_of`); the CLIs build the same container and use
:meth:`Container.start_for_cli`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Final

import structlog

from adapters.private_files import private_tree
from adapters.seed.blog import seed_blog_posts
from adapters.sqlite.database import Database
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.appointments.booking import Bookings
from agency_core.appointments.changes import AppointmentChanges
from agency_core.bulk.service import BulkService
from agency_core.clock import Clock, running_from, utc_now
from agency_core.employers.orders_admin import takes_applications
from agency_core.ids import IdGenerator
from agency_core.jobs.alerts import JobAlertMailer
from agency_core.jobs.board import JobBoard
from agency_core.messaging.delivery import DeliveryReports
from agency_core.messaging.outbox import OutboxWorker, Pacing, RetryPolicy
from agency_core.messaging.template_store import LiveTemplates
from agency_core.newsletter.issues import NewsletterIssues
from agency_core.newsletter.subscriptions import NewsletterSubscriptions
from agency_core.payments.fees import FeeSchedule
from agency_core.payments.refund_service import RefundService
from agency_core.payments.service import PaymentService
from agency_core.ports import SmsGateway, Store
from agency_core.privacy.data_requests import DataRequestService
from agency_core.privacy.retention import RetentionService
from agency_core.signin.identity import ADMIN_ROLE, DEMO_ADMIN_EMAIL, DEMO_ADMIN_NAME, DEMO_ADMIN_PASSWORD, AdminUser
from agency_core.signin.service import RoleCache, SignIn
from agency_core.signin.throttle import SignInLimiter
from agency_core.staff.fee_policy import FeePolicyService
from agency_core.staff.notes_service import NotesService
from agency_core.staff.ports import AdminStore, MediaStore
from agency_core.staff.templates import MessageTemplates
from agency_core.submissions.rate_limits import RateLimiter
from agency_core.submissions.service import AgencyService
from agency_core.submissions.tracking import TrackingService
from app.composition.backends import Backend, CountingAttempts, StartableHitCounter, build_backend
from app.composition.backups import last_backup_record
from app.composition.identity import Identity, build_identity
from app.composition.outside import (
    CheckedFileStore,
    ClosableSmsGateway,
    build_email_sender,
    build_file_store,
    build_media_store,
    build_payment_gateway,
    build_sms_gateway,
)
from app.composition.services import (
    Shared,
    build_agency,
    build_appointment_changes,
    build_bookings,
    build_bulk,
    build_job_alert_mailer,
    build_newsletter,
    build_notes,
    build_payments,
    build_privacy,
    build_staff,
    build_tracking,
    site_url,
)
from app.composition.sms_reports import report_secret
from app.composition.staff import StaffArea
from app.composition.welfare import WelfareArea, WelfareParts, build_welfare
from app.composition.whatsapp import WhatsAppChannel, build_whatsapp
from app.composition.whatsapp_optins import WhatsAppOptIns, build_whatsapp_optins
from app.metrics import count_send
from app.operations import Operations
from app.settings import Settings, SettingsError
from app.sms_report_settings import report_url

logger = logging.getLogger("agency.retention")
log = structlog.get_logger("app.admin")

RETENTION_FIRST_RUN_S = 300.0
RETENTION_EVERY_S = 24 * 60 * 60.0


STOP_WAIT_S: Final = 10.0
"""How long the shutdown waits for a cancelled background task before it goes on without it."""


async def _cancelled(task: asyncio.Task[None]) -> None:
    task.cancel()
    done, _ = await asyncio.wait({task}, timeout=STOP_WAIT_S)
    if not done:
        log.warning("background task still running at shutdown", task=task.get_name())


async def run_retention_daily(retention: RetentionService) -> None:
    """The daily retention task: first run a few minutes after start, then every 24 hours."""
    await asyncio.sleep(RETENTION_FIRST_RUN_S)
    while True:
        try:
            await retention.run()
        except Exception:
            logger.exception("retention run failed")
        await asyncio.sleep(RETENTION_EVERY_S)


def default_admin_settings(settings: Settings) -> AdminSettings:
    """The environment's values: in force until staff save settings in the admin area."""
    return AdminSettings(
        settings.sms.admin_phones, settings.sms.sender, appointment_capacity=settings.office.appointment_capacity
    )


def app_clock(settings: Settings) -> Clock:
    """The real time, or with ``AGENCY_NOW`` (tests, development) a clock that starts at that instant."""
    return utc_now if settings.now is None else running_from(settings.now)


def build_outbox_worker(settings: Settings, store: Store, sms: SmsGateway, clock: Clock = utc_now) -> OutboxWorker:
    o = settings.api.outbox
    return OutboxWorker(
        store.outbox,
        sms,
        email=build_email_sender(settings),
        pacing=Pacing(
            RetryPolicy(o.retry_base_s, o.retry_cap_s, o.max_attempts),
            lease_s=o.lease_s,
            poll_s=o.poll_s,
            concurrency=o.concurrency,
            unsettled_wait=settings.sms_reports.settle_wait,
        ),
        clock=clock,
        on_outcome=count_send,
    )


def build_sign_in(settings: Settings, backend: Backend, identity: Identity, attempts: CountingAttempts) -> SignIn:
    return SignIn(
        identity=identity.identity,
        roles=identity.roles,
        sessions=backend.sessions,
        limiter=SignInLimiter(
            attempts,
            max_delay_s=settings.api.sign_in_max_delay_s,
            base_delay_s=min(1.0, settings.api.sign_in_max_delay_s),
        ),
        role_cache=RoleCache(ttl_s=settings.admin_auth.role_cache_s),
    )


@dataclass
class Container:
    settings: Settings
    database: Database
    backend: Backend
    sms: ClosableSmsGateway
    ids: IdGenerator
    store: Store
    files: CheckedFileStore
    outbox_worker: OutboxWorker
    agency: AgencyService
    bookings: Bookings
    admin_store: AdminStore
    live_settings: LiveSettings
    media: MediaStore
    staff: StaffArea
    """The admin area's use cases, one per subject (:mod:`app.composition.staff`)."""
    message_templates: MessageTemplates
    bulk: BulkService
    notes: NotesService
    payments: PaymentService
    fee_policy: FeePolicyService
    refunds: RefundService
    job_board: JobBoard
    job_alert_mailer: JobAlertMailer
    newsletter: NewsletterSubscriptions
    newsletter_issues: NewsletterIssues
    tracking: TrackingService
    retention: RetentionService
    data_requests: DataRequestService
    hit_counter: StartableHitCounter
    rate_limiter: RateLimiter
    report_rate_limiter: RateLimiter
    """The delivery reports' own limit (``AGENCY_SMS_REPORT_RATE_PER_MIN``)."""
    identity: Identity
    attempts: CountingAttempts
    sign_in: SignIn
    appointment_changes: AppointmentChanges
    delivery_reports: DeliveryReports
    clock: Clock = utc_now
    """What every service reads as "now" (:func:`app_clock`, or the one a test passes to :meth:`build`)."""
    _retention_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    _outbox_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    _heartbeat_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)

    @classmethod
    def build(cls, settings: Settings, clock: Clock | None = None) -> Container:
        """The adapters of the settings, then each subject's services (:mod:`app.composition.services`)."""
        now = clock or app_clock(settings)
        database = Database(settings.database_path)
        backend = build_backend(settings, database)
        ids = IdGenerator()
        store = backend.store
        live = LiveSettings(backend.admin_store, default_admin_settings(settings))
        secret = report_secret(settings)
        sms = build_sms_gateway(settings, live, report_url(site_url(settings), secret))
        files = build_file_store(settings)
        media = build_media_store(settings)
        worker = build_outbox_worker(settings, store, sms, now)
        shared = Shared(settings, backend, ids, live, LiveTemplates(store.templates), now, worker.wake)
        fee_schedule = FeeSchedule(live, settings.payments.fee)
        newsletter = build_newsletter(shared)
        mailer = build_job_alert_mailer(shared)
        staff = build_staff(shared, media, mailer, files)
        board = JobBoard(backend.admin_store, now, order_open=partial(takes_applications, staff.orders))
        money = build_payments(shared, build_payment_gateway(settings))
        privacy = build_privacy(shared, files)
        identity = build_identity(settings, database)
        return cls(
            settings=settings,
            database=database,
            backend=backend,
            sms=sms,
            ids=ids,
            store=store,
            files=files,
            outbox_worker=worker,
            agency=build_agency(shared, files, board, newsletter.subscriptions, fee_schedule),
            bookings=build_bookings(shared),
            admin_store=backend.admin_store,
            live_settings=live,
            media=media,
            staff=staff,
            message_templates=MessageTemplates(store.templates, store.unit_of_work, ids, shared.texts, now, live),
            bulk=build_bulk(shared, staff),
            notes=build_notes(shared, identity.roles),
            payments=money.payments,
            job_board=board,
            job_alert_mailer=mailer,
            tracking=build_tracking(shared),
            newsletter=newsletter.subscriptions,
            newsletter_issues=newsletter.issues,
            refunds=money.refunds,
            fee_policy=FeePolicyService(fee_schedule, live, ids, uow=store.unit_of_work, clock=now),
            retention=privacy.retention,
            data_requests=privacy.data_requests,
            hit_counter=backend.hit_counter,
            rate_limiter=RateLimiter(backend.hit_counter, settings.api.rate_limit_per_minute),
            report_rate_limiter=RateLimiter(backend.hit_counter, settings.sms_reports.per_minute),
            identity=identity,
            attempts=backend.attempts,
            sign_in=build_sign_in(settings, backend, identity, backend.attempts),
            appointment_changes=build_appointment_changes(shared),
            delivery_reports=DeliveryReports(store.outbox, secret, now),
            clock=now,
        )

    @cached_property
    def welfare(self) -> WelfareArea:
        """The expiry watch and the welfare check-ins (:mod:`app.composition.welfare`); building them
        gives the outbox worker its task runner."""
        parts = WelfareParts(
            self.settings, self.backend, self.database, self.staff, self.identity.roles, self.outbox_worker
        )
        area = build_welfare(parts)
        self.data_requests.welfare = area.store  # found, exported and erased with the applicant
        return area

    @cached_property
    def whatsapp_optins(self) -> WhatsAppOptIns:
        """WhatsApp opt-ins, STOP and the inbox of replies (:mod:`app.composition.whatsapp_optins`)."""
        return build_whatsapp_optins(self.backend, self.ids, self.clock, self.outbox_worker.wake)

    @cached_property
    def whatsapp(self) -> WhatsAppChannel:
        """The WhatsApp channel (:mod:`app.composition.whatsapp`): building it gives the outbox worker its
        WhatsApp side (on, or in demo mode) and the webhook its secrets and events."""
        optins = self.whatsapp_optins
        return build_whatsapp(self.settings, self.backend, self.outbox_worker, optins.store, optins.inbox, self.clock)

    @cached_property
    def operations(self) -> Operations:
        """The operator's figures (``/metrics`` and the operations page) and this instance's heartbeat,
        under the outbox worker's id."""
        return Operations(
            self.store.outbox,
            self.clock,
            self.backend.heartbeats,
            partial(last_backup_record, self.settings),
            office_zone=self.settings.office.time_zone,
            instance_id=self.outbox_worker.owner,
        )

    def readiness_checks(self) -> dict[str, Callable[[], Awaitable[None]]]:
        """What ``/readyz`` checks: the store answers, the files' place answers, the outbox worker runs."""

        async def outbox() -> None:
            task = self._outbox_task
            if task is None or task.done():
                raise RuntimeError("the outbox worker is not running")

        return {"store": self.backend.ping, "files": self.files.reachable, "outbox": outbox}

    async def migrate_sign_in(self) -> None:
        """The sign-in tables: sessions, attempts, local accounts and roles."""
        await self.sign_in.sessions.migrate()
        await self.attempts.migrate()
        await self.identity.migrate()

    def prepare_data_dir(self) -> None:
        """``AGENCY_DATA_DIR`` made, or tightened, owner-only (directories 0700, files 0600)."""
        private_tree(self.settings.data_dir)

    async def start_for_cli(self) -> None:
        """What a command needs: the data directory and every store migrated; no background task."""
        self.prepare_data_dir()
        await self.store.start()
        await self.admin_store.start()
        await self.migrate_sign_in()
        self.welfare.watch.today()  # built: the data requests reach the welfare records

    async def start(self) -> None:
        """The web app: stores migrated, blog seeded, the outbox and retention tasks running, the
        admin sign-in ready (demo admin seeded in demo mode)."""
        self.prepare_data_dir()
        await self.store.start()
        await self.admin_store.start()
        await self.hit_counter.migrate()
        await self.store.blog_posts.seed(seed_blog_posts(self.clock()))
        await self.welfare.watch.schedule()  # today's expiry sweep, once however many instances start
        self._outbox_task = asyncio.create_task(self.outbox_worker.run(), name="sms-outbox")
        self._retention_task = asyncio.create_task(run_retention_daily(self.retention), name="retention")
        self._heartbeat_task = asyncio.create_task(self.operations.keep_beating(), name="heartbeat")
        await self.prepare_sign_in()

    async def prepare_sign_in(self) -> None:
        """Migrate the sign-in tables; seed the demo admin in demo mode; refuse production while a
        local account still has the demo password (raises SettingsError)."""
        await self.migrate_sign_in()
        local = self.identity.local_identity
        if self.settings.demo:
            await self.seed_demo_admin()
        elif self.settings.production and local is not None and await local.accounts_with_password(DEMO_ADMIN_PASSWORD):
            raise SettingsError(
                "AGENCY_ENV=production refuses a local admin with the demo password: "
                "set a new one with `agency admin create`"
            )

    async def seed_demo_admin(self) -> AdminUser:
        """Demo mode: the demo admin exists, with the demo password and an admin record."""
        local = self.identity.local_identity
        if local is None:
            raise SettingsError("AGENCY_DEMO=1 needs AGENCY_IDENTITY=local: demo mode seeds a local admin")
        account = await local.save_account(DEMO_ADMIN_EMAIL, DEMO_ADMIN_NAME, DEMO_ADMIN_PASSWORD)
        await self.identity.roles.put(account.id, DEMO_ADMIN_NAME, ADMIN_ROLE)
        log.info("demo admin ready", email=account.email)
        return AdminUser(account.id, account.email, DEMO_ADMIN_NAME)

    async def stop(self) -> None:
        """Stop the background tasks (the outbox worker drains its sends in flight, then hands back its
        leases) and close everything; each wait is bounded (``STOP_WAIT_S``), so a task stuck on a peer
        that no longer answers cannot hold the shutdown for ever."""
        if self._retention_task is not None:
            await _cancelled(self._retention_task)
            self._retention_task = None
        if self._heartbeat_task is not None:
            await _cancelled(self._heartbeat_task)
            self._heartbeat_task = None
        if self._outbox_task is not None:
            # Take no more texts; let those already with the gateway finish and be recorded (cancelling
            # them would leave sent texts unrecorded, sent again by whoever takes them over).
            self.outbox_worker.stop()
            drained, _ = await asyncio.wait({self._outbox_task}, timeout=STOP_WAIT_S)
            if not drained:
                await _cancelled(self._outbox_task)
            self._outbox_task = None
            # Hand the leases back so another instance sends them now, not after the lease.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.outbox_worker.release(), STOP_WAIT_S)
        await self.close()

    async def close(self) -> None:
        """Close every connection and client (after :meth:`stop`, or after a command)."""
        await self.sms.aclose()
        if "whatsapp" in self.__dict__:  # built (a cached property): its Cloud API client
            await self.whatsapp.aclose()
        await self.identity.aclose()
        if self.payments.gateway is not None:
            await self.payments.gateway.aclose()
        await self.backend.close()
        await self.database.close()
