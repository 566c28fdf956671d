"""Data requests (Act 843: access and erasure): find everything held about one person by e-mail,
phone or passport number (stores match a passport number by its index, never in clear), export it
as one ZIP (JSON plus the decrypted files), or erase it.

Erasing deletes the person's records and files, cancels and anonymises their SMS (pending texts
are not sent), and leaves in the audit log only masked identifiers.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Protocol

from agency_core.appointments.records import AppointmentRecord
from agency_core.audit import AuditEntry
from agency_core.ids import IdGenerator
from agency_core.masking import mask_email, mask_phone
from agency_core.messaging.delivery import delivery_state
from agency_core.records import ContactMessage, JobAlert, NewsletterSubscription, OutboxMessage
from agency_core.spec import constants as c
from agency_core.spec.forms import FormValues, form_values
from agency_core.spec.validation import is_email, normalise_phone
from agency_core.staff.notes import Note, Reply
from agency_core.staff.ports import AdminStore
from agency_core.staff.records import ApplicationRecord

ERASED_TEXT: Final = "[erased]"
CANCELLED_ERROR: Final = "Cancelled: personal data erased on request"
IDENTIFIER_INVALID: Final = "Enter an email address, a phone number or a passport number"
CONFIRM_MISMATCH: Final = "Type the same email or phone to confirm the erasure"


@dataclass(frozen=True, slots=True)
class Person:
    """Who a request is about: an e-mail (compared lower-cased), an E.164 phone or a passport number
    (upper-case, without spaces)."""

    email: str | None = None
    phone: str | None = None
    passport: str | None = None

    @property
    def masked(self) -> str:
        if self.email:
            return mask_email(self.email)
        if self.passport:
            return mask_passport(self.passport)
        return mask_phone(self.phone or "")

    @property
    def raw(self) -> str:
        return self.email or self.phone or self.passport or ""


def normalise_passport(text: str) -> str:
    return "".join(text.split()).upper()


def mask_passport(number: str) -> str:
    """``G1234567`` -> ``G1*****7``."""
    return number[:2] + "*" * max(len(number) - 3, 0) + number[-1:] if len(number) > 3 else "*" * len(number)


def _passport(text: str) -> str | None:
    """A passport number: 5 to 20 ASCII letters and digits, with at least one of each (a word is not
    one, and digits alone are read as a phone)."""
    number = normalise_passport(text)
    shaped = 5 <= len(number) <= 20 and number.isascii() and number.isalnum()
    mixed = any(ch.isalpha() for ch in number) and any(ch.isdigit() for ch in number)
    return number if shaped and mixed else None


def parse_person(raw: object) -> Person | None:
    text = raw.strip() if isinstance(raw, str) else ""
    if "@" in text:
        return Person(email=text.lower()) if is_email(text) else None
    phone = normalise_phone(text) if text else None
    if phone:
        return Person(phone=phone)
    passport = _passport(text)
    return Person(passport=passport) if passport else None


class Reachable(Protocol):
    """A stored form with the e-mail and phone it was sent with (``""``: not given)."""

    @property
    def email(self) -> str: ...

    @property
    def phone(self) -> str: ...


def holds(data: Reachable, person: Person) -> bool:
    """The record's data names this person (its e-mail any case, or its phone)."""
    if person.email and data.email.strip().lower() == person.email:
        return True
    return bool(person.phone) and normalise_phone(data.phone.strip()) == person.phone


@dataclass(slots=True)
class PersonalData:
    person: Person
    applications: list[ApplicationRecord] = field(default_factory=list)
    appointments: list[AppointmentRecord] = field(default_factory=list)
    messages: list[ContactMessage] = field(default_factory=list)
    subscriptions: list[NewsletterSubscription] = field(default_factory=list)
    job_alerts: list[JobAlert] = field(default_factory=list)
    sms: list[OutboxMessage] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    """Staff's notes on the person's applications (deleted ones too: their text is still held)."""
    replies: list[Reply] = field(default_factory=list)
    """Staff's replies to the person's contact messages."""

    def counts(self) -> dict[str, int]:
        return {
            "applications": len(self.applications),
            "files": sum(len(a.application.files) for a in self.applications),
            "appointments": len(self.appointments),
            "messages": len(self.messages),
            "subscriptions": len(self.subscriptions),
            "jobAlerts": len(self.job_alerts),
            "sms": len(self.sms),
            "notes": len(self.notes),
            "replies": len(self.replies),
        }

    @property
    def empty(self) -> bool:
        return not any(self.counts().values())

    def source_ids(self) -> list[str]:
        return [
            *(a.id for a in self.applications),
            *(a.appointment.reference for a in self.appointments),
        ]


