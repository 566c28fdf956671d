"""The request half of the published contract: what ``/schema`` says each body and query accepts.

The handlers decode leniently (every field optional, any JSON value) so that ``agency_core`` alone
answers a wrong value, with the spec's 422 message. The document must not be that lenient: a
client (or schemathesis) reading it should find that every value it calls valid is accepted. So
this module writes the request schemas from the core's own rules (the form fields, the job form,
the settings and paging checks): required fields, enums, whole numbers with their ranges, lengths,
dates. Where the core's rule is wider than JSON Schema can state exactly, the schema is narrower:

- a phone number is any number ``phonenumbers`` calls valid; the published pattern admits the
  Ghanaian and UAE mobile forms, each of which is valid;
- an e-mail is the spec's ``text@text``; dates are ``YYYY-MM-DD`` with days 01-28 (always real).

What JSON Schema cannot compare (a value with today, or with another field: an open job's closing
date, the appointment's date, minimum <= maximum salary, the erasure's repeated identifier) is in
the field's description; the core still answers 422 with its message (the suite's schemathesis
hooks, ``tests/api/schemathesis_hooks.py``, put those comparisons in order before sending).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from litestar.openapi.spec import OpenAPI, Operation, Parameter, Reference, Schema
from litestar.openapi.spec.enums import OpenAPIType

from agency_core.admin_settings import (
    ADMIN_PHONE_COUNT,
    MAX_APPOINTMENT_CAPACITY,
    MAX_DAILY_BOOKINGS,
    MAX_HORIZON_DAYS,
    SENDER_PATTERN,
)
from agency_core.bulk.model import EVERY_APPLICATION, MAX_SELECTION
from agency_core.employers.model import ApprovalKind
from agency_core.employers.packs import MAX_CANDIDATES
from agency_core.employers.rules import LONG as EMPLOYER_LONG
from agency_core.employers.rules import (
    MAX_CONTACTS,
    MAX_CONTRACT_MONTHS,
    MAX_HEAD_COUNT,
    MAX_POSITIONS,
    MAX_SALARY,
    MIN_REASON,
)
from agency_core.jobs.rules import JOB_FORM, JOB_STATUSES, JobField
from agency_core.messaging.bulk_texts import MAX_SEPTETS
from agency_core.messaging.parts_cap import LEAST_MAX_PARTS, MOST_MAX_PARTS
from agency_core.messaging.templates import MAX_LENGTH as TEMPLATE_MAX
from agency_core.messaging.templates import Channel as TemplateChannel
from agency_core.newsletter.issues import MAX_BODY, MAX_SUBJECT
from agency_core.paging import MAX_PAGE_SIZE
from agency_core.payments.fees import MAX_RULES as MAX_FEE_RULES
from agency_core.payments.fees import REASON_MAX as FEE_REASON_MAX
from agency_core.payments.fees import REFUND_RULES_MAX
from agency_core.payments.refunds import REASON_MAX as REFUND_REASON_MAX
from agency_core.pipeline.documents import VALIDITY_DAYS_MAX
from agency_core.pipeline.expiry_settings import PASSPORT_MONTHS_MAX as WINDOW_MONTHS_MAX
from agency_core.pipeline.expiry_settings import WINDOW_DAYS_MAX
from agency_core.pipeline.gate import ALL_CHECKS, PASSPORT_MONTHS_MAX
from agency_core.pipeline.gate_settings import DESTINATION_MAX
from agency_core.pipeline.moves import BULK_MAX
from agency_core.pipeline.stages import ALL_STAGES, CloseReason, StageKey
from agency_core.pipeline.stages import MAX_TEXT as STAGE_TEXT_MAX
from agency_core.records import APPOINTMENT_OUTCOMES, ApplicationStatus, AppointmentStatus, PaymentState
from agency_core.spec.constants import SENDER_ID_MAX_LENGTH
from agency_core.spec.phone_numbers import phone_regions
from agency_core.spec.validation import DEFAULT_PHONE_REGION, EMAIL_PATTERN, FORMS, Field
from agency_core.staff.blog_input import LONG as LONG_BLOG_TEXT
from agency_core.staff.notes import NOTE_MAX_LENGTH, REPLY_MAX_LENGTH, ReplyChannel
from agency_core.staff.query import APPLICATION_FILTERS, APPOINTMENT_VIEWS, MAX_SEARCH_LENGTH, MESSAGE_VIEWS, View

PHONE_PATTERN: Final = (
    r"^(?:\+233(?:2(?:[0346-9][0-9]|5[67])|5(?:[03-7][0-9]|9[1-9]))[0-9]{6}"
    r"|0(?:2(?:[0346-9][0-9]|5[67])|5(?:7[0-9]|9[1-9]))[0-9]{6}|\+9715[02-68][0-9]{7})$"
)
"""Ghanaian mobiles (``+233241234567``, or ``0241234567`` where no UAE mobile shares the local
form) and UAE mobiles (``+971501234567``), as libphonenumber's metadata defines them: every match
is a valid number, with or without a ``phoneRegion`` of ``GH``."""
DATE_PATTERN: Final = r"^[1-9][0-9]{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])$"
SPACE: Final = r"\s\x1c-\x1f\x85"
r"""White space by both readings of ``\s``: JSON Schema's (ECMA-262) lacks these five characters,
Python's (the core strips and matches with it) has them; a pattern must exclude either's."""
NOT_BLANK: Final = rf"[^{SPACE}]"
"""At least one character that is not white space (the core strips values before checking)."""
EMAIL: Final = EMAIL_PATTERN.replace(r"\s", SPACE)
"""The spec's ``text@text`` (:data:`agency_core.spec.validation.EMAIL_PATTERN`) in both readings."""
SHORT_TEXT: Final = 200
MAX_PAGE: Final = 999_999_999
"""The core reads at most nine ASCII digits of a page number."""


