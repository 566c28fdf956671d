"""Who may sign in to the admin area: the identity provider (``AGENCY_IDENTITY``) and the role
directory (``AGENCY_ROLES``), each local (the embedded database) or Firebase/Firestore."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from adapters.identity.local import LocalIdentityProvider
from adapters.identity.local_roles import SqliteRoleDirectory
from adapters.sqlite.database import Database
from agency_core.signin.identity import IdentityProvider, RoleDirectory
from agency_core.staff.notes import StaffDirectory
from app.settings import Settings


class StaffRoles(RoleDirectory, StaffDirectory, Protocol):
    """A role directory that also lists its staff (owners of applications)."""


class LocalRoles(StaffRoles, Protocol):
    async def migrate(self) -> None: ...

    async def delete(self, user_id: str) -> None: ...


@dataclass
class Identity:
    identity: IdentityProvider
    roles: StaffRoles
    local_identity: LocalIdentityProvider | None = None
    local_roles: LocalRoles | None = None
    closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    async def migrate(self) -> None:
        if self.local_identity is not None:
            await self.local_identity.migrate()
        if self.local_roles is not None:
            await self.local_roles.migrate()

    async def aclose(self) -> None:
        for close in self.closers:
            await close()


def build_identity(settings: Settings, database: Database) -> Identity:
    auth = settings.admin_auth
    local_identity = LocalIdentityProvider(database) if auth.identity == "local" else None
    local_roles = SqliteRoleDirectory(database) if auth.roles == "local" else None
    closers: list[Callable[[], Awaitable[None]]] = []
    identity: IdentityProvider
    if local_identity is not None:
        identity = local_identity
    else:
        from adapters.identity.firebase import FirebaseIdentityProvider

        identity = FirebaseIdentityProvider(
            api_key=auth.firebase_api_key,
            auth_domain=auth.firebase_auth_domain,
            project_id=auth.firebase_project_id,
            emulator_host=auth.firebase_auth_emulator_host or None,
        )
    roles: StaffRoles
    if local_roles is not None:
        roles = local_roles
    else:
        from adapters.identity.firestore_roles import FirestoreRoleDirectory

        firestore_roles = FirestoreRoleDirectory(project_id=auth.firebase_project_id)
        closers.append(firestore_roles.aclose)
        roles = firestore_roles
    return Identity(identity, roles, local_identity, local_roles, closers)
