"""Data requests: everything held about a person (as ``data.json`` of the export has it) and the erasure."""

from __future__ import annotations

import msgspec

from agency_core.privacy.data_requests import export_json
from agency_core.privacy.model import Person, PersonalData
from app.admin.schemas.common import Body, from_record

FormValues = dict[str, str | bool | list[str] | None]
"""A stored form's fields by their camelCase names: text, a checkbox, a multi-select or nothing."""


class HeldCounts(Body):
    applications: int
    files: int
    appointments: int
    messages: int
    subscriptions: int
    job_alerts: int
    sms: int
    notes: int
    replies: int
    pipeline_moves: int = 0
    """The moves of their applications' deployment pipeline history."""


class HeldPerson(Body):
    email: str | None
    phone: str | None


class HeldFile(Body):
    field: str
    filename: str
    content_type: str
    size: int


class HeldApplication(Body):
    application_id: str
    status: str
    created_at: str | None
    data: FormValues
    files: list[HeldFile]


class HeldAppointment(Body):
    reference: str
    status: str
    created_at: str | None
    data: FormValues


class HeldRecord(Body):
    """A contact message or a job alert: its id, when it came and the form's fields."""

    id: str
    created_at: str | None
    data: FormValues


class HeldSubscription(Body):
    id: str
    email: str
    name: str
    interests: list[str]
    created_at: str | None
    privacy_notice_version: str
    privacy_accepted_at: str | None


class HeldSms(Body):
    id: str
    phone: str
    text: str
    status: str
    created_at: str | None
    delivered_at: str | None
    delivery: str
    """``pending``, ``sent``, ``emailed``, ``delivered``, ``failed`` or ``withdrawn`` (docs/sms-delivery.md)."""


class HeldNote(Body):
    """A staff note on one of the person's applications (deleted ones too, while their text is held)."""

    id: str
    application_id: str
    author_name: str
    text: str
    created_at: str | None
    edited_at: str | None
    deleted_at: str | None


class HeldReply(Body):
    """Staff's reply to one of the person's contact messages."""

    id: str
    message_id: str
    channel: str
    recipient: str
    subject: str
    text: str
    sender_name: str
    sent_at: str | None


class HeldStageMove(Body):
    """A move of the deployment pipeline's history (the staff member's address is not in it)."""

    application_id: str
    version: int
    kind: str
    from_stage: str | None
    to_stage: str
    stage: str
    """The stage reached, in plain words."""
    at: str | None
    reason: str
    close_reason: str | None
    close_text: str


class DataRequestResult(Body):
    """What was found for ``query`` (times as ISO 8601 with their offset, as in the export's ``data.json``)."""

    query: str
    counts: HeldCounts
    person: HeldPerson
    applications: list[HeldApplication]
    appointments: list[HeldAppointment]
    messages: list[HeldRecord]
    subscriptions: list[HeldSubscription]
    job_alerts: list[HeldRecord]
    sms: list[HeldSms]
    notes: list[HeldNote]
    replies: list[HeldReply]
    pipeline: list[HeldStageMove] = msgspec.field(default_factory=list)


class EraseRequest(Body):
    """The identifier (e-mail or phone) and the same identifier typed again."""

    q: str
    confirm: str


class Erased(Body):
    erased: HeldCounts
    masked: str
    """The identifier masked, as the audit log now names the person."""


def data_request_result(found: PersonalData) -> DataRequestResult:
    return from_record(DataRequestResult, {"query": found.person.raw, "counts": found.counts(), **export_json(found)})


def erased(found: PersonalData, person: Person) -> Erased:
    return from_record(Erased, {"erased": found.counts(), "masked": person.masked})
