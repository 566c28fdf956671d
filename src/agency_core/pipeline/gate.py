"""The departure gate: what must hold before an applicant moves to Departed (issue 45 item 3).

Staff set a gate per destination (:class:`GateSettings`; the one with destination ``""`` is the
default of every destination without its own). :func:`check_departure` reads an applicant's
current documents against it on the departure date and names every check, passed or not, with
"N of M checks passed". A move to Departed that does not pass is refused with the failing checks.

The checks, each on the departure date: the passport valid at least N months after it (6 by
default: valid through the same day N months later); a medical result, fit and within its
validity; a police clearance within its validity; a visa or work permit issued by then and not
expired; the employment contract registered (a Labour Department number recorded); the
orientation attended by then; a ticket booked for a flight that day or later.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Final

from agency_core.pipeline.documents import (
    DOCUMENT_KINDS,
    FIT,
    DocumentKind,
    DocumentState,
    DocumentVersion,
    ValiditySettings,
    current,
    expiry,
)


class GateCheck(StrEnum):
    """One check per document kind (same values)."""

    PASSPORT = "passport"
    MEDICAL = "medical"
    POLICE_CLEARANCE = "police_clearance"
    VISA = "visa"
    CONTRACT = "contract"
    ORIENTATION = "orientation"
    TICKET = "ticket"


ALL_CHECKS: Final = tuple(GateCheck)
DEFAULT_PASSPORT_MONTHS: Final = 6
PASSPORT_MONTHS_MAX: Final = 24


@dataclass(frozen=True, slots=True)
class GateSettings:
    destination: str = ""
    """The destination country as the application form names it; ``""`` for the default."""
    passport_months: int = DEFAULT_PASSPORT_MONTHS
    validity: ValiditySettings = field(default_factory=ValiditySettings)
    checks: tuple[GateCheck, ...] = ALL_CHECKS
    """The checks this destination requires, in :data:`ALL_CHECKS` order."""


def destination_key(destination: str) -> str:
    """A destination's name in any case and spacing: ``" qatar "`` and ``"Qatar"`` are one gate."""
    return " ".join(destination.split()).casefold()


def settings_for(destination: str, stored: Sequence[GateSettings]) -> GateSettings:
    """The destination's own gate (its name in any case), else the default one, else :class:`GateSettings`."""
    key = destination_key(destination)
    own = [s for s in stored if s.destination and destination_key(s.destination) == key]
    if own:
        return own[0]
    return next((s for s in stored if not s.destination), GateSettings())


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later; the month's last day when it has no such day (31 Aug + 6 = 28/29 Feb)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


@dataclass(frozen=True, slots=True)
class CheckResult:
    check: GateCheck
    label: str
    passed: bool
    message: str
    """The label and what was found: ``Ticket booked: flight QR1408 on 2027-01-05``."""


@dataclass(frozen=True, slots=True)
class GateResult:
    departure_date: date
    destination: str
    checks: tuple[CheckResult, ...]
    documents: tuple[str, ...] = ()
    """The ids of the applicant's current document versions it read (a move past Departed is written
    on condition that they still are: :class:`~agency_core.unit_of_work.DocumentsChanged`)."""

    @property
    def passed_count(self) -> int:
        return sum(1 for c in self.checks if c.passed)

    @property
    def total(self) -> int:
        return len(self.checks)

    @property
    def passed(self) -> bool:
        return self.passed_count == self.total

    @property
    def failing(self) -> tuple[CheckResult, ...]:
        return tuple(c for c in self.checks if not c.passed)

    @property
    def summary(self) -> str:
        return f"{self.passed_count} of {self.total} checks passed"


def label_of(check: GateCheck, settings: GateSettings) -> str:
    if check is GateCheck.PASSPORT:
        months = settings.passport_months
        return f"Passport valid at least {months} month{'' if months == 1 else 's'} after departure"
    return _LABELS[check]


_LABELS: Final[Mapping[GateCheck, str]] = {
    GateCheck.MEDICAL: "Medical result fit and valid on the departure date",
    GateCheck.POLICE_CLEARANCE: "Police clearance in date on the departure date",
    GateCheck.VISA: "Visa or work permit issued and not expired",
    GateCheck.CONTRACT: "Employment contract registered with the Labour Department",
    GateCheck.ORIENTATION: "Pre-departure orientation attended",
    GateCheck.TICKET: "Ticket booked",
}

