"""The composition root: every adapter is built here, from settings, and nowhere else."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Protocol

from adapters.files import LocalFileStore
from adapters.seed.blog import seed_blog_posts
from adapters.sms_http import HttpSmsGateway
from adapters.sms_log import LoggingSmsGateway
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.ids import IdGenerator
from agency_core.outbox import OutboxWorker, RetryPolicy
from agency_core.ports import SmsGateway, Store
from agency_core.services import AgencyService
from app.admin.services import AdminServices, build_admin_services
from app.settings import Settings


class ClosableSmsGateway(SmsGateway, Protocol):
    async def aclose(self) -> None: ...


def build_sms_gateway(settings: Settings) -> ClosableSmsGateway:
    sms = settings.sms
    if sms.base_url is None:
        return LoggingSmsGateway()
    return HttpSmsGateway(sms.base_url, sms.api_key, sms.sender, sms.timeout_s)


def build_store(settings: Settings, database: Database) -> Store:
    """``AGENCY_STORE``: the embedded SQLite file (default) or Firestore."""
    if settings.api.store == "firestore":
        from adapters.firestore.store import FirestoreStore

        return FirestoreStore.connect(settings.api.firestore_project_id)
    return SqliteStore(database)


def build_outbox_worker(settings: Settings, store: Store, sms: SmsGateway) -> OutboxWorker:
    o = settings.api.outbox
    return OutboxWorker(
        store.outbox,
        sms,
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
    _outbox_task: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    admin: AdminServices = field(init=False)

    def __post_init__(self) -> None:
        self.admin = build_admin_services(self.settings, self.database)

    @classmethod
    def build(cls, settings: Settings) -> Container:
        database = Database(settings.database_path)
        sms = build_sms_gateway(settings)
        ids = IdGenerator()
        store = build_store(settings, database)
        files = LocalFileStore(settings.data_dir / "uploads")
        worker = build_outbox_worker(settings, store, sms)
        agency = AgencyService(store, files, ids, settings.sms.admin_phones, on_enqueue=worker.wake)
        return cls(
            settings=settings,
            database=database,
            sms=sms,
            ids=ids,
            store=store,
            files=files,
            outbox_worker=worker,
            agency=agency,
        )

    async def start(self) -> None:
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        await self.database.migrate([])
        await self.store.start()
        await self.store.blog_posts.seed(seed_blog_posts())
        self._outbox_task = asyncio.create_task(self.outbox_worker.run(), name="sms-outbox")
        await self.admin.start()

    async def stop(self) -> None:
        if self._outbox_task is not None:
            self._outbox_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._outbox_task
            self._outbox_task = None
        await self.store.close()
        await self.sms.aclose()
        await self.admin.aclose()
        await self.database.close()
