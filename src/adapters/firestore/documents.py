"""What every Firestore adapter shares: collection names under a prefix, document ids, and
reading the records staff extend (an application with its status, payment and opened time, ...)
from their documents. Records themselves go through :mod:`adapters.codec`."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import datetime
from typing import Any

from adapters.codec import from_document, moment, to_document
from adapters.sealing import PassportSealer
from agency_core.appointments.records import AppointmentRecord
from agency_core.jobs.model import Job
from agency_core.payments.model import Payment
from agency_core.records import (
    Application,
    ApplicationStatus,
    Appointment,
    AppointmentStatus,
    BlogPost,
    ContactMessage,
    JobStatus,
)
from agency_core.spec.numbers import is_ascii_digits
from agency_core.staff.records import ApplicationRecord, MessageRecord
from agency_core.staff.search import search_key, search_tokens

Client = Any  # google.cloud.firestore.AsyncClient (the library ships no type hints)
Document = dict[str, Any]


class Collections:
    """A client and the prefix that namespaces its collections (tests use one per test)."""

    def __init__(self, client: Client, prefix: str = "", *, sealer: PassportSealer | None = None) -> None:
        self._client = client
        self._prefix = prefix
        self._sealer_or_none = sealer

    @property
    def _sealer(self) -> PassportSealer:
        """The passport sealer, which every store that reads or writes applications is given."""
        if self._sealer_or_none is None:
            raise RuntimeError(f"{type(self).__name__} reads applications and needs a PassportSealer")
        return self._sealer_or_none

    def _col(self, name: str) -> Any:
        return self._client.collection(self._prefix + name)

    async def _all(self, name: str) -> list[Document]:
        return [d async for snap in self._col(name).stream() if (d := snap.to_dict()) is not None]

    async def _doc(self, name: str, doc_id: str) -> Document | None:
        snap = await self._col(name).document(doc_id).get()
        return snap.to_dict() if snap.exists else None


def hashed(text: str) -> str:
    """A document id for a key that may hold any character (an e-mail, a duplicate key)."""
    return hashlib.sha256(text.encode()).hexdigest()


def is_recent(key_marker: Document, since: datetime) -> bool:
    """Whether an ``application_keys`` marker was made at or after ``since``."""
    created = moment(key_marker["created_at"])
    return created is not None and created >= since


def email_key(email: str) -> str:
    """The newsletter subscription's document id: one per e-mail address, in any case."""
    return hashed(email.strip().lower())


def payment_of(doc: Document) -> Payment:
    """The optional map ``payment`` of an application's document (absent: unpaid)."""
    raw = doc.get("payment")
    return from_document(Payment, raw) if isinstance(raw, dict) else Payment()


SEARCH_TOKENS = "search_tokens"
"""The application document's search tokens (:func:`agency_core.staff.search.search_tokens`)."""
SEARCH_KEY = "search_key"
"""The application document's search key, which the in-memory filter reads."""


def search_fields(application: Application) -> Document:
    """The search key and its tokens, written with the application (and by the start-up backfill)."""
    key = search_key(application.id, application.data)
    return {SEARCH_KEY: key, SEARCH_TOKENS: search_tokens(key)}


PASSPORT_INDEX = "passportIndex"
"""The application document's field holding its passport number's index (:mod:`adapters.sealing`)."""


def application_of(doc: Document, sealer: PassportSealer) -> Application:
    """The application a document holds, its passport number opened."""
    return sealer.open(from_document(Application, doc))


def application_document(application: Application, sealer: PassportSealer) -> Document:
    """The document of a new application: its passport number sealed, with its index, duplicate key
    and search tokens."""
    sealed, index = sealer.seal(application)
    keys = {"duplicate_key": application.duplicate_key, PASSPORT_INDEX: index} | search_fields(application)
    return keys | to_document(sealed)


def application_record(doc: Document, sealer: PassportSealer) -> ApplicationRecord:
    return ApplicationRecord(
        application_of(doc, sealer),
        ApplicationStatus(doc.get("status") or ApplicationStatus.RECEIVED),
        moment(doc.get("opened_at")),
        payment=payment_of(doc),
        owner_id=str(doc.get("owner_id") or ""),
        owner_name=str(doc.get("owner_name") or ""),
    )


def appointment_record(doc: Document) -> AppointmentRecord:
    return AppointmentRecord(
        from_document(Appointment, doc), AppointmentStatus(doc.get("status") or AppointmentStatus.BOOKED)
    )


def message_record(doc: Document) -> MessageRecord:
    return MessageRecord(from_document(ContactMessage, doc), moment(doc.get("read_at")))


def job_of(doc: Document) -> Job:
    """A job; documents written before jobs had ``published_at`` count an open job as published
    when it was created."""
    job = from_document(Job, doc)
    if "published_at" not in doc and job.status is JobStatus.OPEN:
        return replace(job, published_at=job.created_at)
    return job


def newest_first(post: BlogPost) -> tuple[str, int, str]:
    """The blog's order: by date, then by numeric id (the sort key of a newest-first list)."""
    return (post.date, int(post.id) if is_ascii_digits(post.id) else -1, post.id)
