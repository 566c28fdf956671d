"""The admin area's e-mail fields take one address too: a data request's identifier that is a list
of addresses is refused, not looked up (or erased) as if it were one person."""

from __future__ import annotations

import pytest

from tests.admin.area import signed_in
from tests.admin.conftest import MakeHarness

URL = "/api/admin/data-requests"
IDENTIFIER_INVALID = "Enter an email address, a phone number or a passport number"


@pytest.mark.parametrize("q", ["postmaster,me@example.com", "a@example.com;b@example.com", "Me <me@example.com>"])
async def test_a_list_of_addresses_as_a_data_request_identifier_is_refused(make_harness: MakeHarness, q: str) -> None:
    h = await signed_in(make_harness)
    found = await h.client.get(URL, params={"q": q})
    assert (found.status_code, found.json()) == (422, {"errors": {"q": IDENTIFIER_INVALID}})