def _schema(spec: Mapping[str, Any]) -> Schema:
    """A Litestar ``Schema`` from a JSON Schema mapping (the keys this module uses)."""
    keys = {
        "enum": "enum",
        "pattern": "pattern",
        "maxLength": "max_length",
        "minLength": "min_length",
        "minimum": "minimum",
        "maximum": "maximum",
        "minItems": "min_items",
        "maxItems": "max_items",
        "minProperties": "min_properties",
        "required": "required",
        "description": "description",
        "const": "const",
        "format": "format",
    }
    args: dict[str, Any] = {keys[k]: v for k, v in spec.items() if k in keys}
    if "type" in spec:
        args["type"] = OpenAPIType(spec["type"])
    if "items" in spec:
        args["items"] = _schema(spec["items"])
    if "properties" in spec:
        args["properties"] = {name: _schema_or_ref(s) for name, s in spec["properties"].items()}
        args["additional_properties"] = spec.get("additionalProperties", True)
    if "anyOf" in spec:
        args["any_of"] = [_schema(s) for s in spec["anyOf"]]
    if "oneOf" in spec:
        args["one_of"] = [_schema_or_ref(s) for s in spec["oneOf"]]
    return Schema(**args)


def _schema_or_ref(spec: Mapping[str, Any]) -> Schema | Reference:
    return Reference(ref=spec["$ref"]) if "$ref" in spec else _schema(spec)


