"""What the admin sign-in needs at run time, built from settings in one place.

``AdminServices`` holds the identity provider, the role directory, the session store,
the sign-in limiter and a short role cache. ``build_admin_services`` picks the adapters
from ``AGENCY_IDENTITY`` / ``AGENCY_ROLES``; ``start`` migrates, seeds the demo admin in
demo mode, and refuses production when a local account still has the demo password.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

import structlog

from adapters.identity.local import LocalIdentityProvider
from adapters.identity.local_roles import SqliteRoleDirectory
from adapters.identity.sessions import SqliteSessionStore
from adapters.sqlite.attempts import SqliteAttemptCounter
from adapters.sqlite.database import Database
from agency_core.identity import (
    ADMIN_ROLE,
    DEMO_ADMIN_EMAIL,
    DEMO_ADMIN_NAME,
    DEMO_ADMIN_PASSWORD,
    AdminUser,
    IdentityProvider,
    IdentityUser,
    RoleDirectory,
    RoleLookupFailed,
    authorise,
)
from agency_core.sessions import SessionStore
from agency_core.sign_in_limits import AttemptCounter, SignInLimiter
from app.settings import Settings, SettingsError

log = structlog.get_logger("app.admin")


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


class CountingAttempts(AttemptCounter, Protocol):
    """An attempt counter the app can migrate and tests can read."""

    async def migrate(self) -> None: ...

    async def count(self, key: str) -> int: ...


@dataclass
class AdminServices:
    settings: Settings
    identity: IdentityProvider
    roles: RoleDirectory
    sessions: SessionStore
    sign_in_limiter: SignInLimiter
    attempts: CountingAttempts
    role_cache: RoleCache
    local_identity: LocalIdentityProvider | None = None
    local_roles: SqliteRoleDirectory | None = None
    closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

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

    async def migrate(self) -> None:
        await self.sessions.migrate()
        await self.attempts.migrate()
        if self.local_identity is not None:
            await self.local_identity.migrate()
        if self.local_roles is not None:
            await self.local_roles.migrate()

    async def start(self) -> None:
        await self.migrate()
        if self.settings.demo:
            await self.seed_demo_admin()
        elif (
            self.settings.production
            and self.local_identity is not None
            and await self.local_identity.accounts_with_password(DEMO_ADMIN_PASSWORD)
        ):
            raise SettingsError(
                "AGENCY_ENV=production refuses a local admin with the demo password: "
                "set a new one with `agency admin create`"
            )

    async def seed_demo_admin(self) -> AdminUser:
        """Demo mode: the demo admin exists, with the demo password and an admin record."""
        if self.local_identity is None:
            raise SettingsError("AGENCY_DEMO=1 needs AGENCY_IDENTITY=local: demo mode seeds a local admin")
        account = await self.local_identity.save_account(DEMO_ADMIN_EMAIL, DEMO_ADMIN_NAME, DEMO_ADMIN_PASSWORD)
        await self.roles.put(account.id, DEMO_ADMIN_NAME, ADMIN_ROLE)
        log.info("demo admin ready", email=account.email)
        return AdminUser(account.id, account.email, DEMO_ADMIN_NAME)

    async def aclose(self) -> None:
        for close in self.closers:
            await close()


def build_session_store(
    settings: Settings, database: Database, closers: list[Callable[[], Awaitable[None]]]
) -> SessionStore:
    """``AGENCY_STORE=firestore``: sessions in Firestore, shared by every instance; else SQLite."""
    ttl_s = settings.admin_auth.session_ttl_s
    if settings.api.store == "firestore":
        from google.cloud import firestore

        from adapters.firestore.sessions import FirestoreSessionStore

        shared = FirestoreSessionStore(firestore.AsyncClient(project=settings.api.firestore_project_id), ttl_s)
        closers.append(shared.aclose)
        return shared
    return SqliteSessionStore(database, ttl_s=ttl_s)


def build_attempt_counter(
    settings: Settings, database: Database, closers: list[Callable[[], Awaitable[None]]]
) -> CountingAttempts:
    """``AGENCY_STORE=firestore``: sign-in attempts counted in Firestore, by every instance; else SQLite."""
    if settings.api.store == "firestore":
        from google.cloud import firestore

        from adapters.firestore.attempts import FirestoreAttemptCounter

        shared = FirestoreAttemptCounter(firestore.AsyncClient(project=settings.api.firestore_project_id))
        closers.append(shared.aclose)
        return shared
    return SqliteAttemptCounter(database)


def build_admin_services(settings: Settings, database: Database) -> AdminServices:
    auth = settings.admin_auth
    local_identity: LocalIdentityProvider | None = None
    local_roles: SqliteRoleDirectory | None = None
    closers: list[Callable[[], Awaitable[None]]] = []
    identity: IdentityProvider
    roles: RoleDirectory
    if auth.identity == "firebase":
        from adapters.identity.firebase import FirebaseIdentityProvider

        identity = FirebaseIdentityProvider(
            api_key=auth.firebase_api_key,
            auth_domain=auth.firebase_auth_domain,
            project_id=auth.firebase_project_id,
            emulator_host=auth.firebase_auth_emulator_host or None,
        )
    else:
        identity = local_identity = LocalIdentityProvider(database)
    if auth.roles == "firestore":
        from adapters.identity.firestore_roles import FirestoreRoleDirectory

        firestore_roles = FirestoreRoleDirectory(project_id=auth.firebase_project_id)
        closers.append(firestore_roles.aclose)
        roles = firestore_roles
    else:
        roles = local_roles = SqliteRoleDirectory(database)
    attempts = build_attempt_counter(settings, database, closers)
    return AdminServices(
        settings=settings,
        identity=identity,
        roles=roles,
        sessions=build_session_store(settings, database, closers),
        sign_in_limiter=SignInLimiter(
            attempts,
            max_delay_s=settings.api.sign_in_max_delay_s,
            base_delay_s=min(1.0, settings.api.sign_in_max_delay_s),
        ),
        attempts=attempts,
        role_cache=RoleCache(ttl_s=auth.role_cache_s),
        local_identity=local_identity,
        local_roles=local_roles,
        closers=closers,
    )
