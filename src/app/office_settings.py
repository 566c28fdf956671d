"""The office's appointment settings from the environment: its IANA zone, the default seats per slot,
and further offices (``AGENCY_OFFICES``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import time
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from agency_core.admin_settings import MAX_APPOINTMENT_CAPACITY
from agency_core.appointments.offices import MAIN_OFFICE_ID, Office, main_office
from agency_core.spec.constants import AGENCY_TIME_ZONE


class OfficeSettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class OfficeSettings:
    time_zone: str = AGENCY_TIME_ZONE
    """``AGENCY_OFFICE_TIME_ZONE``: slots are read, and "today" and "past" judged, in this IANA zone."""
    appointment_capacity: int = 1
    """``AGENCY_APPOINTMENT_CAPACITY``: consultations per slot until staff save another number."""
    more_offices: tuple[Office, ...] = ()
    """``AGENCY_OFFICES``: offices besides the main one (JSON list; empty: the main office alone)."""

    @property
    def offices(self) -> tuple[Office, ...]:
        return (main_office(self.time_zone), *self.more_offices)

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
        return cls(zone, int(raw), more_offices(env.get("AGENCY_OFFICES") or ""))


WEEKDAY_NAMES: Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
OFFICES_FORMAT: Final = (
    'AGENCY_OFFICES must be a JSON list of offices like [{"id": "dubai", "name": "Dubai desk", '
    '"timeZone": "Asia/Dubai", "address": "...", "opens": "09:00", "closes": "17:00", '
    '"weekdays": ["Mon", "Tue", "Wed", "Thu", "Fri"], "capacity": 1}]'
)


def more_offices(raw: str) -> tuple[Office, ...]:
    """The offices of ``AGENCY_OFFICES``; a malformed entry stops the start naming the setting."""
    if not raw.strip():
        return ()
    try:
        entries = json.loads(raw)
        if not isinstance(entries, list):
            raise TypeError
        offices = tuple(_office(entry) for entry in entries)
    except (ValueError, TypeError, KeyError, ZoneInfoNotFoundError) as exc:
        raise OfficeSettingsError(OFFICES_FORMAT) from exc
    ids = [o.id for o in offices]
    if MAIN_OFFICE_ID in ids or len(set(ids)) != len(ids):
        raise OfficeSettingsError(f"AGENCY_OFFICES: each office needs its own id (not {MAIN_OFFICE_ID!r})")
    return offices


def _office(entry: object) -> Office:
    if not isinstance(entry, dict):
        raise TypeError
    office_id, name, zone = str(entry["id"]).strip(), str(entry["name"]).strip(), str(entry["timeZone"])
    ZoneInfo(zone)
    opens, closes = time.fromisoformat(entry.get("opens", "08:00")), time.fromisoformat(entry.get("closes", "18:00"))
    weekdays = frozenset(WEEKDAY_NAMES.index(day) for day in entry.get("weekdays", WEEKDAY_NAMES[:5]))
    capacity = entry.get("capacity")
    if capacity is not None and (not isinstance(capacity, int) or not 1 <= capacity <= MAX_APPOINTMENT_CAPACITY):
        raise ValueError(capacity)
    if not office_id or not name or opens >= closes or not weekdays:
        raise ValueError(office_id)
    return Office(office_id, name, zone, str(entry.get("address", "")), opens, closes, weekdays, capacity)
