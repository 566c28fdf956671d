"""The bodies of ``/api/admin/employers``, ``/api/admin/job-orders`` and ``/api/admin/job-links``."""

from __future__ import annotations

from datetime import date, datetime

from agency_core.employers.model import (
    ApprovalKind,
    Contact,
    Employer,
    JobLink,
    OrderFileKind,
)
from agency_core.employers.orders_admin import OrderView
from app.admin.schemas.common import UNSET, Body, from_object


class ContactIn(Body):
    name: str
    email: str | None = UNSET
    phone: str | None = UNSET
    phone_country: str | None = UNSET
    """ISO 3166 code the phone is read in; the employer's country when left out (never Ghana by default)."""


class EmployerIn(Body):
    """An employer: 422 naming each bad field (``contacts.0.phone``...)."""

    company: str
    country: str
    """ISO 3166 code (``AE``)."""
    city: str
    licence_number: str
    contacts: list[ContactIn]
    notes: str | None = UNSET
    expected_version: int | None = UNSET
    """On an edit: the version staff edited (409 when someone saved another meanwhile)."""


class ContactOut(Body):
    name: str
    email: str
    phone: str
    """E.164."""
    phone_country: str


class EmployerOut(Body):
    id: str
    company: str
    country: str
    city: str
    licence_number: str
    contacts: list[ContactOut]
    notes: str
    version: int
    created_by: str
    created_at: datetime
    updated_by: str
    updated_at: datetime


def contact_out(contact: Contact) -> ContactOut:
    return from_object(ContactOut, contact)


def employer_out(employer: Employer) -> EmployerOut:
    return EmployerOut(
        id=employer.id,
        company=employer.company,
        country=employer.country,
        city=employer.city,
        licence_number=employer.licence_number,
        contacts=[contact_out(c) for c in employer.contacts],
        notes=employer.notes,
        version=employer.version,
        created_by=employer.created_by,
        created_at=employer.created_at,
        updated_by=employer.updated_by,
        updated_at=employer.updated_at,
    )


class PositionIn(Body):
    trade: str
    head_count: int
    salary: int
    """A month's pay in whole units of ``currency``."""
    currency: str
    """ISO 4217 (``AED``)."""


class BenefitsIn(Body):
    accommodation: bool | None = UNSET
    transport: bool | None = UNSET
    food: bool | None = UNSET


class OrderIn(Body, kw_only=True):
    """A job order (demand letter): 422 naming each bad field (``positions.0.salary``...), 404 for
    an unknown employer."""

    employer_id: str
    positions: list[PositionIn]
    benefits: BenefitsIn | None = UNSET
    contract_months: int
    valid_until: str
    """``YYYY-MM-DD``, today or later."""
    domestic_work: bool | None = UNSET
    expected_version: int | None = UNSET


class ApprovalIn(Body):
    """The Labour Department's approval reference."""

    kind: ApprovalKind
    reference: str
    expected_version: int | None = UNSET


class OverrideIn(Body):
    """Why domestic work for a GCC household may be published (who and when are recorded with it)."""

    reason: str
    expected_version: int | None = UNSET


class LinkIn(Body):
    order_id: str


class PositionOut(Body):
    trade: str
    head_count: int
    salary: int
    currency: str


class BenefitsOut(Body):
    accommodation: bool
    transport: bool
    food: bool


class ApprovalOut(Body):
    kind: ApprovalKind
    reference: str
    recorded_by: str
    recorded_at: datetime


class OverrideOut(Body):
    reason: str
    recorded_by: str
    recorded_at: datetime


class OrderFileOut(Body):
    id: str
    kind: OrderFileKind
    file_type: str
    uploaded_by: str
    uploaded_at: datetime


class FillOut(Body):
    head_count: int
    selected: int
    deployed: int


class PackFiguresOut(Body):
    """An order's or an employer's CV packs: how many were sent, how fast and how the employer answered."""

    packs_sent: int
    candidates_sent: int
    answered: int
    selected: int
    median_days_to_decision: float | None
    """From a pack's sending to each candidate's first answer, in days."""
    selection_rate: float | None
    """Selected of the candidates sent (0..1)."""


class OrderOut(Body):
    """An order with its employer's name, its fill (selected and deployed against head-count),
    whether it is closed to new applications (full or expired), its jobs, and why a job linked to
    it cannot be published today (``problems``, empty when it can). One order's own answer adds its
    CV packs' figures (``packs``; null in lists)."""

    id: str
    employer_id: str
    employer_company: str
    employer_country: str
    positions: list[PositionOut]
    benefits: BenefitsOut
    contract_months: int
    valid_until: date
    domestic_work: bool
    approval: ApprovalOut | None
    override: OverrideOut | None
    files: list[OrderFileOut]
    fill: FillOut
    closed: bool
    job_ids: list[str]
    problems: list[str]
    version: int
    created_by: str
    created_at: datetime
    updated_by: str
    updated_at: datetime
    packs: PackFiguresOut | None = None


def order_out(view: OrderView) -> OrderOut:
    order = view.order
    return OrderOut(
        id=order.id,
        employer_id=order.employer_id,
        employer_company=view.employer.company,
        employer_country=view.employer.country,
        positions=[from_object(PositionOut, p) for p in order.positions],
        benefits=from_object(BenefitsOut, order.benefits),
        contract_months=order.contract_months,
        valid_until=order.valid_until,
        domestic_work=order.domestic_work,
        approval=None if order.approval is None else from_object(ApprovalOut, order.approval),
        override=None if order.override is None else from_object(OverrideOut, order.override),
        files=[from_object(OrderFileOut, f) for f in order.files],
        fill=from_object(FillOut, view.fill),
        closed=view.closed,
        job_ids=list(view.job_ids),
        problems=list(view.problems),
        version=order.version,
        created_by=order.created_by,
        created_at=order.created_at,
        updated_by=order.updated_by,
        updated_at=order.updated_at,
    )


class JobOrders(Body):
    items: list[OrderOut]


class JobLinkOut(Body):
    """A job of the board and the order it is filled for."""

    job_id: str
    order_id: str
    linked_by: str
    linked_at: datetime


def job_link_out(link: JobLink) -> JobLinkOut:
    return from_object(JobLinkOut, link)


class JobLinks(Body):
    items: list[JobLinkOut]
