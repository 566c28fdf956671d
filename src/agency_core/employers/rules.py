"""The rules of employers and job orders: reading staff's input (one message per field), an
employer's search key, what keeps a job linked to an order from being published, and an order's
fill (selected and deployed against its head-count) with whether it is closed to new applications.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from agency_core.employers.model import (
    GCC_COUNTRIES,
    ApprovalKind,
    Benefits,
    Contact,
    Employer,
    JobOrder,
    OrderFileKind,
    Position,
)
from agency_core.errors import Rejected
from agency_core.spec.numbers import ascii_whole_number
from agency_core.spec.phone_numbers import (
    INVALID_PHONE,
    UNKNOWN_REGION,
    ambiguity_message,
    is_phone_region,
    phone_readings,
    region_of,
)
from agency_core.spec.validation import INVALID_DATE, INVALID_EMAIL, INVALID_OPTION, TOO_LONG, is_email
from agency_core.staff.search import fold, phone_forms

REQUIRED: Final = "This field is required"
UNKNOWN_COUNTRY: Final = "Choose the country from the list"
NO_CONTACT: Final = "Add at least one contact"
CONTACT_REACH: Final = "Give the contact's e-mail or phone"
WHOLE_NUMBER: Final = "Enter a whole number from {low} to {high}"
CURRENCY: Final = "Enter the currency's three-letter code (AED)"
NO_POSITION: Final = "Add at least one position"
VALID_UNTIL_PAST: Final = "Choose today or a later date"
NO_APPROVAL: Final = (
    "The order has no Labour Department approval reference (labour certificate or MoU): "
    "a job linked to it cannot be published"
)
NO_OVERRIDE: Final = (
    "Domestic work in a GCC household: record a compliance override (reason, who, when) "
    "before a job linked to this order is published"
)
ORDER_CLOSED: Final = (
    "The order is closed to new applications (its head-count is filled or it is past its valid-until date)"
)
SHORT_REASON: Final = "Give the reason in at least {low} characters"

SHORT: Final = 200
LONG: Final = 5000
MAX_CONTACTS: Final = 20
MAX_POSITIONS: Final = 50
MAX_HEAD_COUNT: Final = 10_000
MAX_SALARY: Final = 10_000_000
MAX_CONTRACT_MONTHS: Final = 120
MIN_REASON: Final = 10
_CURRENCY_RE: Final = re.compile(r"[A-Z]{3}")


class _Reader:
    """Reads fields of a sent body and collects one message per field."""

    def __init__(self, data: Mapping[str, object], prefix: str = "") -> None:
        self.data = data
        self.prefix = prefix
        self.errors: dict[str, str] = {}

    def fail(self, name: str, message: str) -> None:
        self.errors.setdefault(self.prefix + name, message)

    def text(self, name: str, *, required: bool = True, limit: int = SHORT) -> str:
        raw = self.data.get(name)
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if required:
                self.fail(name, REQUIRED)
            return ""
        if not isinstance(raw, str):
            self.fail(name, "Enter text")
            return ""
        text = raw.strip()
        if len(text) > limit:
            self.fail(name, TOO_LONG.format(max=limit))
        return text

    def whole(self, name: str, low: int, high: int) -> int:
        raw = self.data.get(name)
        if raw is None or raw == "":
            self.fail(name, REQUIRED)
            return low
        number = raw if isinstance(raw, int) and not isinstance(raw, bool) else _int_of(raw)
        if number is None or not low <= number <= high:
            self.fail(name, WHOLE_NUMBER.format(low=low, high=high))
            return low
        return number

    def flag(self, name: str) -> bool:
        raw = self.data.get(name)
        if raw is None:
            return False
        if not isinstance(raw, bool):
            self.fail(name, INVALID_OPTION)
            return False
        return raw

    def country(self, name: str) -> str:
        code = self.text(name).upper()
        if code and not is_phone_region(code):
            self.fail(name, UNKNOWN_COUNTRY)
        return code

    def items(self, name: str, limit: int) -> list[Mapping[str, object]]:
        raw = self.data.get(name)
        if raw is None:
            return []
        if not isinstance(raw, list) or len(raw) > limit or not all(isinstance(i, Mapping) for i in raw):
            self.fail(name, f"Send a list of at most {limit}")
            return []
        return list(raw)

    def merge(self, other: _Reader) -> None:
        for name, message in other.errors.items():
            self.errors.setdefault(name, message)

    def done(self) -> None:
        if self.errors:
            raise Rejected(self.errors)


def _int_of(raw: object) -> int | None:
    if isinstance(raw, float) and raw.is_integer():  # JSON's 730.0 is the whole number 730
        return int(raw)
    if isinstance(raw, str):
        return ascii_whole_number(raw)
    return None


@dataclass(frozen=True, slots=True)
class EmployerInput:
    company: str
    country: str
    city: str
    licence_number: str
    contacts: tuple[Contact, ...]
    notes: str


def read_phone(raw: str, region: str) -> tuple[str, str | None]:
    """``raw`` as E.164 read in ``region`` (a number with its + code needs none), or its message."""
    readings = phone_readings(raw, region or None)
    if not readings:
        return raw, INVALID_PHONE
    if len(readings) > 1:
        return raw, ambiguity_message(tuple(r.e164 for r in readings))
    return readings[0].e164, None


def _contact(raw: Mapping[str, object], prefix: str, employer_country: str) -> tuple[Contact, _Reader]:
    reader = _Reader(raw, prefix)
    name = reader.text("name")
    email = reader.text("email", required=False)
    if email and not is_email(email):
        reader.fail("email", INVALID_EMAIL)
    phone = reader.text("phone", required=False, limit=40)
    region = reader.text("phoneCountry", required=False, limit=2).upper() or employer_country
    if phone and not is_phone_region(region):
        reader.fail("phoneCountry", UNKNOWN_REGION)
    elif phone:
        phone, problem = read_phone(phone, region)
        if problem is not None:
            reader.fail("phone", problem)
        else:
            region = region_of(phone) or region  # a number typed with its + code is of its own country
    if not email and not phone:
        reader.fail("email", CONTACT_REACH)
    return Contact(name, email, phone, region if phone else ""), reader


def read_employer(data: Mapping[str, object]) -> EmployerInput:
    """Staff's employer as sent (camelCase names); ``Rejected`` naming each bad field. A contact's
    phone is read in its ``phoneCountry``, else in the employer's country (never Ghana by default)."""
    reader = _Reader(data)
    company = reader.text("company")
    country = reader.country("country")
    city = reader.text("city")
    licence = reader.text("licenceNumber", limit=100)
    notes = reader.text("notes", required=False, limit=LONG)
    contacts = []
    for n, raw in enumerate(reader.items("contacts", MAX_CONTACTS)):
        contact, read = _contact(raw, f"contacts.{n}.", country if is_phone_region(country) else "")
        contacts.append(contact)
        reader.merge(read)
    if not contacts:
        reader.fail("contacts", NO_CONTACT)
    reader.done()
    return EmployerInput(company, country, city, licence, tuple(contacts), notes)