def ref(component: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{component}"}


def nullable(spec: dict[str, Any]) -> dict[str, Any]:
    """An optional field: its value, or ``null`` (the core takes ``null`` as left blank)."""
    return {"oneOf": [spec, {"type": "null"}]}


def text(max_length: int = SHORT_TEXT, *, required: bool = True) -> dict[str, Any]:
    spec: dict[str, Any] = {"type": "string", "maxLength": max_length}
    return {**spec, "minLength": 1, "pattern": NOT_BLANK} if required else spec


def choice(options: Iterable[str]) -> dict[str, Any]:
    return {"type": "string", "enum": list(options)}


def email() -> dict[str, Any]:
    return {
        "type": "string",
        "maxLength": SHORT_TEXT,
        "pattern": EMAIL,
        "description": "The spec's rule: text@text, no spaces",
    }


def phone() -> dict[str, Any]:
    return {
        "type": "string",
        "pattern": PHONE_PATTERN,
        "description": "Any valid phone number (Ghana by default, others with their + prefix); the "
        "pattern lists the Ghanaian and UAE mobile forms, a part of what the server accepts.",
    }


def day(note: str = "") -> dict[str, Any]:
    return {"type": "string", "pattern": DATE_PATTERN, "format": "date", "description": f"YYYY-MM-DD{note}"}


def whole(minimum: int, maximum: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def _form_field(field: Field) -> dict[str, Any]:
    if field.kind == "select":
        return choice(field.options)
    if field.kind == "multiselect":
        return {"type": "array", "items": choice(field.options)}
    if field.kind == "checkbox":
        return {"type": "boolean", "const": True} if field.must_be_true else {"type": "boolean"}
    if field.kind == "email":
        return email()
    if field.kind == "phone":
        return phone()
    if field.kind == "region":
        return {
            "enum": [DEFAULT_PHONE_REGION],
            "description": "The phone's country (ISO 3166, e.g. GH or AE): a local number is read in it; without "
            "it, a local number valid in more than one of the agency's countries is refused (422). Any region "
            "code the server's phone library knows is accepted; the published enum is a part of them.",
        }
    if field.kind == "date":
        return day(", today (Africa/Accra) or later" if field.not_before_today else "")
    return text(field.max_length, required=field.required is not None)


def form_body(form_name: str, *, multipart: bool = False) -> dict[str, Any]:
    """A public form's body from ``agency_core.spec.validation.FORMS``; the honeypot stays free."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for field in FORMS[form_name].fields:
        if field.kind == "file":
            continue
        spec = _form_field(field)
        if multipart and field.kind == "checkbox":
            spec = {"type": "string", "enum": ["true"] if field.must_be_true else ["true", "false"]}
        if field.required is not None and field.only_when is None:
            spec["description"] = f'Required: when missing, 422 with "{field.required}"'
            required.append(field.name)
        elif not multipart and not field.must_be_true:
            spec = nullable(spec)
        properties[field.name] = spec
    properties["website"] = {"type": "string", "maxLength": 0, "description": "Honeypot: leave empty."}
    if multipart:
        for field in FORMS[form_name].fields:
            if field.kind == "file":
                properties[field.name] = {"type": "string", "format": "binary"}
                if field.required is not None:
                    properties[field.name]["description"] = f'Required: when missing, 422 with "{field.required}"'
                    required.append(field.name)
        properties["jobId"] = {
            **text(required=False),
            "description": "The id of the open job applied for (from /jobs/{id}); 422 when it is not open",
        }
    return {"type": "object", "properties": properties, "required": required}


def _job_field(field: JobField) -> dict[str, Any]:
    if field.kind == "select":
        return choice(field.options)
    if field.kind == "multiselect":
        return {"type": "array", "items": choice(field.options)}
    if field.kind == "integer":
        return whole(field.minimum or 0, field.maximum or 0)
    if field.kind == "date":
        return day(", today or later when the job is open")
    return text(field.max_length, required=field.required is not None)


def job_body() -> dict[str, Any]:
    """The admin's job form from ``agency_core.jobs.rules.JOB_FORM``."""
    properties = {f.name: _job_field(f) if f.required else nullable(_job_field(f)) for f in JOB_FORM}
    properties["salaryMax"]["description"] = "Not below salaryMin"
    required = [f.name for f in JOB_FORM if f.required]
    return {"type": "object", "properties": properties, "required": required}


def _status_change(choices: Iterable[str]) -> dict[str, Any]:
    return {"type": "object", "properties": {"status": choice(choices)}, "required": ["status"]}


def _blog_body() -> dict[str, Any]:
    required = ("title", "excerpt", "author", "category", "readTime", "content")
    properties: dict[str, Any] = {name: text() for name in required}
    properties["content"] = text(LONG_BLOG_TEXT)
    properties["date"] = day()
    properties["image"] = {
        "type": "string",
        "pattern": r"^(?:https://[A-Za-z0-9.-]+|/[A-Za-z0-9_-])[A-Za-z0-9_./-]*$",
        "maxLength": SHORT_TEXT,
        "description": "An https:// address or a path on this site",
    }
    properties["tags"] = {"type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 50}}
    properties["featured"] = {"type": "boolean"}
    properties["published"] = {"type": "boolean"}
    return {"type": "object", "properties": properties, "required": [*required, "date"]}


def _settings_body() -> dict[str, Any]:
    switches = {s.value: {"type": "boolean"} for s in ApplicationStatus}
    return {
        "type": "object",
        "properties": {
            "adminPhones": {
                "type": "array",
                "items": phone(),
                "minItems": ADMIN_PHONE_COUNT,
                "maxItems": ADMIN_PHONE_COUNT,
            },
            "smsSender": {"type": "string", "maxLength": SENDER_ID_MAX_LENGTH, "pattern": SENDER_PATTERN.pattern},
            "statusSms": {"type": "object", "properties": switches, "required": list(switches)},
            "appointmentCapacity": {**whole(1, MAX_APPOINTMENT_CAPACITY), "description": "Left out: unchanged"},
            "closedDates": {"type": "array", "items": day(), "description": "Left out: unchanged"},
            "smsMaxParts": {**whole(LEAST_MAX_PARTS, MOST_MAX_PARTS), "description": "Left out: unchanged"},
            "bookingHorizonDays": {**whole(1, MAX_HORIZON_DAYS), "description": "Left out: unchanged"},
            "dailyBookingsPerPerson": {**whole(1, MAX_DAILY_BOOKINGS), "description": "Left out: unchanged"},
        },
        "required": ["adminPhones", "smsSender", "statusSms"],
    }


def _money(*, allow_none: bool) -> dict[str, Any]:
    amount = {"type": "string", "pattern": r"^\d{1,7}(?:\.\d{1,2})?$"}
    return {"anyOf": [{"type": "null"}, {"type": "string", "maxLength": 0}, amount]} if allow_none else amount


def _fee_rules() -> dict[str, Any]:
    rule = {
        "type": "object",
        "properties": {
            "match": text(),
            "amount": _money(allow_none=True),
            "reason": text(FEE_REASON_MAX),
        },
        "required": ["match", "amount", "reason"],
    }
    return {
        "type": "array",
        "items": rule,
        "maxItems": MAX_FEE_RULES,
        "description": "At most one rule per country or job (match compared without surrounding spaces)",
    }


def _fee_policy_body() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "defaultAmount": _money(allow_none=True),
            "defaultReason": text(FEE_REASON_MAX, required=False),
            "countries": _fee_rules(),
            "jobs": _fee_rules(),
            "refundRules": text(REFUND_RULES_MAX),
        },
        "required": ["refundRules"],
    }


def _refund_body() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "amount": {
                **_money(allow_none=True),
                "description": "Empty: all that remains; at most what remains of the paid fee",
            },
            "reason": text(REFUND_REASON_MAX),
        },
        "required": ["reason"],
    }


