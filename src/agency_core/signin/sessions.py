"""Admin sessions in the core: the record and the :class:`SessionStore` port.

A session is an opaque random token (the cookie) bound to the signed-in admin and the CSRF
token of the double-submit check. Sessions expire ``ttl_s`` seconds after their last use
(idle expiry): :meth:`SessionStore.get` slides the expiry forward. Stores keep only a hash of
the token. Adapters: SQLite (one process) and Firestore (every app instance shares them).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Final, Protocol

from agency_core.signin.identity import AdminUser

TOUCH_EVERY_S: Final = 60.0
"""A use slides the expiry forward, written at most this often."""


@dataclass(frozen=True, slots=True)
class Session:
    token: str
    user: AdminUser
    csrf_token: str
    expires_at: float
    """Seconds since the epoch."""


def session_key(token: str) -> str:
    """What a store keeps instead of the token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def slid_expiry(expires_at: float, now: float, ttl_s: float) -> float | None:
    """The new expiry when a use at ``now`` should write one, else None."""
    return now + ttl_s if now + ttl_s - expires_at >= TOUCH_EVERY_S else None


class SessionStore(Protocol):
    ttl_s: float

    async def migrate(self) -> None:
        """Prepare the storage (tables); nothing where none is needed."""
        ...

    async def create(self, user: AdminUser, csrf_token: str) -> Session:
        """A new session with a fresh random token, expiring ``ttl_s`` from now."""
        ...

    async def get(self, token: str) -> Session | None:
        """The live session for this token, its expiry slid forward; None if unknown or expired."""
        ...

    async def delete(self, token: str) -> None: ...

    async def delete_user(self, user_id: str) -> None:
        """End every session of one user (their record is gone or no longer admin)."""
        ...