class PersonalDataStore(Protocol):
    async def find(self, person: Person) -> PersonalData:
        """Every record naming the person, and every SMS to their phone or about their records."""
        ...

    async def erase(self, found: PersonalData) -> None:
        """Delete the records found (applications, appointments with their admin notification,
        messages, subscriptions, job alerts); for the SMS found: pending ones become failed with
        :data:`CANCELLED_ERROR`, and every one keeps a masked phone and :data:`ERASED_TEXT`."""
        ...

    async def mask_audit(self, needles: list[str], masked: str) -> int:
        """Replace every ``needle`` in audit targets with ``masked``; returns how many entries changed."""
        ...


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _note(note: Note) -> dict[str, Any]:
    """A staff note as the person gets it: who wrote it by name (staff e-mail addresses are not theirs)."""
    return {
        "id": note.id,
        "applicationId": note.application_id,
        "authorName": note.author_name,
        "text": note.text,
        "createdAt": _iso(note.created_at),
        "editedAt": _iso(note.edited_at),
        "deletedAt": _iso(note.deleted_at),
    }


def _reply(reply: Reply) -> dict[str, Any]:
    return {
        "id": reply.id,
        "messageId": reply.message_id,
        "channel": reply.channel.value,
        "recipient": reply.recipient,
        "subject": reply.subject,
        "text": reply.text,
        "senderName": reply.sender_name,
        "sentAt": _iso(reply.sent_at),
    }


def export_json(found: PersonalData) -> dict[str, Any]:
    def data(form: FormValues) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in form_values(form).items()}

    return {
        "person": {"email": found.person.email, "phone": found.person.phone},
        "applications": [
            {
                "applicationId": r.id,
                "status": r.status.value,
                "createdAt": _iso(r.application.created_at),
                "data": data(r.application.data),
                "files": [
                    {"field": f.field, "filename": f.filename, "contentType": f.content_type, "size": f.size}
                    for f in r.application.files
                ],
            }
            for r in found.applications
        ],
        "appointments": [
            {
                "reference": a.appointment.reference,
                "status": a.status.value,
                "createdAt": _iso(a.appointment.created_at),
                "data": data(a.appointment.data),
            }
            for a in found.appointments
        ],
        "messages": [{"id": m.id, "createdAt": _iso(m.created_at), "data": data(m.data)} for m in found.messages],
        "subscriptions": [
            {
                "id": s.id,
                "email": s.email,
                "name": s.name,
                "interests": list(s.interests),
                "createdAt": _iso(s.created_at),
                "privacyNoticeVersion": s.privacy_notice_version,
                "privacyAcceptedAt": _iso(s.privacy_accepted_at),
            }
            for s in found.subscriptions
        ],
        "jobAlerts": [{"id": j.id, "createdAt": _iso(j.created_at), "data": data(j.data)} for j in found.job_alerts],
        "notes": [_note(n) for n in found.notes],
        "replies": [_reply(r) for r in found.replies],
        "sms": [
            {
                "id": m.id,
                "phone": m.phone,
                "text": m.text,
                "status": m.status.value,
                "createdAt": _iso(m.created_at),
                "deliveredAt": _iso(m.delivered_at),
                "delivery": delivery_state(m).value,
            }
            for m in found.sms
        ],
    }


async def export_zip(found: PersonalData, read_file: Callable[[str], Awaitable[bytes | None]]) -> bytes:
    """``data.json`` plus ``files/<applicationId>-<field>-<filename>`` (decrypted by ``read_file``)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data.json", json.dumps(export_json(found), ensure_ascii=False, indent=2))
        for record in found.applications:
            for item in record.application.files:
                content = await read_file(item.key)
                if content is not None:
                    safe = "".join(ch if ch.isalnum() or ch in ".-_" else "_" for ch in item.filename)
                    archive.writestr(f"files/{record.id}-{item.field}-{safe}", content)
    return out.getvalue()


class DataRequestService:
    def __init__(
        self,
        store: PersonalDataStore,
        files_delete: Callable[[str], Awaitable[None]],
        files_read: Callable[[str], Awaitable[bytes | None]],
        audit: AdminStore,
        ids: IdGenerator,
        clock: Callable[[], datetime],
    ) -> None:
        self.store = store
        self.files_delete = files_delete
        self.files_read = files_read
        self.audit_store = audit
        self.ids = ids
        self.clock = clock

    async def _audit(self, actor: str, action: str, target: str) -> None:
        entry = AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), actor, action, target, self.clock())
        await self.audit_store.audit(entry)

    async def find(self, actor: str, person: Person) -> PersonalData:
        found = await self.store.find(person)
        await self._audit(actor, "data_request.find", f"{person.masked}: {json.dumps(found.counts())}")
        return found

    async def export(self, actor: str, person: Person) -> tuple[PersonalData, bytes]:
        found = await self.store.find(person)
        archive = await export_zip(found, self.files_read)
        await self._audit(actor, "data_request.export", f"{person.masked}: {json.dumps(found.counts())}")
        return found, archive

    async def erase(self, actor: str, person: Person) -> PersonalData:
        found = await self.store.find(person)
        for record in found.applications:
            for item in record.application.files:
                await self.files_delete(item.key)
        await self.store.erase(found)
        needles = [n for n in (person.email, person.phone, person.passport) if n]
        for record in found.applications:
            needles += [n for n in (record.application.data.email.strip(), record.application.data.phone.strip()) if n]
        await self.store.mask_audit(sorted(set(needles), key=len, reverse=True), person.masked)
        await self._audit(actor, "data_request.erase", f"{person.masked}: {json.dumps(found.counts())}")
        return found