def employer_search_key(employer_id: str, form: EmployerInput) -> str:
    """What an employer is found by, folded as an applicant is: company, city, country, licence,
    ID, each contact's name and e-mail, and each phone in the forms it is typed in."""
    parts = [fold(form.company), fold(form.city), fold(form.country), fold(form.licence_number), fold(employer_id)]
    for contact in form.contacts:
        parts += [fold(contact.name), fold(contact.email)]
        if contact.phone:
            parts += list(phone_forms(contact.phone, contact.phone_country))
    return " ".join(p for p in parts if p)


@dataclass(frozen=True, slots=True)
class OrderInput:
    employer_id: str
    positions: tuple[Position, ...]
    benefits: Benefits
    contract_months: int
    valid_until: date
    domestic_work: bool


def _position(raw: Mapping[str, object], prefix: str) -> tuple[Position, _Reader]:
    reader = _Reader(raw, prefix)
    trade = reader.text("trade")
    head_count = reader.whole("headCount", 1, MAX_HEAD_COUNT)
    salary = reader.whole("salary", 0, MAX_SALARY)
    currency = reader.text("currency", limit=3).upper()
    if currency and not _CURRENCY_RE.fullmatch(currency):
        reader.fail("currency", CURRENCY)
    return Position(trade, head_count, salary, currency), reader


