"""Data requests on the embedded SQLite file: implements :class:`agency_core.privacy.data_requests.PersonalDataStore`.

Records are matched in memory with the core's rule (an agency's thousands of rows), so an e-mail in
any case and a phone in any stored form are found alike."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import TypeVar

from adapters.codec import from_document, from_row
from adapters.sealing import PassportSealer
from adapters.sqlite.database import Database
from adapters.sqlite.pipeline import history_of
from adapters.sqlite.rows import application_record, appointment_record
from agency_core.masking import mask_email, mask_phone
from agency_core.privacy.data_requests import CANCELLED_ERROR, ERASED_TEXT, holds
from agency_core.privacy.model import Person, PersonalData
from agency_core.records import Channel, ContactMessage, JobAlert, NewsletterSubscription, OutboxMessage
from agency_core.spec.forms import ApplicationForm, AppointmentRequest, ContactForm, F, JobAlertRequest
from agency_core.staff.notes import Note, Reply

T = TypeVar("T", Note, Reply)
_ORDER = {"application_notes": "created_at, id", "message_replies": "sent_at, id"}

Step = Callable[[sqlite3.Connection], object]


def _about(conn: sqlite3.Connection, kind: type[T], table: str, column: str, ids: list[str]) -> list[T]:
    """What staff wrote about the records found (notes on applications, replies to messages)."""
    if not ids:
        return []
    marks = ", ".join("?" for _ in ids)
    rows = conn.execute(f"SELECT * FROM {table} WHERE {column} IN ({marks}) ORDER BY {_ORDER[table]}", ids)  # noqa: S608
    return [from_row(kind, r) for r in rows]


def _form(kind: type[F], row: sqlite3.Row) -> F:
    """The typed form a row's ``data`` holds (the rest of the row is decoded only when it matches)."""
    return from_document(kind, json.loads(row["data"]))


class SqlitePersonalDataStore:
    def __init__(self, db: Database, sealer: PassportSealer) -> None:
        self._db = db
        self._sealer = sealer

    async def find(self, person: Person) -> PersonalData:
        def work(conn: sqlite3.Connection) -> PersonalData:
            found = PersonalData(person)
            passport = self._sealer.index(person.passport) if person.passport else None
            found.applications = [
                application_record(r, self._sealer)
                for r in conn.execute("SELECT * FROM applications ORDER BY created_at")
                if holds(_form(ApplicationForm, r), person) or (passport and r["passport_index"] == passport)
            ]
            found.appointments = [
                appointment_record(r)
                for r in conn.execute("SELECT * FROM appointments ORDER BY created_at")
                if holds(_form(AppointmentRequest, r), person)
            ]
            found.messages = [
                from_row(ContactMessage, r)
                for r in conn.execute("SELECT * FROM contact_messages ORDER BY created_at")
                if holds(_form(ContactForm, r), person)
            ]
            if person.email:
                found.subscriptions = [
                    from_row(NewsletterSubscription, r)
                    for r in conn.execute("SELECT * FROM newsletter_subscriptions WHERE email_key = ?", (person.email,))
                ]
            found.job_alerts = [
                from_row(JobAlert, r)
                for r in conn.execute("SELECT * FROM job_alerts ORDER BY created_at")
                if holds(_form(JobAlertRequest, r), person)
            ]
            found.notes = _about(conn, Note, "application_notes", "application_id", [a.id for a in found.applications])
            found.replies = _about(conn, Reply, "message_replies", "message_id", [m.id for m in found.messages])
            found.pipeline = [m for a in found.applications for m in history_of(conn, a.id)]
            sources = set(found.source_ids())
            phones = {person.phone} if person.phone else set()
            phones |= {a.application.data.phone for a in found.applications if a.application.data.phone}
            phones |= {a.appointment.data.phone for a in found.appointments if a.appointment.data.phone}
            found.sms = [
                from_row(OutboxMessage, r)
                for r in conn.execute("SELECT * FROM outbox ORDER BY created_at, id")
                if r["source_id"] in sources or r["address"] in phones
            ]
            return found

        return await self._db.run(work)


def _masked(message: OutboxMessage) -> str:
    return mask_phone(message.address) if message.channel is Channel.SMS else mask_email(message.address)


def _erase(conn: sqlite3.Connection, found: PersonalData) -> None:
    for a in found.applications:
        conn.execute("DELETE FROM applications WHERE id = ?", (a.id,))
        conn.execute("DELETE FROM application_notes WHERE application_id = ?", (a.id,))
        conn.execute("DELETE FROM pipeline_moves WHERE application_id = ?", (a.id,))
    for ap in found.appointments:
        ref = ap.appointment.reference
        conn.execute("DELETE FROM appointments WHERE reference = ?", (ref,))
        conn.execute("DELETE FROM admin_notifications WHERE id = ?", (f"{ref}-admin",))
    for m in found.messages:
        conn.execute("DELETE FROM contact_messages WHERE id = ?", (m.id,))
        conn.execute("DELETE FROM message_replies WHERE message_id = ?", (m.id,))
    for s in found.subscriptions:
        conn.execute("DELETE FROM newsletter_subscriptions WHERE id = ?", (s.id,))
    for j in found.job_alerts:
        conn.execute("DELETE FROM job_alerts WHERE id = ?", (j.id,))
    for sms in found.sms:
        conn.execute(
            "UPDATE outbox SET address = ?, text = ?, lease_until = NULL, "
            "last_error = CASE WHEN status = 'pending' THEN ? ELSE last_error END, "
            "status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END WHERE id = ?",
            (_masked(sms), ERASED_TEXT, CANCELLED_ERROR, sms.id),
        )


def _mask_audit(conn: sqlite3.Connection, needles: Sequence[str], masked: str) -> None:
    for needle in needles:
        conn.execute(
            "UPDATE audit_log SET target = replace(target, ?, ?) WHERE instr(target, ?) > 0", (needle, masked, needle)
        )


class PersonalDataWrites:
    """The unit of work's erasure (:class:`agency_core.unit_of_work.PersonalDataWrites`)."""

    def __init__(self, steps: list[Step]) -> None:
        self._steps = steps

    async def erase(self, found: PersonalData) -> None:
        self._steps.append(lambda conn: _erase(conn, found))

    async def mask_audit(self, needles: Sequence[str], masked: str) -> None:
        wanted = list(needles)
        self._steps.append(lambda conn: _mask_audit(conn, wanted, masked))
