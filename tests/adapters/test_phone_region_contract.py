"""The phone's region at rest, on both backends: a record stored before regions were kept reads with
none (and is listed to confirm), and staff's confirmation writes the number and its region once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agency_core.messaging.phones import needs_confirmation
from agency_core.paging import PageRequest
from agency_core.records import Application
from agency_core.spec.forms import ApplicationForm, form_values
from agency_core.staff.query import ApplicationQuery
from agency_core.unit_of_work import PreconditionFailed
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.adapters.test_form_records_contract import _overwrite_data, _raw_data
from tests.support.writes import add_application

T0 = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)
OLD = {"firstName": "Layla", "lastName": "Haddad", "email": "layla@example.com", "phone": "+233501234567"}
"""An application as a version before phone regions stored it: Ghana's reading of ``050 123 4567``."""


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


async def test_an_old_record_reads_without_a_region_and_staffs_confirmation_writes_it_once(stores: Stores) -> None:
    s = stores
    await add_application(s.records, Application("VA1", ApplicationForm(email="x@example.com"), (), T0))
    await _overwrite_data(s, "applications", "VA1", OLD)
    old = await s.records.applications.get("VA1")
    assert old is not None
    assert (old.data.phone, old.data.phone_region) == ("+233501234567", "")
    assert needs_confirmation(old.data.phone, old.data.phone_region)

    async with s.records.unit_of_work() as uow:
        await uow.applications.confirm_phone(old, "+971501234567", "AE")
    assert await _raw_data(s, "applications", "VA1") == {**OLD, "phone": "+971501234567", "phoneRegion": "AE"}
    confirmed = await s.records.applications.get("VA1")
    assert confirmed is not None
    assert form_values(confirmed.data) == {**OLD, "phone": "+971501234567", "phoneRegion": "AE"}
    found = await s.admin.applications(ApplicationQuery(q="+971501234567"), _first_page())
    assert [r.id for r in found.items] == ["VA1"]

    with pytest.raises(PreconditionFailed):
        async with s.records.unit_of_work() as uow:
            await uow.applications.confirm_phone(old, "+233501234567", "GH")
    assert (await _raw_data(s, "applications", "VA1"))["phone"] == "+971501234567"


def _first_page() -> PageRequest:

    return PageRequest(1, 20)
