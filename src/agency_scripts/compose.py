"""The script's composition root: the same stores, admin settings and use case as the app, built
from the same settings, with the HTTP SMS gateway and none of the server (no Litestar, no SDK
unless ``AGENCY_STORE=firestore``). Only this module of the package names adapters."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from adapters.sms_http import HttpSmsGateway, SenderSource
from adapters.sqlite.database import Database
from agency_core.admin_settings import AdminSettings, LiveSettings
from agency_core.ids import IdGenerator
from agency_core.messaging.outbox import OutboxWorker, Pacing
from agency_core.messaging.template_store import LiveTemplates
from agency_core.ports import Delivery, SendResult, Store
from agency_core.staff.applications import ApplicationsAdmin
from agency_core.staff.context import StaffContext
from agency_core.staff.deliveries import Deliveries
from agency_core.staff.ports import AdminStore
from agency_scripts.settings import GATEWAY_POOL, ScriptSettings, script_track_url
from app.composition.backends import Backend, build_backend
from app.composition.sms_reports import report_secret
from app.settings import Settings, SettingsError
from app.sms_report_settings import report_url

LEASE_MARGIN_S = 5.0
"""A script's lease on its text outlives one gateway call by this much."""


@dataclass
class ScriptParts:
    settings: Settings
    script: ScriptSettings
    database: Database
    backend: Backend
    admin: ApplicationsAdmin
    worker: OutboxWorker
    gateway: HttpSmsGateway | None
    """``None`` when ``AGENCY_SMS_BASE_URL`` is unset: only dry runs are possible."""

    @property
    def store(self) -> Store:
        return self.backend.store

    @property
    def admin_store(self) -> AdminStore:
        return self.backend.admin_store

    async def start(self) -> None:
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        await self.store.start()
        await self.admin_store.start()

    async def close(self) -> None:
        if self.gateway is not None:
            await self.gateway.aclose()
        await self.backend.close()
        await self.database.close()


GATEWAY_NOT_CONFIGURED = (
    "No SMS gateway is configured: set AGENCY_SMS_BASE_URL and AGENCY_SMS_API_KEY, "
    "or ask for a dry run (dry_run=True, --dry-run), which sends nothing"
)


class _NoGateway:
    """Stands in for the gateway when none is configured; the client refuses sends before this."""

    async def send(self, phone: str, message: str, idempotency_key: str | None = None) -> SendResult:  # noqa: ARG002
        return SendResult(False, GATEWAY_NOT_CONFIGURED, None, Delivery.NOT_SENT)


def http_gateway(settings: Settings, sender: SenderSource | None = None) -> HttpSmsGateway | None:
    """The configured HTTP gateway (``AGENCY_SMS_*``), or ``None`` when there is none. With
    ``AGENCY_SITE_URL`` it asks for delivery reports at the app's report URL, as the app's worker
    does: they settle a text whose answer was lost, and ``/track`` shows them."""
    sms = settings.sms
    if not sms.base_url:
        return None
    reports = report_url(settings.site_url, report_secret(settings)) if settings.site_url else None
    return HttpSmsGateway(
        sms.base_url, sms.api_key, sender or sms.sender, sms.timeout_s, max_connections=GATEWAY_POOL, report_url=reports
    )


def _backend(settings: Settings, database: Database) -> Backend:
    try:
        return build_backend(settings, database)
    except ImportError as exc:  # the slim install has no Firestore SDK
        raise SettingsError(
            f"AGENCY_STORE={settings.api.store} needs the server's packages: pip install 'vandy-agency[server]' ({exc})"
        ) from exc


def build_parts(settings: Settings, script: ScriptSettings) -> ScriptParts:
    track_url = script_track_url(settings)
    database = Database(settings.database_path)
    backend = _backend(settings, database)
    live = LiveSettings(backend.admin_store, AdminSettings(settings.sms.admin_phones, settings.sms.sender))
    sms = settings.sms
    gateway = http_gateway(settings, live.sms_sender)
    context = StaffContext(
        backend.admin_store, backend.store.outbox, live, IdGenerator(), uow=backend.store.unit_of_work
    )
    admin = ApplicationsAdmin(
        context,
        Deliveries(backend.store.outbox),
        track_url=track_url,
        phone_region=script.phone_region,
        templates=LiveTemplates(backend.store.templates),
    )
    worker = OutboxWorker(
        backend.store.outbox,
        gateway if gateway is not None else _NoGateway(),
        pacing=Pacing(lease_s=sms.timeout_s + LEASE_MARGIN_S, unsettled_wait=settings.sms_reports.settle_wait),
        owner=f"script-{secrets.token_hex(6)}",
    )
    return ScriptParts(settings, script, database, backend, admin, worker, gateway)


@asynccontextmanager
async def opened_backend(settings: Settings) -> AsyncIterator[Backend]:
    """The app's stores, started, for ``agency sms status`` (a text by phone, without an
    application): the texts staff saved, and the audit log it writes."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    database = Database(settings.database_path)
    backend = _backend(settings, database)
    try:
        await backend.store.start()
        await backend.admin_store.start()
        yield backend
    finally:
        await backend.close()
        await database.close()
