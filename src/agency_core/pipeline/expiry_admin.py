"""Staff's use case for the expiry watch's windows (:mod:`agency_core.pipeline.expiry_settings`):
a change is written on condition that the windows are still at the version staff read (else
:class:`Conflict`), with its audit entry (``expiry.windows``, "expiry windows: passport 9 months ->
6 months") in the same write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from agency_core.errors import Conflict
from agency_core.pipeline.expiry_settings import (
    ExpiryWindows,
    ExpiryWindowsStore,
    StoredWindows,
    WindowsChange,
    describe_windows_change,
    read_windows,
    stored_of,
)
from agency_core.spec import constants as c
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import PreconditionFailed

WINDOWS_ACTION: Final = "expiry.windows"
WINDOWS_CHANGED_MEANWHILE: Final = (
    "The expiry windows were changed by someone else meanwhile: reload the page and try again"
)


class ExpiryWindowsAdmin:
    """Staff read and set the windows on the version read; every change is audited."""

    def __init__(self, context: StaffContext, store: ExpiryWindowsStore) -> None:
        self.context = context
        self.store = store

    async def stored(self) -> StoredWindows:
        return stored_of(await self.store.window_changes())

    async def current(self) -> ExpiryWindows:
        """The windows in force (what the sweep, the dashboard and the expiring list use)."""
        return (await self.stored()).windows

    async def changes(self) -> list[WindowsChange]:
        return await self.store.window_changes()

    async def set(self, actor: str, raw: Mapping[str, object], expected_version: int) -> StoredWindows:
        """Set the windows on ``expected_version`` (0: never set); ``Rejected`` naming each bad field,
        ``Conflict`` when they changed meanwhile."""
        windows = read_windows(raw)
        ctx = self.context
        stored = await self.stored()
        if stored.version != expected_version:
            raise Conflict(WINDOWS_CHANGED_MEANWHILE)
        change = WindowsChange(
            "EW" + ctx.ids.next_id().removeprefix(c.ID_PREFIX),
            expected_version + 1,
            stored.windows,
            windows,
            actor,
            ctx.clock(),
        )
        try:
            await self.store.change_windows(change, ctx.audit(actor, WINDOWS_ACTION, describe_windows_change(change)))
        except PreconditionFailed:
            raise Conflict(WINDOWS_CHANGED_MEANWHILE) from None
        return StoredWindows(change.version, windows, actor, change.at)


__all__ = ["WINDOWS_ACTION", "WINDOWS_CHANGED_MEANWHILE", "ExpiryWindowsAdmin"]
