"""Staff's changes to a destination's departure gate: checking what they send, and the change kept
with who made it, when, and the gate before and after (every change is audited)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from agency_core.errors import Rejected
from agency_core.pipeline.documents import VALIDITY_DAYS_MAX, ValiditySettings
from agency_core.pipeline.gate import ALL_CHECKS, PASSPORT_MONTHS_MAX, GateCheck, GateSettings
from agency_core.spec.numbers import json_whole_number

DESTINATION_MAX: Final = 60
DEFAULT_NAME: Final = "every other destination"


@dataclass(frozen=True, slots=True)
class GateChange:
    id: str
    destination: str
    version: int
    """The destination's gate version after this change: 1 for its first."""
    before: GateSettings | None
    """``None``: the destination had no gate of its own (it followed the default)."""
    after: GateSettings | None
    """``None``: its own gate removed (it follows the default again)."""
    actor: str
    at: datetime


@dataclass(frozen=True, slots=True)
class StoredGate:
    """A destination's gate as stored, with its version (0 when it never had one)."""

    destination: str
    version: int
    settings: GateSettings | None
    updated_by: str = ""
    updated_at: datetime | None = None


def _whole(raw: object, low: int, high: int, message: str, errors: dict[str, str], name: str) -> int:
    number = json_whole_number(raw)  # JSON's 90.0 is the whole number 90
    if number is not None and low <= number <= high:
        return number
    if isinstance(raw, str) and raw.strip().isascii() and raw.strip().isdigit() and low <= int(raw) <= high:
        return int(raw)
    errors[name] = message
    return low


def _checks(raw: object, errors: dict[str, str]) -> tuple[GateCheck, ...]:
    names = {c.value for c in ALL_CHECKS}
    if not isinstance(raw, list) or not all(isinstance(x, str) and x in names for x in raw):
        errors["checks"] = f"Checks must be a list of: {', '.join(sorted(names))}"
        return ()
    return tuple(c for c in ALL_CHECKS if c.value in raw)


def read_destination(raw: object) -> str:
    text = " ".join(raw.split()) if isinstance(raw, str) else ""
    if len(text) > DESTINATION_MAX:
        raise Rejected({"destination": f"Destination must be at most {DESTINATION_MAX} characters"})
    return text


def read_gate_settings(destination: str, raw: Mapping[str, object]) -> GateSettings:
    """A gate from what staff sent (camelCase: ``passportMonths``, ``medicalValidityDays``,
    ``policeClearanceValidityDays``, ``checks``); :class:`Rejected` naming each bad field."""
    errors: dict[str, str] = {}
    months = _whole(
        raw.get("passportMonths"),
        0,
        PASSPORT_MONTHS_MAX,
        f"Passport months must be a whole number from 0 to {PASSPORT_MONTHS_MAX}",
        errors,
        "passportMonths",
    )
    days = f"must be a whole number of days from 1 to {VALIDITY_DAYS_MAX}"
    medical = _whole(
        raw.get("medicalValidityDays"), 1, VALIDITY_DAYS_MAX, f"Medical validity {days}", errors, "medicalValidityDays"
    )
    police = _whole(
        raw.get("policeClearanceValidityDays"),
        1,
        VALIDITY_DAYS_MAX,
        f"Police clearance validity {days}",
        errors,
        "policeClearanceValidityDays",
    )
    checks = _checks(raw.get("checks"), errors)
    if errors:
        raise Rejected(errors)
    return GateSettings(read_destination(destination), months, ValiditySettings(medical, police), checks)


def _parts(settings: GateSettings | None) -> dict[str, str]:
    if settings is None:
        return {}
    return {
        "passport": f"{settings.passport_months} months",
        "medical validity": f"{settings.validity.medical_days} days",
        "police clearance validity": f"{settings.validity.police_clearance_days} days",
        "checks": ", ".join(c.value for c in settings.checks) or "none",
    }


def describe_change(change: GateChange) -> str:
    """The audit entry's target: ``gate Qatar: medical validity 90 days -> 30 days``."""
    name = change.destination or DEFAULT_NAME
    if change.after is None:
        return f"gate {name}: removed (follows the default)"
    before, after = _parts(change.before), _parts(change.after)
    if change.before is None:
        return f"gate {name}: set (" + "; ".join(f"{k} {v}" for k, v in after.items()) + ")"
    moved = [f"{k} {before[k]} -> {after[k]}" for k in after if before[k] != after[k]]
    return f"gate {name}: " + ("; ".join(moved) or "saved unchanged")