def identifier() -> dict[str, Any]:
    return {"anyOf": [email(), phone()], "description": "An e-mail address or a phone number"}


def _erase_body() -> dict[str, Any]:
    confirm = {**identifier(), "description": "The same identifier as q, typed again"}
    return {"type": "object", "properties": {"q": identifier(), "confirm": confirm}, "required": ["q", "confirm"]}


def _application_filter() -> dict[str, Any]:
    """The applications list's filter as a bulk action's ``matching``: its query parameters by name,
    each with the list's own schema."""
    free = {"type": "string", "maxLength": SHORT_TEXT}
    listed = {name: _admin_query_schema(APPLICATIONS, name)[0] or free for name in APPLICATION_FILTERS}
    # A blank value filters nothing: a filter of blanks alone would be the empty filter the core refuses.
    filters = {name: s if "enum" in s or "pattern" in s else {**s, "pattern": NOT_BLANK} for name, s in listed.items()}
    return {
        "type": "object",
        "properties": {**filters, EVERY_APPLICATION: {"type": "string", "enum": ["true"]}},
        "additionalProperties": False,
        "minProperties": 1,
        "description": 'The list\'s filters by their query names; "owner": "me" is the signed-in staff member.'
        f' An unknown name is refused; at least one filter must be set, or "{EVERY_APPLICATION}": "true" alone'
        " for every application.",
    }


