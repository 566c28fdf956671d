"""``GET /api/admin/dashboard``: the four cards, the latest applications, the SMS outbox health."""

from __future__ import annotations

from litestar import get
from litestar.di import NamedDependency

from agency_core.staff.service import AdminService
from app.admin.schemas.dashboard import Dashboard, dashboard_body


@get("/dashboard", summary="Dashboard figures counted from the records")
async def dashboard(area: NamedDependency[AdminService]) -> Dashboard:
    return dashboard_body(await area.dashboard())
