"""Every public form's e-mail field takes one address: ``postmaster,me@example.com`` is refused with
the spec's message (its confirmation and reply went to both), as are a semicolon list, a display
name and a header smuggled in after a line break. Nothing is stored and nothing is sent."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from tests.api.conftest import APPLICATION, APPOINTMENT, PDF, container_of

Client = AsyncTestClient[Litestar]
REFUSED = (422, {"errors": {"email": "Invalid email address"}})
NOT_ONE = [
    "postmaster,me@example.com",
    "postmaster@example.com;me@example.com",
    "Me <me@example.com>",
    "me@example.com\r\nBcc: everyone@example.com",
]
JSON_FORMS: dict[str, dict[str, Any]] = {
    "/api/appointments": APPOINTMENT,
    "/api/contact-messages": {"name": "Esi", "email": "esi@example.com", "subject": "Visa", "message": "Hello"},
    "/api/newsletter-subscriptions": {"name": "Nana", "email": "nana@example.com"},
    "/api/job-alerts": {"email": "ato@example.com", "jobCategory": "Any", "preferredCountry": "Other"},
}


@pytest.mark.parametrize("value", NOT_ONE)
@pytest.mark.parametrize("path", list(JSON_FORMS))
async def test_a_list_of_addresses_is_refused_422_on_each_public_form(
    client: Client, app: Litestar, path: str, value: str
) -> None:
    response = await client.post(path, json={**JSON_FORMS[path], "email": value})
    assert (response.status_code, response.json()) == REFUSED
    assert await container_of(app).store.outbox.list() == []


@pytest.mark.parametrize("value", NOT_ONE)
async def test_a_list_of_addresses_is_refused_422_on_the_application_form(
    client: Client, app: Litestar, value: str
) -> None:
    files = {"cv": ("cv.pdf", PDF, "application/pdf")}
    response = await client.post("/api/applications", data={**APPLICATION, "email": value}, files=files)
    assert (response.status_code, response.json()) == REFUSED
    assert await container_of(app).store.outbox.list() == []


async def test_one_address_is_still_accepted_on_each_public_form(client: Client) -> None:
    for path, body in JSON_FORMS.items():
        response = await client.post(path, json=body)
        assert response.status_code in (200, 201), (path, response.text)