def _bulk_picked() -> dict[str, Any]:
    ids = {"type": "array", "minItems": 1, "maxItems": MAX_SELECTION, "items": text()}
    return {"type": "object", "properties": {"applicationIds": ids}, "required": ["applicationIds"]}


def _bulk_matching() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"matching": ref("ApplicationFilter")},
        "required": ["matching"],
        "description": 'Every application the filter matches when the action runs; 422 "Select at least one'
        ' application" when it matches none (the list offers it only when it shows some).',
    }


def _bulk_body(extra: Mapping[str, dict[str, Any]], required: Iterable[str]) -> dict[str, Any]:
    """A bulk action's body: its selection (picked ids, or the list's filter) and its own fields."""
    return {
        "type": "object",
        "properties": extra,
        "required": list(required),
        "oneOf": [ref("BulkPicked"), ref("BulkMatching")],
    }


def _bulk_status(confirm: bool) -> dict[str, Any]:
    extra = {"status": choice(s.value for s in ApplicationStatus)}
    bulk_id = {"bulkId": {"type": "string", "pattern": r"^BK[0-9]+$"}}
    return _bulk_body({**extra, **bulk_id} if confirm else extra, ["status", "bulkId"] if confirm else ["status"])


def _bulk_message(confirm: bool) -> dict[str, Any]:
    # Narrower than the core: GSM-7 letters, digits and punctuation that take one septet each, and
    # no {name} placeholder (which the core accepts, its length counted at a long name).
    plain = r"^[\n !-Z_a-z]*[!-Z_a-z][\n !-Z_a-z]*$"
    extra = {"text": {"type": "string", "minLength": 1, "maxLength": MAX_SEPTETS, "pattern": plain}}
    bulk_id = {"bulkId": {"type": "string", "pattern": r"^BK[0-9]+$"}}
    return _bulk_body({**extra, **bulk_id} if confirm else extra, ["text", "bulkId"] if confirm else ["text"])


def _track_body() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"applicationId": text(), "contact": text()},
        "required": ["applicationId", "contact"],
    }


def _template_text_body() -> dict[str, Any]:
    text = {
        "type": "string",
        "minLength": 1,
        "maxLength": TEMPLATE_MAX[TemplateChannel.SMS],
        "pattern": r"^[^{}]*\S[^{}]*$",
        "description": "The template's text; {placeholder} names are checked against the template's own",
    }
    return {"type": "object", "properties": {"text": text}, "required": ["text"]}


def _note_body() -> dict[str, Any]:
    return {"type": "object", "properties": {"text": text(NOTE_MAX_LENGTH)}, "required": ["text"]}


def _reply_body() -> dict[str, Any]:
    properties = {"channel": choice(c.value for c in ReplyChannel), "text": text(REPLY_MAX_LENGTH)}
    return {"type": "object", "properties": properties, "required": ["text"]}


def _newsletter_issue_body() -> dict[str, Any]:
    properties = {"subject": text(MAX_SUBJECT), "body": text(MAX_BODY)}
    return {"type": "object", "properties": properties, "required": ["subject", "body"]}


def _phone_confirm_body() -> dict[str, Any]:
    region = {
        "type": "string",
        "pattern": "^[A-Z]{2}$",
        "description": "One of the application's choices (GET /api/admin/phones-to-confirm); another: 422",
    }
    return {"type": "object", "properties": {"region": region}, "required": ["region"]}


# -- employers and job orders (issue 46): the core's rules, narrower where JSON Schema cannot say them --
INTERNATIONAL_PHONE: Final = (
    r"^(?:\+233(?:2(?:[0346-9][0-9]|5[67])|5(?:[03-7][0-9]|9[1-9]))[0-9]{6}|\+9715[02-68][0-9]{7})$"
)
"""Ghanaian and UAE mobiles with their + code: valid whatever country the contact's phone is read in."""
FUTURE_DATE: Final = r"^2[1-9][0-9]{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])$"
"""A date of the 22nd century or later: always today or later (the core compares with today)."""


def _expected_version() -> dict[str, Any]:
    return {**whole(0, MAX_PAGE), "description": "On an edit: the version staff edited (409 when another was saved)"}


