"""What a data request is about and what it finds: the :class:`Person` and their :class:`PersonalData`.

The unit of work's erasure names these records, so they import neither it nor the ports.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agency_core.appointments.records import AppointmentRecord
from agency_core.masking import mask_email, mask_phone
from agency_core.pipeline.documents import DocumentVersion
from agency_core.pipeline.stages import StageMove
from agency_core.pipeline.welfare_ports import CheckIn, WelfareCase
from agency_core.records import ContactMessage, JobAlert, NewsletterSubscription, OutboxMessage
from agency_core.staff.notes import Note, Reply
from agency_core.staff.records import ApplicationRecord
from agency_core.whatsapp.model import InboundSeen, OptIn


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


def mask_passport(number: str) -> str:
    """``G1234567`` -> ``G1*****7``."""
    return number[:2] + "*" * max(len(number) - 3, 0) + number[-1:] if len(number) > 3 else "*" * len(number)


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
    pipeline: list[StageMove] = field(default_factory=list)
    """The deployment pipeline's history of the person's applications (erased with them)."""
    check_ins: list[CheckIn] = field(default_factory=list)
    """The welfare check-ins after arrival and their answers (erased with the applications)."""
    welfare_cases: list[WelfareCase] = field(default_factory=list)
    """The cases "I need help" opened (erased with the applications)."""
    documents: list[DocumentVersion] = field(default_factory=list)
    """Every version of the pipeline documents of their applications (scans decrypted in the export)."""
    whatsapp_optins: list[OptIn] = field(default_factory=list)
    """The WhatsApp opt-ins of their phones (each phone's latest, stopped or not)."""
    whatsapp_inbound: list[InboundSeen] = field(default_factory=list)
    """The WhatsApp messages taken from their phones (ids and times; the texts are contact messages)."""

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
            "pipelineMoves": len(self.pipeline),
            # Named only when there are some: the counts of a person without any keep their bytes.
            **({"checkIns": len(self.check_ins)} if self.check_ins else {}),
            **({"welfareCases": len(self.welfare_cases)} if self.welfare_cases else {}),
            **({"documents": len(self.documents)} if self.documents else {}),
            **({"whatsappOptIns": len(self.whatsapp_optins)} if self.whatsapp_optins else {}),
            **({"whatsappInbound": len(self.whatsapp_inbound)} if self.whatsapp_inbound else {}),
        }

    @property
    def empty(self) -> bool:
        return not any(self.counts().values())

    def source_ids(self) -> list[str]:
        return [
            *(a.id for a in self.applications),
            *(a.appointment.reference for a in self.appointments),
        ]
