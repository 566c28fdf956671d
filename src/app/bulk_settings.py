"""Bulk actions' settings from the environment: the undo window of a status move and the rate of a message to many."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from agency_core.bulk.service import BulkOptions

MAX_UNDO_WINDOW_S = 600
MAX_SMS_PER_MINUTE = 10_000


class BulkSettingsError(ValueError):
    pass


def _whole(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = (env.get(name) or str(default)).strip()
    if not raw.isascii() or not raw.isdigit() or not low <= int(raw) <= high:
        raise BulkSettingsError(f"{name} must be a whole number from {low} to {high}")
    return int(raw)


@dataclass(frozen=True, slots=True)
class BulkSettings:
    undo_window_s: int = 30
    """``AGENCY_BULK_UNDO_SECONDS``: how long a status move can be undone; its SMS wait until then."""
    sms_per_minute: int = 100
    """``AGENCY_BULK_SMS_PER_MINUTE``: the rate a message to many is handed to the gateway at."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> BulkSettings:
        return cls(
            _whole(env, "AGENCY_BULK_UNDO_SECONDS", 30, 0, MAX_UNDO_WINDOW_S),
            _whole(env, "AGENCY_BULK_SMS_PER_MINUTE", 100, 1, MAX_SMS_PER_MINUTE),
        )

    @property
    def options(self) -> BulkOptions:
        return BulkOptions(self.undo_window_s, self.sms_per_minute)
