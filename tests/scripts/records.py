"""Applications in a real SQLite data directory, and what a script's change left there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adapters.sealing import PassportSealer
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.audit_trail import SqliteAuditTrail
from adapters.sqlite.database import Database
from adapters.sqlite.store import SqliteStore
from agency_core.admin_settings import AdminSettings
from agency_core.audit import AuditEntry
from agency_core.paging import PageRequest
from agency_core.records import Application, ApplicationStatus, OutboxMessage
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.submissions.tracking import TrackedApplication, TrackingService
from tests.admin.area import application_data
from tests.support import writes
from tests.support.sealing import data_dir_sealer

T0 = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def phone_of(n: int) -> str:
    return f"+2332412{n:05d}"


def env_for(data_dir: Path, gateway_url: str | None, **extra: str) -> dict[str, str]:
    env = {"AGENCY_DATA_DIR": str(data_dir), "AGENCY_SCRIPT_ACTOR": "script:nightly", **extra}
    if gateway_url is not None:
        env |= {"AGENCY_SMS_BASE_URL": gateway_url, "AGENCY_SMS_API_KEY": "k"}
    return env


@dataclass
class DataDir:
    """The app's SQLite file under ``path``, opened beside the script (as the running app would)."""

    path: Path
    database: Database
    store: SqliteStore
    admin: SqliteAdminStore
    sealer: PassportSealer

    @classmethod
    async def open(cls, path: Path) -> DataDir:
        database = Database(path / "agency.sqlite3")
        sealer = data_dir_sealer(path)
        store, admin = SqliteStore(database, sealer), SqliteAdminStore(database, sealer)
        await store.start()
        await admin.start()
        return cls(path, database, store, admin, sealer)

    async def close(self) -> None:
        await self.database.close()

    async def add(self, app_id: str, phone: str, **changes: object) -> None:
        changes = {"email": f"{app_id.lower()}@example.com", **changes}
        application = Application(app_id, form_of(ApplicationForm, application_data(phone=phone, **changes)), (), T0)
        assert await writes.add_application(self.store, application, [], T0 - timedelta(days=1)) is None

    async def add_many(self, count: int, prefix: str = "VA17000000") -> list[str]:
        ids = [f"{prefix}{n:03d}" for n in range(count)]
        for n, app_id in enumerate(ids):
            await self.add(app_id, phone_of(n))
        return ids

    async def status(self, app_id: str) -> ApplicationStatus:
        record = await self.admin.application(app_id)
        assert record is not None
        return record.status

    async def sms(self, app_id: str) -> Sequence[OutboxMessage]:
        return await self.store.outbox.list(app_id)

    async def audit(self) -> list[AuditEntry]:
        return (await self.admin.audit_log(PageRequest(1, 500))).items

    async def tracked(self, app_id: str, contact: str) -> TrackedApplication | None:
        return await TrackingService(self.admin, SqliteAuditTrail(self.database)).track(app_id, contact)

    async def switch(self, sender: str, **off: bool) -> None:
        """Save admin settings: the sender ID and status SMS switches (``approved=False``...)."""
        switches = {status: off.get(status.value, True) for status in ApplicationStatus}
        settings = AdminSettings(("+233241234567",), sender, switches)
        async with self.store.unit_of_work() as uow:
            await uow.settings.put(settings, T0)