def _employer_body() -> dict[str, Any]:
    regions = choice(sorted(r.code for r in phone_regions()))
    contact = {
        "type": "object",
        "properties": {
            "name": text(),
            "email": email(),
            "phone": {"type": "string", "pattern": INTERNATIONAL_PHONE, "description": "Read in phoneCountry"},
            "phoneCountry": {**regions, "description": "The phone's country (the employer's when left out)"},
        },
        "required": ["name", "email"],
    }
    properties = {
        "company": text(),
        "country": {**regions, "description": "ISO 3166 code"},
        "city": text(),
        "licenceNumber": text(100),
        "contacts": {"type": "array", "items": contact, "minItems": 1, "maxItems": MAX_CONTACTS},
        "notes": text(EMPLOYER_LONG, required=False),
        "expectedVersion": _expected_version(),
    }
    return {
        "type": "object",
        "properties": properties,
        "required": ["company", "country", "city", "licenceNumber", "contacts"],
    }


def _order_body() -> dict[str, Any]:
    position = {
        "type": "object",
        "properties": {
            "trade": text(),
            "headCount": whole(1, MAX_HEAD_COUNT),
            "salary": whole(0, MAX_SALARY),
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$", "description": "ISO 4217 (AED)"},
        },
        "required": ["trade", "headCount", "salary", "currency"],
    }
    flag = {"type": "boolean"}
    properties = {
        "employerId": text(40),
        "positions": {"type": "array", "items": position, "minItems": 1, "maxItems": MAX_POSITIONS},
        "benefits": {"type": "object", "properties": {"accommodation": flag, "transport": flag, "food": flag}},
        "contractMonths": whole(1, MAX_CONTRACT_MONTHS),
        "validUntil": {"type": "string", "pattern": FUTURE_DATE, "format": "date", "description": "today or later"},
        "domesticWork": flag,
        "expectedVersion": _expected_version(),
    }
    return {
        "type": "object",
        "properties": properties,
        "required": ["employerId", "positions", "contractMonths", "validUntil"],
    }


def _approval_body() -> dict[str, Any]:
    properties = {
        "kind": choice(k.value for k in ApprovalKind),
        "reference": text(100),
        "expectedVersion": _expected_version(),
    }
    return {"type": "object", "properties": properties, "required": ["kind", "reference"]}


def _override_body() -> dict[str, Any]:
    reason = {
        "type": "string",
        "maxLength": EMPLOYER_LONG,
        "pattern": rf"^[^{SPACE}].{{{MIN_REASON - 2},}}[^{SPACE}]$",
        "description": f"At least {MIN_REASON} characters",
    }
    return {
        "type": "object",
        "properties": {"reason": reason, "expectedVersion": _expected_version()},
        "required": ["reason"],
    }


def _link_body() -> dict[str, Any]:
    return {"type": "object", "properties": {"orderId": text(40)}, "required": ["orderId"]}


def _pack_body() -> dict[str, Any]:
    ids = {"type": "array", "items": text(40), "minItems": 1, "maxItems": MAX_CANDIDATES}
    properties = {"contactEmail": text(254), "applicationIds": ids}
    return {"type": "object", "properties": properties, "required": ["contactEmail", "applicationIds"]}


def _gate_body() -> dict[str, Any]:
    properties = {
        "destination": {"type": "string", "maxLength": DESTINATION_MAX, "description": '"" for the default gate'},
        "expectedVersion": whole(0, MAX_PAGE),
        "passportMonths": whole(0, PASSPORT_MONTHS_MAX),
        "medicalValidityDays": whole(1, VALIDITY_DAYS_MAX),
        "policeClearanceValidityDays": whole(1, VALIDITY_DAYS_MAX),
        "checks": {"type": "array", "items": choice(c.value for c in ALL_CHECKS)},
    }
    return {"type": "object", "properties": properties, "required": list(properties)}


def _expiry_windows_body() -> dict[str, Any]:
    properties = {
        "expectedVersion": whole(0, MAX_PAGE),
        "passportMonths": whole(1, WINDOW_MONTHS_MAX),
        "medicalDays": whole(1, WINDOW_DAYS_MAX),
        "policeClearanceDays": whole(1, WINDOW_DAYS_MAX),
        "visaDays": whole(1, WINDOW_DAYS_MAX),
    }
    return {"type": "object", "properties": properties, "required": list(properties)}


