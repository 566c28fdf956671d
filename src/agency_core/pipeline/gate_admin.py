"""Staff's use case for the departure gates: read them and their history, set or remove a
destination's gate on the version read, each change audited with the gate before and after."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from agency_core.errors import Conflict, NotFound
from agency_core.pipeline.document_ports import GateSettingsStore
from agency_core.pipeline.gate import GateSettings
from agency_core.pipeline.gate_settings import (
    GateChange,
    StoredGate,
    describe_change,
    read_destination,
    read_gate_settings,
)
from agency_core.spec import constants as c
from agency_core.staff.context import StaffContext
from agency_core.unit_of_work import PreconditionFailed

GATE: Final = "Departure gate of its own"
"""``NotFound``: "Departure gate of its own not found"."""
GATE_CHANGED_MEANWHILE: Final = "This gate was changed by someone else meanwhile: reload the page and try again"


class GatesAdmin:
    def __init__(self, context: StaffContext, gates: GateSettingsStore) -> None:
        self.context = context
        self.gates = gates

    async def all(self) -> list[StoredGate]:
        return await self.gates.gates()

    async def stored(self, destination: str) -> StoredGate:
        """``destination``'s own gate and its version (0 and no settings when never set)."""
        return await self.gates.stored(read_destination(destination))

    async def changes(self, destination: str | None = None) -> list[GateChange]:
        """Every change, newest first; of one destination when given (``NotFound`` when it never had
        a gate of its own, ``Rejected`` for a name too long)."""
        if destination is None:
            return await self.gates.changes(None)
        stored = await self.stored(destination)
        if stored.version == 0:
            raise NotFound(GATE)
        return await self.gates.changes(read_destination(destination))

    async def set(self, actor: str, destination: str, raw: Mapping[str, object], expected_version: int) -> StoredGate:
        """Set ``destination``'s gate ("" for the default), on condition that it is still at
        ``expected_version`` (0: never set); ``Rejected`` naming each bad field, else ``Conflict``."""
        return await self._change(actor, destination, read_gate_settings(destination, raw), expected_version)

    async def remove(self, actor: str, destination: str, expected_version: int) -> StoredGate:
        """Remove ``destination``'s own gate: it follows the default again (``NotFound`` when it has
        none, ``Conflict`` when it changed since ``expected_version``)."""
        name = read_destination(destination)
        if (await self.gates.stored(name)).settings is None:
            raise NotFound(GATE)
        return await self._change(actor, name, None, expected_version)

    async def _change(
        self, actor: str, destination: str, settings: GateSettings | None, expected_version: int
    ) -> StoredGate:
        ctx = self.context
        stored = await self.gates.stored(destination)
        if stored.version != expected_version:
            raise Conflict(GATE_CHANGED_MEANWHILE)
        name = settings.destination if settings is not None else destination
        at = ctx.clock()
        change = GateChange(
            "GC" + ctx.ids.next_id().removeprefix(c.ID_PREFIX),
            name,
            expected_version + 1,
            stored.settings,
            settings,
            actor,
            at,
        )
        try:
            await self.gates.change(change, ctx.audit(actor, "gate.change", describe_change(change)))
        except PreconditionFailed:
            raise Conflict(GATE_CHANGED_MEANWHILE) from None
        return StoredGate(name, change.version, settings, actor, at)
