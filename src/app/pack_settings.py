"""CV packs' settings from the environment: how long a pack's link works and when an unanswered
pack is flagged to its sender."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MAX_PACK_DAYS = 90


class PackSettingsError(ValueError):
    pass


def _days(env: Mapping[str, str], name: str, default: int, high: int) -> int:
    raw = (env.get(name) or str(default)).strip()
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= high:
        raise PackSettingsError(f"{name} must be a whole number of days from 1 to {high}")
    return int(raw)


@dataclass(frozen=True, slots=True)
class PackSettings:
    days: int = 14
    """``AGENCY_PACK_DAYS``: how long a CV pack's link works."""
    reminder_days: int = 3
    """``AGENCY_PACK_REMINDER_DAYS``: when a pack nobody answered is flagged to its sender."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> PackSettings:
        days = _days(env, "AGENCY_PACK_DAYS", 14, MAX_PACK_DAYS)
        return cls(days, _days(env, "AGENCY_PACK_REMINDER_DAYS", min(3, days), days))