def _date(reader: _Reader, name: str, today: date) -> date:
    text = reader.text(name, limit=10)
    if not text:
        return today
    try:
        day = date.fromisoformat(text)
    except ValueError:
        reader.fail(name, INVALID_DATE)
        return today
    if day < today:
        reader.fail(name, VALID_UNTIL_PAST)
    return day


def read_order(data: Mapping[str, object], today: date) -> OrderInput:
    """Staff's order as sent; ``Rejected`` naming each bad field (``positions.0.salary``...)."""
    reader = _Reader(data)
    employer_id = reader.text("employerId", limit=40)
    positions = []
    for n, raw in enumerate(reader.items("positions", MAX_POSITIONS)):
        position, read = _position(raw, f"positions.{n}.")
        positions.append(position)
        reader.merge(read)
    if not positions:
        reader.fail("positions", NO_POSITION)
    sent = data.get("benefits")
    benefits_reader = _Reader(sent if isinstance(sent, Mapping) else {}, "benefits.")
    if sent is not None and not isinstance(sent, Mapping):
        reader.fail("benefits", INVALID_OPTION)
    benefits = Benefits(
        benefits_reader.flag("accommodation"), benefits_reader.flag("transport"), benefits_reader.flag("food")
    )
    reader.merge(benefits_reader)
    months = reader.whole("contractMonths", 1, MAX_CONTRACT_MONTHS)
    valid_until = _date(reader, "validUntil", today)
    domestic = reader.flag("domesticWork")
    reader.done()
    return OrderInput(employer_id, tuple(positions), benefits, months, valid_until, domestic)


def read_approval(data: Mapping[str, object]) -> tuple[ApprovalKind, str]:
    reader = _Reader(data)
    raw = reader.text("kind", limit=40)
    reference = reader.text("reference", limit=100)
    kind = ApprovalKind.MOU
    try:
        kind = ApprovalKind(raw)
    except ValueError:
        if raw:
            reader.fail("kind", INVALID_OPTION)
    reader.done()
    return kind, reference


def read_override(data: Mapping[str, object]) -> str:
    reader = _Reader(data)
    reason = reader.text("reason", limit=LONG)
    if reason and len(reason) < MIN_REASON:
        reader.fail("reason", SHORT_REASON.format(low=MIN_REASON))
    reader.done()
    return reason


def read_file_kind(raw: object) -> OrderFileKind:
    try:
        return OrderFileKind(str(raw))
    except ValueError:
        raise Rejected({"kind": INVALID_OPTION}) from None


@dataclass(frozen=True, slots=True)
class Fill:
    """An order's head-count and how many of its applicants are selected (at Selected or a later
    stage, deployed ones included) and deployed (departed or later)."""

    head_count: int
    selected: int = 0
    deployed: int = 0

    @property
    def full(self) -> bool:
        return self.selected >= self.head_count


def is_expired(order: JobOrder, today: date) -> bool:
    """Past its valid-until date (it is valid through that day)."""
    return today > order.valid_until


def is_closed(order: JobOrder, fill: Fill, today: date) -> bool:
    """Closed to new applications: full, or expired."""
    return fill.full or is_expired(order, today)


def needs_override(order: JobOrder, employer: Employer) -> bool:
    """Domestic work in a GCC household."""
    return order.domestic_work and employer.country in GCC_COUNTRIES


def publish_problems(order: JobOrder, employer: Employer, fill: Fill, today: date) -> Sequence[str]:
    """Why a job linked to ``order`` cannot be published (nothing when it can)."""
    problems = []
    if order.approval is None:
        problems.append(NO_APPROVAL)
    if needs_override(order, employer) and order.override is None:
        problems.append(NO_OVERRIDE)
    if is_closed(order, fill, today):
        problems.append(ORDER_CLOSED)
    return problems
