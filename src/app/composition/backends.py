"""One backend per ``AGENCY_STORE``: every store of its kind, built from one connection.

``sqlite`` (the default) builds them on the embedded database; ``firestore`` on one Firestore
client (``FIRESTORE_EMULATOR_HOST`` honoured), shared by the record store, the admin store,
sessions, sign-in attempts and the rest, and by every app instance.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from adapters.identity.sessions import SqliteSessionStore
from adapters.sealing import PassportSealer
from adapters.sqlite.admin_store import SqliteAdminStore
from adapters.sqlite.attempts import SqliteAttemptCounter
from adapters.sqlite.audit_trail import SqliteAuditTrail
from adapters.sqlite.bulk import SqliteBulkStore
from adapters.sqlite.database import Database
from adapters.sqlite.employers import SqliteEmployers
from adapters.sqlite.heartbeats import SqliteHeartbeats
from adapters.sqlite.notes import SqliteNotesStore
from adapters.sqlite.packs import SqlitePacks
from adapters.sqlite.payments import SqlitePayments, SqliteRefunds
from adapters.sqlite.personal_data import SqlitePersonalDataStore
from adapters.sqlite.pipeline import SqlitePipelineStore
from adapters.sqlite.pipeline_documents import SqliteDocuments, SqliteGates
from adapters.sqlite.rate_limits import SqliteHitCounter
from adapters.sqlite.retention import SqliteRetentionStore
from adapters.sqlite.store import SqliteStore
from adapters.sqlite.whatsapp_messages import SqliteWhatsAppMessages
from adapters.sqlite.whatsapp_optins import SqliteOptIns
from agency_core.bulk.model import BulkStore
from agency_core.employers.packs_ports import PackStore
from agency_core.employers.ports import EmployerStore
from agency_core.operations import Heartbeats
from agency_core.payments.model import PaymentStore
from agency_core.payments.refunds import RefundStore
from agency_core.pipeline.board import PipelineReads
from agency_core.pipeline.document_ports import DocumentStore, GateSettingsStore
from agency_core.ports import Store
from agency_core.privacy.data_requests import PersonalDataStore
from agency_core.privacy.retention import RetentionStore
from agency_core.signin.sessions import SessionStore
from agency_core.signin.throttle import AttemptCounter
from agency_core.staff.notes import NotesStore
from agency_core.staff.ports import AdminStore
from agency_core.submissions.rate_limits import HitCounter
from agency_core.submissions.tracking import AuditTrail
from agency_core.whatsapp.channel import WhatsAppMessages
from agency_core.whatsapp.inbound import InboundLog
from agency_core.whatsapp.model import OptInStore, PhoneRecords
from app.composition.keys import build_passport_sealer
from app.settings import Settings


class StartableHitCounter(HitCounter, Protocol):
    async def migrate(self) -> None: ...


class WhatsAppMessageStore(WhatsAppMessages, Protocol):
    """The WhatsApp messages sent and their states (SQLite: migrated with the records' tables)."""

    async def migrate(self) -> None: ...


class CountingAttempts(AttemptCounter, Protocol):
    """An attempt counter the app can migrate and tests can read."""

    async def migrate(self) -> None: ...

    async def count(self, key: str) -> int: ...


class WhatsAppOptInStore(OptInStore, InboundLog, PhoneRecords, Protocol):
    """The WhatsApp opt-ins and the inbound ids taken, in one store (read and erased by data requests)."""

    async def migrate(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Backend:
    """Every store of one kind; :attr:`close` ends the connection they share, once."""

    store: Store
    admin_store: AdminStore
    payments: PaymentStore
    refunds: RefundStore
    hit_counter: StartableHitCounter
    audit_trail: AuditTrail
    retention: RetentionStore
    personal_data: PersonalDataStore
    sessions: SessionStore
    attempts: CountingAttempts
    bulks: BulkStore
    notes: NotesStore
    pipeline: PipelineReads
    documents: DocumentStore
    """An applicant's pipeline documents (SQLite: migrated with the records' tables)."""
    gates: GateSettingsStore
    employers: EmployerStore
    whatsapp_optins: WhatsAppOptInStore
    """WhatsApp opt-ins and inbound ids (SQLite: migrated with the records' tables)."""
    whatsapp_messages: WhatsAppMessageStore
    """The WhatsApp messages sent and their states (``app/composition/whatsapp.py``)."""
    packs: PackStore
    """CV packs and the employers' decisions (SQLite: migrated with the records' tables)."""
    heartbeats: Heartbeats
    """The instances' heartbeats (SQLite: rows of the admin store's ``settings`` table)."""
    close: Callable[[], Awaitable[None]]
    ping: Callable[[], Awaitable[None]]
    """Raises when the database or Firestore does not answer (the readiness check, ``/readyz``)."""


async def _nothing_to_close() -> None:
    """The SQLite stores share the container's database, which the container closes."""


def sqlite_backend(database: Database, session_ttl_s: float, sealer: PassportSealer) -> Backend:
    return Backend(
        store=SqliteStore(database, sealer),
        admin_store=SqliteAdminStore(database, sealer),
        payments=SqlitePayments(database, sealer),
        refunds=SqliteRefunds(database),
        hit_counter=SqliteHitCounter(database),
        audit_trail=SqliteAuditTrail(database),
        retention=SqliteRetentionStore(database, sealer),
        personal_data=SqlitePersonalDataStore(database, sealer),
        sessions=SqliteSessionStore(database, ttl_s=session_ttl_s),
        attempts=SqliteAttemptCounter(database),
        bulks=SqliteBulkStore(database),
        notes=SqliteNotesStore(database),
        pipeline=SqlitePipelineStore(database),
        documents=SqliteDocuments(database),
        gates=SqliteGates(database),
        employers=SqliteEmployers(database),
        whatsapp_optins=SqliteOptIns(database),
        whatsapp_messages=SqliteWhatsAppMessages(database),
        packs=SqlitePacks(database),
        heartbeats=SqliteHeartbeats(database),
        close=_nothing_to_close,
        ping=database.ping,
    )


def firestore_backend(project_id: str, session_ttl_s: float, sealer: PassportSealer) -> Backend:
    # Imported here: the SDK is slow to import and the embedded default never needs it.
    from google.cloud import firestore

    from adapters.firestore.admin_store import FirestoreAdminStore
    from adapters.firestore.attempts import FirestoreAttemptCounter
    from adapters.firestore.audit_trail import FirestoreAuditTrail
    from adapters.firestore.bulk import FirestoreBulkStore
    from adapters.firestore.employers import FirestoreEmployers
    from adapters.firestore.heartbeats import FirestoreHeartbeats
    from adapters.firestore.notes import FirestoreNotesStore
    from adapters.firestore.packs import FirestorePacks
    from adapters.firestore.payments import FirestorePayments, FirestoreRefunds
    from adapters.firestore.personal_data import FirestorePersonalDataStore
    from adapters.firestore.pipeline import FirestorePipelineStore
    from adapters.firestore.pipeline_documents import FirestoreDocuments, FirestoreGates
    from adapters.firestore.rate_limits import FirestoreHitCounter
    from adapters.firestore.retention import FirestoreRetentionStore
    from adapters.firestore.sessions import FirestoreSessionStore
    from adapters.firestore.store import FirestoreStore
    from adapters.firestore.whatsapp_messages import FirestoreWhatsAppMessages
    from adapters.firestore.whatsapp_optins import FirestoreOptIns

    client: Any = firestore.AsyncClient(project=project_id)

    async def close() -> None:
        client.close()

    async def ping() -> None:
        # One read of a document that need not exist: it answers only when Firestore does.
        await client.collection("health").document("ready").get(timeout=2.0)

    return Backend(
        store=FirestoreStore(client, sealer=sealer),
        admin_store=FirestoreAdminStore(client, sealer=sealer),
        payments=FirestorePayments(client, sealer=sealer),
        refunds=FirestoreRefunds(client),
        hit_counter=FirestoreHitCounter(client),
        audit_trail=FirestoreAuditTrail(client),
        retention=FirestoreRetentionStore(client, sealer=sealer),
        personal_data=FirestorePersonalDataStore(client, sealer=sealer),
        sessions=FirestoreSessionStore(client, session_ttl_s),
        attempts=FirestoreAttemptCounter(client),
        bulks=FirestoreBulkStore(client),
        notes=FirestoreNotesStore(client),
        pipeline=FirestorePipelineStore(client),
        documents=FirestoreDocuments(client),
        gates=FirestoreGates(client),
        employers=FirestoreEmployers(client),
        whatsapp_optins=FirestoreOptIns(client),
        whatsapp_messages=FirestoreWhatsAppMessages(client),
        packs=FirestorePacks(client),
        heartbeats=FirestoreHeartbeats(client),
        close=close,
        ping=ping,
    )


def build_backend(settings: Settings, database: Database) -> Backend:
    """``AGENCY_STORE``: the embedded SQLite file (default) or Firestore."""
    ttl_s = settings.admin_auth.session_ttl_s
    sealer = build_passport_sealer(settings)
    if settings.api.store == "firestore":
        return firestore_backend(settings.api.firestore_project_id, ttl_s, sealer)
    return sqlite_backend(database, ttl_s, sealer)
