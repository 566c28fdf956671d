"""Admin sessions in Firestore: every app instance on the project shares them.

One document per session in ``admin_sessions``, keyed by the SHA-256 of the token (the token
itself is never stored), with the user, the CSRF token and ``expires_at`` (a timestamp: give
the collection a TTL policy on that field, see ``firestore.indexes.json``, so Firestore deletes
expired sessions; it may take a day to do so, hence every read ignores expired documents).
"""

from __future__ import annotations

import inspect
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud.firestore_v1.base_query import FieldFilter

from agency_core.signin.identity import AdminUser
from agency_core.signin.sessions import Session, session_key, slid_expiry

COLLECTION = "admin_sessions"

Client = Any  # google.cloud.firestore.AsyncClient (the library ships no type hints)


def _at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


def _seconds(value: Any) -> float:
    return float(value.timestamp())


class FirestoreSessionStore:
    """Implements :class:`agency_core.signin.sessions.SessionStore`. ``prefix`` namespaces the collection (tests)."""

    def __init__(self, client: Client, ttl_s: float, clock: Callable[[], float] = time.time, prefix: str = "") -> None:
        self.client = client
        self.ttl_s = ttl_s
        self.clock = clock
        self._col = client.collection(prefix + COLLECTION)

    async def migrate(self) -> None:
        """Firestore needs no schema."""
        return

    async def create(self, user: AdminUser, csrf_token: str) -> Session:
        token = secrets.token_urlsafe(32)
        now = self.clock()
        expires = now + self.ttl_s
        await self._col.document(session_key(token)).create(
            {
                "user_id": user.id,
                "email": user.email,
                "name": user.name,
                "csrf_token": csrf_token,
                "created_at": _at(now),
                "expires_at": _at(expires),
            }
        )
        return Session(token, user, csrf_token, expires)

    async def get(self, token: str) -> Session | None:
        ref = self._col.document(session_key(token))
        snap = await ref.get()
        if not snap.exists:
            return None
        doc = snap.to_dict()
        now = self.clock()
        expires = _seconds(doc["expires_at"])
        if expires <= now:
            return None  # expired: ignored here, deleted by the TTL policy
        slid = slid_expiry(expires, now, self.ttl_s)
        if slid is not None:
            expires = slid
            try:
                await ref.update({"expires_at": _at(expires)})
            except gexc.NotFound:
                return None  # signed out meanwhile (on another instance)
        return Session(token, AdminUser(doc["user_id"], doc["email"], doc["name"]), doc["csrf_token"], expires)

    async def delete(self, token: str) -> None:
        await self._col.document(session_key(token)).delete()

    async def delete_user(self, user_id: str) -> None:
        query = self._col.where(filter=FieldFilter("user_id", "==", user_id))
        async for snap in query.stream():
            await snap.reference.delete()

    async def aclose(self) -> None:
        closing = self.client.close()
        if inspect.isawaitable(closing):
            await closing