def _bulk_move_body() -> dict[str, Any]:
    properties = {
        "ids": {"type": "array", "items": text(40), "minItems": 1, "maxItems": BULK_MAX},
        "to": choice(k.value for k in StageKey),
        "reason": text(STAGE_TEXT_MAX, required=False),
        "closeReason": choice(r.value for r in CloseReason),
        "closeText": text(STAGE_TEXT_MAX, required=False),
    }
    return {"type": "object", "properties": properties, "required": ["ids", "to"]}


BODIES: Final[Mapping[str, Callable[[], dict[str, Any]]]] = {
    "ApplicationForm": lambda: form_body("application", multipart=True),
    "AppointmentIn": lambda: form_body("appointment"),
    "ContactMessageIn": lambda: form_body("contact"),
    "JobAlertIn": lambda: form_body("jobAlert"),
    "NewsletterSubscriptionIn": lambda: form_body("newsletter"),
    "TrackIn": _track_body,
    "JobIn": job_body,
    "StatusChange": lambda: _status_change(s.value for s in ApplicationStatus),
    "AppointmentStatusChange": lambda: _status_change(s.value for s in APPOINTMENT_OUTCOMES),
    "BlogPostIn": _blog_body,
    "AdminSettingsIn": _settings_body,
    "EraseRequest": _erase_body,
    "TemplateTextIn": _template_text_body,
    "BulkStatusPreviewIn": lambda: _bulk_status(False),
    "BulkStatusIn": lambda: _bulk_status(True),
    "BulkMessagePreviewIn": lambda: _bulk_message(False),
    "BulkMessageIn": lambda: _bulk_message(True),
    "NoteText": _note_body,
    "ReplyRequest": _reply_body,
    "NewsletterIssueIn": _newsletter_issue_body,
    "FeePolicyIn": _fee_policy_body,
    "RefundIn": _refund_body,
    "PhoneConfirmIn": _phone_confirm_body,
    "EmployerIn": _employer_body,
    "OrderIn": _order_body,
    "ApprovalIn": _approval_body,
    "OverrideIn": _override_body,
    "LinkIn": _link_body,
    "PackIn": _pack_body,
    "GateIn": _gate_body,
    "ExpiryWindowsIn": _expiry_windows_body,
    "BulkMoveIn": _bulk_move_body,
}
"""Component schemas replaced by the core's rules (by the name Litestar gives each body)."""
PARTS: Final[Mapping[str, Callable[[], dict[str, Any]]]] = {
    "ApplicationFilter": _application_filter,
    "BulkPicked": _bulk_picked,
    "BulkMatching": _bulk_matching,
}
"""Component schemas the bodies refer to (no handler takes them alone)."""

QUERY: Final[Mapping[str, dict[str, Any]]] = {
    "page": whole(1, MAX_PAGE),
    "pageSize": whole(1, MAX_PAGE_SIZE),
    "payment": choice(s.value for s in PaymentState),
    "from": day(),
    "to": day(", not before from"),
    "start": day(" (the calendar's first day)"),
    "days": choice(("1", "7")),
    "date": day(" (the departure date)"),
}
"""Admin query parameters, by name, wherever they appear."""
APPLICATIONS: Final = "/api/admin/applications"
NEIGHBOURS: Final = "/api/admin/applications/{application_id}/neighbours"
STATUS_QUERY: Final = {
    APPLICATIONS: [s.value for s in ApplicationStatus],
    "/api/admin/applications/export.csv": [s.value for s in ApplicationStatus],
    NEIGHBOURS: [s.value for s in ApplicationStatus],
    "/api/admin/appointments": [s.value for s in AppointmentStatus],
    "/api/admin/appointments/export.csv": [s.value for s in AppointmentStatus],
    "/api/admin/jobs": list(JOB_STATUSES),
}
SEARCH_QUERY: Final = {APPLICATIONS, "/api/admin/applications/export.csv", NEIGHBOURS}
VIEW_QUERY: Final = {
    APPLICATIONS: list(View),
    "/api/admin/applications/export.csv": list(View),
    NEIGHBOURS: list(View),
    "/api/admin/appointments": list(APPOINTMENT_VIEWS),
    "/api/admin/appointments/export.csv": list(APPOINTMENT_VIEWS),
    "/api/admin/messages": list(MESSAGE_VIEWS),
}
"""The quick views (docs/admin-area.md) each list takes."""
IDENTIFIER_QUERY: Final = {"/api/admin/data-requests", "/api/admin/data-requests/export.zip"}
BOARD: Final = "/api/admin/pipeline/board"


