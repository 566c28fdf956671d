"""The "users" records in Cloud Firestore (async client); the emulator when FIRESTORE_EMULATOR_HOST is set."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from google.cloud.firestore import AsyncClient
from google.cloud.firestore_v1.base_query import FieldFilter

from agency_core.signin.identity import ADMIN_ROLE, DEFAULT_ADMIN_NAME, RoleLookupFailed, RoleRecord
from agency_core.staff.notes import StaffMember

COLLECTION = "users"


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


class FirestoreRoleDirectory:
    def __init__(self, project_id: str, timeout_s: float = 10.0, client: AsyncClient | None = None) -> None:
        self.project_id = project_id
        self.timeout_s = timeout_s
        self._client = client

    @property
    def client(self) -> AsyncClient:
        # Built on first use: the client looks for credentials when it is made.
        if self._client is None:
            self._client = AsyncClient(project=self.project_id)
        return self._client

    async def get(self, user_id: str) -> RoleRecord | None:
        try:
            snapshot = await asyncio.wait_for(
                self.client.collection(COLLECTION).document(user_id).get(), timeout=self.timeout_s
            )
        except Exception as exc:
            raise RoleLookupFailed(f"Firestore read failed: {type(exc).__name__}: {exc}") from exc
        if not snapshot.exists:
            return None
        data = snapshot.to_dict() or {}
        return RoleRecord(name=_text(data.get("name")), role=_text(data.get("role")))

    async def staff(self) -> list[StaffMember]:
        """The admins (:class:`agency_core.staff.notes.StaffDirectory`), by name."""
        query = self.client.collection(COLLECTION).where(filter=FieldFilter("role", "==", ADMIN_ROLE))
        members = [
            StaffMember(snap.id, (_text((snap.to_dict() or {}).get("name")) or "").strip() or DEFAULT_ADMIN_NAME)
            async for snap in query.stream()
        ]
        return sorted(members, key=lambda m: (m.name.casefold(), m.id))

    async def put(self, user_id: str, name: str, role: str = ADMIN_ROLE) -> None:
        await asyncio.wait_for(
            self.client.collection(COLLECTION).document(user_id).set({"name": name, "role": role}),
            timeout=self.timeout_s,
        )

    async def delete(self, user_id: str) -> None:
        await asyncio.wait_for(self.client.collection(COLLECTION).document(user_id).delete(), timeout=self.timeout_s)

    async def aclose(self) -> None:
        client, self._client = self._client, None
        api = getattr(client, "_firestore_api_internal", None) if client is not None else None
        if api is not None:
            # The async gRPC transport's close() is a coroutine; the client has no async close.
            closing = api.transport.close()
            if inspect.isawaitable(closing):
                await closing
