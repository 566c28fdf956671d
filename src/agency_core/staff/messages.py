"""The admin area's inbox: contact messages, their quick views, and marking one read (audited)."""

from __future__ import annotations

from agency_core.errors import NotFound
from agency_core.paging import Page, PageRequest
from agency_core.staff.context import StaffContext
from agency_core.staff.query import View
from agency_core.staff.records import MessageRecord
from agency_core.staff.views import message_filter
from agency_core.unit_of_work import PreconditionFailed


class MessagesAdmin:
    def __init__(self, context: StaffContext) -> None:
        self.context = context

    async def messages(self, page: PageRequest, view: View | None = None) -> Page[MessageRecord]:
        """The inbox; ``view`` today: received today, unread: not marked read."""
        wanted = message_filter(view, self.context.office_day())
        return await self.context.store.messages(page, unread=wanted.unread, since=wanted.since)

    async def mark_read(self, actor: str, message_id: str) -> MessageRecord:
        now = self.context.clock()
        record = await self.context.store.message(message_id)
        if record is None:
            raise NotFound("Message")
        if record.read_at is None:
            try:
                async with self.context.uow() as uow:
                    await uow.contact_messages.mark_read(message_id, now)
                    await uow.audit.add(self.context.audit(actor, "message.read", message_id))
            except PreconditionFailed:
                pass  # read meanwhile by someone else, whose read is the one audited
        updated = await self.context.store.message(message_id)
        assert updated is not None
        return updated


__all__ = ["MessagesAdmin"]