def _admin_query_schema(path: str, name: str) -> tuple[dict[str, Any] | None, bool]:
    """The published schema of an admin query parameter and whether it is required."""
    if name == "status" and path in STATUS_QUERY:
        return choice(STATUS_QUERY[path]), False
    if name == "view" and path in VIEW_QUERY:
        return choice(v.value for v in VIEW_QUERY[path]), False
    if name == "stage" and path == BOARD:
        return choice(s.key.value for s in ALL_STAGES), False
    if name == "cursor" and path == BOARD:  # the offset the board gave (agency_core.pipeline.board)
        return {"type": "string", "pattern": "^[0-9]{1,9}$"}, False
    if name == "q" and path in IDENTIFIER_QUERY:
        return identifier(), True
    if name == "q" and path in SEARCH_QUERY:
        return text(MAX_SEARCH_LENGTH, required=False), False
    return QUERY.get(name), False


PUBLIC_QUERY: Final[Mapping[str, Mapping[str, dict[str, Any]]]] = {
    "/api/appointment-slots": {"date": day()},
}
"""Public query parameters the server requires, by path and name."""


def _query_schema(path: str, name: str) -> tuple[dict[str, Any] | None, bool]:
    """The published schema of a query parameter and whether it is required."""
    if path in PUBLIC_QUERY:
        spec = PUBLIC_QUERY[path].get(name)
        return spec, spec is not None
    if not path.startswith("/api/admin/"):
        return None, False
    return _admin_query_schema(path, name)


GATE: Final = "/api/admin/pipeline/gates/{destination}"
PATH_PARAMETERS: Final[Mapping[str, Mapping[str, dict[str, Any]]]] = {
    GATE: {"destination": text(DESTINATION_MAX)},
    GATE + "/changes": {"destination": text(DESTINATION_MAX)},
}
"""Path parameters the server bounds, by path and name."""
DELETE_QUERY: Final[Mapping[str, Mapping[str, dict[str, Any]]]] = {
    GATE: {"expectedVersion": {"type": "string", "pattern": "^[0-9]{1,9}$"}},
}
"""The query parameters a DELETE requires, by path and name (the version the removal was decided on)."""


def _parameter_schema(path: str, method: str, parameter: Parameter) -> tuple[dict[str, Any] | None, bool]:
    """The published schema of an operation's path or query parameter and whether it is required."""
    if parameter.param_in == "path":
        return PATH_PARAMETERS.get(path, {}).get(parameter.name), True
    if parameter.param_in != "query":
        return None, False
    if method == "delete":
        spec = DELETE_QUERY.get(path, {}).get(parameter.name)
        return spec, spec is not None
    return _query_schema(path, parameter.name)


def _publish_queries(openapi: OpenAPI) -> None:
    for path, item in (openapi.paths or {}).items():
        for method, operation in (("get", item.get), ("delete", item.delete)):
            if not isinstance(operation, Operation):
                continue
            for parameter in operation.parameters or []:
                if isinstance(parameter, Reference):
                    continue
                spec, required = _parameter_schema(path, method, parameter)
                if spec is not None:
                    parameter.schema = _schema(spec)
                    parameter.required = required


def publish(openapi: OpenAPI) -> OpenAPI:
    """Replace the request schemas of ``openapi`` in place by those of the core's rules."""
    schemas = openapi.components.schemas if openapi.components is not None else None
    if schemas is not None:
        for name, body in BODIES.items():
            if name in schemas:
                schemas[name] = _schema(body())
        for name, part in PARTS.items():
            schemas[name] = _schema(part())
    _publish_queries(openapi)
    return openapi
