"""Job postings: the rules of the admin's job form, the public board's filters, automatic
closing and the ``JobPosting`` structured data (pure: no framework, no storage).

The same rules are exported to the client (``make rules`` writes them under ``jobForm`` in
``client/src/generated/rules.json``), so the admin's job editor and the server give the same
messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Final, Literal

from agency_core.spec import constants as c
from agency_core.spec.forms import FormValues, form_of, spec_name
from agency_core.spec.numbers import ascii_whole_number

JobFieldKind = Literal["text", "longtext", "select", "multiselect", "integer", "date"]

EMPLOYMENT_TYPES: Final = ("Full-time", "Part-time", "Contract", "Temporary")
"""What the admin picks; :data:`SCHEMA_EMPLOYMENT_TYPES` maps each to schema.org's value."""
SCHEMA_EMPLOYMENT_TYPES: Final = {
    "Full-time": "FULL_TIME",
    "Part-time": "PART_TIME",
    "Contract": "CONTRACTOR",
    "Temporary": "TEMPORARY",
}
SALARY_CURRENCIES: Final = ("USD", "AED", "SAR", "QAR", "KWD", "BHD", "OMR", "SGD", "MYR", "GHS")
SALARY_PERIODS: Final = ("month", "year", "week", "day", "hour")
JOB_BENEFITS: Final = (
    "Accommodation",
    "Transport",
    "Visa paid",
    "Flight paid",
    "Medical insurance",
    "Meals",
)
JOB_STATUSES: Final = ("draft", "open", "closed")
MAX_POSITIONS: Final = 1000
MAX_SALARY: Final = 10_000_000

JOB_NOT_OPEN: Final = "This job is no longer open for applications."
"""The 422 message of ``POST /api/applications`` naming a job that is not open."""
JOB_CLOSED_NOTICE: Final = "This position is closed"
SALARY_ORDER: Final = "Maximum salary must not be below the minimum"
CLOSING_DATE_PASSED: Final = "An open job needs a closing date of today or later"


@dataclass(frozen=True, slots=True)
class JobField:
    """One field of the job form. ``required`` is the message shown when it is empty."""

    name: str
    label: str
    kind: JobFieldKind = "text"
    required: str | None = None
    options: tuple[str, ...] = ()
    max_length: int = 200
    minimum: int | None = None
    maximum: int | None = None
    default: str | int | None = None

    @property
    def range_message(self) -> str:
        return f"{self.label} must be a whole number from {self.minimum} to {self.maximum}"


JOB_FORM: Final = (
    JobField("title", "Title", required="Title is required"),
    JobField("country", "Country", "select", "Country is required", c.APPLICATION_COUNTRIES),
    JobField("city", "City"),
    JobField("category", "Category", "select", "Category is required", c.APPLICATION_JOB_CATEGORIES),
    JobField("employmentType", "Employment type", "select", options=EMPLOYMENT_TYPES, default="Full-time"),
    JobField("positions", "Positions", "integer", minimum=1, maximum=MAX_POSITIONS, default=1),
    JobField("salaryMin", "Minimum salary", "integer", minimum=0, maximum=MAX_SALARY),
    JobField("salaryMax", "Maximum salary", "integer", minimum=0, maximum=MAX_SALARY),
    JobField("salaryCurrency", "Currency", "select", options=SALARY_CURRENCIES, default="USD"),
    JobField("salaryPeriod", "Salary period", "select", options=SALARY_PERIODS, default="month"),
    JobField("salaryRange", "Salary range"),
    JobField("description", "Description", "longtext", "Description is required", max_length=10_000),
    JobField("requirements", "Requirements", "longtext", max_length=10_000),
    JobField("benefits", "Benefits", "multiselect", options=JOB_BENEFITS),
    JobField("closingDate", "Closing date", "date"),
    JobField("status", "Status", "select", options=JOB_STATUSES, default="open"),
)
JOB_FIELDS: Final = {f.name: f for f in JOB_FORM}

INVALID_OPTION: Final = "Choose one of the listed options"
INVALID_DATE: Final = "Enter a valid date"
ENTER_TEXT: Final = "Enter text"
TOO_LONG: Final = "{label} must be at most {max} characters"


def status_message() -> str:
    return "Status must be draft, open or closed"


def _blank(f: JobField) -> tuple[object, str | None]:
    if f.required:
        return None, f.required
    if f.kind == "multiselect":
        return (), None
    return (f.default if f.default is not None else ("" if f.kind in ("text", "longtext") else None)), None


def _check_choices(f: JobField, raw: object) -> tuple[object, str | None]:
    if not isinstance(raw, list | tuple) or not all(isinstance(x, str) for x in raw):
        return (), INVALID_OPTION
    items = tuple(dict.fromkeys(raw))
    return items, None if all(x in f.options for x in items) else INVALID_OPTION


def _check_integer(f: JobField, raw: object) -> tuple[object, str | None]:
    number: int | None = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        number = raw
    elif isinstance(raw, float) and raw.is_integer():  # JSON's 526.0 is the whole number 526
        number = int(raw)
    elif isinstance(raw, str):
        number = ascii_whole_number(raw)
    too_small = number is not None and f.minimum is not None and number < f.minimum
    too_large = number is not None and f.maximum is not None and number > f.maximum
    if number is None or too_small or too_large:
        return None, f.range_message
    return number, None


