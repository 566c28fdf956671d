"""The public forms' request bodies are made from the forms' rules: the same fields, typed as sent."""

from __future__ import annotations

import dataclasses
import typing

import msgspec
from litestar.datastructures import UploadFile

from agency_core.spec import validation as v
from app.api import schemas


def _fields(body: type) -> dict[str, object]:
    return {f.name: f.type for f in dataclasses.fields(body)}


def test_a_json_body_has_each_field_of_its_form_then_the_honeypot() -> None:
    fields = _fields(schemas.AppointmentIn)
    assert tuple(fields) == (*v.APPOINTMENT.names, "website")
    assert fields["consent"] == bool | None
    assert fields["preferredTime"] == str | None
    assert _fields(schemas.NewsletterSubscriptionIn)["interests"] == list[str] | None
    assert all(f.default is None for f in dataclasses.fields(schemas.ContactMessageIn))


def test_the_application_is_multipart_with_its_job_and_its_files_last() -> None:
    fields = _fields(schemas.ApplicationForm)
    files = ("cv", "passport", "photo")
    assert tuple(fields)[-5:] == ("website", "jobId", *files)
    assert {name: fields[name] for name in files} == dict.fromkeys(files, UploadFile | None)
    assert (fields["terms"], fields["hasPassport"]) == (str | None, str | None)
    assert schemas.ApplicationForm.__doc__ is not None
    assert schemas.ApplicationForm.__doc__.startswith("multipart/form-data")


def test_a_decoded_body_is_read_by_spec_name_and_an_unknown_name_is_absent() -> None:
    body = msgspec.json.decode(b'{"email": "a@b.c", "jobCategory": "Any", "extra": 1}', type=schemas.JobAlertIn)
    assert (body.get("email"), body.get("jobCategory"), body.get("salaryRange")) == ("a@b.c", "Any", None)
    assert body.get("extra") is None
    assert body.get("get") is None
    assert typing.cast(typing.Any, body).__module__ == "app.api.schemas"
