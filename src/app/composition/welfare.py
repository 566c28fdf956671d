"""The expiry watch and the welfare check-ins, built once for the container (:attr:`Container.welfare`).

Their store is the backend's (SQLite: the records' file, migrated with the records as
``records_0020_welfare``; Firestore: the same client). Building them hands the outbox worker its task
runner (:class:`~agency_core.pipeline.tasks.PipelineTasks`), so the sweep and check-in tasks the
outbox holds run on whichever instance claims them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adapters.sqlite.database import Database
from adapters.sqlite.welfare import SqliteWelfare
from agency_core.messaging.outbox import OutboxWorker
from agency_core.pipeline.expiry import ExpiryWatch
from agency_core.pipeline.expiry_admin import ExpiryWindowsAdmin
from agency_core.pipeline.tasks import PipelineTasks
from agency_core.pipeline.welfare import CheckInParts, CheckIns, WelfareCases
from agency_core.pipeline.welfare_ports import WelfareStore
from agency_core.staff.notes import StaffDirectory
from app.composition.backends import Backend
from app.composition.services import site_url
from app.composition.staff import StaffArea
from app.settings import Settings


@dataclass(frozen=True, slots=True)
class WelfareArea:
    check_ins: CheckIns
    """The public page's answers and the check-in tasks."""
    cases: WelfareCases
    """Staff's cases."""
    watch: ExpiryWatch
    windows: ExpiryWindowsAdmin
    """Staff's expiry windows per document type (the watch reads them at each sweep)."""
    store: WelfareStore
    """Read by the data requests (export) and erased with the applicant."""


def welfare_store(settings: Settings, backend: Backend, database: Database) -> WelfareStore:
    if settings.api.store == "firestore":
        from adapters.firestore.welfare import FirestoreWelfare  # the SDK is slow to import

        client: Any = getattr(backend.store, "client")  # noqa: B009 - FirestoreStore's, not on the port
        return FirestoreWelfare(client)
    return SqliteWelfare(database)


@dataclass(frozen=True, slots=True)
class WelfareParts:
    settings: Settings
    backend: Backend
    database: Database
    staff: StaffArea
    roles: StaffDirectory
    worker: OutboxWorker


def build_welfare(p: WelfareParts) -> WelfareArea:
    store = welfare_store(p.settings, p.backend, p.database)
    context, moves = p.staff.context, p.staff.pipeline
    parts = CheckInParts(
        store,
        p.backend.pipeline,
        moves,
        site_url(p.settings),
        moves.templates,
        default_staff=p.settings.welfare_default_staff,
        directory=p.roles,
    )
    check_ins = CheckIns(context, parts)
    watch = ExpiryWatch(
        context, store, p.backend.pipeline, p.staff.documents.gate_settings, windows_store=store,
        templates=moves.templates,
    )  # fmt: skip
    p.worker.tasks = PipelineTasks(watch, check_ins)
    p.staff.documents.on_record = watch.schedule
    return WelfareArea(check_ins, WelfareCases(context, store, parts), watch, ExpiryWindowsAdmin(context, store), store)


__all__ = ["WelfareArea", "WelfareParts", "build_welfare", "welfare_store"]
