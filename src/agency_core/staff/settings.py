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
from typing import Final, Protocol

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


def all_on() -> dict[ApplicationStatus, bool]:
    return dict.fromkeys(ApplicationStatus, True)


@dataclass(frozen=True, slots=True)
class AdminSettings:
    admin_phones: tuple[str, ...]
    sms_sender: str
    status_sms: Mapping[ApplicationStatus, bool] = field(default_factory=all_on)

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


@dataclass(frozen=True, slots=True)
class SettingsCheck:
    settings: AdminSettings | None
    errors: dict[str, str]


def check_settings(data: Mapping[str, object]) -> SettingsCheck:
    """Validate ``{adminPhones, smsSender, statusSms}`` (camelCase, as the API sends it)."""
    errors: dict[str, str] = {}
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
    return SettingsCheck(AdminSettings(tuple(phones), sender, switches), {})


def settings_to_dict(settings: AdminSettings) -> dict[str, object]:
    return {
        "adminPhones": list(settings.admin_phones),
        "smsSender": settings.sms_sender,
        "statusSms": {status.value: settings.sends_status_sms(status) for status in ApplicationStatus},
    }


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
    return result
