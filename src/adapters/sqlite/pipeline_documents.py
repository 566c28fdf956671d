"""An applicant's documents and the departure gates in the embedded SQLite file.

Implements :class:`agency_core.pipeline.document_ports.DocumentStore` and
:class:`~agency_core.pipeline.document_ports.GateSettingsStore`. Every version of a document is a
row of ``pipeline_documents`` (at most one ``current`` per applicant and kind, a unique index
holds it too); a gate is a row of ``pipeline_gates`` per destination (by its name in any case, the
default under ``""``) with its version, and each change a row of ``pipeline_gate_changes`` with the
gate before and after. Each write is one ``BEGIN IMMEDIATE`` transaction with its audit entry.
"""

from __future__ import annotations

import json
import sqlite3

from adapters.codec import from_document, from_row, moment, timestamp, to_document, to_row
from adapters.sqlite.database import Database, Migration
from adapters.sqlite.rows import add_audit, insert
from agency_core.audit import AuditEntry
from agency_core.pipeline.documents import DocumentVersion, Renewal
from agency_core.pipeline.gate import GateSettings, destination_key
from agency_core.pipeline.gate_settings import GateChange, StoredGate
from agency_core.unit_of_work import PreconditionFailed

MIGRATIONS = (
    Migration(
        "records_0018_pipeline_documents",
        """
        CREATE TABLE pipeline_documents (
            id TEXT PRIMARY KEY,
            application_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            version INTEGER NOT NULL,
            fields TEXT NOT NULL,
            recorded_by TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            state TEXT NOT NULL,
            file_key TEXT,
            file_type TEXT NOT NULL DEFAULT '',
            replaced_at TEXT,
            replaced_by TEXT NOT NULL DEFAULT '',
            UNIQUE (application_id, kind, version)
        );
        CREATE UNIQUE INDEX pipeline_documents_current ON pipeline_documents (application_id, kind)
            WHERE state = 'current';
        CREATE TABLE pipeline_gates (
            destination_key TEXT PRIMARY KEY,
            destination TEXT NOT NULL,
            version INTEGER NOT NULL,
            settings TEXT,
            updated_by TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE pipeline_gate_changes (
            id TEXT PRIMARY KEY,
            destination_key TEXT NOT NULL,
            destination TEXT NOT NULL,
            version INTEGER NOT NULL,
            before TEXT,
            after TEXT,
            actor TEXT NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (destination_key, version)
        );
        CREATE INDEX pipeline_gate_changes_at ON pipeline_gate_changes (at)
        """,
    ),
)


def _record(conn: sqlite3.Connection, renewal: Renewal, audit: AuditEntry) -> None:
    new = renewal.new
    row = conn.execute(
        "SELECT id FROM pipeline_documents WHERE application_id = ? AND kind = ? AND state = 'current'",
        (new.application_id, new.kind.value),
    ).fetchone()
    expected = None if renewal.previous is None else renewal.previous.id
    if (None if row is None else row["id"]) != expected:
        raise PreconditionFailed(f"document {new.application_id} {new.kind.value}")
    if renewal.closed is not None:
        closed = renewal.closed
        conn.execute(
            "UPDATE pipeline_documents SET state = ?, replaced_at = ?, replaced_by = ? WHERE id = ?",
            (closed.state.value, closed.replaced_at and timestamp(closed.replaced_at), closed.replaced_by, closed.id),
        )
    try:
        insert(conn, "pipeline_documents", to_row(new))
    except sqlite3.IntegrityError:
        raise PreconditionFailed(f"document {new.id}") from None
    add_audit(conn, audit)


class SqliteDocuments:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def history(self, application_id: str) -> list[DocumentVersion]:
        def work(conn: sqlite3.Connection) -> list[DocumentVersion]:
            rows = conn.execute(
                "SELECT * FROM pipeline_documents WHERE application_id = ? ORDER BY kind, version DESC",
                (application_id,),
            ).fetchall()
            return [from_row(DocumentVersion, row) for row in rows]

        return await self.database.run(work)

    async def get(self, application_id: str, version_id: str) -> DocumentVersion | None:
        def work(conn: sqlite3.Connection) -> DocumentVersion | None:
            row = conn.execute(
                "SELECT * FROM pipeline_documents WHERE id = ? AND application_id = ?", (version_id, application_id)
            ).fetchone()
            return None if row is None else from_row(DocumentVersion, row)

        return await self.database.run(work)

    async def record(self, renewal: Renewal, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _record(conn, renewal, audit))

    async def audit(self, entry: AuditEntry) -> None:
        await self.database.transaction(lambda conn: add_audit(conn, entry))

    async def erase(self, application_id: str) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM pipeline_documents WHERE application_id = ?", (application_id,))

        await self.database.transaction(work)


def _settings(raw: str | None) -> GateSettings | None:
    return None if raw is None else from_document(GateSettings, json.loads(raw))


def _json(settings: GateSettings | None) -> str | None:
    return None if settings is None else json.dumps(to_document(settings), separators=(",", ":"))


def _stored(row: sqlite3.Row) -> StoredGate:
    settings = _settings(row["settings"])
    return StoredGate(row["destination"], int(row["version"]), settings, row["updated_by"], moment(row["updated_at"]))


def _change(conn: sqlite3.Connection, change: GateChange, audit: AuditEntry) -> None:
    key = destination_key(change.destination)
    row = conn.execute("SELECT version FROM pipeline_gates WHERE destination_key = ?", (key,)).fetchone()
    if (0 if row is None else int(row["version"])) != change.version - 1:
        raise PreconditionFailed(f"gate {change.destination}")
    conn.execute(
        "INSERT INTO pipeline_gates (destination_key, destination, version, settings, updated_by, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (destination_key) DO UPDATE SET destination = excluded.destination, "
        "version = excluded.version, settings = excluded.settings, updated_by = excluded.updated_by, "
        "updated_at = excluded.updated_at",
        (key, change.destination, change.version, _json(change.after), change.actor, timestamp(change.at)),
    )
    insert(conn, "pipeline_gate_changes", {**to_row(change), "destination_key": key})
    add_audit(conn, audit)


class SqliteGates:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def migrate(self) -> None:
        await self.database.migrate(MIGRATIONS)

    async def gates(self) -> list[StoredGate]:
        def work(conn: sqlite3.Connection) -> list[StoredGate]:
            rows = conn.execute(
                "SELECT * FROM pipeline_gates WHERE settings IS NOT NULL ORDER BY destination_key"
            ).fetchall()
            return [_stored(row) for row in rows]

        return await self.database.run(work)

    async def stored(self, destination: str) -> StoredGate:
        def work(conn: sqlite3.Connection) -> StoredGate:
            row = conn.execute(
                "SELECT * FROM pipeline_gates WHERE destination_key = ?", (destination_key(destination),)
            ).fetchone()
            return StoredGate(destination, 0, None) if row is None else _stored(row)

        return await self.database.run(work)

    async def changes(self, destination: str | None = None) -> list[GateChange]:
        def work(conn: sqlite3.Connection) -> list[GateChange]:
            if destination is None:
                rows = conn.execute("SELECT * FROM pipeline_gate_changes ORDER BY at DESC, id DESC").fetchall()
            else:
                rows = conn.execute(
                    "SELECT * FROM pipeline_gate_changes WHERE destination_key = ? ORDER BY version DESC",
                    (destination_key(destination),),
                ).fetchall()
            return [from_row(GateChange, row) for row in rows]

        return await self.database.run(work)

    async def change(self, change: GateChange, audit: AuditEntry) -> None:
        await self.database.transaction(lambda conn: _change(conn, change, audit))