def _check_text(f: JobField, raw: object) -> tuple[object, str | None]:
    if not isinstance(raw, str):
        return None, INVALID_OPTION if f.options else ENTER_TEXT
    text = raw.strip()
    if f.kind == "select":
        if text not in f.options:
            return text, status_message() if f.name == "status" else INVALID_OPTION
        return text, None
    if f.kind == "date":
        try:
            return date.fromisoformat(text), None
        except ValueError:
            return None, INVALID_DATE
    if len(text) > f.max_length:
        return text, TOO_LONG.format(label=f.label, max=f.max_length)
    return text, None


def _check_one(f: JobField, raw: object) -> tuple[object, str | None]:
    """The cleaned value of one field and what is wrong with it, if anything."""
    if raw is None or (isinstance(raw, str) and not raw.strip()) or (isinstance(raw, list) and not raw):
        return _blank(f)
    if f.kind == "multiselect":
        return _check_choices(f, raw)
    if f.kind == "integer":
        return _check_integer(f, raw)
    return _check_text(f, raw)


@dataclass(frozen=True, slots=True, kw_only=True)
class JobForm(FormValues):
    """The job form, cleaned by :func:`check_job` (a field with a message keeps its default)."""

    title: str = ""
    country: str = ""
    city: str = ""
    category: str = ""
    employment_type: str = "Full-time"
    positions: int = 1
    salary_min: int | None = None
    salary_max: int | None = None
    salary_currency: str = "USD"
    salary_period: str = "month"
    salary_range: str = ""
    description: str = ""
    requirements: str = ""
    benefits: tuple[str, ...] = ()
    closing_date: date | None = None
    status: str = "open"
    """One of :data:`JOB_STATUSES`."""


_SALARY_MAX: Final = spec_name("salary_max")
_CLOSING_DATE: Final = spec_name("closing_date")


def check_job(data: Mapping[str, object], today: date) -> tuple[JobForm, dict[str, str]]:
    """The job form (cleaned), and the messages by field (camelCase name)."""
    values: dict[str, object] = {}
    errors: dict[str, str] = {}
    for f in JOB_FORM:
        value, message = _check_one(f, data.get(f.name))
        values[f.name] = value
        if message is not None:
            errors[f.name] = message
    form = form_of(JobForm, values)
    low, high = form.salary_min, form.salary_max
    if low is not None and high is not None and high < low and _SALARY_MAX not in errors:
        errors[_SALARY_MAX] = SALARY_ORDER
    closing = form.closing_date
    if form.status == "open" and closing is not None and closing < today and _CLOSING_DATE not in errors:
        errors[_CLOSING_DATE] = CLOSING_DATE_PASSED
    return form, errors


def export_rules() -> dict[str, Any]:
    """The job form for the client (``rules.json`` → ``jobForm``)."""
    fields = []
    for f in JOB_FORM:
        out: dict[str, Any] = {"name": f.name, "label": f.label, "kind": f.kind, "maxLength": f.max_length}
        if f.required:
            out["required"] = f.required
        if f.options:
            out["options"] = list(f.options)
        if f.minimum is not None:
            out["minimum"] = f.minimum
            out["maximum"] = f.maximum
            out["rangeMessage"] = f.range_message
        if f.default is not None:
            out["default"] = f.default
        fields.append(out)
    return {
        "fields": fields,
        "messages": {
            "invalidOption": INVALID_OPTION,
            "invalidDate": INVALID_DATE,
            "tooLong": TOO_LONG,
            "salaryOrder": SALARY_ORDER,
            "closingDatePassed": CLOSING_DATE_PASSED,
            "status": status_message(),
            "closedNotice": JOB_CLOSED_NOTICE,
            "notOpen": JOB_NOT_OPEN,
        },
        "employmentTypes": list(EMPLOYMENT_TYPES),
        "currencies": list(SALARY_CURRENCIES),
        "periods": list(SALARY_PERIODS),
        "benefits": list(JOB_BENEFITS),
        "countryAliases": dict(COUNTRY_ALIASES),
    }


# -- reading jobs -------------------------------------------------------------------------

COUNTRY_ALIASES: Final = {"UAE": "United Arab Emirates"}
"""Short names used on the home page's country cards, and the job country they mean."""


def country_name(name: str) -> str:
    return COUNTRY_ALIASES.get(name, name)


def is_expired(closing_date: date | None, today: date) -> bool:
    """After its closing date a job closes by itself (the closing day itself is still open)."""
    return closing_date is not None and closing_date < today


def salary_text(salary_min: int | None, salary_max: int | None, currency: str, period: str, legacy: str = "") -> str:
    """``USD 2,000-3,000 / month``; the free-text range when no figures are given."""
    if salary_min is None and salary_max is None:
        return legacy
    if salary_min is not None and salary_max is not None and salary_min != salary_max:
        amount = f"{salary_min:,}-{salary_max:,}"
    elif salary_min is not None:
        amount = f"{salary_min:,}" if salary_max is not None else f"from {salary_min:,}"
    else:
        amount = f"up to {salary_max:,}"
    return f"{currency} {amount} / {period}"


def words_match(words: str, texts: Sequence[str]) -> bool:
    """Every word of ``words`` appears (any case) in one of ``texts``."""
    haystack = " ".join(texts).lower()
    return all(word in haystack for word in words.lower().split())


@dataclass(frozen=True, slots=True)
class JobSearch:
    """The public board's filters; empty means any."""

    country: str = ""
    category: str = ""
    words: str = ""


def format_iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")
