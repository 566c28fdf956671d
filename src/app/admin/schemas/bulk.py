"""Bulk actions: the selection (picked ids or the list's filter), the previews, the stored action and its progress."""

from __future__ import annotations

from datetime import datetime

from agency_core.bulk.model import BulkAction, BulkKind
from agency_core.bulk.service import BulkPreview, BulkProgress
from agency_core.messaging.delivery import DeliveryState
from agency_core.records import ApplicationStatus, OutboxStatus
from app.admin.schemas.common import UNSET, Body


class BulkSelection(Body):
    """``applicationIds`` (the ones picked), or ``matching``: the list's filter by its query names, every
    application it matches, resolved by the server when the action runs. Decoded leniently like every
    body; the published schema (``BulkPicked`` or ``BulkMatching``) is ``app.request_contract``'s."""

    application_ids: list[str] = UNSET
    matching: dict[str, str] = UNSET


class BulkStatusPreviewIn(BulkSelection, kw_only=True):
    status: ApplicationStatus


class BulkStatusIn(BulkStatusPreviewIn, kw_only=True):
    bulk_id: str
    """The preview's ``bulkId``: the same confirmation sent twice does its work once."""


class BulkMessagePreviewIn(BulkSelection, kw_only=True):
    text: str
    """The message; ``{name}`` is replaced by each applicant's name."""


class BulkMessageIn(BulkMessagePreviewIn, kw_only=True):
    bulk_id: str


class PlannedSmsOut(Body):
    application_id: str
    name: str
    text: str
    parts: int
    error: str
    """Why this applicant is left out (empty: included)."""
    note: str


class BulkPreviewOut(Body):
    bulk_id: str
    kind: BulkKind
    status: ApplicationStatus | None
    count: int
    """Applicants the action would be done for."""
    messages: int
    total_parts: int
    refused: int
    undo_window_s: int
    items: list[PlannedSmsOut]


class BulkItemOut(Body):
    application_id: str
    message_id: str
    previous: ApplicationStatus | None
    error: str
    sms: OutboxStatus | None
    """The outbox's state of its SMS (``None``: no SMS)."""
    delivery: DeliveryState | None
    """Where its SMS stands: pending, sent, delivered, failed or withdrawn (``None``: no SMS)."""


class BulkActionOut(Body):
    bulk_id: str
    kind: BulkKind
    actor: str
    created_at: datetime
    selection: str
    status: ApplicationStatus | None
    text: str
    undo_until: datetime | None
    undone_at: datetime | None
    undone_by: str
    done: int
    refused: int
    pending: int
    sent: int
    """Accepted by the gateway, no delivery report yet."""
    delivered: int
    """Reported delivered to the phone by the gateway."""
    failed: int
    """Reported undeliverable by the gateway, or failed for good in the outbox."""
    withdrawn: int
    """Withdrawn by an undo before they went: never counted as failed."""
    items: list[BulkItemOut]


def preview_out(preview: BulkPreview) -> BulkPreviewOut:
    return BulkPreviewOut(
        bulk_id=preview.bulk_id,
        kind=preview.kind,
        status=preview.status,
        count=preview.count,
        messages=preview.messages,
        total_parts=preview.total_parts,
        refused=len(preview.items) - preview.count,
        undo_window_s=preview.undo_window_s,
        items=[
            PlannedSmsOut(
                application_id=i.application_id, name=i.name, text=i.text, parts=i.parts, error=i.error, note=i.note
            )
            for i in preview.items
        ],
    )


def action_out(progress: BulkProgress) -> BulkActionOut:
    action: BulkAction = progress.action
    states = progress.states
    return BulkActionOut(
        bulk_id=action.id,
        kind=action.kind,
        actor=action.actor,
        created_at=action.created_at,
        selection=action.selection,
        status=action.status,
        text=action.text,
        undo_until=action.undo_until,
        undone_at=action.undone_at,
        undone_by=action.undone_by,
        done=len(action.done),
        refused=len(action.refused),
        pending=progress.count(DeliveryState.PENDING),
        sent=progress.count(DeliveryState.SENT),
        delivered=progress.count(DeliveryState.DELIVERED),
        failed=progress.count(DeliveryState.FAILED),
        withdrawn=progress.count(DeliveryState.WITHDRAWN),
        items=[
            BulkItemOut(
                application_id=i.application_id,
                message_id=i.message_id,
                previous=i.previous,
                error=i.error,
                sms=states.get(i.message_id),
                delivery=progress.deliveries.get(i.message_id),
            )
            for i in action.items
        ],
    )
