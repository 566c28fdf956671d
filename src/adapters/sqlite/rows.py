"""What every SQLite adapter shares: writing records as rows, and reading the records staff
extend (an application with its status, payment and opened time, ...) from theirs."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from adapters.audit_ids import candidate_ids
from adapters.codec import from_document, from_row, moment, timestamp, to_row
from adapters.sealing import PassportSealer
from agency_core.appointments.records import AppointmentRecord
from agency_core.audit import AuditEntry
from agency_core.ids import IdTaken
from agency_core.payments.model import Payment
from agency_core.records import (
    Application,
    ApplicationStatus,
    Appointment,
    AppointmentStatus,
    ContactMessage,
    OutboxMessage,
)
from agency_core.spec.forms import ApplicationForm
from agency_core.staff.records import ApplicationRecord, MessageRecord
from agency_core.staff.search import search_key

PAYMENT_PREFIX = "payment_"
"""The payment lives in ``payment_<field>`` columns of ``applications``."""


def insert(conn: sqlite3.Connection, table: str, row: Mapping[str, Any], verb: str = "INSERT") -> int:
    """``verb`` (``INSERT``, ``INSERT OR IGNORE``, ...) one row; returns how many rows it wrote."""
    columns = ", ".join(row)
    marks = ", ".join("?" * len(row))
    sql = f"{verb} INTO {table} ({columns}) VALUES ({marks})"
    return conn.execute(sql, tuple(row.values())).rowcount


def enqueue(conn: sqlite3.Connection, messages: Iterable[OutboxMessage], verb: str = "INSERT") -> None:
    for message in messages:
        insert(conn, "outbox", to_row(message), verb)


def add_audit(conn: sqlite3.Connection, entry: AuditEntry) -> None:
    """Under the first free of the entry's candidate ids (adapters/audit_ids.py)."""
    for candidate in candidate_ids(entry):
        if insert(conn, "audit_log", to_row(candidate), "INSERT OR IGNORE"):
            return
    raise IdTaken(entry.id)


def payment_row(payment: Payment) -> dict[str, Any]:
    return {PAYMENT_PREFIX + name: value for name, value in to_row(payment).items()}


def last_receipt_number(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COALESCE(MAX(payment_receipt_number), 0) FROM applications").fetchone()[0])


def payment_of(row: sqlite3.Row) -> Payment:
    """The payment columns of an ``applications`` row (unpaid when the row predates them)."""
    columns = {k.removeprefix(PAYMENT_PREFIX): row[k] for k in row.keys() if k.startswith(PAYMENT_PREFIX)}  # noqa: SIM118
    return from_row(Payment, columns) if columns else Payment()


def application_record(row: sqlite3.Row, sealer: PassportSealer) -> ApplicationRecord:
    return ApplicationRecord(
        application_of(row, sealer),
        ApplicationStatus(row["status"]),
        moment(row["opened_at"]),
        payment=payment_of(row),
        **owner_of(row),
    )


def owner_of(row: sqlite3.Row) -> dict[str, str]:
    """The owner columns (none on a database not yet migrated to them)."""
    names = row.keys()
    return {name: row[name] or "" for name in ("owner_id", "owner_name") if name in names}


def application_of(row: sqlite3.Row, sealer: PassportSealer) -> Application:
    """The application a row holds, its passport number opened."""
    return sealer.open(from_row(Application, row))


def application_cells(application: Application, sealer: PassportSealer) -> dict[str, Any]:
    """The row of a new application: its passport number sealed, with its index, duplicate key and search key."""
    sealed, index = sealer.seal(application)
    keys = {"duplicate_key": application.duplicate_key, "passport_index": index}
    return keys | {"search_key": search_key(application.id, application.data)} | to_row(sealed)


def fill_search_keys(conn: sqlite3.Connection) -> int:
    """Give every application its search key (``records_0010_search_keys``); returns how many rows."""
    rows = conn.execute("SELECT id, data FROM applications").fetchall()
    for row in rows:
        data = json.loads(row["data"])
        key = search_key(row["id"], from_document(ApplicationForm, data if isinstance(data, dict) else {}))
        conn.execute("UPDATE applications SET search_key = ? WHERE id = ?", (key, row["id"]))
    return len(rows)


def seal_plain_passports(conn: sqlite3.Connection, sealer: PassportSealer) -> int:
    """Seal the passport numbers of rows written before sealing (``passport_index`` unset); returns
    how many rows changed. Idempotent: a row once done has an index ("" when it holds no number)."""
    changed = 0
    for row in conn.execute("SELECT * FROM applications WHERE passport_index IS NULL").fetchall():
        sealed, index = sealer.seal(from_row(Application, row))
        conn.execute(
            "UPDATE applications SET data = ?, passport_index = ? WHERE id = ?",
            (to_row(sealed)["data"], index, row["id"]),
        )
        changed += 1
    return changed


def appointment_record(row: sqlite3.Row) -> AppointmentRecord:
    return AppointmentRecord(from_row(Appointment, row), AppointmentStatus(row["status"]))


def message_record(row: sqlite3.Row) -> MessageRecord:
    return MessageRecord(from_row(ContactMessage, row), moment(row["read_at"]))


def find_duplicate(conn: sqlite3.Connection, key: str, since: datetime, sealer: PassportSealer) -> Application | None:
    """The earliest application with duplicate key ``key`` created at or after ``since``."""
    row = conn.execute(
        "SELECT * FROM applications WHERE duplicate_key = ? AND created_at >= ? ORDER BY created_at LIMIT 1",
        (key, timestamp(since)),
    ).fetchone()
    return None if row is None else application_of(row, sealer)
