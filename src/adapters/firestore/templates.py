"""Saved message templates on Firestore: one document per version in ``message_templates``
(``<key>~<version>``), read whole (a handful of small documents). Implements
:class:`agency_core.messaging.template_store.TemplateStore`; the unit of work creates versions."""

from __future__ import annotations

from adapters.codec import from_document
from adapters.firestore.documents import Collections
from agency_core.messaging.template_store import TemplateVersion

COLLECTION = "message_templates"


def version_id(version: TemplateVersion) -> str:
    return f"{version.key}~{version.version:06d}"


class FirestoreTemplates(Collections):
    async def _versions(self) -> list[TemplateVersion]:
        return [from_document(TemplateVersion, doc) for doc in await self._all(COLLECTION)]

    async def latest(self) -> list[TemplateVersion]:
        top: dict[str, TemplateVersion] = {}
        for version in await self._versions():
            if version.key not in top or version.version > top[version.key].version:
                top[version.key] = version
        return sorted(top.values(), key=lambda v: v.key)

    async def versions(self, key: str) -> list[TemplateVersion]:
        found = [v for v in await self._versions() if v.key == key]
        return sorted(found, key=lambda v: v.version, reverse=True)
