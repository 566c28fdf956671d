"""Validation rules of every form (spec section 5), held as data.

A form is a tuple of :class:`Field` rules. :func:`validate` applies them on the server;
:mod:`agency_core.rules_export` exports the very same rules as JSON for the client's yup schemas,
so each message is written once, here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final, Literal, Protocol, cast, overload

from agency_core.spec import constants as c
from agency_core.spec.forms import F, form_of
from agency_core.spec.phone_numbers import DEFAULT_PHONE_REGION as DEFAULT_PHONE_REGION
from agency_core.spec.phone_numbers import INVALID_PHONE as INVALID_PHONE
from agency_core.spec.phone_numbers import PHONE_PATTERN as PHONE_PATTERN
from agency_core.spec.phone_numbers import (
    UNKNOWN_REGION,
    ambiguity_message,
    is_phone_region,
    phone_readings,
    region_of,
)
from agency_core.spec.phone_numbers import normalise_phone as normalise_phone

FieldKind = Literal[
    "text", "longtext", "email", "phone", "region", "date", "select", "multiselect", "checkbox", "file", "password"
]
"""``region``: a phone's country (an ISO 3166 code), read with the phone field that names it."""

EMAIL_PATTERN: Final = r'^[^\s@,;:<>"()\[\]\\\x00-\x1f\x7f]+@[^\s@,;:<>"()\[\]\\\x00-\x1f\x7f]+$'
"""The spec's e-mail rule, text@text with no spaces, for one address: no list (``,`` ``;``) or
group (``:``), no display name or its quotes and angle brackets, nothing that could end a mail
header (CR, LF or another control character). A field holding two addresses sent its mail to both."""

INVALID_EMAIL: Final = "Invalid email address"
INVALID_OPTION: Final = "Choose one of the listed options"
INVALID_DATE: Final = "Enter a valid date"
DATE_IN_PAST: Final = "Choose today or a later date"
TOO_LONG: Final = "Must be at most {max} characters"

SHORT_TEXT: Final = 200
LONG_TEXT: Final = 5000

_EMAIL_RE: Final = re.compile(EMAIL_PATTERN)


@dataclass(frozen=True, slots=True)
class Field:
    """One field's rule. ``required`` is the message shown when the field is empty."""

    name: str
    kind: FieldKind = "text"
    required: str | None = None
    options: tuple[str, ...] = ()
    must_be_true: bool = False
    not_before_today: bool = False
    only_when: str | None = None
    upload: str | None = None
    region: str | None = None
    """A phone's: the field holding its country (kind ``region``); blank: the number's own or ambiguous."""

    @property
    def max_length(self) -> int:
        return LONG_TEXT if self.kind == "longtext" else SHORT_TEXT


@dataclass(frozen=True, slots=True)
class Form:
    name: str
    fields: tuple[Field, ...]

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)


WHATSAPP_OPT_IN: Final = "whatsappOptIn"
"""The unchecked "Send me updates on WhatsApp" box of the application, booking and contact forms
(its wording and what a tick records: ``agency_core.whatsapp.optins``)."""


def _whatsapp_opt_in() -> Field:
    return Field(WHATSAPP_OPT_IN, "checkbox")


def _email(message: str = "Email is required") -> Field:
    return Field("email", "email", message)


def _phone(required: str | None = None) -> tuple[Field, Field]:
    """The phone and its country: the forms store the number in E.164 with the region it was read in."""
    return Field("phone", "phone", required, region="phoneRegion"), Field("phoneRegion", "region")


NEWSLETTER: Final = Form(
    "newsletter",
    (
        Field("name", required="Name is required"),
        _email(),
        Field("interests", "multiselect", options=c.NEWSLETTER_INTERESTS),
    ),
)

JOB_ALERT: Final = Form(
    "jobAlert",
    (
        _email(),
        Field("jobCategory", "select", "Job category is required", c.JOB_ALERT_CATEGORIES),
        Field("preferredCountry", "select", "Country is required", c.JOB_ALERT_COUNTRIES),
        Field("salaryRange", "select", options=c.SALARY_RANGES),
        Field("experienceLevel", "select", options=c.JOB_ALERT_EXPERIENCE_LEVELS),
    ),
)

