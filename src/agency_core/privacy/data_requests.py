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
from datetime import datetime
from typing import Any, Final, Protocol

from agency_core.audit import AuditEntry
from agency_core.ids import IdGenerator
from agency_core.messaging.delivery import delivery_state
from agency_core.pipeline.document_ports import DocumentStore
from agency_core.pipeline.stages import STAGE, StageMove
from agency_core.pipeline.welfare_ports import CheckIn, WelfareCase, WelfareStore
from agency_core.privacy.documents_whatsapp import add_scans, applicant_phones, documents_and_whatsapp_json
from agency_core.privacy.model import Person, PersonalData
from agency_core.spec import constants as c
from agency_core.spec.forms import FormValues, form_values
from agency_core.spec.validation import is_email, normalise_phone
from agency_core.staff.notes import Note, Reply
from agency_core.unit_of_work import UnitOfWork
from agency_core.whatsapp.model import PhoneRecords

ERASED_TEXT: Final = "[erased]"
CANCELLED_ERROR: Final = "Cancelled: personal data erased on request"
IDENTIFIER_INVALID: Final = "Enter an email address, a phone number or a passport number"
CONFIRM_MISMATCH: Final = "Type the same email or phone to confirm the erasure"


def normalise_passport(text: str) -> str:
    return "".join(text.split()).upper()


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


class PersonalDataStore(Protocol):
    async def find(self, person: Person) -> PersonalData:
        """Every record naming the person, and every SMS to their phone or about their records.
        (Erasing them is a write: :class:`~agency_core.unit_of_work.PersonalDataWrites`.)"""
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


def _stage_move(move: StageMove) -> dict[str, Any]:
    """A move of the person's pipeline history (the staff member's address stays out, as for notes)."""
    return {
        "applicationId": move.application_id,
        "version": move.version,
        "kind": move.kind.value,
        "fromStage": move.from_stage.value if move.from_stage is not None else None,
        "toStage": move.to_stage.value,
        "stage": STAGE[move.to_stage].label,
        "at": _iso(move.at),
        "reason": move.reason,
        "closeReason": move.close_reason.value if move.close_reason is not None else None,
        "closeText": move.close_text,
    }


def _check_in(k: CheckIn) -> dict[str, Any]:
    """A welfare check-in: when it was sent and what the person answered (never its link's token)."""
    return {
        "applicationId": k.application_id,
        "day": k.day,
        "sentAt": _iso(k.sent_at),
        "answer": k.answer.value if k.answer is not None else None,
        "answeredAt": _iso(k.answered_at),
        "message": k.message,
    }


def _welfare_case(k: WelfareCase) -> dict[str, Any]:
    """A welfare case (staff's names stay out, as for notes)."""
    return {
        "applicationId": k.application_id,
        "message": k.message,
        "createdAt": _iso(k.created_at),
        "closedAt": _iso(k.closed_at),
        "closeNote": k.close_note,
    }


def _welfare(found: PersonalData) -> dict[str, Any]:
    if not found.check_ins and not found.welfare_cases:
        return {}  # an export without any keeps its bytes
    return {
        "welfare": {
            "checkIns": [_check_in(k) for k in found.check_ins],
            "cases": [_welfare_case(k) for k in found.welfare_cases],
        }
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
        "pipeline": [_stage_move(m) for m in found.pipeline],
        **_welfare(found),
        **documents_and_whatsapp_json(found),
        "sms": [
            {
                "id": m.id,
                "phone": m.address,  # the export's and the admin API's shape are unchanged
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
        await add_scans(archive, found, read_file)
    return out.getvalue()


class DataRequestService:
    welfare: WelfareStore | None = None
    """The welfare check-ins and cases (set by the composition): found, exported and erased with the
    person's applications, after the erasure's own commit (their store is not in its unit of work)."""
    documents: DocumentStore | None = None
    """The pipeline documents (set by the composition): as ``welfare``; their scans are deleted last."""
    whatsapp: PhoneRecords | None = None
    """The WhatsApp opt-ins and inbound rows (set by the composition): found and erased by the
    person's phones (:func:`~agency_core.privacy.documents_whatsapp.applicant_phones`)."""

    def __init__(
        self,
        store: PersonalDataStore,
        files_delete: Callable[[str], Awaitable[None]],
        files_read: Callable[[str], Awaitable[bytes | None]],
        uow: Callable[[], UnitOfWork],
        ids: IdGenerator,
        clock: Callable[[], datetime],
    ) -> None:
        self.store = store
        self.files_delete = files_delete
        self.files_read = files_read
        self.uow = uow
        self.ids = ids
        self.clock = clock

    def _entry(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), actor, action, target, self.clock())

    async def _audit(self, actor: str, action: str, target: str) -> None:
        async with self.uow() as uow:
            await uow.audit.add(self._entry(actor, action, target))

    async def _found(self, person: Person) -> PersonalData:
        found = await self.store.find(person)
        if self.welfare is not None:
            for record in found.applications:
                found.check_ins += await self.welfare.check_ins(record.id)
                found.welfare_cases += await self.welfare.cases(record.id)
        if self.documents is not None:
            for record in found.applications:
                found.documents += await self.documents.history(record.id)
        if self.whatsapp is not None:
            for phone in applicant_phones(found):
                opt_in = await self.whatsapp.current(phone)
                found.whatsapp_optins += [opt_in] if opt_in is not None else []
                found.whatsapp_inbound += await self.whatsapp.inbound(phone)
        return found

    async def find(self, actor: str, person: Person) -> PersonalData:
        found = await self._found(person)
        await self._audit(actor, "data_request.find", f"{person.masked}: {json.dumps(found.counts())}")
        return found

    async def export(self, actor: str, person: Person) -> tuple[PersonalData, bytes]:
        found = await self._found(person)
        archive = await export_zip(found, self.files_read)
        await self._audit(actor, "data_request.export", f"{person.masked}: {json.dumps(found.counts())}")
        return found, archive

    async def erase(self, actor: str, person: Person) -> PersonalData:
        """The records, the masking of the audit trail and the erasure's own audit entry in one unit
        of work; the files after it commits (a failed commit leaves every record with its files)."""
        found = await self._found(person)
        needles = [n for n in (person.email, person.phone, person.passport) if n]
        for record in found.applications:
            needles += [n for n in (record.application.data.email.strip(), record.application.data.phone.strip()) if n]
        async with self.uow() as uow:
            await uow.personal_data.erase(found)
            await uow.personal_data.mask_audit(sorted(set(needles), key=len, reverse=True), person.masked)
            await uow.audit.add(
                self._entry(actor, "data_request.erase", f"{person.masked}: {json.dumps(found.counts())}")
            )
        for record in found.applications:
            if self.welfare is not None:
                await self.welfare.erase(record.id)
            if self.documents is not None:
                await self.documents.erase(record.id)
            for item in record.application.files:
                await self.files_delete(item.key)
        if self.whatsapp is not None:
            for phone in applicant_phones(found):
                await self.whatsapp.erase(phone)
        for version in found.documents:
            if version.file_key:
                await self.files_delete(version.file_key)
        return found
