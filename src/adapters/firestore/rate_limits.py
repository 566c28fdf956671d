"""``HitCounter`` on Firestore: the public rate limit shared by every app instance.

One document per key in ``rate_limit_windows`` (named by the key's SHA-256: keys hold client
addresses) holding the open window's count and end (``ends_at``, and ``expires_at`` as a
timestamp for the TTL policy). Each hit is a counted transaction (see
:mod:`adapters.firestore.counters`); a window that has ended counts nothing, deleted or not.
"""

from __future__ import annotations

import inspect
from typing import Any

from adapters.firestore.counters import MARKERS, Client, at, doc_id, update_counted
from agency_core.submissions.rate_limits import WindowCount

COLLECTION = "rate_limit_windows"


class FirestoreHitCounter:
    """Implements :class:`agency_core.submissions.rate_limits.HitCounter`.

    ``prefix`` namespaces the collections (tests).
    """

    def __init__(self, client: Client, prefix: str = "") -> None:
        self.client = client
        self._col = client.collection(prefix + COLLECTION)
        self._markers = client.collection(prefix + MARKERS)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def hit(self, key: str, at_s: float, window_s: float) -> WindowCount:
        def change(current: dict[str, Any] | None) -> tuple[dict[str, Any], WindowCount]:
            if current is not None and float(current.get("ends_at", 0.0)) > at_s:
                count, end = int(current["count"]) + 1, float(current["ends_at"])
            else:
                count, end = 1, at_s + window_s
            return {"count": count, "ends_at": end, "expires_at": at(end)}, WindowCount(count, end)

        ref = self._col.document(doc_id(key))
        counted: WindowCount = await update_counted(self.client, ref, change, self._markers)
        return counted

    async def aclose(self) -> None:
        closing = self.client.close()
        if inspect.isawaitable(closing):
            await closing