APPLICATION_STEPS: Final = (
    Form(
        "applicationPersonal",
        (
            Field("firstName", required="First name is required"),
            Field("lastName", required="Last name is required"),
            _email(),
            *_phone("Phone number is required"),
            _whatsapp_opt_in(),
            Field("country", required="Country is required"),
            Field("city", required="City is required"),
        ),
    ),
    Form(
        "applicationPreferences",
        (
            Field("dateOfBirth", "date", "Date of birth is required"),
            Field("nationality", required="Nationality is required"),
            Field("preferredCountry", "select", "Preferred country is required", c.APPLICATION_COUNTRIES),
            Field("jobCategory", "select", "Job category is required", c.APPLICATION_JOB_CATEGORIES),
        ),
    ),
    Form(
        "applicationExperience",
        (
            Field("experience", "select", "Experience level is required", c.APPLICATION_EXPERIENCE_LEVELS),
            Field("education", "select", "Education level is required", c.EDUCATION_LEVELS),
            Field("languages", required="Languages are required"),
            Field("availability", "select", "Availability is required", c.AVAILABILITY),
            Field("salary"),
        ),
    ),
    Form(
        "applicationDocuments",
        (
            Field("hasPassport", "checkbox"),
            Field("passportNumber", only_when="hasPassport"),
            Field("passportExpiry", "date", only_when="hasPassport"),
            Field("cv", "file", "CV is required", upload="cv"),
            Field("passport", "file", upload="passport"),
            Field("photo", "file", upload="photo"),
            Field("additionalInfo", "longtext"),
            Field("terms", "checkbox", "You must accept the terms and conditions", must_be_true=True),
        ),
    ),
)
APPLICATION: Final = Form("application", tuple(f for step in APPLICATION_STEPS for f in step.fields))

APPOINTMENT: Final = Form(
    "appointment",
    (
        Field("fullName", required="Full name is required"),
        _email(),
        *_phone("Phone number is required"),
        Field("countryOfInterest", "select", options=c.APPOINTMENT_COUNTRIES),
        Field("serviceType", "select", "Service type is required", c.APPOINTMENT_SERVICE_TYPES),
        Field("preferredDate", "date", "Preferred date is required", not_before_today=True),
        Field("preferredTime", "select", "Preferred time is required", c.APPOINTMENT_TIME_SLOTS),
        Field("message", "longtext"),
        _whatsapp_opt_in(),
        Field("consent", "checkbox", "You must agree to the terms", must_be_true=True),
    ),
)

CONTACT: Final = Form(
    "contact",
    (
        Field("name", required="Name is required"),
        _email(),
        *_phone(),
        Field("service", "select", options=c.CONTACT_SERVICES),
        Field("subject", required="Subject is required"),
        Field("message", "longtext", "Message is required"),
        _whatsapp_opt_in(),
    ),
)

ADMIN_LOGIN: Final = Form(
    "adminLogin",
    (_email(), Field("password", "password", "Password is required")),
)

FORMS: Final = {
    form.name: form
    for form in (NEWSLETTER, JOB_ALERT, *APPLICATION_STEPS, APPLICATION, APPOINTMENT, CONTACT, ADMIN_LOGIN)
}


class Sent(Protocol):
    """What a form's values are read from, by spec name: a mapping, or a decoded request body whose
    ``get`` reads its own fields (``app.api.schemas``), handed over as it is, with no dict made of it."""

    def get(self, name: str, /) -> object: ...


Value = str | bool | Sequence[str] | None
"""A submitted value: text, a checkbox, a multi-select, or nothing. Files are checked by
:mod:`agency_core.spec.uploads`; here a file field holds its file name, or nothing."""


def is_email(value: str) -> bool:
    """One address by the spec's rule (:data:`EMAIL_PATTERN`), the whole value (``$`` alone would let a
    final line break through)."""
    return bool(_EMAIL_RE.fullmatch(value))


def _is_blank(value: Value) -> bool:
    if value is None or value is False:
        return True
    if isinstance(value, str):
        return not value.strip()
    if isinstance(value, bool):
        return False
    return len(value) == 0


@dataclass(frozen=True, slots=True)
class Cleaned:
    """The outcome of validating a form: normalised values, or messages by field."""

    values: dict[str, Value]
    errors: dict[str, str]

    @property
    def ok(self) -> bool:
        return not self.errors

    def form(self, kind: type[F]) -> F:
        """The values as the typed form ``kind`` (:mod:`agency_core.spec.forms`)."""
        return form_of(kind, self.values)


@dataclass(frozen=True, slots=True)
class Invalid:
    """A form that breaks its rules: the message of each failing field."""

    errors: Mapping[str, str]


def _check(field: Field, value: Value, today: date, data: Sent) -> tuple[Value, str | None]:
    """Normalise one present, non-blank value and say what is wrong with it, if anything."""
    if field.kind == "checkbox":
        return _truthy(value), None
    if field.kind == "multiselect":
        return _check_choices(field, value)
    if not isinstance(value, str):
        return value, INVALID_OPTION if field.options else "Enter text"
    text = value.strip()
    if len(text) > field.max_length:
        return text, TOO_LONG.format(max=field.max_length)
    if field.kind == "phone":
        return _check_phone(text, _chosen_region(data.get(field.region)) if field.region else None)
    check = _TEXT_CHECKS.get(field.kind)
    return (text, None) if check is None else check(field, text, today)


