"""``dto=CoreChecked`` bodies (``app/checked_body.py``): typed when the JSON fits the struct, and in
every case the core sees exactly the JSON object that was sent (its fields, nothing added)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from litestar.exceptions import SerializationException, ValidationException

from agency_core.records import ApplicationStatus
from app.admin.schemas.bulk import BulkStatusIn
from app.admin.schemas.common import to_core
from app.admin.schemas.jobs import JobIn
from app.admin.security import CSRF_HEADER
from app.checked_body import CoreChecked, decode_checked
from app.main import create_app
from app.request_contract import BODIES, PARTS
from app.settings import Settings
from tests.admin.area import signed_in
from tests.admin.conftest import MakeHarness

WIRE_NAMES = [f.encode_name for f in msgspec.structs.fields(JobIn)]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def test_a_body_that_fits_arrives_typed() -> None:
    sent = {"title": "Nurse", "country": "Qatar", "category": "Healthcare", "description": "Ward work"}
    job = decode_checked(JobIn, msgspec.json.encode({**sent, "positions": 3, "benefits": ["Meals"]}))
    assert (job.title, job.positions, job.benefits, job.city) == ("Nurse", 3, ["Meals"], msgspec.UNSET)
    bulk = decode_checked(BulkStatusIn, b'{"applicationIds": ["VA1"], "status": "approved", "bulkId": "BK1"}')
    assert bulk.status is ApplicationStatus.APPROVED
    assert to_core(bulk) == {"applicationIds": ["VA1"], "status": "approved", "bulkId": "BK1"}


def test_a_body_that_does_not_fit_reaches_the_core_as_sent() -> None:
    sent = {"country": 3, "positions": "¹3", "status": "paused", "unknown": True}
    job = decode_checked(JobIn, msgspec.json.encode(sent))
    assert to_core(job) == {"country": 3, "positions": "¹3", "status": "paused"}


@given(st.dictionaries(st.sampled_from([*WIRE_NAMES, "website", "x"]), JSON_VALUES, max_size=8))
def test_the_core_always_sees_the_fields_sent(sent: dict[str, Any]) -> None:
    decoded = decode_checked(JobIn, msgspec.json.encode(sent))
    assert to_core(decoded) == {k: v for k, v in sent.items() if k in WIRE_NAMES}


@pytest.mark.parametrize("raw", [b"[1, 2]", b'"text"', b"3", b"null"])
def test_json_that_is_not_an_object_is_a_400(raw: bytes) -> None:
    with pytest.raises(ValidationException):
        decode_checked(JobIn, raw)


@pytest.mark.parametrize("raw", [b"{", b'{"title": }', b"\xff"])
def test_malformed_json_is_a_400(raw: bytes) -> None:
    with pytest.raises(SerializationException):
        decode_checked(JobIn, raw)


async def test_an_admin_body_the_core_checks_is_refused_like_any_other_body(make_harness: MakeHarness) -> None:
    """Not JSON, not an object, or empty: the same 400 ``{"message"}`` as a body Litestar decodes
    itself (the template preview's, ``dto`` unset); a wrong value: the core's 422."""
    h = await signed_in(make_harness)
    checked, plain = "/api/admin/jobs", "/api/admin/templates/appointment_sms/preview"
    for raw in (b"{", b"[1, 2]", b"null", b"", b'"text"'):
        headers = {CSRF_HEADER: await h.csrf(), "content-type": "application/json"}
        answers = [await h.client.post(url, content=raw, headers=headers) for url in (checked, plain)]
        assert [a.status_code for a in answers] == [400, 400], raw
        assert answers[0].json() == answers[1].json(), raw
    wrong = await h.unsafe("POST", checked, json={"title": 7})
    assert wrong.status_code == 422
    assert wrong.json()["errors"]["title"] == "Enter text"


def _selections(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The published parts a body is one of (a bulk body's ``BulkPicked`` or ``BulkMatching``)."""
    return [PARTS[part["$ref"].rsplit("/", 1)[1]]() for part in body.get("oneOf", [])]


PUBLISHED_FROM_THE_STRUCT = {
    "ImageUpload",
    "OwnerChange",
    "MoveRequest",
    "OrderFileUpload",
    "DocumentForm",
    "CloseCase",
}
"""Bodies whose schema Litestar makes from the struct itself (typed fields, files): nothing to drift."""


def test_every_field_of_a_checked_body_is_published_and_required_ones_are_required(tmp_path: Path) -> None:
    """The structs and the published schemas (``app/request_contract.py``) name the same fields (a bulk
    body's selection in the parts of its ``oneOf``)."""
    create_app(Settings(data_dir=tmp_path / "data", client_dist=tmp_path / "dist", demo=True))
    bodies = {kind.__name__: kind for kind in CoreChecked.bodies()}
    assert {"JobIn", "BlogPostIn", "AdminSettingsIn", "BulkStatusIn", "FeePolicyIn", "EraseRequest"} <= set(bodies)
    for name, kind in bodies.items():
        fields = msgspec.structs.fields(kind)
        if name not in BODIES:  # published from the struct itself
            assert name in PUBLISHED_FROM_THE_STRUCT, name
            continue
        published = BODIES[name]()
        names = set(published["properties"]).union(*(part["properties"] for part in _selections(published)))
        assert {f.encode_name for f in fields} == names, name
        assert {f.encode_name for f in fields if f.required} <= set(published["required"]), name
    selections = _selections(BODIES["BulkStatusIn"]())
    assert [(set(s["properties"]), s["required"]) for s in selections] == [
        ({"applicationIds"}, ["applicationIds"]),
        ({"matching"}, ["matching"]),
    ]
