"""The office's appointment settings from the environment: its IANA zone and the default seats per slot."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from agency_core.spec.constants import AGENCY_TIME_ZONE
from agency_core.staff.settings import MAX_APPOINTMENT_CAPACITY


class OfficeSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class OfficeSettings:
    time_zone: str = AGENCY_TIME_ZONE
    """``AGENCY_OFFICE_TIME_ZONE``: slots are read, and "today" and "past" judged, in this IANA zone."""
    appointment_capacity: int = 1
    """``AGENCY_APPOINTMENT_CAPACITY``: consultations per slot until staff save another number."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> OfficeSettings:
        zone = (env.get("AGENCY_OFFICE_TIME_ZONE") or AGENCY_TIME_ZONE).strip()
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise OfficeSettingsError(f"AGENCY_OFFICE_TIME_ZONE: {zone!r} is not an IANA time zone") from exc
        raw = (env.get("AGENCY_APPOINTMENT_CAPACITY") or "1").strip()
        if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= MAX_APPOINTMENT_CAPACITY:
            raise OfficeSettingsError(
                f"AGENCY_APPOINTMENT_CAPACITY must be a whole number from 1 to {MAX_APPOINTMENT_CAPACITY}"
            )
        return cls(zone, int(raw))
