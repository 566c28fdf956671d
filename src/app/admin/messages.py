"""``/api/admin/messages``: the contact inbox, unread first; mark read."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, QueryParameter

from agency_core.admin import MessageRecord
from agency_core.admin_service import AdminService
from agency_core.identity import AdminUser
from app.admin.common import PROBLEMS, iso, page_json, page_request


def message_json(record: MessageRecord) -> dict[str, Any]:
    m = record.message
    d = m.data
    return {
        "id": m.id,
        "name": d.get("name"),
        "email": d.get("email"),
        "phone": d.get("phone"),
        "service": d.get("service"),
        "subject": d.get("subject"),
        "message": d.get("message"),
        "read": record.read_at is not None,
        "readAt": iso(record.read_at),
        "createdAt": iso(m.created_at),
    }


class MessagesController(Controller):
    path = "/messages"
    exception_handlers = PROBLEMS

    @get("/", summary="Contact messages, unread first, then newest")
    async def list_messages(
        self,
        area: NamedDependency[AdminService],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> dict[str, Any]:
        return page_json(await area.messages(page_request(page, page_size)), message_json)

    @post("/{message_id:str}/read", status_code=200, summary="Mark a message read")
    async def mark_read(
        self, area: NamedDependency[AdminService], admin: NamedDependency[AdminUser], message_id: FromPath[str]
    ) -> dict[str, Any]:
        return message_json(await area.mark_read(admin.email, message_id))
