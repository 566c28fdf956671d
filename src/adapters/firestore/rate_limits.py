"""``HitCounter`` on Firestore: the public rate limit shared by every app instance.

One document per key and window in ``rate_limit_windows`` (named by the key's SHA-256 and the
window's start) holding the count and ``expires_at`` (the window's end) for the TTL policy.
Each hit is a counted transaction (see :mod:`adapters.firestore.counters`).
"""

from __future__ import annotations

import inspect
from typing import Any

from adapters.firestore.counters import MARKERS, Client, at, doc_id, update_counted
from agency_core.rate_limits import WindowCount, window_start

COLLECTION = "rate_limit_windows"


class FirestoreHitCounter:
    """Implements :class:`agency_core.rate_limits.HitCounter`. ``prefix`` namespaces the collections (tests)."""

    def __init__(self, client: Client, prefix: str = "") -> None:
        self.client = client
        self._col = client.collection(prefix + COLLECTION)
        self._markers = client.collection(prefix + MARKERS)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def hit(self, key: str, at_s: float, window_s: float) -> WindowCount:
        start = window_start(at_s, window_s)
        end = start + window_s

        def change(current: dict[str, Any] | None) -> tuple[dict[str, Any], WindowCount]:
            count = int((current or {}).get("count", 0)) + 1
            return {"count": count, "expires_at": at(end)}, WindowCount(count, end)

        ref = self._col.document(f"{doc_id(key)}-{int(start)}")
        counted: WindowCount = await update_counted(self.client, ref, change, self._markers)
        return counted

    async def aclose(self) -> None:
        closing = self.client.close()
        if inspect.isawaitable(closing):
            await closing
