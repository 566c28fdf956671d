"""The settings staff change in the admin area: alert phones, SMS sender id, status-SMS switches.

Stored by a :class:`SettingsStore`; the environment's values are the defaults until someone
saves them. :class:`LiveSettings` is what the rest of the server reads: at most
``max_age_s`` old, and updated in place when this process saves new values.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Final, Protocol

from agency_core.payments.fees import FeePolicy, policy_from_dict, policy_to_dict
from agency_core.records import ApplicationStatus
from agency_core.spec.constants import SENDER_ID_MAX_LENGTH
from agency_core.spec.validation import INVALID_PHONE, normalise_phone

ADMIN_PHONE_COUNT: Final = 4
SENDER_PATTERN: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 .&-]*$")
PHONES_REQUIRED: Final = f"Enter {ADMIN_PHONE_COUNT} admin phone numbers"
SENDER_REQUIRED: Final = "Sender id is required"
SENDER_TOO_LONG: Final = f"Sender id must be at most {SENDER_ID_MAX_LENGTH} characters"
SENDER_INVALID: Final = "Sender id may only hold letters, digits, spaces and . & -"
SWITCH_REQUIRED: Final = "Must be true or false"
MAX_APPOINTMENT_CAPACITY: Final = 50
CAPACITY_INVALID: Final = f"Consultations per slot must be a whole number from 1 to {MAX_APPOINTMENT_CAPACITY}"
CLOSED_DATES_INVALID: Final = "Closed dates must be a list of dates (YYYY-MM-DD)"


def all_on() -> dict[ApplicationStatus, bool]:
    return dict.fromkeys(ApplicationStatus, True)


@dataclass(frozen=True, slots=True)
class AdminSettings:
    admin_phones: tuple[str, ...]
    sms_sender: str
    status_sms: Mapping[ApplicationStatus, bool] = field(default_factory=all_on)
    appointment_capacity: int = 1
    """Consultations booked per slot (each of the spec's nine slots)."""
    closed_dates: tuple[date, ...] = ()
    """Dates the office takes no bookings (public holidays), besides Saturdays and Sundays."""
    fee_policy: FeePolicy | None = None
    """The fee policy staff saved (:mod:`agency_core.payments.fees`); ``None``: the configured fee for all."""

    def sends_status_sms(self, status: ApplicationStatus) -> bool:
        return self.status_sms.get(status, True)


class SettingsStore(Protocol):
    async def get_settings(self) -> AdminSettings | None:
        """The saved settings, or ``None`` when none were saved yet."""
        ...


class SettingsSource(Protocol):
    """What services read: the settings in force now."""

    async def current(self) -> AdminSettings: ...


class LiveSettings:
    """The stored settings (or the defaults), read again once they are ``max_age_s`` old."""

    def __init__(
        self,
        store: SettingsStore,
        defaults: AdminSettings,
        *,
        max_age_s: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.defaults = defaults
        self.max_age_s = max_age_s
        self.clock = clock
        self._cached: tuple[float, AdminSettings] | None = None

    async def current(self) -> AdminSettings:
        cached = self._cached
        if cached is not None and self.clock() - cached[0] < self.max_age_s:
            return cached[1]
        stored = await self.store.get_settings()
        settings = stored if stored is not None else self.defaults
        self._cached = (self.clock(), settings)
        return settings

    def updated(self, settings: AdminSettings) -> None:
        """This process saved ``settings``: use them at once."""
        self._cached = (self.clock(), settings)

    async def sms_sender(self) -> str:
        return (await self.current()).sms_sender

    async def stored_fee_policy(self) -> FeePolicy | None:
        return (await self.current()).fee_policy


@dataclass(frozen=True, slots=True)
class SettingsCheck:
    settings: AdminSettings | None
    errors: dict[str, str]


def _capacity(raw: object, errors: dict[str, str]) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_APPOINTMENT_CAPACITY:
        errors["appointmentCapacity"] = CAPACITY_INVALID
        return 1
    return raw


def _closed_dates(raw: object, errors: dict[str, str]) -> tuple[date, ...]:
    days: set[date] = set()
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        for item in raw:
            try:
                days.add(date.fromisoformat(item) if isinstance(item, str) and len(item) == 10 else date.min)
            except ValueError:
                days.add(date.min)
    if date.min in days or not isinstance(raw, Sequence) or isinstance(raw, str):
        errors["closedDates"] = CLOSED_DATES_INVALID
        return ()
    return tuple(sorted(days))


def _appointment_settings(
    data: Mapping[str, object], kept: AdminSettings, errors: dict[str, str]
) -> tuple[int, tuple[date, ...]]:
    capacity = _capacity(data["appointmentCapacity"], errors) if "appointmentCapacity" in data else None
    closed = _closed_dates(data["closedDates"], errors) if "closedDates" in data else None
    return (
        kept.appointment_capacity if capacity is None else capacity,
        kept.closed_dates if closed is None else closed,
    )


def check_settings(data: Mapping[str, object], keep: AdminSettings | None = None) -> SettingsCheck:
    """Validate ``{adminPhones, smsSender, statusSms, appointmentCapacity, closedDates}`` (camelCase, as the
    API sends it); the appointment settings are optional and keep ``keep``'s values when left out."""
    errors: dict[str, str] = {}
    capacity, closed = _appointment_settings(data, keep or AdminSettings((), ""), errors)
    phones: list[str] = []
    raw_phones = data.get("adminPhones")
    if not isinstance(raw_phones, Sequence) or isinstance(raw_phones, str) or len(raw_phones) != ADMIN_PHONE_COUNT:
        errors["adminPhones"] = PHONES_REQUIRED
    else:
        for i, raw in enumerate(raw_phones):
            e164 = normalise_phone(raw) if isinstance(raw, str) else None
            if e164 is None:
                errors[f"adminPhones.{i}"] = INVALID_PHONE
            else:
                phones.append(e164)
    sender = data.get("smsSender")
    sender = sender.strip() if isinstance(sender, str) else ""
    if not sender:
        errors["smsSender"] = SENDER_REQUIRED
    elif len(sender) > SENDER_ID_MAX_LENGTH:
        errors["smsSender"] = SENDER_TOO_LONG
    elif not SENDER_PATTERN.match(sender):
        errors["smsSender"] = SENDER_INVALID
    switches: dict[ApplicationStatus, bool] = {}
    raw_switches = data.get("statusSms")
    for status in ApplicationStatus:
        value = raw_switches.get(status.value) if isinstance(raw_switches, Mapping) else None
        if not isinstance(value, bool):
            errors[f"statusSms.{status.value}"] = SWITCH_REQUIRED
        else:
            switches[status] = value
    if errors:
        return SettingsCheck(None, errors)
    fee_policy = keep.fee_policy if keep is not None else None
    return SettingsCheck(AdminSettings(tuple(phones), sender, switches, capacity, closed, fee_policy), {})


def export_rules() -> dict[str, object]:
    """The settings form's rules for the client (``rules.json`` -> ``settingsForm``): the limits and
    messages of :func:`check_settings`; the phone pattern is the loose one of ``patterns.phone`` (the
    server then parses the number, Ghana by default)."""
    return {
        "adminPhoneCount": ADMIN_PHONE_COUNT,
        "senderMaxLength": SENDER_ID_MAX_LENGTH,
        "senderPattern": SENDER_PATTERN.pattern,
        "maxAppointmentCapacity": MAX_APPOINTMENT_CAPACITY,
        "messages": {
            "phoneInvalid": INVALID_PHONE,
            "senderRequired": SENDER_REQUIRED,
            "senderTooLong": SENDER_TOO_LONG,
            "senderInvalid": SENDER_INVALID,
            "capacityInvalid": CAPACITY_INVALID,
            "closedDatesInvalid": CLOSED_DATES_INVALID,
        },
    }


def settings_to_dict(settings: AdminSettings) -> dict[str, object]:
    return {
        "adminPhones": list(settings.admin_phones),
        "smsSender": settings.sms_sender,
        "statusSms": {status.value: settings.sends_status_sms(status) for status in ApplicationStatus},
        "appointmentCapacity": settings.appointment_capacity,
        "closedDates": [day.isoformat() for day in settings.closed_dates],
    } | ({} if settings.fee_policy is None else {"feePolicy": policy_to_dict(settings.fee_policy)})


def settings_from_dict(data: Mapping[str, object], defaults: AdminSettings) -> AdminSettings:
    """Stored settings back; anything missing or odd falls back to ``defaults``."""
    phones = data.get("adminPhones")
    sender = data.get("smsSender")
    switches = data.get("statusSms")
    result = defaults
    if isinstance(phones, list) and all(isinstance(p, str) for p in phones):
        result = replace(result, admin_phones=tuple(str(p) for p in phones))
    if isinstance(sender, str) and sender:
        result = replace(result, sms_sender=sender)
    if isinstance(switches, Mapping):
        result = replace(
            result,
            status_sms={s: bool(switches.get(s.value, defaults.sends_status_sms(s))) for s in ApplicationStatus},
        )
    capacity = data.get("appointmentCapacity")
    if isinstance(capacity, int) and not isinstance(capacity, bool) and capacity >= 1:
        result = replace(result, appointment_capacity=capacity)
    closed = data.get("closedDates")
    if isinstance(closed, list):
        result = replace(result, closed_dates=_closed_dates(closed, {}))
    policy = policy_from_dict(data.get("feePolicy"))
    if policy is not None:
        result = replace(result, fee_policy=policy)
    return result
