"""The composition root: every adapter is built here, from settings, and nowhere else."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Protocol

from cryptography.fernet import Fernet

from adapters.email_log import LoggingEmailSender
from adapters.email_smtp import SmtpEmailSender
from adapters.files import LocalFileStore, load_files_key, local_files_key
from adapters.media import LocalMediaStore
from adapters.paystack import PaystackGateway
from adapters.seed.blog import seed_blog_posts
from adapters.sms_http import HttpSmsGateway
from adapters.sms_log import LoggingSmsGateway
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.database import Database
from adapters.sqlite.payments import SqlitePayments
from adapters.sqlite.rate_limits import SqliteHitCounter
from adapters.sqlite.store import SqliteStore
from agency_core.admin import AdminStore
from agency_core.admin_service import AdminService
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.data_requests import DataRequestService, PersonalDataStore
from agency_core.ids import IdGenerator
from agency_core.job_alerts import EmailSender, JobAlertMailer
from agency_core.job_board import JobBoard
from agency_core.messages import track_link
from agency_core.outbox import OutboxWorker, RetryPolicy
from agency_core.payment_service import PaymentService
from agency_core.payments import PaymentGateway, PaymentStore
from agency_core.ports import SmsGateway, Store
from agency_core.rate_limits import HitCounter, RateLimiter
from agency_core.retention import RetentionPeriods, RetentionService, RetentionStore
from agency_core.services import AgencyService, utc_now
from agency_core.tracking import AuditTrail, TrackingService
from app.admin.services import AdminServices, build_admin_services
from app.settings import Settings

logger = logging.getLogger("agency.retention")


class ClosableSmsGateway(SmsGateway, Protocol):
    async def aclose(self) -> None: ...


def build_sms_gateway(settings: Settings, live: LiveSettings | None = None) -> ClosableSmsGateway:
    """The HTTP gateway reads the sender id from ``live`` (the admin area's settings) per send."""
    sms = settings.sms
    if sms.base_url is None:
        return LoggingSmsGateway()
    return HttpSmsGateway(sms.base_url, sms.api_key, live.sms_sender if live else sms.sender, sms.timeout_s)


def build_admin_store(settings: Settings, database: Database, store: Store) -> AdminStore:
    """The admin area's store, on the same backend as ``store``."""
    if settings.api.store == "firestore":
        from adapters.firestore.admin_store import FirestoreAdminStore
        from adapters.firestore.store import FirestoreStore

        assert isinstance(store, FirestoreStore)
        admin_store: AdminStore = FirestoreAdminStore(store.client)
        return admin_store
    return SqliteAdminStore(database)


def default_admin_settings(settings: Settings) -> AdminSettings:
    """The environment's values: in force until staff save settings in the admin area."""
    return AdminSettings(settings.sms.admin_phones, settings.sms.sender)


def build_files_cipher(settings: Settings) -> Fernet:
    """``AGENCY_FILES_KEY``, or (outside production) a key kept in the data directory."""
    if settings.files_key:
        return load_files_key(settings.files_key)
    return local_files_key(settings.data_dir / "files.key")


def build_audit_trail(settings: Settings, database: Database, store: Store) -> AuditTrail:
    """Reads the audit log by target, on the same backend as ``store``."""
    if settings.api.store == "firestore":
        from adapters.firestore.audit_trail import FirestoreAuditTrail
        from adapters.firestore.store import FirestoreStore

        assert isinstance(store, FirestoreStore)
        return FirestoreAuditTrail(store.client)
    from adapters.sqlite.audit_trail import SqliteAuditTrail

    return SqliteAuditTrail(database)


def build_retention_store(settings: Settings, database: Database, store: Store) -> RetentionStore:
    if settings.api.store == "firestore":
        from adapters.firestore.retention import FirestoreRetentionStore
        from adapters.firestore.store import FirestoreStore

        assert isinstance(store, FirestoreStore)
        return FirestoreRetentionStore(store.client)
    from adapters.sqlite.retention import SqliteRetentionStore

    return SqliteRetentionStore(database)


def build_retention(
    settings: Settings,
    database: Database,
    store: Store,
    admin_store: AdminStore,
    files: LocalFileStore,
    ids: IdGenerator,
) -> RetentionService:
    r = settings.site.retention
    periods = RetentionPeriods(r.documents_days, r.messages_days, r.appointments_days, r.alerts_days)
    return RetentionService(
        build_retention_store(settings, database, store), files, admin_store, ids, periods, clock=utc_now
    )


def build_personal_data_store(settings: Settings, database: Database, store: Store) -> PersonalDataStore:
    if settings.api.store == "firestore":
        from adapters.firestore.personal_data import FirestorePersonalDataStore
        from adapters.firestore.store import FirestoreStore

        assert isinstance(store, FirestoreStore)
        return FirestorePersonalDataStore(store.client)
    from adapters.sqlite.personal_data import SqlitePersonalDataStore

    return SqlitePersonalDataStore(database)


RETENTION_FIRST_RUN_S = 300.0
RETENTION_EVERY_S = 24 * 60 * 60.0


async def run_retention_daily(retention: RetentionService) -> None:
    """The daily retention task: first run a few minutes after start, then every 24 hours."""
    await asyncio.sleep(RETENTION_FIRST_RUN_S)
    while True:
        try:
            await retention.run()
        except Exception:
            logger.exception("retention run failed")
        await asyncio.sleep(RETENTION_EVERY_S)


def build_store(settings: Settings, database: Database) -> Store:
    """``AGENCY_STORE``: the embedded SQLite file (default) or Firestore."""
    if settings.api.store == "firestore":
        from adapters.firestore.store import FirestoreStore

        return FirestoreStore.connect(settings.api.firestore_project_id)
    return SqliteStore(database)


def build_payment_store(settings: Settings, database: Database, store: Store) -> PaymentStore:
    """The processing fee's record, on the same backend as ``store``."""
    if settings.api.store == "firestore":
        from adapters.firestore.payments import FirestorePayments
        from adapters.firestore.store import FirestoreStore

        assert isinstance(store, FirestoreStore)
        return FirestorePayments(store.client)
    return SqlitePayments(database)


class StartableHitCounter(HitCounter, Protocol):
    async def migrate(self) -> None: ...


def build_hit_counter(settings: Settings, database: Database, store: Store) -> StartableHitCounter:
    """The public rate limit's counts, on the same backend as ``store`` (shared by every instance)."""
    if settings.api.store == "firestore":
        from adapters.firestore.rate_limits import FirestoreHitCounter
        from adapters.firestore.store import FirestoreStore

        assert isinstance(store, FirestoreStore)
        return FirestoreHitCounter(store.client)
    return SqliteHitCounter(database)


def build_payment_gateway(settings: Settings) -> PaymentGateway | None:
    """Paystack when ``PAYSTACK_SECRET_KEY`` is set; else no online payment at all."""
    p = settings.payments
    return PaystackGateway(p.secret_key, p.base_url) if p.enabled else None


def build_email_sender(settings: Settings) -> EmailSender:
    """``AGENCY_SMTP_HOST`` set: SMTP (aiosmtplib); else every e-mail is logged."""
    smtp = settings.smtp
    if smtp.host is None:
        return LoggingEmailSender()
    return SmtpEmailSender(
        smtp.host, smtp.port, smtp.sender, username=smtp.username, password=smtp.password, starttls=smtp.starttls
    )


def site_url(settings: Settings) -> str:
    return settings.site_url or f"http://{settings.host}:{settings.port}"


def build_outbox_worker(settings: Settings, store: Store, sms: SmsGateway) -> OutboxWorker:
    o = settings.api.outbox
    return OutboxWorker(
        store.outbox,
        sms,
        email=build_email_sender(settings),
        policy=RetryPolicy(o.retry_base_s, o.retry_cap_s, o.max_attempts),
        lease_s=o.lease_s,
        poll_s=o.poll_s,
        concurrency=o.concurrency,
    )


@dataclass
class Container:
    settings: Settings
    database: Database
    sms: ClosableSmsGateway
    ids: IdGenerator
    store: Store
    files: LocalFileStore
    outbox_worker: OutboxWorker
    agency: AgencyService
    admin_store: AdminStore
    live_settings: LiveSettings
    media: LocalMediaStore
    admin_area: AdminService
    payments: PaymentService
    job_board: JobBoard
    job_alert_mailer: JobAlertMailer
    tracking: TrackingService
    retention: RetentionService
    data_requests: DataRequestService
    _retention_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    hit_counter: StartableHitCounter
    rate_limiter: RateLimiter
    _outbox_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    admin: AdminServices = field(init=False)

    def __post_init__(self) -> None:
        self.admin = build_admin_services(self.settings, self.database)

    @classmethod
    def build(cls, settings: Settings) -> Container:
        database = Database(settings.database_path)
        ids = IdGenerator()
        store = build_store(settings, database)
        admin_store = build_admin_store(settings, database, store)
        live = LiveSettings(admin_store, default_admin_settings(settings))
        sms = build_sms_gateway(settings, live)
        files = LocalFileStore(settings.data_dir / "uploads", build_files_cipher(settings))
        media = LocalMediaStore(settings.data_dir / "media" / "blog")
        worker = build_outbox_worker(settings, store, sms)
        board = JobBoard(admin_store, utc_now)
        track_url = track_link(site_url(settings))
        agency = AgencyService(
            store,
            files,
            ids,
            live,
            on_enqueue=worker.wake,
            jobs=board,
            site_url=lambda: site_url(settings),
            track_url=track_url,
        )
        mailer = JobAlertMailer(
            store.job_alerts, store.outbox, lambda: site_url(settings), settings.secret_key, utc_now, worker.wake
        )
        admin_area = AdminService(
            admin_store,
            store.outbox,
            live,
            media,
            ids,
            on_enqueue=worker.wake,
            on_publish=mailer.job_published,
            track_url=track_url,
            uow=store.unit_of_work,
        )
        payments = PaymentService(
            build_payment_store(settings, database, store),
            build_payment_gateway(settings),
            settings.payments.fee,
            ids,
            on_enqueue=worker.wake,
            uow=store.unit_of_work,
        )
        tracking = TrackingService(admin_store, build_audit_trail(settings, database, store))
        retention = build_retention(settings, database, store, admin_store, files, ids)
        data_requests = DataRequestService(
            build_personal_data_store(settings, database, store), files.delete, files.read, admin_store, ids, utc_now
        )
        hits = build_hit_counter(settings, database, store)
        return cls(
            settings=settings,
            database=database,
            sms=sms,
            ids=ids,
            store=store,
            files=files,
            outbox_worker=worker,
            agency=agency,
            admin_store=admin_store,
            live_settings=live,
            media=media,
            admin_area=admin_area,
            payments=payments,
            job_board=board,
            job_alert_mailer=mailer,
            tracking=tracking,
            retention=retention,
            data_requests=data_requests,
            hit_counter=hits,
            rate_limiter=RateLimiter(hits, settings.api.rate_limit_per_minute),
        )

    async def start(self) -> None:
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        await self.store.start()
        await self.admin_store.start()
        await self.hit_counter.migrate()
        await self.store.blog_posts.seed(seed_blog_posts())
        self._outbox_task = asyncio.create_task(self.outbox_worker.run(), name="sms-outbox")
        self._retention_task = asyncio.create_task(run_retention_daily(self.retention), name="retention")
        await self.admin.start()

    async def stop(self) -> None:
        if self._retention_task is not None:
            self._retention_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._retention_task
            self._retention_task = None
        if self._outbox_task is not None:
            self._outbox_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._outbox_task
            self._outbox_task = None
            # Hand the leases back so another instance sends them now, not after the lease.
            with contextlib.suppress(Exception):
                await self.outbox_worker.release()
        await self.store.close()
        await self.sms.aclose()
        await self.admin.aclose()
        if self.payments.gateway is not None:
            await self.payments.gateway.aclose()
        await self.database.close()
