"""The published request schemas (``/schema``) say what the core accepts, and no more.

Schemathesis (``test_schemathesis.py``) sends what these schemas call valid and fails on any
refusal; here the schemas are compared with the rules they are written from, and the patterns that
stand in for wider rules (phone numbers, dates) are checked to admit only what the core accepts.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agency_core.jobs.rules import JOB_FORM, check_job
from agency_core.spec.validation import FORMS, is_email, normalise_phone
from app.openapi_document import openapi_document
from app.request_contract import DATE_PATTERN, EMAIL, NOT_BLANK, PHONE_PATTERN

FORM_BODIES = {
    "AppointmentIn": "appointment",
    "ContactMessageIn": "contact",
    "JobAlertIn": "jobAlert",
    "NewsletterSubscriptionIn": "newsletter",
    "ApplicationForm": "application",
}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return openapi_document()


@pytest.fixture(scope="module")
def schemas(document: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = document["components"]["schemas"]
    return found


def _plain(prop: dict[str, Any]) -> dict[str, Any]:
    """The value's schema of an optional (``oneOf [value, null]``) property."""
    choices = [s for s in prop.get("oneOf", [prop]) if s.get("type") != "null"]
    return choices[0]


@given(st.from_regex(PHONE_PATTERN, fullmatch=True))
@settings(max_examples=300)
def test_every_phone_the_pattern_admits_is_a_valid_number(phone: str) -> None:
    assert normalise_phone(phone) is not None


@given(st.from_regex(DATE_PATTERN, fullmatch=True))
def test_every_date_the_pattern_admits_is_a_real_day(day: str) -> None:
    assert date.fromisoformat(day.strip()).isoformat() == day.strip()


@pytest.mark.parametrize(("schema_name", "form_name"), FORM_BODIES.items())
def test_a_public_forms_schema_has_the_cores_required_fields_and_options(
    schemas: dict[str, Any], schema_name: str, form_name: str
) -> None:
    schema = schemas[schema_name]
    form = FORMS[form_name]
    required = {f.name for f in form.fields if f.required is not None and f.only_when is None}
    assert set(schema["required"]) == required
    for field in form.fields:
        prop = _plain(schema["properties"][field.name])
        if field.kind == "select":
            assert prop["enum"] == list(field.options)
        elif field.kind == "multiselect":
            assert prop["items"]["enum"] == list(field.options)
        elif field.kind == "phone":
            assert prop["pattern"] == PHONE_PATTERN
        elif field.kind in ("text", "longtext", "email"):
            assert prop["maxLength"] == field.max_length
        if field.required is not None and field.only_when is None:
            assert field.required in schema["properties"][field.name]["description"]


def test_the_job_body_is_the_job_forms_rules(schemas: dict[str, Any]) -> None:
    schema = schemas["JobIn"]
    assert set(schema["required"]) == {f.name for f in JOB_FORM if f.required}
    for field in JOB_FORM:
        prop = _plain(schema["properties"][field.name])
        if field.kind == "integer":
            assert (prop["type"], prop["minimum"], prop["maximum"]) == ("integer", field.minimum, field.maximum)
        elif field.kind == "select":
            assert prop["enum"] == list(field.options)
        elif field.kind == "multiselect":
            assert prop["items"]["enum"] == list(field.options)
        elif field.kind in ("text", "longtext"):
            assert prop["maxLength"] == field.max_length


def test_a_job_built_from_the_schemas_enums_and_ranges_is_accepted(schemas: dict[str, Any]) -> None:
    # The last option and the top of each range, all at once: the core accepts what the schema names.
    body: dict[str, Any] = {}
    for name, raw in schemas["JobIn"]["properties"].items():
        prop = _plain(raw)
        if "enum" in prop:
            body[name] = prop["enum"][-1]
        elif prop["type"] == "integer":
            body[name] = prop["maximum"]
        elif prop["type"] == "array":
            body[name] = prop["items"]["enum"]
        elif name == "closingDate":
            body[name] = "2999-12-28"
        else:
            body[name] = "x" * prop["maxLength"]
    assert check_job(body, date(2026, 11, 23))[1] == {}


