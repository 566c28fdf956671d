"""The spec's forms as types: what each public form's validation produces, field by field.

Each class is a frozen dataclass whose attributes are the form's fields in snake case; the spec's
(and the stored) name of an attribute is its camel-case form (:func:`spec_name`: ``date_of_birth``
is ``dateOfBirth``). :func:`form_of` builds one from the values :func:`~agency_core.spec.validation.validate`
cleaned, :func:`form_values` gives the values back by spec name. A blank text (``""``), an
empty choice list or a checkbox of ``None`` is a field the record does not hold: validation never
keeps a blank text and always gives a checkbox ``True`` or ``False``, and :func:`form_values`
leaves blanks out, so a record is stored with exactly the fields it was stored with before it had
a type (and one an older version stored reads and writes back as it was).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

_CAMEL_HUMP: Final = re.compile(r"_([a-z])")

FieldValue = str | bool | tuple[str, ...]
"""A typed form's value: text, a checkbox or a multi-select's choices."""


class FormValues:
    """The base of every typed form: stored by spec name, blank fields left out (see the module)."""

    __slots__ = ()


F = TypeVar("F", bound=FormValues)


def spec_name(attribute: str) -> str:
    """The spec's (camel-case) name of a typed form's attribute."""
    return _CAMEL_HUMP.sub(lambda hump: hump.group(1).upper(), attribute)


_SPEC_NAMES: dict[type, tuple[tuple[str, str], ...]] = {}


def spec_names(kind: type[FormValues]) -> tuple[tuple[str, str], ...]:
    """(attribute, spec name) of each of ``kind``'s fields, in order (worked out once per form)."""
    if kind not in _SPEC_NAMES:
        _SPEC_NAMES[kind] = tuple((f.name, spec_name(f.name)) for f in dataclasses.fields(kind))  # type: ignore[arg-type]
    return _SPEC_NAMES[kind]


def _is_blank(value: object) -> bool:
    return value is None or value == "" or value == ()


def form_values(form: FormValues) -> dict[str, FieldValue]:
    """The fields ``form`` holds, by spec name, in the form's order, blank ones left out."""
    values = ((name, getattr(form, attribute)) for attribute, name in spec_names(type(form)))
    return {name: value for name, value in values if not _is_blank(value)}


def form_fields(form: FormValues, names: Sequence[str]) -> tuple[FieldValue | None, ...]:
    """The values of the fields ``names`` (by spec name) in that order, ``None`` for a blank one."""
    values = form_values(form)
    return tuple(values.get(name) for name in names)


def form_of(kind: type[F], values: Mapping[str, object]) -> F:
    """The ``kind`` form of ``values`` (by spec name; names ``kind`` has no field for are ignored,
    a field ``values`` lacks stays blank)."""
    given: dict[str, Any] = {}
    for attribute, name in spec_names(kind):
        value = values.get(name)
        if not _is_blank(value):
            given[attribute] = tuple(value) if isinstance(value, list) else value
    return kind(**given)


@dataclass(frozen=True, slots=True, kw_only=True)
class ApplicationForm(FormValues):
    """The application form (spec section 5, four steps) without its uploads, the open job it
    names, the consent record and, once retention removed the files, the note saying so."""

    first_name: str = ""
    last_name: str = ""
    email: str = ""
    phone: str = ""
    """E.164 (validation normalises it)."""
    phone_region: str = ""
    """The region the phone was read in (``AE``); "" on a record stored before regions were kept."""
    country: str = ""
    city: str = ""
    date_of_birth: str = ""
    """``YYYY-MM-DD``."""
    nationality: str = ""
    preferred_country: str = ""
    job_category: str = ""
    experience: str = ""
    education: str = ""
    languages: str = ""
    availability: str = ""
    salary: str = ""
    has_passport: bool | None = None
    """A checkbox: validation always gives ``True`` or ``False``; ``None`` only on a record stored without it."""
    passport_number: str = ""
    """Sealed at rest by the stores (``adapters/sealing.py``); the core sees it plain."""
    passport_expiry: str = ""
    additional_info: str = ""
    terms: bool | None = None
    job_id: str = ""
    """The open job applied for ("" for none); not one of the form's fields, checked on its own."""
    job_title: str = ""
    privacy_notice_version: str = ""
    privacy_notice_accepted_at: str = ""
    files_removed: str = ""
    """Set by retention when it deleted the uploads: what was removed and when."""

    @property
    def applicant_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    @property
    def duplicate_key(self) -> str:
        """Same e-mail (any case), job category and preferred country: the same application."""
        return duplicate_key(self.email, self.job_category, self.preferred_country)


def duplicate_key(email: str, job_category: str, preferred_country: str) -> str:
    return "\x1f".join((email.strip().lower(), job_category, preferred_country))


@dataclass(frozen=True, slots=True, kw_only=True)
class AppointmentRequest(FormValues):
    """The appointment form, with the consent record."""

    full_name: str = ""
    email: str = ""
    phone: str = ""
    phone_region: str = ""
    country_of_interest: str = ""
    service_type: str = ""
    preferred_date: str = ""
    """``YYYY-MM-DD`` in the office's zone; a move rewrites it."""
    preferred_time: str = ""
    """One of the spec's slot labels (``10:00 AM``)."""
    message: str = ""
    consent: bool | None = None
    privacy_notice_version: str = ""
    privacy_notice_accepted_at: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ContactForm(FormValues):
    name: str = ""
    email: str = ""
    phone: str = ""
    phone_region: str = ""
    service: str = ""
    subject: str = ""
    message: str = ""
    privacy_notice_version: str = ""
    privacy_notice_accepted_at: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class JobAlertRequest(FormValues):
    email: str = ""
    job_category: str = ""
    preferred_country: str = ""
    salary_range: str = ""
    experience_level: str = ""
    privacy_notice_version: str = ""
    privacy_notice_accepted_at: str = ""

    @property
    def phone(self) -> str:
        """The job-alert form asks for no phone."""
        return ""


@dataclass(frozen=True, slots=True, kw_only=True)
class NewsletterForm(FormValues):
    name: str = ""
    email: str = ""
    interests: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class NewAppointmentNotice(FormValues):
    """What the admin notification of a new booking says."""

    reference: str = ""
    full_name: str = ""
    email: str = ""
    phone: str = ""
    service_type: str = ""
    preferred_date: str = ""
    preferred_time: str = ""


Consented = TypeVar("Consented", ApplicationForm, AppointmentRequest, ContactForm, JobAlertRequest)
"""A form stored with the consent record (:mod:`agency_core.spec.consent`)."""
