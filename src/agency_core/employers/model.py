"""An employer the agency recruits for, and its job orders (demand letters), as staff keep them.

Each record carries a ``version``: a change is stored on condition that the stored record is still
the version it was made from (1 for a new record), so two edits at once never lose one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Final

GCC_COUNTRIES: Final = frozenset({"AE", "SA", "QA", "KW", "BH", "OM"})
"""The Gulf Cooperation Council's members, by ISO 3166 code."""


@dataclass(frozen=True, slots=True)
class Contact:
    name: str
    email: str = ""
    phone: str = ""
    """E.164, read in ``phone_country``."""
    phone_country: str = ""
    """The ISO 3166 code the phone was typed in (the employer's country unless staff chose another)."""


@dataclass(frozen=True, slots=True)
class Employer:
    id: str
    company: str
    country: str
    """ISO 3166 code (``AE``)."""
    city: str
    licence_number: str
    """The trade licence number."""
    contacts: tuple[Contact, ...]
    notes: str
    search_key: str
    """Folded as the applicants' key is (:func:`agency_core.staff.search.fold`)."""
    version: int
    created_by: str
    created_at: datetime
    updated_by: str
    updated_at: datetime


class ApprovalKind(StrEnum):
    LABOUR_CERTIFICATE = "labour_certificate"
    MOU = "mou"


APPROVAL_LABELS: Final = {ApprovalKind.LABOUR_CERTIFICATE: "Labour certificate", ApprovalKind.MOU: "MoU"}


@dataclass(frozen=True, slots=True)
class Approval:
    """The Labour Department's approval reference of an order."""

    kind: ApprovalKind
    reference: str
    recorded_by: str
    recorded_at: datetime


@dataclass(frozen=True, slots=True)
class ComplianceOverride:
    """Why staff may publish domestic work for a GCC household, who decided and when."""

    reason: str
    recorded_by: str
    recorded_at: datetime


class OrderFileKind(StrEnum):
    DEMAND_LETTER = "demand_letter"
    POWER_OF_ATTORNEY = "power_of_attorney"


ORDER_FILE_LABELS: Final = {
    OrderFileKind.DEMAND_LETTER: "Demand letter",
    OrderFileKind.POWER_OF_ATTORNEY: "Power of attorney",
}


@dataclass(frozen=True, slots=True)
class OrderFile:
    """A file kept sealed by the private file store under ``key``; the newest of a kind is in force."""

    id: str
    kind: OrderFileKind
    key: str
    file_type: str
    """Its extension (``.pdf``), which tells the download's content type."""
    uploaded_by: str
    uploaded_at: datetime


@dataclass(frozen=True, slots=True)
class Position:
    trade: str
    head_count: int
    salary: int
    """A month's pay in whole units of ``currency``."""
    currency: str
    """ISO 4217 (``AED``)."""


@dataclass(frozen=True, slots=True)
class Benefits:
    accommodation: bool = False
    transport: bool = False
    food: bool = False


@dataclass(frozen=True, slots=True)
class JobOrder:
    id: str
    employer_id: str
    positions: tuple[Position, ...]
    benefits: Benefits
    contract_months: int
    valid_until: date
    domestic_work: bool
    """Domestic work in a household (with a GCC employer it needs a compliance override)."""
    version: int
    created_by: str
    created_at: datetime
    updated_by: str
    updated_at: datetime
    approval: Approval | None = None
    override: ComplianceOverride | None = None
    files: tuple[OrderFile, ...] = ()

    @property
    def head_count(self) -> int:
        return sum(p.head_count for p in self.positions)


@dataclass(frozen=True, slots=True)
class JobLink:
    """A job of the board filled for an order."""

    job_id: str
    order_id: str
    linked_by: str
    linked_at: datetime
