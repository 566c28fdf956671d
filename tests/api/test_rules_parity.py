"""The API answers the same messages as the client's yup schemas for the same invalid inputs.

Both sides read tests/fixtures/form_cases.json: client/src/lib/forms/schema-from-rules.test.ts
runs each case through the schema built from the generated rules; this module posts it to
the API and expects exactly the same ``{field: message}`` in the 422.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

CASES_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "form_cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]

JSON_ENDPOINTS = {
    "newsletter": "/api/newsletter-subscriptions",
    "jobAlert": "/api/job-alerts",
    "contact": "/api/contact-messages",
    "appointment": "/api/appointments",
}


def _multipart_fields(values: dict[str, Any]) -> dict[str, str]:
    """As the wizard sends them: checkboxes "true"/"false", text as it is."""
    return {name: _text(value) for name, value in values.items()}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


async def _post(client: AsyncTestClient[Litestar], form: str, values: dict[str, Any]) -> Any:
    if form == "application":
        # An empty, nameless file part keeps the body multipart without sending any document.
        files = {"photo": ("", b"", "application/octet-stream")}
        return await client.post("/api/applications", data=_multipart_fields(values), files=files)
    return await client.post(JSON_ENDPOINTS[form], json=values)


def test_the_cases_cover_every_kind_of_rule() -> None:
    messages = {text for case in CASES for text in case["expected"].values()}
    for needed in (
        "Email is required",
        "Invalid email address",
        "Enter a valid phone number",
        "Choose one of the listed options",
        "Choose today or a later date",
        "You must agree to the terms",
        "You must accept the terms and conditions",
    ):
        assert needed in messages, needed
    assert {case["form"] for case in CASES} == {*JSON_ENDPOINTS, "application"}


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
async def test_the_api_answers_the_case_messages(client: AsyncTestClient[Litestar], case: dict[str, Any]) -> None:
    response = await _post(client, case["form"], case["input"])
    assert response.status_code == 422, response.text
    assert response.json() == {"errors": case["expected"]}
