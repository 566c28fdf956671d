"""The admin sign-in use case: throttle, identity, role check, session; sign-out; the per-request check.

:class:`SignIn` returns :class:`SignedIn` (or the checked admin) and raises
:class:`agency_core.errors.SignInRefused` with a :class:`~agency_core.errors.Refusal` and the
admin's text, never HTTP. The app maps a refusal to its status code, sets the cookies and makes
the CSRF token the session is bound to.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from agency_core.errors import Refusal, SignInRefused
from agency_core.signin.identity import (
    LOGOUT_FAILED,
    ROLE_CHECK_FAILED,
    SIGN_IN_UNAVAILABLE,
    USER_NOT_AUTHORIZED,
    AdminUser,
    IdentityProvider,
    IdentityUnavailable,
    IdentityUser,
    RoleDirectory,
    RoleLookupFailed,
    SignInFailed,
    authorise,
    normalise_email,
    too_many_attempts_message,
)
from agency_core.signin.sessions import Session, SessionStore
from agency_core.signin.throttle import SignInLimiter

EMAIL_AND_PASSWORD_REQUIRED = "Email and password are required"  # noqa: S105 - a message


@dataclass(frozen=True, slots=True)
class SignedIn:
    admin: AdminUser
    session: Session


@dataclass
class RoleCache:
    """At most ``ttl_s`` old answers of "is this user still an admin?" (0 disables caching)."""

    ttl_s: float
    clock: Callable[[], float] = time.monotonic
    _entries: dict[str, tuple[float, AdminUser | None]] = field(default_factory=dict)

    def get(self, user_id: str) -> tuple[bool, AdminUser | None]:
        entry = self._entries.get(user_id)
        if entry is None or self.clock() - entry[0] >= self.ttl_s:
            return False, None
        return True, entry[1]

    def put(self, user_id: str, admin: AdminUser | None) -> None:
        if self.ttl_s > 0:
            self._entries[user_id] = (self.clock(), admin)

    def forget(self, user_id: str) -> None:
        self._entries.pop(user_id, None)


@dataclass
class SignIn:
    """Admin sign-in, sign-out and the role check every admin request goes through."""

    identity: IdentityProvider
    roles: RoleDirectory
    sessions: SessionStore
    limiter: SignInLimiter
    role_cache: RoleCache

    async def authorise(self, user: IdentityUser, *, fresh: bool = False) -> AdminUser | None:
        """Read the user's "users" record and apply the admin rule (raises RoleLookupFailed)."""
        if not fresh:
            hit, cached = self.role_cache.get(user.id)
            if hit:
                return cached
        try:
            record = await self.roles.get(user.id)
        except RoleLookupFailed:
            raise
        except Exception as exc:
            raise RoleLookupFailed(str(exc)) from exc
        admin = authorise(user, record)
        self.role_cache.put(user.id, admin)
        return admin

    async def sign_in(
        self, email: str, password: str, *, ip: str, previous_token: str | None, csrf_token: str
    ) -> SignedIn:
        """Throttle, ask the identity provider, check the role, then replace any previous session
        with a new one bound to ``csrf_token``."""
        email = normalise_email(email)
        if not email or not password:
            raise SignInRefused(Refusal.MISSING_CREDENTIALS, EMAIL_AND_PASSWORD_REQUIRED)
        admission = await self.limiter.admit(email, ip)
        if admission.refused:
            message = too_many_attempts_message(admission.retry_after_s)
            raise SignInRefused(Refusal.THROTTLED, message, retry_after_s=admission.retry_after_s)
        await self.limiter.wait(admission)
        try:
            user = await self.identity.sign_in(email, password)
        except SignInFailed as failure:
            raise SignInRefused(Refusal.BAD_CREDENTIALS, failure.message) from None
        except IdentityUnavailable as exc:
            await self.limiter.not_a_failure(admission)
            raise SignInRefused(Refusal.IDENTITY_UNAVAILABLE, SIGN_IN_UNAVAILABLE, detail=str(exc)) from exc
        await self.limiter.succeeded(admission)
        checked = await self._check(user, fresh=True)
        if previous_token:
            await self.sessions.delete(previous_token)
        return SignedIn(checked, await self.sessions.create(checked, csrf_token))

    async def session(self, token: str | None) -> Session | None:
        """The live session of a cookie value, or None."""
        return await self.sessions.get(token) if token else None

    async def check(self, session: Session) -> AdminUser:
        """The per-request role check; ends the user's sessions when they are no longer admin."""
        return await self._check(IdentityUser(session.user.id, session.user.email), fresh=False)

    async def _check(self, user: IdentityUser, *, fresh: bool) -> AdminUser:
        try:
            admin = await self.authorise(user, fresh=fresh)
        except RoleLookupFailed as exc:
            raise SignInRefused(Refusal.ROLE_CHECK_FAILED, ROLE_CHECK_FAILED, detail=str(exc)) from exc
        if admin is None:
            if not fresh:
                await self.sessions.delete_user(user.id)
            raise SignInRefused(Refusal.NOT_AUTHORIZED, USER_NOT_AUTHORIZED)
        return admin

    async def sign_out(self, token: str | None, session: Session | None) -> None:
        """End the session of ``token`` and forget the user's cached role."""
        if token:
            try:
                await self.sessions.delete(token)
            except Exception as exc:
                raise SignInRefused(Refusal.SIGN_OUT_FAILED, LOGOUT_FAILED, detail=str(exc)) from exc
        if session is not None:
            self.role_cache.forget(session.user.id)
