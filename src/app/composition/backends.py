"""One backend per ``AGENCY_STORE``: it builds every store of its kind from one connection.

``sqlite`` (the default) builds them on the embedded database; ``firestore`` on one Firestore
client, shared by the record store, the admin store, sessions, sign-in attempts and the rest.
"""

from __future__ import annotations

from typing import Any, Protocol

from adapters.identity.sessions import SqliteSessionStore
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.attempts import SqliteAttemptCounter
from adapters.sqlite.audit_trail import SqliteAuditTrail
from adapters.sqlite.database import Database
from adapters.sqlite.payments import SqlitePayments
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from adapters.sqlite.rate_limits import SqliteHitCounter
from adapters.sqlite.retention import SqliteRetentionStore
from adapters.sqlite.store import SqliteStore
from agency_core.admin import AdminStore
from agency_core.data_requests import PersonalDataStore
from agency_core.payments import PaymentStore
from agency_core.ports import Store
from agency_core.rate_limits import HitCounter
from agency_core.retention import RetentionStore
from agency_core.sessions import SessionStore
from agency_core.sign_in_limits import AttemptCounter
from agency_core.tracking import AuditTrail
from app.settings import Settings


class StartableHitCounter(HitCounter, Protocol):
    async def migrate(self) -> None: ...


class CountingAttempts(AttemptCounter, Protocol):
    """An attempt counter the app can migrate and tests can read."""

    async def migrate(self) -> None: ...

    async def count(self, key: str) -> int: ...


class Backend(Protocol):
    """Builds every store of one kind; :meth:`close` ends its connection once."""

    def store(self) -> Store: ...
    def admin_store(self) -> AdminStore: ...
    def payments(self) -> PaymentStore: ...
    def hit_counter(self) -> StartableHitCounter: ...
    def audit_trail(self) -> AuditTrail: ...
    def retention(self) -> RetentionStore: ...
    def personal_data(self) -> PersonalDataStore: ...
    def sessions(self, ttl_s: float) -> SessionStore: ...
    def attempts(self) -> CountingAttempts: ...
    async def close(self) -> None: ...


class SqliteBackend:
    """Every store in the embedded SQLite file; the database itself is closed by the container."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def store(self) -> Store:
        return SqliteStore(self.database)

    def admin_store(self) -> AdminStore:
        return SqliteAdminStore(self.database)

    def payments(self) -> PaymentStore:
        return SqlitePayments(self.database)

    def hit_counter(self) -> StartableHitCounter:
        return SqliteHitCounter(self.database)

    def audit_trail(self) -> AuditTrail:
        return SqliteAuditTrail(self.database)

    def retention(self) -> RetentionStore:
        return SqliteRetentionStore(self.database)

    def personal_data(self) -> PersonalDataStore:
        return SqlitePersonalDataStore(self.database)

    def sessions(self, ttl_s: float) -> SessionStore:
        return SqliteSessionStore(self.database, ttl_s=ttl_s)

    def attempts(self) -> CountingAttempts:
        return SqliteAttemptCounter(self.database)

    async def close(self) -> None:
        return


class FirestoreBackend:
    """Every store on one Firestore client (``FIRESTORE_EMULATOR_HOST`` honoured), shared by
    every app instance."""

    def __init__(self, project_id: str) -> None:
        from google.cloud import firestore

        self.client: Any = firestore.AsyncClient(project=project_id)

    def store(self) -> Store:
        from adapters.firestore.store import FirestoreStore

        return FirestoreStore(self.client)

    def admin_store(self) -> AdminStore:
        from adapters.firestore.admin_store import FirestoreAdminStore

        return FirestoreAdminStore(self.client)

    def payments(self) -> PaymentStore:
        from adapters.firestore.payments import FirestorePayments

        return FirestorePayments(self.client)

    def hit_counter(self) -> StartableHitCounter:
        from adapters.firestore.rate_limits import FirestoreHitCounter

        return FirestoreHitCounter(self.client)

    def audit_trail(self) -> AuditTrail:
        from adapters.firestore.audit_trail import FirestoreAuditTrail

        return FirestoreAuditTrail(self.client)

    def retention(self) -> RetentionStore:
        from adapters.firestore.retention import FirestoreRetentionStore

        return FirestoreRetentionStore(self.client)

    def personal_data(self) -> PersonalDataStore:
        from adapters.firestore.personal_data import FirestorePersonalDataStore

        return FirestorePersonalDataStore(self.client)

    def sessions(self, ttl_s: float) -> SessionStore:
        from adapters.firestore.sessions import FirestoreSessionStore

        return FirestoreSessionStore(self.client, ttl_s)

    def attempts(self) -> CountingAttempts:
        from adapters.firestore.attempts import FirestoreAttemptCounter

        return FirestoreAttemptCounter(self.client)

    async def close(self) -> None:
        self.client.close()


def build_backend(settings: Settings, database: Database) -> Backend:
    """``AGENCY_STORE``: the embedded SQLite file (default) or Firestore."""
    if settings.api.store == "firestore":
        return FirestoreBackend(settings.api.firestore_project_id)
    return SqliteBackend(database)
