"""``/api/admin/messages``: the contact inbox, unread first; mark read."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, QueryParameter

from agency_core.signin.identity import AdminUser
from agency_core.staff.messages import MessagesAdmin
from agency_core.staff.query import MESSAGE_VIEWS
from app.admin.common import page_request, view_filter
from app.admin.schemas.common import Page, page_of
from app.admin.schemas.messages import AdminMessage, admin_message

VIEW_HELP = "today: received today; unread: not marked read"


class MessagesController(Controller):
    path = "/messages"

    @get("/", summary="Contact messages, unread first, then newest")
    async def list_messages(
        self,
        messages_admin: NamedDependency[MessagesAdmin],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
        view: Annotated[str | None, QueryParameter(description=VIEW_HELP)] = None,
    ) -> Page[AdminMessage]:
        found = await messages_admin.messages(page_request(page, page_size), view_filter(view, MESSAGE_VIEWS))
        return page_of(found, admin_message)

    @post("/{message_id:str}/read", status_code=200, summary="Mark a message read")
    async def mark_read(
        self,
        messages_admin: NamedDependency[MessagesAdmin],
        admin: NamedDependency[AdminUser],
        message_id: FromPath[str],
    ) -> AdminMessage:
        return admin_message(await messages_admin.mark_read(admin.email, message_id))
