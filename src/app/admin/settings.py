"""``/api/admin/settings`` (alert phones, SMS sender id, status-SMS switches) and ``/api/admin/audit-log``."""

from __future__ import annotations

from typing import Any

from litestar import Controller, get, put
from litestar.params import Parameter

from agency_core.admin_service import AdminService
from agency_core.admin_settings import settings_to_dict
from agency_core.identity import AdminUser
from app.admin.common import AREA, PROBLEMS, audit_json, page_json, page_request


class AdminSettingsController(Controller):
    path = "/settings"
    exception_handlers = PROBLEMS
    dependencies = AREA

    @get("/", summary="The settings in force")
    async def read(self, area: AdminService) -> dict[str, object]:
        return settings_to_dict(await area.get_settings())

    @put("/", summary="Save settings: used by the server at once")
    async def save(self, area: AdminService, admin: AdminUser, data: dict[str, Any]) -> dict[str, object]:
        return settings_to_dict(await area.put_settings(admin.email, data))


@get("/audit-log", summary="Admin actions, newest first", exception_handlers=PROBLEMS, dependencies=AREA)
async def audit_log(
    area: AdminService,
    page: str | None = None,
    page_size: str | None = Parameter(query="pageSize", default=None),
) -> dict[str, Any]:
    entries = await area.audit_log(page_request(page, page_size))
    return page_json(entries, audit_json)
