"""The admin area's message templates: list, preview, save and restore, each change audited.

Saving adds a version (the text checked by :func:`agency_core.messaging.templates.check`, and an SMS
within the parts cap staff set, :mod:`agency_core.messaging.parts_cap`); restoring adds a version
equal to an older one (version 0 is the default text, always allowed; an older one is held to the
cap). Both write the version and its audit entry in one unit of work, on condition that no one saved
the same version number first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from agency_core.admin_settings import SettingsSource
from agency_core.audit import AuditEntry
from agency_core.clock import Clock, utc_now
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.ids import IdGenerator
from agency_core.messaging.parts_cap import DEFAULT_MAX_PARTS, over_the_cap
from agency_core.messaging.template_store import LiveTemplates, TemplateStore, TemplateVersion
from agency_core.messaging.templates import TEMPLATES, Preview, TemplateSpec, check, preview
from agency_core.spec import constants as c
from agency_core.unit_of_work import PreconditionFailed, UnitOfWork

SAVED_MEANWHILE: Final = "Someone else saved this template meanwhile: reload it and try again"
DEFAULT_VERSION: Final = 0


@dataclass(frozen=True, slots=True)
class TemplateView:
    spec: TemplateSpec
    text: str
    """The text in force."""
    current: TemplateVersion | None
    """The latest saved version; ``None``: the default is in force."""


@dataclass(frozen=True, slots=True)
class TemplateHistory:
    view: TemplateView
    versions: list[TemplateVersion]
    """Newest first."""


@dataclass(frozen=True, slots=True)
class PreviewResult:
    preview: Preview
    error: str = ""
    """Why the text could not be saved (it still previews as written)."""


def _spec(key: str) -> TemplateSpec:
    spec = TEMPLATES.get(key)
    if spec is None:
        raise NotFound("Message template")
    return spec


def _view(spec: TemplateSpec, current: TemplateVersion | None) -> TemplateView:
    return TemplateView(spec, current.text if current is not None else spec.default, current)


class MessageTemplates:
    def __init__(
        self,
        store: TemplateStore,
        uow: Callable[[], UnitOfWork],
        ids: IdGenerator,
        live: LiveTemplates | None = None,
        clock: Clock = utc_now,
        settings: SettingsSource | None = None,
    ) -> None:
        self.store = store
        self.uow = uow
        self.ids = ids
        self.live = live
        self.clock = clock
        self.settings = settings
        """Where the SMS parts cap is read (``None``: the default cap)."""

    async def _max_parts(self) -> int:
        return DEFAULT_MAX_PARTS if self.settings is None else (await self.settings.current()).sms_max_parts

    async def _refusal(self, spec: TemplateSpec, text: str) -> str | None:
        """Why ``text`` cannot be saved for ``spec``: its rules, then the parts cap at its longest."""
        return check(spec, text) or over_the_cap(preview(spec, text).parts, await self._max_parts())

    async def list(self) -> list[TemplateView]:
        latest = {v.key: v for v in await self.store.latest()}
        return [_view(spec, latest.get(key)) for key, spec in TEMPLATES.items()]

    async def history(self, key: str) -> TemplateHistory:
        spec = _spec(key)
        versions = await self.store.versions(key)
        return TemplateHistory(_view(spec, versions[0] if versions else None), versions)

    async def preview(self, key: str, text: str) -> PreviewResult:
        spec = _spec(key)
        return PreviewResult(preview(spec, text), await self._refusal(spec, text) or "")

    async def save(self, actor: str, key: str, text: str) -> TemplateHistory:
        error = await self._refusal(_spec(key), text)
        if error is not None:
            raise Rejected({"text": error})
        return await self._add(actor, key, text, restored_from=DEFAULT_VERSION, action="template.save")

    async def restore(self, actor: str, key: str, version: int) -> TemplateHistory:
        spec = _spec(key)
        if version == DEFAULT_VERSION:
            text = spec.default
        else:
            old = next((v for v in await self.store.versions(key) if v.version == version), None)
            if old is None:
                raise NotFound("Template version")
            text = old.text
            over = over_the_cap(preview(spec, text).parts, await self._max_parts())
            if over is not None:
                raise Rejected({"version": over})
        return await self._add(actor, key, text, restored_from=version, action="template.restore")

    async def _add(self, actor: str, key: str, text: str, *, restored_from: int, action: str) -> TemplateHistory:
        versions = await self.store.versions(key)
        number = (versions[0].version if versions else 0) + 1
        now = self.clock()
        saved = TemplateVersion(key, number, text, actor, now, restored_from)
        what = f"{key}: version {number}" + (
            f" (restores version {restored_from})" if action == "template.restore" else ""
        )
        audit = AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), actor, action, what, now)
        try:
            async with self.uow() as uow:
                await uow.templates.add(saved)
                await uow.audit.add(audit)
        except PreconditionFailed:
            raise Conflict(SAVED_MEANWHILE) from None
        if self.live is not None:
            self.live.forget()
        return await self.history(key)
