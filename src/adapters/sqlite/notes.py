"""Notes and replies in the embedded SQLite file: the reads of
:class:`agency_core.staff.notes.NotesStore` and the unit of work's writes (notes, owners, replies).
The tables and the owner columns come from the ``records_0011_notes_owners`` migration
(:mod:`adapters.sqlite.store`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime

from adapters.codec import from_row, to_row
from adapters.sqlite.database import Database
from adapters.sqlite.rows import insert
from agency_core.staff.notes import Note, Reply
from agency_core.unit_of_work import PreconditionFailed

Step = Callable[[sqlite3.Connection], object]

MIGRATION_SQL = """
ALTER TABLE applications ADD COLUMN owner_id TEXT NOT NULL DEFAULT '';
ALTER TABLE applications ADD COLUMN owner_name TEXT NOT NULL DEFAULT '';
CREATE INDEX applications_owner ON applications (owner_id, created_at);
CREATE TABLE application_notes (
    id TEXT PRIMARY KEY,
    application_id TEXT NOT NULL,
    author TEXT NOT NULL,
    author_name TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    edited_at TEXT,
    edited_by TEXT NOT NULL DEFAULT '',
    deleted_at TEXT,
    deleted_by TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX application_notes_application ON application_notes (application_id, created_at);
CREATE TABLE message_replies (
    id TEXT PRIMARY KEY,
    message_id TEXT NOT NULL,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    sender TEXT NOT NULL,
    sender_name TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    outbox_id TEXT NOT NULL
);
CREATE INDEX message_replies_message ON message_replies (message_id, sent_at)
"""


class SqliteNotesStore:
    """Implements :class:`agency_core.staff.notes.NotesStore` on one :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def start(self) -> None:
        """The tables are the record store's migration."""
        return

    async def notes(self, application_id: str) -> list[Note]:
        def work(conn: sqlite3.Connection) -> list[Note]:
            rows = conn.execute(
                "SELECT * FROM application_notes WHERE application_id = ? ORDER BY created_at, id", (application_id,)
            ).fetchall()
            return [from_row(Note, r) for r in rows]

        return await self._db.run(work)

    async def note(self, note_id: str) -> Note | None:
        def work(conn: sqlite3.Connection) -> Note | None:
            row = conn.execute("SELECT * FROM application_notes WHERE id = ?", (note_id,)).fetchone()
            return None if row is None else from_row(Note, row)

        return await self._db.run(work)

    async def last_note_dates(self, application_ids: Sequence[str]) -> dict[str, datetime]:
        wanted = list(application_ids)

        def work(conn: sqlite3.Connection) -> dict[str, datetime]:
            rows = conn.execute(
                "SELECT application_id, MAX(created_at) FROM application_notes WHERE deleted_at IS NULL "
                "GROUP BY application_id"
            ).fetchall()
            found = {r[0]: datetime.fromisoformat(r[1]) for r in rows}
            return {i: found[i] for i in wanted if i in found}

        return await self._db.run(work)

    async def replies(self, message_id: str) -> list[Reply]:
        def work(conn: sqlite3.Connection) -> list[Reply]:
            rows = conn.execute(
                "SELECT * FROM message_replies WHERE message_id = ? ORDER BY sent_at, id", (message_id,)
            ).fetchall()
            return [from_row(Reply, r) for r in rows]

        return await self._db.run(work)


def _changed(conn: sqlite3.Connection, what: str, sql: str, params: Sequence[object]) -> None:
    if not conn.execute(sql, tuple(params)).rowcount:
        raise PreconditionFailed(what)


class NoteWrites:
    def __init__(self, steps: list[Step]) -> None:
        self._steps = steps

    async def add(self, note: Note) -> None:
        self._steps.append(lambda conn: insert(conn, "application_notes", to_row(note)))

    async def replace(self, note: Note, version: int) -> None:
        row = to_row(note)
        del row["id"]
        sql = (
            f"UPDATE application_notes SET {', '.join(f'{name} = ?' for name in row)} "  # noqa: S608 - fixed names
            "WHERE id = ? AND version = ? AND deleted_at IS NULL"
        )
        params = (*row.values(), note.id, version)
        self._steps.append(lambda conn: _changed(conn, f"note {note.id}", sql, params))


class OwnerWrites:
    def __init__(self, steps: list[Step]) -> None:
        self._steps = steps

    async def set(self, application_id: str, owner_id: str, owner_name: str) -> None:
        sql = "UPDATE applications SET owner_id = ?, owner_name = ? WHERE id = ?"
        params = (owner_id, owner_name, application_id)
        self._steps.append(lambda conn: _changed(conn, f"application {application_id}", sql, params))


class ReplyWrites:
    def __init__(self, steps: list[Step]) -> None:
        self._steps = steps

    async def add(self, reply: Reply) -> None:
        self._steps.append(lambda conn: insert(conn, "message_replies", to_row(reply)))
