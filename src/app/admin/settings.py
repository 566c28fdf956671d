"""``/api/admin/settings`` (alert phones, SMS sender id, status-SMS switches) and ``/api/admin/audit-log``."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, put
from litestar.di import NamedDependency
from litestar.params import FromQuery, JSONBody, QueryParameter

from agency_core.admin_settings import parse_settings
from agency_core.signin.identity import AdminUser
from agency_core.staff.settings_admin import SettingsAdmin
from app.admin.common import page_request
from app.admin.schemas.common import Page, page_of, to_core
from app.admin.schemas.settings import (
    AdminSettings,
    AdminSettingsIn,
    AuditEntry,
    WhatsAppChannelStatus,
    audit_entry,
    settings_body,
)
from app.checked_body import CoreChecked
from app.settings import Settings
from app.whatsapp.status import channel_status


class AdminSettingsController(Controller):
    path = "/settings"

    @get("/", summary="The settings in force")
    async def read(self, settings_admin: NamedDependency[SettingsAdmin]) -> AdminSettings:
        return settings_body(await settings_admin.get_settings())

    @put("/", summary="Save settings: used by the server at once", dto=CoreChecked, return_dto=None)
    async def save(
        self,
        settings_admin: NamedDependency[SettingsAdmin],
        admin: NamedDependency[AdminUser],
        data: JSONBody[AdminSettingsIn],
    ) -> AdminSettings:
        return settings_body(await settings_admin.put_settings(admin.email, parse_settings(to_core(data))))

    @get("/whatsapp", summary="Whether the WhatsApp channel is on (read-only: AGENCY_WHATSAPP_* settings)")
    async def whatsapp(self, settings: NamedDependency[Settings]) -> WhatsAppChannelStatus:
        on, line = channel_status(settings)
        return WhatsAppChannelStatus(on=on, line=line)


@get("/audit-log", summary="Admin actions, newest first")
async def audit_log(
    settings_admin: NamedDependency[SettingsAdmin],
    page: FromQuery[str | None] = None,
    page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
) -> Page[AuditEntry]:
    return page_of(await settings_admin.audit_log(page_request(page, page_size)), audit_entry)
