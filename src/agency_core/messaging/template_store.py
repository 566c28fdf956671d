"""Saved message templates: every version kept, the latest in force, read by the senders.

A save or a restore adds a version (``restore`` is a new version equal to an old one), with its
audit entry, in one unit of work (:mod:`agency_core.staff.templates`). The senders read the texts
in force through :class:`LiveTemplates`, again once they are a second old, so a text saved on one
instance is used by the others too.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from agency_core.messaging.templates import DEFAULTS, Texts


@dataclass(frozen=True, slots=True)
class TemplateVersion:
    key: str
    version: int
    """1 for the first text staff saved, then one more per save or restore."""
    text: str
    author: str
    created_at: datetime
    restored_from: int = 0
    """The version this one restored (0: written by hand)."""


class TemplateStore(Protocol):
    async def latest(self) -> list[TemplateVersion]:
        """The newest version of each template staff saved."""
        ...

    async def versions(self, key: str) -> list[TemplateVersion]:
        """Every version of ``key``, newest first."""
        ...


class TemplateSource(Protocol):
    async def texts(self) -> Texts:
        """The texts in force, by key (a template never saved is absent: its default applies)."""
        ...


class NoEdits:
    """The defaults only: for senders built without a store (tests, the CLI without a backend)."""

    async def texts(self) -> Texts:
        return DEFAULTS


NO_EDITS = NoEdits()


class LiveTemplates:
    """The saved texts, read again once they are ``max_age_s`` old."""

    def __init__(
        self, store: TemplateStore, *, max_age_s: float = 1.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.max_age_s = max_age_s
        self.clock = clock
        self._cached: tuple[float, dict[str, str]] | None = None

    async def texts(self) -> Texts:
        cached = self._cached
        if cached is not None and self.clock() - cached[0] < self.max_age_s:
            return cached[1]
        texts = {v.key: v.text for v in await self.store.latest()}
        self._cached = (self.clock(), texts)
        return texts

    def forget(self) -> None:
        """This process saved a text: read them again on the next send."""
        self._cached = None
