"""Data requests on Firestore: implements :class:`agency_core.privacy.data_requests.PersonalDataStore`
(matched in memory, like the admin store's lists)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.cloud.firestore_v1.base_query import FieldFilter

from adapters.codec import from_document
from adapters.firestore.documents import (
    PASSPORT_INDEX,
    Collections,
    application_record,
    appointment_record,
    email_key,
    hashed,
)
from adapters.firestore.notes import NOTES, REPLIES
from agency_core.masking import mask_phone
from agency_core.privacy.data_requests import CANCELLED_ERROR, ERASED_TEXT, Person, PersonalData, holds
from agency_core.records import ContactMessage, JobAlert, NewsletterSubscription, OutboxMessage, OutboxStatus
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
        sources = set(found.source_ids())
        phones = {person.phone} if person.phone else set()
        phones |= {a.application.data.phone for a in found.applications if a.application.data.phone}
        phones |= {a.appointment.data.phone for a in found.appointments if a.appointment.data.phone}
        found.sms = sorted(
            (
                from_document(OutboxMessage, d)
                for d in await self._all("sms_outbox")
                if d.get("source_id") in sources or d.get("phone") in phones
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

    async def _written_about(self, found: PersonalData) -> list[Any]:
        """What staff wrote about the person (notes, replies): it goes with the record it is about."""
        wanted = [(NOTES, "application_id", a.id) for a in found.applications]
        wanted += [(REPLIES, "message_id", m.id) for m in found.messages]
        refs: list[Any] = []
        for collection, field, value in wanted:
            query = self._col(collection).where(filter=FieldFilter(field, "==", value))
            refs += [snap.reference async for snap in query.stream()]
        return refs

    async def erase(self, found: PersonalData) -> None:
        batch = self._client.batch()
        for ref in await self._written_about(found):
            batch.delete(ref)
        for a in found.applications:
            batch.delete(self._col("applications").document(a.id))
            batch.delete(self._col("application_keys").document(hashed(a.application.duplicate_key)))
        for ap in found.appointments:
            batch.delete(self._col("appointments").document(ap.appointment.reference))
            batch.delete(self._col("admin_notifications").document(f"{ap.appointment.reference}-admin"))
        for m in found.messages:
            batch.delete(self._col("contact_messages").document(m.id))
        for s in found.subscriptions:
            batch.delete(self._col("newsletter_subscriptions").document(email_key(s.email)))
        for j in found.job_alerts:
            batch.delete(self._col("job_alerts").document(j.id))
        for sms in found.sms:
            fields: dict[str, Any] = {"phone": mask_phone(sms.phone), "text": ERASED_TEXT, "lease_until": None}
            if sms.status is OutboxStatus.PENDING:
                fields |= {"status": OutboxStatus.FAILED.value, "last_error": CANCELLED_ERROR}
            batch.update(self._col("sms_outbox").document(sms.id), fields)
        await batch.commit()

    async def mask_audit(self, needles: list[str], masked: str) -> int:
        changed = 0
        for doc in await self._all("audit_log"):
            target = str(doc.get("target", ""))
            new = target
            for needle in needles:
                new = new.replace(needle, masked)
            if new != target:
                await self._col("audit_log").document(doc["id"]).update({"target": new})
                changed += 1
        return changed