WHITE_SPACE = [chr(c) for c in range(0x110000) if chr(c).isspace()] + ["\ufeff"]
"""Python's white space (what the core strips) and JSON Schema's (ECMA-262 adds U+FEFF)."""


@pytest.mark.parametrize("space", WHITE_SPACE)
def test_a_published_pattern_reads_white_space_as_both_regex_dialects_do(schemas: dict[str, Any], space: str) -> None:
    # jsonschema_rs reads patterns as JSON Schema does (ECMA-262), not as Python's re.
    email = jsonschema_rs.validator_for(_plain(schemas["ContactMessageIn"]["properties"]["email"]))
    name = jsonschema_rs.validator_for(schemas["ContactMessageIn"]["properties"]["name"])
    assert email.is_valid("ama@example.com")
    assert not email.is_valid(f"a{space}a@example.com")
    assert name.is_valid("Ama")
    assert not name.is_valid(space * 3)


@given(st.from_regex(EMAIL, fullmatch=True))
def test_every_email_the_pattern_admits_is_the_spec_s(value: str) -> None:
    assert is_email(value.strip())


def test_admin_queries_publish_their_types(document: dict[str, Any]) -> None:
    paths = document["paths"]
    params = {p["name"]: p for p in paths["/api/admin/applications"]["get"]["parameters"]}
    assert params["page"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 999_999_999}
    assert params["pageSize"]["schema"]["maximum"] == 100
    assert params["status"]["schema"]["enum"] == ["received", "processing", "approved", "rejected"]
    assert params["payment"]["schema"]["enum"] == ["unpaid", "pending", "paid", "failed"]
    erase = {p["name"]: p for p in paths["/api/admin/data-requests"]["get"]["parameters"]}
    assert erase["q"]["required"] is True


@pytest.mark.parametrize("body", ["BulkStatusPreviewIn", "BulkStatusIn", "BulkMessagePreviewIn", "BulkMessageIn"])
def test_a_bulk_body_publishes_both_selections_and_the_lists_own_filter(
    document: dict[str, Any], schemas: dict[str, Any], body: str
) -> None:
    refs = [s["$ref"].rsplit("/", 1)[1] for s in schemas[body]["oneOf"]]
    assert refs == ["BulkPicked", "BulkMatching"]
    listed = {p["name"]: p["schema"] for p in document["paths"]["/api/admin/applications"]["get"]["parameters"]}
    published = schemas["ApplicationFilter"]["properties"]
    assert set(published) == set(listed) - {"page", "pageSize"} | {"all"}  # "all": "true", every application
    assert all(published[name] == listed[name] for name in ("status", "view", "payment", "from", "to"))
    assert published["q"] == {**listed["q"], "pattern": NOT_BLANK}  # a filter of blanks selects nobody
    validator = jsonschema_rs.validator_for({**schemas[body], "components": {"schemas": schemas}})
    rest = {"status": "processing", "text": "Hello", "bulkId": "BK1"}
    assert validator.is_valid({**rest, "applicationIds": ["VA1"]})
    assert validator.is_valid({**rest, "matching": {"status": "received", "owner": "me"}})
    assert not validator.is_valid({**rest, "applicationIds": ["VA1"], "matching": {"status": "received"}})  # one only
    assert not validator.is_valid({**rest, "matching": {"jobCategry": "Engineering"}})  # a misspelt filter
    assert not validator.is_valid({**rest, "matching": {}})  # every application is asked for in so many words
    assert validator.is_valid({**rest, "matching": {"all": "true"}})
    assert not validator.is_valid({**rest, "matching": {"q": " "}})
    assert not validator.is_valid({**rest, "matching": {"status": "hired"}})
    assert not validator.is_valid(rest)
