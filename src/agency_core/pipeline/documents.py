"""An applicant's documents, each kind with its fields, every version kept (issue 45 item 2).

The kinds are data (:data:`DOCUMENT_KINDS`): a passport, a medical result, a police clearance, a
visa or work permit, the employment contract, the orientation certificate and the ticket, each
with the fields staff record (dates as ISO text, ``2027-05-31``). A :class:`DocumentVersion` is
one recording of one kind; recording the same kind again is a renewal: the new version is
current and the previous one is kept, marked Renewed (or Expired when it had run out by then).
A current version past its expiry reads Expired by the clock (:func:`state_on`).

How long a medical result or a police clearance stays valid differs by destination: those
periods are settings (:class:`ValiditySettings`, kept per destination with the departure gate),
and a version's expiry is the earlier of the date written on it and its date plus the period.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Final

from agency_core.errors import Rejected


class DocumentKind(StrEnum):
    PASSPORT = "passport"
    MEDICAL = "medical"
    POLICE_CLEARANCE = "police_clearance"
    VISA = "visa"
    CONTRACT = "contract"
    ORIENTATION = "orientation"
    TICKET = "ticket"


class DocumentState(StrEnum):
    CURRENT = "current"
    RENEWED = "renewed"
    """A later version replaced it while it was still valid."""
    EXPIRED = "expired"
    """It ran out: replaced after its expiry, or current and past it (read by the clock)."""


class FieldType(StrEnum):
    TEXT = "text"
    DATE = "date"
    CHOICE = "choice"


FIT: Final = "fit"
UNFIT: Final = "unfit"
TEXT_MAX: Final = 100


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    label: str
    type: FieldType = FieldType.TEXT
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class KindSpec:
    kind: DocumentKind
    label: str
    fields: tuple[FieldSpec, ...]
    expires_field: str = ""
    """The field holding the date it is valid until (inclusive), if it has one."""
    dated_field: str = ""
    """The field its validity period (a setting) counts from, if it has one."""
    after: tuple[tuple[str, str], ...] = ()
    """Pairs of date fields ``(earlier, later)`` that must be in that order."""


def _date(name: str, label: str, required: bool = True) -> FieldSpec:
    return FieldSpec(name, label, FieldType.DATE, required)


DOCUMENT_KINDS: Final[Mapping[DocumentKind, KindSpec]] = {
    spec.kind: spec
    for spec in (
        KindSpec(
            DocumentKind.PASSPORT,
            "Passport",
            (
                FieldSpec("number", "Passport number"),
                _date("issued_on", "Issue date"),
                _date("expires_on", "Expiry date"),
            ),
            expires_field="expires_on",
            after=(("issued_on", "expires_on"),),
        ),
        KindSpec(
            DocumentKind.MEDICAL,
            "Medical result",
            (
                FieldSpec("centre", "Medical centre"),
                _date("examined_on", "Examination date"),
                FieldSpec("result", "Result", FieldType.CHOICE, choices=(FIT, UNFIT)),
                _date("valid_until", "Valid until", required=False),
            ),
            expires_field="valid_until",
            dated_field="examined_on",
            after=(("examined_on", "valid_until"),),
        ),
        KindSpec(
            DocumentKind.POLICE_CLEARANCE,
            "Police clearance",
            (_date("issued_on", "Issue date"), _date("valid_until", "Valid until", required=False)),
            expires_field="valid_until",
            dated_field="issued_on",
            after=(("issued_on", "valid_until"),),
        ),
        KindSpec(
            DocumentKind.VISA,
            "Visa or work permit",
            (
                FieldSpec("permit", "Type", FieldType.CHOICE, choices=("visa", "work permit")),
                FieldSpec("number", "Number"),
                _date("issued_on", "Issue date"),
                _date("expires_on", "Expiry date"),
            ),
            expires_field="expires_on",
            after=(("issued_on", "expires_on"),),
        ),
        KindSpec(
            DocumentKind.CONTRACT,
            "Employment contract",
            (
                FieldSpec("registration_number", "Labour Department registration number", required=False),
                _date("signed_on", "Signing date", required=False),
            ),
        ),
        KindSpec(
            DocumentKind.ORIENTATION,
            "Orientation certificate",
            (
                _date("attended_on", "Attended on"),
                FieldSpec("certificate_number", "Certificate number", required=False),
            ),
        ),
        KindSpec(DocumentKind.TICKET, "Ticket", (FieldSpec("flight", "Flight"), _date("departs_on", "Flight date"))),
    )
}


@dataclass(frozen=True, slots=True)
class ValiditySettings:
    """How many days a medical result and a police clearance stay valid from their date (per destination)."""

    medical_days: int = 90
    police_clearance_days: int = 90

    def days_for(self, kind: DocumentKind) -> int | None:
        if kind is DocumentKind.MEDICAL:
            return self.medical_days
        if kind is DocumentKind.POLICE_CLEARANCE:
            return self.police_clearance_days
        return None


VALIDITY_DAYS_MAX: Final = 3660


@dataclass(frozen=True, slots=True)
class DocumentVersion:
    id: str
    application_id: str
    kind: DocumentKind
    version: int
    """1 for the first recording of the kind, one more for each renewal."""
    fields: Mapping[str, str]
    recorded_by: str
    recorded_at: datetime
    state: DocumentState = DocumentState.CURRENT
    """As stored: current until a renewal replaces it (:func:`state_on` reads the clock too)."""
    file_key: str | None = None
    """The sealed scan in the private file store, if one was uploaded."""
    file_type: str = ""
    """The scan's extension (``.pdf``)."""
    replaced_at: datetime | None = None
    replaced_by: str = ""

    def date_of(self, name: str) -> date | None:
        raw = self.fields.get(name, "")
        try:
            return date.fromisoformat(raw) if raw else None
        except ValueError:
            return None


