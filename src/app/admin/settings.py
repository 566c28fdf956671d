"""``/api/admin/settings`` (alert phones, SMS sender id, status-SMS switches) and ``/api/admin/audit-log``."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, get, put
from litestar.di import NamedDependency
from litestar.params import FromQuery, JSONBody, QueryParameter

from agency_core.admin_service import AdminService
from agency_core.admin_settings import settings_to_dict
from agency_core.identity import AdminUser
from app.admin.common import PROBLEMS, audit_json, page_json, page_request


class AdminSettingsController(Controller):
    path = "/settings"
    exception_handlers = PROBLEMS

    @get("/", summary="The settings in force")
    async def read(self, area: NamedDependency[AdminService]) -> dict[str, object]:
        return settings_to_dict(await area.get_settings())

    @put("/", summary="Save settings: used by the server at once")
    async def save(
        self, area: NamedDependency[AdminService], admin: NamedDependency[AdminUser], data: JSONBody[dict[str, Any]]
    ) -> dict[str, object]:
        return settings_to_dict(await area.put_settings(admin.email, data))


@get("/audit-log", summary="Admin actions, newest first", exception_handlers=PROBLEMS)
async def audit_log(
    area: NamedDependency[AdminService],
    page: FromQuery[str | None] = None,
    page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
) -> dict[str, Any]:
    entries = await area.audit_log(page_request(page, page_size))
    return page_json(entries, audit_json)
