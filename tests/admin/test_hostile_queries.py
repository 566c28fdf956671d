"""Admin list queries that once answered 500: non-ASCII digits as page numbers, a huge search."""

from __future__ import annotations

import logging

import pytest

from tests.admin.area import add_application, signed_in
from tests.admin.conftest import MakeHarness

LISTS = [
    "/api/admin/applications",
    "/api/admin/appointments",
    "/api/admin/messages",
    "/api/admin/blog-posts",
    "/api/admin/jobs",
]


async def test_pages_that_are_not_ascii_numbers_are_422_on_every_list(
    make_harness: MakeHarness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    h = await signed_in(make_harness)
    for path in LISTS:
        for page in ("¹", "²", "①", "٣", "1" * 40):
            for name in ("page", "pageSize"):
                response = await h.client.get(path, params={name: page})
                assert response.status_code == 422, (path, name, page, response.text)
                assert set(response.json()["errors"]) == {name}
    assert not caplog.records


async def test_a_60000_character_search_is_422_not_a_sqlite_error(
    make_harness: MakeHarness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    h = await signed_in(make_harness)
    await add_application(h, "VA100")
    for path in ("/api/admin/applications", "/api/admin/applications/export.csv"):
        response = await h.client.get(path, params={"q": "a" * 60_000})
        assert response.status_code == 422, response.text
        assert response.json() == {"errors": {"q": "Search must be at most 200 characters"}}
    assert (await h.client.get("/api/admin/applications", params={"q": "a" * 200})).status_code == 200
    assert not caplog.records