def expiry(version: DocumentVersion, validity: ValiditySettings) -> date | None:
    """The last day ``version`` is valid: the earlier of its own date and its date plus the period."""
    spec = DOCUMENT_KINDS[version.kind]
    candidates: list[date] = []
    written = version.date_of(spec.expires_field) if spec.expires_field else None
    if written is not None:
        candidates.append(written)
    days = validity.days_for(version.kind)
    start = version.date_of(spec.dated_field) if spec.dated_field else None
    if days is not None and start is not None:
        candidates.append(start + timedelta(days=days))
    return min(candidates, default=None)


def state_on(version: DocumentVersion, today: date, validity: ValiditySettings) -> DocumentState:
    """The state as shown on ``today``: a current version past its expiry is Expired."""
    if version.state is not DocumentState.CURRENT:
        return version.state
    ends = expiry(version, validity)
    return DocumentState.EXPIRED if ends is not None and ends < today else DocumentState.CURRENT


def current(versions: Sequence[DocumentVersion], kind: DocumentKind) -> DocumentVersion | None:
    """The kind's version that no renewal has replaced (the highest number, if the store holds two)."""
    live = [v for v in versions if v.kind is kind and v.state is DocumentState.CURRENT]
    return max(live, key=lambda v: v.version, default=None)


@dataclass(frozen=True, slots=True)
class Renewal:
    """What one recording writes: the new version, and the previous one closed (None for a first)."""

    new: DocumentVersion
    previous: DocumentVersion | None = None
    """The previous version as it was read (the store writes on condition it is still so)."""
    closed: DocumentVersion | None = None
    """The previous version as it is written: Renewed, or Expired if it had run out by ``today``."""


@dataclass(frozen=True, slots=True)
class NewDocument:
    id: str
    application_id: str
    kind: DocumentKind
    fields: Mapping[str, str]
    recorded_by: str
    recorded_at: datetime
    file_key: str | None = None
    file_type: str = ""


def renew(previous: DocumentVersion | None, new: NewDocument, today: date, validity: ValiditySettings) -> Renewal:
    """Record ``new`` after ``previous`` (the kind's current version, or None)."""
    version = DocumentVersion(
        new.id,
        new.application_id,
        new.kind,
        1 if previous is None else previous.version + 1,
        dict(new.fields),
        new.recorded_by,
        new.recorded_at,
        file_key=new.file_key,
        file_type=new.file_type,
    )
    if previous is None:
        return Renewal(version)
    ran_out = state_on(previous, today, validity) is DocumentState.EXPIRED
    closed = replace(
        previous,
        state=DocumentState.EXPIRED if ran_out else DocumentState.RENEWED,
        replaced_at=new.recorded_at,
        replaced_by=new.recorded_by,
    )
    return Renewal(version, previous, closed)


# -- checking what staff send ------------------------------------------------------------------


def _required(spec: FieldSpec) -> str:
    return f"{spec.label} is required"


def _read_one(spec: FieldSpec, raw: object) -> tuple[str, str | None]:
    text = " ".join(raw.split()) if isinstance(raw, str) else ""
    if not text:
        return "", _required(spec) if spec.required else None
    if spec.type is FieldType.DATE:
        try:
            return date.fromisoformat(text).isoformat(), None
        except ValueError:
            return "", f"{spec.label} must be a date such as 2027-05-31"
    if spec.type is FieldType.CHOICE and text.lower() not in spec.choices:
        return "", f"{spec.label} must be one of: {', '.join(spec.choices)}"
    if len(text) > TEXT_MAX:
        return "", f"{spec.label} must be at most {TEXT_MAX} characters"
    return (text.lower() if spec.type is FieldType.CHOICE else text), None


def read_fields(kind: DocumentKind, raw: Mapping[str, object]) -> dict[str, str]:
    """The kind's fields from what staff sent (by field name), blanks left out; :class:`Rejected`
    with one message per field that breaks the rules. Fields the kind does not have are ignored."""
    spec = DOCUMENT_KINDS[kind]
    values: dict[str, str] = {}
    errors: dict[str, str] = {}
    for one in spec.fields:
        value, error = _read_one(one, raw.get(one.name))
        if error:
            errors[one.name] = error
        elif value:
            values[one.name] = value
    labels = {f.name: f.label for f in spec.fields}
    for earlier, later in spec.after:
        if earlier in values and later in values and values[later] < values[earlier]:
            errors.setdefault(later, f"{labels[later]} must not be before the {labels[earlier].lower()}")
    if errors:
        raise Rejected(errors)
    return values
