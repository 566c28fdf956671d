"""The expiry windows staff set (issue 45 item 4): what is accepted at each limit, what the audit
entry says, and which change is in force."""

from __future__ import annotations

from datetime import date

import pytest

from agency_core.errors import Rejected
from agency_core.pipeline.documents import DocumentKind
from agency_core.pipeline.expiry_settings import (
    ExpiryWindows,
    WindowsChange,
    describe_windows_change,
    read_windows,
    stored_of,
)
from tests.support.clock import NOW

SENT = {"passportMonths": 9, "medicalDays": 14, "policeClearanceDays": 30, "visaDays": 30}


@pytest.mark.parametrize(
    ("field", "value", "ok"),
    [
        ("passportMonths", 1, True),
        ("passportMonths", 24, True),
        ("passportMonths", 0, False),
        ("passportMonths", 25, False),
        ("medicalDays", 365, True),
        ("medicalDays", 366, False),
        ("visaDays", "12", True),
        ("visaDays", 12.0, True),
        ("visaDays", 12.5, False),
        ("policeClearanceDays", None, False),
        ("policeClearanceDays", True, False),
    ],
)
def test_each_window_is_a_whole_number_within_its_limits(field: str, value: object, ok: bool) -> None:
    if ok:
        assert read_windows({**SENT, field: value}) != ExpiryWindows(0, 0, 0, 0)
        return
    with pytest.raises(Rejected) as refused:
        read_windows({**SENT, field: value})
    assert list(refused.value.errors) == [field]


def test_the_windows_decide_the_last_expiry_that_counts_as_soon() -> None:
    windows = read_windows({**SENT, "passportMonths": "6", "medicalDays": 21})
    today = date(2026, 8, 31)
    assert windows.last_day(DocumentKind.PASSPORT, today) == date(2027, 2, 28)
    assert windows.last_day(DocumentKind.MEDICAL, today) == date(2026, 9, 21)
    assert windows.last_day(DocumentKind.TICKET, today) is None


def test_the_last_change_is_in_force_and_the_audit_names_what_moved() -> None:
    first = WindowsChange("EW1", 1, ExpiryWindows(), ExpiryWindows(6, 14, 30, 30), "ama@x.com", NOW)
    second = WindowsChange("EW2", 2, first.after, ExpiryWindows(6, 21, 30, 10), "kofi@x.com", NOW)
    assert stored_of([]).version == 0
    assert stored_of([]).windows == ExpiryWindows(9, 14, 30, 30)
    stored = stored_of([second, first])
    assert (stored.version, stored.windows, stored.updated_by) == (2, second.after, "kofi@x.com")
    assert describe_windows_change(first) == "expiry windows: passport 9 months -> 6 months"
    assert describe_windows_change(second) == "expiry windows: medical 14 days -> 21 days; visa 30 days -> 10 days"
    same = WindowsChange("EW3", 3, second.after, second.after, "ama@x.com", NOW)
    assert describe_windows_change(same) == "expiry windows: saved unchanged"
