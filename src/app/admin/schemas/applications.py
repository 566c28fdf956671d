"""Applications: the list's summary, the detail view with files and SMS, the status change."""

from __future__ import annotations

from datetime import datetime

from agency_core.messaging.delivery import DeliveryState, DeliveryView, delivery_state
from agency_core.payments.model import Fee
from agency_core.payments.shown import ShownPayment
from agency_core.records import ApplicationStatus, OutboxMessage, OutboxStatus, PaymentState
from agency_core.spec.forms import form_values
from agency_core.staff import applications as admin_applications
from agency_core.staff.records import ApplicationRecord
from agency_core.staff.statuses import next_statuses
from agency_core.staff.views import Neighbours
from app.admin.common import iso
from app.admin.schemas.common import UNSET, Body, from_record, with_form


class ApplicationSummary(Body):
    """One row of the applications list (and of the dashboard's latest)."""

    application_id: str
    first_name: str | None
    last_name: str | None
    email: str | None
    phone: str | None
    job_category: str | None
    preferred_country: str | None
    job_id: str | None
    job_title: str | None
    status: ApplicationStatus
    created_at: datetime
    opened: bool
    payment: PaymentState
    owner_id: str
    """The staff member who looks after it ("" for nobody)."""
    owner_name: str
    shown_payment: ShownPayment | None
    """In the list: the payment as shown and filtered (``paid`` becomes ``refunded`` or
    ``partly refunded`` once refunds are processed; ``payment`` stays the stored state). Null
    elsewhere (the detail's Refunds panel tells it there)."""


class ApplicationFile(Body):
    field: str
    filename: str
    size: int
    content_type: str
    url: str
    """Where an admin downloads it (audited)."""


class SmsRecord(Body):
    """One SMS of the outbox about the application."""

    id: str
    kind: str
    phone: str
    status: OutboxStatus
    attempts: int
    last_error: str | None
    created_at: datetime
    delivered_at: datetime | None
    """When the gateway accepted it (sent)."""
    delivery: DeliveryState
    """``pending`` (queued), ``sent`` (a text accepted, awaiting its report), ``delivered``, ``failed``,
    ``withdrawn`` (taken back by an Undo or a move: no failure) or ``emailed`` (an e-mail the mail
    server accepted, which has no reports): ``agency_core.messaging.delivery.delivery_state``."""
    not_delivered_in_time: bool
    """Sent, and no delivered report within ``AGENCY_SMS_DELIVERY_DEADLINE_MIN`` minutes."""
    reported_at: datetime | None
    report_status: str | None
    """The gateway's own word in its report (``DELIVERED``, ``UNDELIVERABLE``...)."""


class ApplicationDetail(ApplicationSummary):
    """Every field the applicant sent (a field left empty is absent), with the fee's record
    (amount in the currency's main unit, e.g. ``"50"``), files and SMS history."""

    payment_reference: str | None
    payment_amount: str | None
    payment_currency: str | None
    payment_channel: str | None
    paid_at: datetime | None
    payment_updated_at: datetime | None
    opened_at: datetime | None
    next_statuses: list[ApplicationStatus]
    files: list[ApplicationFile]
    sms: list[SmsRecord]
    country: str = UNSET
    city: str = UNSET
    date_of_birth: str = UNSET
    nationality: str = UNSET
    experience: str = UNSET
    education: str = UNSET
    languages: str = UNSET
    availability: str = UNSET
    salary: str = UNSET
    has_passport: bool = UNSET
    passport_number: str = UNSET
    passport_expiry: str = UNSET
    additional_info: str = UNSET
    terms: bool = UNSET


class ApplicationNeighbours(Body):
    """Where an application sits in a filtered list (newest first): the IDs before and after it
    (null at an end), its 1-based position (0 when it is not in the list) and the list's length."""

    previous: str | None
    next: str | None
    position: int
    total: int


def application_neighbours(found: Neighbours) -> ApplicationNeighbours:
    return ApplicationNeighbours(found.previous, found.next, found.position, found.total)


class StatusChange(Body):
    """The status to move to (``received`` -> ``processing`` -> ``approved`` or ``rejected``)."""

    status: ApplicationStatus


def _summary_values(record: ApplicationRecord) -> dict[str, object]:
    return {
        **form_values(record.application.data),
        "applicationId": record.id,
        "status": record.status,
        "createdAt": record.application.created_at,
        "opened": record.opened_at is not None,
        "payment": record.payment.state,
        "ownerId": record.owner_id,
        "ownerName": record.owner_name,
    }


def application_summary(record: ApplicationRecord, shown: ShownPayment | None = None) -> ApplicationSummary:
    return with_form(
        ApplicationSummary,
        record.application.data,
        application_id=record.id,
        status=record.status,
        created_at=record.application.created_at,
        opened=record.opened_at is not None,
        payment=record.payment.state,
        owner_id=record.owner_id,
        owner_name=record.owner_name,
        shown_payment=shown,
    )


def payment_values(record: ApplicationRecord) -> dict[str, object]:
    """The processing fee's record by wire name, as the detail view and the CSV export give it."""
    pay = record.payment
    return {
        "paymentReference": pay.reference,
        "paymentAmount": None if pay.amount_minor is None else Fee(pay.amount_minor, pay.currency or "").major,
        "paymentCurrency": pay.currency,
        "paymentChannel": pay.channel,
        "paidAt": iso(pay.paid_at),
        "paymentUpdatedAt": iso(pay.updated_at),
    }


def sms_record(message: OutboxMessage, view: DeliveryView | None = None) -> SmsRecord:
    view = view or DeliveryView(delivery_state(message), overdue=False)
    return SmsRecord(
        id=message.id,
        kind=message.kind,
        phone=message.address,
        status=message.status,
        attempts=message.attempts,
        last_error=message.last_error,
        created_at=message.created_at,
        delivered_at=message.delivered_at,
        delivery=view.state,
        not_delivered_in_time=view.overdue,
        reported_at=message.reported_at,
        report_status=message.report_status,
    )


def application_detail(detail: admin_applications.ApplicationDetail) -> ApplicationDetail:
    record = detail.record
    base = f"/api/admin/applications/{record.id}/files"
    files = [
        ApplicationFile(
            field=f.field, filename=f.filename, size=f.size, content_type=f.content_type, url=f"{base}/{f.field}"
        )
        for f in record.application.files
    ]
    return from_record(
        ApplicationDetail,
        {
            **_summary_values(record),
            **payment_values(record),
            "openedAt": record.opened_at,
            "nextStatuses": next_statuses(record.status),
            "files": files,
            "sms": [sms_record(m, detail.delivery.get(m.id)) for m in detail.sms],
        },
    )
