"""``GET /api/admin/dashboard``: the four cards, the latest applications, the SMS outbox health,
the last backup's time."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from agency_core.staff.dashboard import DashboardAdmin
from app.admin.schemas.dashboard import Dashboard, dashboard_body
from app.composition.backups import last_backup_at
from app.settings import Settings


@get("/dashboard", summary="Dashboard figures counted from the records")
async def dashboard(dashboard_admin: NamedDependency[DashboardAdmin], settings: NamedDependency[Settings]) -> Dashboard:
    return dashboard_body(await dashboard_admin.dashboard(), last_backup_at(settings))
