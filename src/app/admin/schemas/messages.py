"""The contact inbox: one message and whether (and when) it was read."""

from __future__ import annotations

from datetime import datetime

from agency_core.staff.records import MessageRecord
from app.admin.schemas.common import Body, with_form


class AdminMessage(Body):
    id: str
    name: str | None
    email: str | None
    phone: str | None
    service: str | None
    subject: str | None
    message: str | None
    read: bool
    read_at: datetime | None
    created_at: datetime


def admin_message(record: MessageRecord) -> AdminMessage:
    m = record.message
    return with_form(
        AdminMessage, m.data, id=m.id, read=record.read_at is not None, read_at=record.read_at, created_at=m.created_at
    )
