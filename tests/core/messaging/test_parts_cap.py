"""The SMS parts cap: its bounds, the reason a text over it is refused, and the settings field that
holds it (left out: unchanged; out of bounds: the message)."""

from __future__ import annotations

import pytest

from agency_core.admin_settings import AdminSettings, check_settings
from agency_core.messaging.parts_cap import DEFAULT_MAX_PARTS, over_the_cap, read_max_parts

SETTINGS = {
    "adminPhones": ["+233201234567", "+233207654321", "+971501234567", "+971557654321"],
    "smsSender": "VandyTravel",
    "statusSms": {"received": True, "processing": True, "approved": True, "rejected": True},
}


@pytest.mark.parametrize(("raw", "cap"), [(1, 1), (3, 3), (10, 10), (0, None), (11, None), ("3", None), (True, None)])
def test_a_cap_is_a_whole_number_from_1_to_10(raw: object, cap: int | None) -> None:
    assert read_max_parts(raw) == cap


def test_a_text_over_the_cap_is_refused_and_one_at_the_cap_is_not() -> None:
    assert over_the_cap(3, 3) is None
    assert over_the_cap(None, 1) is None  # an e-mail has no parts
    assert over_the_cap(31, 3) == (
        "This text takes 31 SMS parts at its longest, more than the 3 the settings allow:"
        " shorten it, or raise the limit in Settings"
    )


def test_the_setting_defaults_to_3_and_left_out_keeps_what_is_saved() -> None:
    kept = AdminSettings(("+233201234567",), "Vandy", sms_max_parts=5)
    assert AdminSettings(("+233201234567",), "Vandy").sms_max_parts == DEFAULT_MAX_PARTS == 3
    left_out = check_settings(SETTINGS).change
    assert left_out is not None
    assert left_out.applied_to(kept).sms_max_parts == 5
    changed = check_settings({**SETTINGS, "smsMaxParts": 2}).change
    assert changed is not None
    assert changed.applied_to(kept).sms_max_parts == 2


def test_a_cap_out_of_bounds_is_refused_with_its_message() -> None:
    assert check_settings({**SETTINGS, "smsMaxParts": 11}).errors == {
        "smsMaxParts": "SMS parts must be a whole number from 1 to 10"
    }
