"""The admin settings and the fee policy through the codec (``adapters/codec.py``) on both backends:
stored exactly as before they were typed in the core, and what an older version stored still reads."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from adapters.codec import fee_policy_of, settings_document, settings_of
from agency_core.admin_settings import AdminSettings
from agency_core.payments.fees import DEFAULT_REFUND_RULES, FeePolicy, FeeRule
from agency_core.records import ApplicationStatus
from tests.adapters.backends import BACKENDS, Stores, open_stores
from tests.support.writes import commits

T0 = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
UAE = "United Arab Emirates"
POLICY = FeePolicy(
    "USD",
    5000,
    "Our standard fee",
    (FeeRule(UAE, None, "Employer pays"),),
    (FeeRule("J7", 1000, "Employer pays part"),),
    "Refunded in full if we cannot place you.",
)
SETTINGS = AdminSettings(
    ("+233241234567",) * 4,
    "VANDY",
    {s: s is not ApplicationStatus.REJECTED for s in ApplicationStatus},
    3,
    (date(2026, 12, 25), date(2026, 12, 26)),
    POLICY,
)
STORED_TEXT = (
    '{"adminPhones":["+233241234567","+233241234567","+233241234567","+233241234567"],"smsSender":"VANDY",'
    '"statusSms":{"received":true,"processing":true,"approved":true,"rejected":false},"appointmentCapacity":3,'
    '"closedDates":["2026-12-25","2026-12-26"],"bookingHorizonDays":90,"dailyBookingsPerPerson":2,'
    '"feePolicy":{"currency":"USD","defaultMinor":5000,'
    '"defaultReason":"Our standard fee","countries":[{"match":"United Arab Emirates","amountMinor":null,'
    '"reason":"Employer pays"}],"jobs":[{"match":"J7","amountMinor":1000,"reason":"Employer pays part"}],'
    '"refundRules":"Refunded in full if we cannot place you."}}'
)
"""The SQLite row's text, as the version before this codec wrote it (the Firestore document holds the same map)."""
OLD = {"adminPhones": ["+233200000000"] * 4, "smsSender": "OLD", "statusSms": {"approved": False}}
"""As a version before appointment settings and fee policies stored the settings."""


@pytest.fixture(params=BACKENDS)
async def stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Stores]:
    async with open_stores(request, tmp_path) as opened:
        yield opened


async def _stored(s: Stores) -> dict[str, Any]:
    if s.database is not None:
        with sqlite3.connect(s.database.path) as conn:
            (text,) = conn.execute("SELECT value FROM settings WHERE key = 'admin'").fetchone()
        assert text == STORED_TEXT
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    assert s.firestore is not None
    snap = await s.firestore.client.collection(s.prefix + "settings").document("admin").get()
    doc = dict(snap.to_dict() or {})
    assert doc.pop("updated_at") == T0
    return doc


async def _store_as_before(s: Stores, data: dict[str, Any]) -> None:
    if s.database is not None:
        with sqlite3.connect(s.database.path) as conn:
            conn.execute(
                "INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES ('admin', ?, ?)",
                (json.dumps(data, separators=(",", ":")), T0.isoformat()),
            )
        return
    assert s.firestore is not None
    await s.firestore.client.collection(s.prefix + "settings").document("admin").set({**data, "updated_at": T0})


async def test_settings_with_a_fee_policy_are_stored_as_before_and_read_back(stores: Stores) -> None:
    assert await commits(stores.records, lambda uow: (uow.settings.put(SETTINGS, T0),))
    assert await _stored(stores) == json.loads(STORED_TEXT)
    assert await stores.admin.get_settings() == SETTINGS


async def test_settings_an_older_version_stored_still_read(stores: Stores) -> None:
    await _store_as_before(stores, OLD)
    read = await stores.admin.get_settings()
    assert read is not None
    assert (read.admin_phones, read.sms_sender) == (("+233200000000",) * 4, "OLD")
    assert {s: read.sends_status_sms(s) for s in ApplicationStatus} == {
        s: s is not ApplicationStatus.APPROVED for s in ApplicationStatus
    }
    assert (read.appointment_capacity, read.closed_dates, read.fee_policy) == (1, (), None)
    assert (read.booking_horizon_days, read.daily_bookings_per_person) == (90, 2)


async def test_the_booking_horizon_and_the_daily_limit_are_stored_and_read_back(stores: Stores) -> None:
    saved = replace(SETTINGS, booking_horizon_days=30, daily_bookings_per_person=5)
    assert await commits(stores.records, lambda uow: (uow.settings.put(saved, T0),))
    assert await stores.admin.get_settings() == saved


def test_an_out_of_bounds_stored_horizon_or_daily_limit_falls_back_to_the_defaults() -> None:
    defaults = AdminSettings(("+233241111111",) * 4, "VANDY")
    for horizon, per_person in ((0, 0), (731, 21), (True, False), ("90", "2")):
        odd = {"bookingHorizonDays": horizon, "dailyBookingsPerPerson": per_person}
        assert settings_of(odd, defaults) == defaults


def test_odd_stored_values_fall_back_to_the_defaults() -> None:
    defaults = AdminSettings(("+233241111111",) * 4, "VANDY")
    odd = {"adminPhones": [1, 2], "smsSender": "", "appointmentCapacity": True, "closedDates": ["25/12"]}
    assert settings_of(odd, defaults) == defaults
    assert settings_of(settings_document(SETTINGS), defaults) == SETTINGS
    assert fee_policy_of(None) is None
    assert fee_policy_of({"countries": []}) is None
    odd_policy = {"currency": "USD", "defaultMinor": True, "countries": [{"x": 1}], "jobs": [{"match": "J1"}]}
    assert fee_policy_of(odd_policy) == FeePolicy("USD", None, "", (), (FeeRule("J1", None, ""),), DEFAULT_REFUND_RULES)
