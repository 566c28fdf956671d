"""``/api/admin/bulk``: status moves and messages to many, from the applications list's selection."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from agency_core.bulk.model import Selection, check_selection
from agency_core.bulk.service import BulkService
from agency_core.signin.identity import AdminUser
from app.admin.applications import mine
from app.admin.common import CONFLICT
from app.admin.schemas.bulk import (
    BulkActionOut,
    BulkMessageIn,
    BulkMessagePreviewIn,
    BulkPreviewOut,
    BulkSelection,
    BulkStatusIn,
    BulkStatusPreviewIn,
    action_out,
    preview_out,
)
from app.admin.schemas.common import to_core
from app.checked_body import CoreChecked


def _selection(body: BulkSelection, admin: AdminUser) -> Selection:
    """The picked ids, or the list's filter as the list reads it ("owner": "me" is the signed-in one)."""
    data = to_core(body)
    matching = data.get("matching")
    if isinstance(matching, dict) and isinstance(matching.get("owner"), str):
        matching = {**matching, "owner": mine(matching["owner"], admin)}
    return check_selection(data.get("applicationIds"), matching)


class BulkController(Controller):
    path = "/bulk"

    @post(
        "/status/preview",
        status_code=200,
        summary="Preview a status move: each applicant's SMS, count and parts",
        dto=CoreChecked,
        return_dto=None,
    )
    async def preview_status(
        self,
        bulk: NamedDependency[BulkService],
        admin: NamedDependency[AdminUser],
        data: JSONBody[BulkStatusPreviewIn],
    ) -> BulkPreviewOut:
        return preview_out(await bulk.preview_move(_selection(data, admin), to_core(data).get("status")))

    @post(
        "/status",
        status_code=200,
        summary="Move the selected applicants; SMS held for the undo window",
        dto=CoreChecked,
        return_dto=None,
    )
    async def move(
        self, bulk: NamedDependency[BulkService], admin: NamedDependency[AdminUser], data: JSONBody[BulkStatusIn]
    ) -> BulkActionOut:
        body = to_core(data)
        action = await bulk.move(admin.email, body.get("bulkId"), _selection(data, admin), body.get("status"))
        return action_out(await bulk.progress(action.id))

    @post(
        "/messages/preview",
        status_code=200,
        summary="Preview a message to many: recipients, texts and parts",
        dto=CoreChecked,
        return_dto=None,
    )
    async def preview_message(
        self,
        bulk: NamedDependency[BulkService],
        admin: NamedDependency[AdminUser],
        data: JSONBody[BulkMessagePreviewIn],
    ) -> BulkPreviewOut:
        return preview_out(await bulk.preview_message(_selection(data, admin), to_core(data).get("text")))

    @post(
        "/messages",
        status_code=200,
        summary="Send one message to every selected applicant, once each",
        dto=CoreChecked,
        return_dto=None,
    )
    async def send_message(
        self, bulk: NamedDependency[BulkService], admin: NamedDependency[AdminUser], data: JSONBody[BulkMessageIn]
    ) -> BulkActionOut:
        body = to_core(data)
        action = await bulk.send_message(admin.email, body.get("bulkId"), _selection(data, admin), body.get("text"))
        return action_out(await bulk.progress(action.id))

    @get("/{bulk_id:str}", summary="A bulk action with its messages' outbox states")
    async def result(self, bulk: NamedDependency[BulkService], bulk_id: FromPath[str]) -> BulkActionOut:
        return action_out(await bulk.progress(bulk_id))

    @post(
        "/{bulk_id:str}/undo",
        status_code=200,
        summary="Undo a status move within its window",
        responses={409: CONFLICT},
    )
    async def undo(
        self, bulk: NamedDependency[BulkService], admin: NamedDependency[AdminUser], bulk_id: FromPath[str]
    ) -> BulkActionOut:
        action = await bulk.undo(admin.email, bulk_id)
        return action_out(await bulk.progress(action.id))
