"""What staff send as settings becomes a typed command once; left-out appointment settings keep what is saved."""

from __future__ import annotations

from datetime import date

import pytest

from agency_core import admin_settings as a
from agency_core.errors import Rejected
from agency_core.payments.fees import FeePolicy
from agency_core.records import ApplicationStatus
from agency_core.spec.validation import INVALID_PHONE

SWITCHES = {"received": True, "processing": False, "approved": True, "rejected": True}
SENT: dict[str, object] = {"adminPhones": ["0241234567"] * 4, "smsSender": " VANDY ", "statusSms": SWITCHES}
KEPT = a.AdminSettings(("+233200000000",) * 4, "OLD", appointment_capacity=5, fee_policy=FeePolicy("USD", 100))


def test_the_command_holds_the_cleaned_values_and_keeps_what_was_left_out() -> None:
    change = a.parse_settings(SENT)
    assert change == a.SettingsChange(
        ("+233241234567",) * 4, "VANDY", {s: s is not ApplicationStatus.PROCESSING for s in ApplicationStatus}
    )
    saved = change.applied_to(KEPT)
    assert (saved.admin_phones, saved.sms_sender) == (change.admin_phones, "VANDY")
    assert (saved.appointment_capacity, saved.closed_dates, saved.fee_policy) == (5, (), KEPT.fee_policy)


def test_sent_appointment_settings_replace_the_kept_ones() -> None:
    change = a.parse_settings({**SENT, "appointmentCapacity": 2, "closedDates": ["2026-12-26", "2026-12-25"]})
    saved = change.applied_to(KEPT)
    assert (saved.appointment_capacity, saved.closed_dates) == (2, (date(2026, 12, 25), date(2026, 12, 26)))


@pytest.mark.parametrize(
    ("sent", "errors"),
    [
        ({"appointmentCapacity": None}, {"appointmentCapacity": a.CAPACITY_INVALID}),
        ({"appointmentCapacity": 51}, {"appointmentCapacity": a.CAPACITY_INVALID}),
        ({"closedDates": None}, {"closedDates": a.CLOSED_DATES_INVALID}),
        ({"closedDates": ["2026-02-30"]}, {"closedDates": a.CLOSED_DATES_INVALID}),
        ({"adminPhones": ["0241234567"] * 3}, {"adminPhones": a.PHONES_REQUIRED}),
        ({"adminPhones": ["0241234567"] * 3 + ["x"]}, {"adminPhones.3": INVALID_PHONE}),
        ({"smsSender": None}, {"smsSender": a.SENDER_REQUIRED}),
        ({"smsSender": "V@NDY"}, {"smsSender": a.SENDER_INVALID}),
        ({"statusSms": {**SWITCHES, "approved": "yes"}}, {"statusSms.approved": a.SWITCH_REQUIRED}),
    ],
)
def test_refusals_are_keyed_by_the_field_sent(sent: dict[str, object], errors: dict[str, str]) -> None:
    assert a.check_settings({**SENT, **sent}) == a.SettingsCheck(None, errors)
    with pytest.raises(Rejected) as refused:
        a.parse_settings({**SENT, **sent})
    assert refused.value.errors == errors


def test_a_whole_number_sent_as_a_json_float_is_that_number_and_a_fraction_is_refused() -> None:
    # JSON Schema's "integer" (the published contract) admits 4.0; a client may send it so.
    change = a.parse_settings({**SENT, "appointmentCapacity": 4.0, "smsMaxParts": 4.0, "bookingHorizonDays": 30.0})
    saved = change.applied_to(KEPT)
    assert (saved.appointment_capacity, saved.sms_max_parts, saved.booking_horizon_days) == (4, 4, 30)
    with pytest.raises(Rejected) as refused:
        a.parse_settings({**SENT, "appointmentCapacity": 4.5, "smsMaxParts": 2.5})
    assert set(refused.value.errors) == {"appointmentCapacity", "smsMaxParts"}
