"""The expiry watch's windows as staff set them (issue 45 item 4: "a window set per document type,
e.g. passport 9 months, medical 14 days").

The windows are one setting for all destinations, stored as a history of changes: each change has
its version (1 for the first), who made it, when, and the windows before and after; the last change
is in force, and without any the defaults of :class:`ExpiryWindows` hold. Staff change them through
:class:`~agency_core.pipeline.expiry_admin.ExpiryWindowsAdmin`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Final, Protocol

from agency_core.audit import AuditEntry
from agency_core.errors import Rejected
from agency_core.pipeline.documents import DocumentKind
from agency_core.pipeline.gate import add_months
from agency_core.spec.numbers import json_whole_number

PASSPORT_MONTHS_MAX: Final = 24
WINDOW_DAYS_MAX: Final = 365


@dataclass(frozen=True, slots=True)
class ExpiryWindows:
    """How long before its expiry a document is "expiring soon", per kind."""

    passport_months: int = 9
    medical_days: int = 14
    police_clearance_days: int = 30
    visa_days: int = 30

    def last_day(self, kind: DocumentKind, today: date) -> date | None:
        """The latest expiry that counts as expiring soon on ``today`` (None: the kind is not watched)."""
        if kind is DocumentKind.PASSPORT:
            return add_months(today, self.passport_months)
        days = {
            DocumentKind.MEDICAL: self.medical_days,
            DocumentKind.POLICE_CLEARANCE: self.police_clearance_days,
            DocumentKind.VISA: self.visa_days,
        }.get(kind)
        return None if days is None else today + timedelta(days=days)


@dataclass(frozen=True, slots=True)
class WindowsChange:
    id: str
    version: int
    """The windows' version after this change: 1 for the first."""
    before: ExpiryWindows
    after: ExpiryWindows
    actor: str
    at: datetime


@dataclass(frozen=True, slots=True)
class StoredWindows:
    """The windows in force and their version (0 and the defaults when never set)."""

    version: int
    windows: ExpiryWindows
    updated_by: str = ""
    updated_at: datetime | None = None


def stored_of(changes: list[WindowsChange]) -> StoredWindows:
    """The windows the last of ``changes`` (any order) set; the defaults at version 0 without any."""
    if not changes:
        return StoredWindows(0, ExpiryWindows())
    last = max(changes, key=lambda k: k.version)
    return StoredWindows(last.version, last.after, last.actor, last.at)


class ExpiryWindowsStore(Protocol):
    async def window_changes(self) -> list[WindowsChange]:
        """Every change of the windows, newest (highest version) first."""
        ...

    async def change_windows(self, change: WindowsChange, audit: AuditEntry) -> None:
        """Write ``change`` and ``audit`` in one write, on condition that no change of
        ``change.version`` exists yet (else ``PreconditionFailed``, writing nothing)."""
        ...


def _whole(raw: object, low: int, high: int, name: str, label: str, errors: dict[str, str]) -> int:
    number = json_whole_number(raw)  # JSON's 14.0 is the whole number 14
    if number is None and isinstance(raw, str) and raw.strip().isascii() and raw.strip().isdigit():
        number = int(raw)
    if number is not None and low <= number <= high:
        return number
    errors[name] = f"{label} must be a whole number from {low} to {high}"
    return low


def read_windows(raw: Mapping[str, object]) -> ExpiryWindows:
    """The windows staff sent (camelCase: ``passportMonths``, ``medicalDays``, ``policeClearanceDays``,
    ``visaDays``); :class:`Rejected` naming each bad field."""
    errors: dict[str, str] = {}
    months = _whole(raw.get("passportMonths"), 1, PASSPORT_MONTHS_MAX, "passportMonths", "Passport months", errors)
    days = WINDOW_DAYS_MAX
    medical = _whole(raw.get("medicalDays"), 1, days, "medicalDays", "Medical days", errors)
    police = _whole(raw.get("policeClearanceDays"), 1, days, "policeClearanceDays", "Police clearance days", errors)
    visa = _whole(raw.get("visaDays"), 1, days, "visaDays", "Visa days", errors)
    if errors:
        raise Rejected(errors)
    return ExpiryWindows(months, medical, police, visa)


def _parts(windows: ExpiryWindows) -> dict[str, str]:
    return {
        "passport": f"{windows.passport_months} months",
        "medical": f"{windows.medical_days} days",
        "police clearance": f"{windows.police_clearance_days} days",
        "visa": f"{windows.visa_days} days",
    }


def describe_windows_change(change: WindowsChange) -> str:
    """The audit entry's target: ``expiry windows: passport 9 months -> 6 months``."""
    before, after = _parts(change.before), _parts(change.after)
    moved = [f"{k} {before[k]} -> {after[k]}" for k in after if before[k] != after[k]]
    return "expiry windows: " + ("; ".join(moved) or "saved unchanged")


__all__ = [
    "PASSPORT_MONTHS_MAX",
    "WINDOW_DAYS_MAX",
    "ExpiryWindows",
    "ExpiryWindowsStore",
    "StoredWindows",
    "WindowsChange",
    "describe_windows_change",
    "read_windows",
    "stored_of",
]