def _check_choices(field: Field, value: Value) -> tuple[Value, str | None]:
    items = [value] if isinstance(value, str) else list(value) if not isinstance(value, bool) and value else []
    return items, INVALID_OPTION if any(item not in field.options for item in items) else None


def _check_email(_: Field, text: str, __: date) -> tuple[Value, str | None]:
    return text, None if is_email(text) else INVALID_EMAIL


def _chosen_region(raw: object) -> str | None:
    """The country chosen for a phone, when it is one (an unknown one is the region field's error)."""
    code = raw.strip().upper() if isinstance(raw, str) else ""
    return code if is_phone_region(code) else None


def _check_phone(text: str, region: str | None) -> tuple[Value, str | None]:
    readings = phone_readings(text, region)
    if not readings:
        return text, INVALID_PHONE
    if len(readings) > 1:
        return text, ambiguity_message(tuple(r.e164 for r in readings))
    return readings[0].e164, None


def _check_region(_: Field, text: str, __: date) -> tuple[Value, str | None]:
    code = text.upper()
    return code, None if is_phone_region(code) else UNKNOWN_REGION


def _check_select(field: Field, text: str, _: date) -> tuple[Value, str | None]:
    return text, None if text in field.options else INVALID_OPTION


def _check_date(field: Field, text: str, today: date) -> tuple[Value, str | None]:
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return text, INVALID_DATE
    if field.not_before_today and day < today:
        return text, DATE_IN_PAST
    return day.isoformat(), None


_TEXT_CHECKS: Mapping[str, Callable[[Field, str, date], tuple[Value, str | None]]] = {
    "email": _check_email,
    "region": _check_region,
    "select": _check_select,
    "date": _check_date,
}


@overload
def validate(form: Form, data: Sent, today: date) -> Cleaned: ...
@overload
def validate(form: Form, data: Sent, today: date, kind: type[F]) -> F | Invalid: ...
def validate(form: Form, data: Sent, today: date, kind: type[F] | None = None) -> Cleaned | F | Invalid:
    """Apply ``form``'s rules to ``data``: the first failing rule of each field gives its message.

    With ``kind`` (:mod:`agency_core.spec.forms`), the typed form the values make, or :class:`Invalid`
    with the messages; without, the :class:`Cleaned` values by spec name (what the rules' tests read).
    ``today`` is the agency's date (Africa/Accra); pass it in so tests can fix the clock.
    Unknown keys are dropped; fields that apply only when a checkbox is ticked are dropped
    when it is not.
    """
    values, errors = _clean(form, data, today)
    if kind is not None:
        return Invalid(errors) if errors else form_of(kind, values)
    # In the form's order (a phone's region, kept last above, stands after its phone), as records store it.
    ordered = {field.name: values[field.name] for field in form.fields if field.name in values}
    return Cleaned(ordered, errors)


def _clean(form: Form, data: Sent, today: date) -> tuple[dict[str, Value], dict[str, str]]:
    """The normalised values and the messages, by spec name."""
    values: dict[str, Value] = {}
    errors: dict[str, str] = {}
    for field in form.fields:
        if field.only_when is not None and not _truthy(data.get(field.only_when)):
            continue
        raw = data.get(field.name)
        if not _is_value(raw):
            errors[field.name] = INVALID_OPTION if field.options else "Enter text"
            continue
        value = cast(Value, raw)
        if _is_blank(value) or (field.must_be_true and not _truthy(value)):
            if field.required is not None:
                errors[field.name] = field.required
            elif field.kind == "checkbox":
                values[field.name] = False
            continue
        if field.kind == "file":
            values[field.name] = value
            continue
        cleaned, message = _check(field, value, today, data)
        values[field.name] = cleaned
        if message is not None:
            errors[field.name] = message
    _keep_phone_regions(form, values, errors)
    return values, errors


def _keep_phone_regions(form: Form, values: dict[str, Value], errors: dict[str, str]) -> None:
    """Each read phone's region is the one it was read in (``+971…`` with Ghana chosen is AE's);
    a region without a phone is not kept."""
    for field in form.fields:
        if field.kind != "phone" or field.region is None or field.region in errors:
            continue
        phone = values.get(field.name)
        if isinstance(phone, str) and field.name not in errors:
            values[field.region] = region_of(phone)
        else:
            values.pop(field.region, None)


def _is_value(raw: object) -> bool:
    if raw is None or isinstance(raw, str | bool):
        return True
    return isinstance(raw, list | tuple) and all(isinstance(item, str) for item in raw)


def _truthy(raw: object) -> bool:
    return raw is True or raw in ("true", "on")
