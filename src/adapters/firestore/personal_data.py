"""Data requests on Firestore: implements :class:`agency_core.privacy.data_requests.PersonalDataStore`
(matched in memory, like the admin store's lists)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document
from adapters.firestore.documents import (
    PASSPORT_INDEX,
    Collections,
    Document,
    application_record,
    appointment_record,
    email_key,
    hashed,
)
from adapters.firestore.notes import NOTES, REPLIES
from adapters.firestore.pipeline import HEADS, MOVES
from agency_core.masking import mask_email, mask_phone
from agency_core.pipeline.stages import StageMove
from agency_core.privacy.data_requests import CANCELLED_ERROR, ERASED_TEXT, holds
from agency_core.privacy.model import Person, PersonalData
from agency_core.records import Channel, ContactMessage, JobAlert, NewsletterSubscription, OutboxMessage, OutboxStatus
from agency_core.spec.forms import ApplicationForm, AppointmentRequest, ContactForm, F, JobAlertRequest
from agency_core.staff.notes import Note, Reply
from agency_core.staff.records import ApplicationRecord


def _form(kind: type[F], doc: Mapping[str, Any]) -> F:
    """The typed form a document's ``data`` holds (the rest is decoded only when it matches)."""
    return from_document(kind, doc.get("data") or {})


class FirestorePersonalDataStore(Collections):
    async def find(self, person: Person) -> PersonalData:
        found = PersonalData(person)
        passport = self._sealer.index(person.passport) if person.passport else None
        found.applications = sorted(
            (
                application_record(d, self._sealer)
                for d in await self._all("applications")
                if holds(_form(ApplicationForm, d), person) or (passport and d.get(PASSPORT_INDEX) == passport)
            ),
            key=lambda r: r.application.created_at,
        )
        found.appointments = sorted(
            (
                appointment_record(d)
                for d in await self._all("appointments")
                if holds(_form(AppointmentRequest, d), person)
            ),
            key=lambda r: r.appointment.created_at,
        )
        found.messages = sorted(
            (
                from_document(ContactMessage, d)
                for d in await self._all("contact_messages")
                if holds(_form(ContactForm, d), person)
            ),
            key=lambda m: m.created_at,
        )
        if person.email:
            doc = await self._doc("newsletter_subscriptions", email_key(person.email))
            found.subscriptions = [] if doc is None else [from_document(NewsletterSubscription, doc)]
        found.job_alerts = sorted(
            (
                from_document(JobAlert, d)
                for d in await self._all("job_alerts")
                if holds(_form(JobAlertRequest, d), person)
            ),
            key=lambda j: j.created_at,
        )
        notes = [from_document(Note, d) for d in await self._about(NOTES, "application_id", found.applications)]
        found.notes = sorted(notes, key=lambda n: (n.created_at, n.id))
        replies = [from_document(Reply, d) for d in await self._about(REPLIES, "message_id", found.messages)]
        found.replies = sorted(replies, key=lambda r: (r.sent_at, r.id))
        moves = [from_document(StageMove, d) for d in await self._about(MOVES, "application_id", found.applications)]
        found.pipeline = sorted(moves, key=lambda m: (m.application_id, m.version))
        sources = set(found.source_ids())
        phones = {person.phone} if person.phone else set()
        phones |= {a.application.data.phone for a in found.applications if a.application.data.phone}
        phones |= {a.appointment.data.phone for a in found.appointments if a.appointment.data.phone}
        found.sms = sorted(
            (
                m
                for m in (from_document(OutboxMessage, d) for d in await self._all("outbox"))
                if m.source_id in sources or m.address in phones
            ),
            key=lambda m: (m.created_at, m.id),
        )
        return found

    async def _about(
        self, collection: str, field: str, records: list[ApplicationRecord] | list[ContactMessage]
    ) -> list[dict[str, Any]]:
        """What staff wrote about the records found (notes on applications, replies to messages)."""
        docs: list[dict[str, Any]] = []
        for record in records:
            query = self._col(collection).where(filter=FieldFilter(field, "==", record.id))
            docs += [d async for snap in query.stream() if (d := snap.to_dict()) is not None]
        return docs


def _erased_sms(doc: Document) -> Document:
    """The fields an erased message changes: a masked address, no text; cancelled while pending. A
    document stored before channels gets its channel, and its ``phone`` (the address) masked too."""
    message = from_document(OutboxMessage, doc)
    masked = mask_phone(message.address) if message.channel is Channel.SMS else mask_email(message.address)
    fields: Document = {"address": masked, "channel": message.channel.value, "text": ERASED_TEXT, "lease_until": None}
    if "phone" in doc:
        fields["phone"] = masked
    if doc.get("status") == OutboxStatus.PENDING.value:
        fields |= {"status": OutboxStatus.FAILED.value, "last_error": CANCELLED_ERROR}
    return fields


class PersonalDataWrites:
    """The unit of work's erasure (:class:`agency_core.unit_of_work.PersonalDataWrites`): what staff
    wrote about the records and the messages are read inside the transaction, then all is written."""

    def __init__(self, writes: Any) -> None:
        self._w = writes
        """The unit of work's ``_Writes`` helper (its ``_col`` and ``_step``)."""

    def _deleted(self, found: PersonalData) -> list[Any]:
        col = self._w._col
        refs: list[Any] = []
        for a in found.applications:
            refs += [
                col("applications").document(a.id),
                col("application_keys").document(hashed(a.application.duplicate_key)),
                col(HEADS).document(a.id),
            ]
        for ap in found.appointments:
            reference = ap.appointment.reference
            refs += [col("appointments").document(reference), col("admin_notifications").document(f"{reference}-admin")]
        refs += [col("contact_messages").document(m.id) for m in found.messages]
        refs += [col("newsletter_subscriptions").document(email_key(s.email)) for s in found.subscriptions]
        refs += [col("job_alerts").document(j.id) for j in found.job_alerts]
        return refs

    async def erase(self, found: PersonalData) -> None:
        col = self._w._col
        about = [(NOTES, "application_id", a.id) for a in found.applications]
        about += [(REPLIES, "message_id", m.id) for m in found.messages]
        about += [(MOVES, "application_id", a.id) for a in found.applications]
        deleted = self._deleted(found)
        sms_refs = [col("outbox").document(m.id) for m in found.sms]
        updates: list[tuple[Any, Document]] = []
        written: list[Any] = []

        async def check(tx: Any) -> None:
            written.clear()
            for collection, field, value in about:
                query = col(collection).where(filter=FieldFilter(field, "==", value))
                written.extend([snap.reference async for snap in query.stream(transaction=tx)])
            updates.clear()
            for ref in sms_refs:
                snap = await ref.get(transaction=tx)
                if snap.exists:
                    updates.append((ref, _erased_sms(snap.to_dict())))

        def write(tx: Any) -> None:
            for ref in [*written, *deleted]:
                tx.delete(ref)
            for ref, fields in updates:
                tx.update(ref, fields)

        self._w._step(write, check)

    async def mask_audit(self, needles: Sequence[str], masked: str) -> None:
        changed: list[tuple[Any, str]] = []

        async def check(tx: Any) -> None:
            changed.clear()
            async for snap in self._w._col("audit_log").stream(transaction=tx):
                target = str((snap.to_dict() or {}).get("target", ""))
                new = target
                for needle in needles:
                    new = new.replace(needle, masked)
                if new != target:
                    changed.append((snap.reference, new))

        def write(tx: Any) -> None:
            for ref, target in changed:
                tx.update(ref, {"target": target})

        self._w._step(write, check)