Verdict = tuple[bool, str]


@dataclass(frozen=True, slots=True)
class _On:
    """What a rule reads besides the document: the gate and the departure date."""

    settings: GateSettings
    departure: date


def _passport(doc: DocumentVersion, on: _On) -> Verdict:
    ends, needed = doc.date_of("expires_on"), add_months(on.departure, on.settings.passport_months)
    if ends is None or ends < needed:
        return False, f"expires {ends}, needs {needed} or later"
    return True, f"expires {ends}"


def _medical(doc: DocumentVersion, on: _On) -> Verdict:
    if doc.fields.get("result") != FIT:
        return False, f"result {doc.fields.get('result') or 'not recorded'}"
    return _in_date(doc, on)


def _in_date(doc: DocumentVersion, on: _On) -> Verdict:
    ends = expiry(doc, on.settings.validity)
    if ends is None or ends < on.departure:
        return False, f"valid until {ends}, before the departure on {on.departure}"
    return True, f"valid until {ends}"


def _visa(doc: DocumentVersion, on: _On) -> Verdict:
    issued, ends = doc.date_of("issued_on"), doc.date_of("expires_on")
    if issued is None or issued > on.departure:
        return False, f"issued {issued}, after the departure on {on.departure}"
    if ends is None or ends < on.departure:
        return False, f"expires {ends}, before the departure on {on.departure}"
    return True, f"{doc.fields.get('permit', 'visa')} {doc.fields.get('number', '')}, expires {ends}"


def _contract(doc: DocumentVersion, on: _On) -> Verdict:  # noqa: ARG001 - every rule takes the same arguments
    number = doc.fields.get("registration_number", "")
    return (True, f"registration number {number}") if number else (False, "no registration number recorded")


def _orientation(doc: DocumentVersion, on: _On) -> Verdict:
    attended = doc.date_of("attended_on")
    if attended is None or attended > on.departure:
        return False, f"attended on {attended}, after the departure on {on.departure}"
    return True, f"attended on {attended}"


def _ticket(doc: DocumentVersion, on: _On) -> Verdict:
    flight, departs = doc.fields.get("flight", ""), doc.date_of("departs_on")
    if departs is None or departs < on.departure:
        return False, f"flight {flight} on {departs}, before the departure on {on.departure}"
    return True, f"flight {flight} on {departs}"


_RULES: Final[Mapping[GateCheck, Callable[[DocumentVersion, _On], Verdict]]] = {
    GateCheck.PASSPORT: _passport,
    GateCheck.MEDICAL: _medical,
    GateCheck.POLICE_CLEARANCE: _in_date,
    GateCheck.VISA: _visa,
    GateCheck.CONTRACT: _contract,
    GateCheck.ORIENTATION: _orientation,
    GateCheck.TICKET: _ticket,
}


def _one(check: GateCheck, documents: Sequence[DocumentVersion], on: _On) -> CheckResult:
    label = label_of(check, on.settings)
    kind = DocumentKind(check.value)
    doc = current(documents, kind)
    if doc is None:
        passed, detail = False, f"no {DOCUMENT_KINDS[kind].label.lower()} recorded"
    else:
        passed, detail = _RULES[check](doc, on)
    return CheckResult(check, label, passed, f"{label}: {detail}")


def check_departure(
    documents: Sequence[DocumentVersion], gate_settings: GateSettings, departure_date: date
) -> GateResult:
    """Every check ``gate_settings`` requires, on ``departure_date``, against the current version of
    each kind in ``documents`` (an applicant's; versions a renewal replaced are ignored)."""
    wanted = [c for c in ALL_CHECKS if c in gate_settings.checks]
    on = _On(gate_settings, departure_date)
    results = tuple(_one(c, documents, on) for c in wanted)
    read = tuple(sorted(v.id for v in documents if v.state is DocumentState.CURRENT))
    return GateResult(departure_date, gate_settings.destination, results, read)


def departure_date_of(documents: Sequence[DocumentVersion], today: date) -> date:
    """The date a move to Departed is checked on: the current ticket's flight date, else ``today``."""
    ticket = current(documents, DocumentKind.TICKET)
    departs = ticket.date_of("departs_on") if ticket is not None else None
    return departs or today
