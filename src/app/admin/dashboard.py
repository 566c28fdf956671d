"""``GET /api/admin/dashboard``: the four cards, the latest applications, the SMS outbox health."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from agency_core.staff.dashboard import DashboardAdmin
from app.admin.schemas.dashboard import Dashboard, dashboard_body


@get("/dashboard", summary="Dashboard figures counted from the records")
async def dashboard(dashboard_admin: NamedDependency[DashboardAdmin]) -> Dashboard:
    return dashboard_body(await dashboard_admin.dashboard())
