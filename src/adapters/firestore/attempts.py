"""``AttemptCounter`` on Firestore: the sign-in limits shared by every app instance.

One document per key in ``sign_in_attempts`` (named by the key's SHA-256: keys hold e-mails and
addresses) with the attempts' times inside the window and ``expires_at`` (the newest attempt plus
the window) for the TTL policy. Every change is a counted transaction (see
:mod:`adapters.firestore.counters`), so parallel attempts each see a distinct count; reads drop
attempts older than the window, so a document the TTL policy has not deleted yet counts nothing.
Each key is its own transaction: the counts per key are exact, as the limiter needs.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Sequence
from typing import Any

from adapters.firestore.counters import MARKERS, Client, at, doc_id, update_counted
from agency_core.signin.throttle import KeyCount

COLLECTION = "sign_in_attempts"


class FirestoreAttemptCounter:
    """Implements :class:`agency_core.signin.throttle.AttemptCounter`. ``prefix`` namespaces the collections (tests)."""

    def __init__(self, client: Client, prefix: str = "") -> None:
        self.client = client
        self._col = client.collection(prefix + COLLECTION)
        self._markers = client.collection(prefix + MARKERS)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def _change(self, key: str, change: Any) -> Any:
        return await update_counted(self.client, self._col.document(doc_id(key)), change, self._markers)

    async def add(self, keys: Sequence[str], at_s: float, window_s: float) -> list[KeyCount]:
        cutoff = at_s - window_s

        async def one(key: str) -> KeyCount:
            def change(current: dict[str, Any] | None) -> tuple[dict[str, Any], KeyCount]:
                times = [t for t in (current or {}).get("attempts", []) if t > cutoff] + [at_s]
                fields = {"attempts": times, "expires_at": at(max(times) + window_s), "window_s": window_s}
                return fields, KeyCount(len(times), min(times))

            counted: KeyCount = await self._change(key, change)
            return counted

        return list(await asyncio.gather(*(one(key) for key in keys)))

    async def remove(self, keys: Sequence[str], at_s: float) -> None:
        async def one(key: str) -> None:
            def change(current: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
                doc = current or {}
                times = list(doc.get("attempts", []))
                if at_s in times:
                    times.remove(at_s)
                window_s = float(doc.get("window_s", 0.0))
                expires = max(times) + window_s if times else time.time()
                return {"attempts": times, "expires_at": at(expires), "window_s": window_s}, None

            await self._change(key, change)

        await asyncio.gather(*(one(key) for key in keys))

    async def clear(self, key: str) -> None:
        def change(_current: dict[str, Any] | None) -> tuple[dict[str, Any], None]:
            return {"attempts": [], "expires_at": at(time.time()), "window_s": 0.0}, None

        await self._change(key, change)

    async def count(self, key: str, now: float | None = None) -> int:
        """Attempts recorded under ``key``, only those in the window before ``now`` if given.

        For tests and operators; not part of the port."""
        snap = await self._col.document(doc_id(key)).get()
        if not snap.exists:
            return 0
        doc = snap.to_dict()
        times = doc.get("attempts", [])
        if now is None:
            return len(times)
        return sum(1 for t in times if t > now - float(doc.get("window_s", 0.0)))

    async def aclose(self) -> None:
        closing = self.client.close()
        if inspect.isawaitable(closing):
            await closing
