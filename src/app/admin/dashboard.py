"""``GET /api/admin/dashboard``: the four cards, the latest applications, the SMS outbox health,
the last backup's time, the documents expiring soon and the open welfare cases."""

from __future__ import annotations

import msgspec
from litestar import get
from litestar.di import NamedDependency

from agency_core.pipeline.welfare import open_counts
from agency_core.staff.dashboard import DashboardAdmin
from app.admin.schemas.dashboard import Dashboard, WelfareFigures, dashboard_body
from app.composition.backups import last_backup_at
from app.composition.welfare import WelfareArea
from app.settings import Settings


@get("/dashboard", summary="Dashboard figures counted from the records")
async def dashboard(
    dashboard_admin: NamedDependency[DashboardAdmin],
    settings: NamedDependency[Settings],
    welfare: NamedDependency[WelfareArea],
) -> Dashboard:
    body = dashboard_body(await dashboard_admin.dashboard(), last_backup_at(settings))
    live, flagged = open_counts(await welfare.cases.cases(open_only=True))
    return msgspec.structs.replace(
        body, expiring_soon=await welfare.watch.counts(), welfare_cases=WelfareFigures(open=live, flagged=flagged)
    )
