"""The settings staff change in the admin area: alert phones, SMS sender id, status-SMS switches.

Stored by a :class:`SettingsStore`; the environment's values are the defaults until someone
saves them. :class:`LiveSettings` is what the rest of the server reads: at most
``max_age_s`` old, and updated in place when this process saves new values.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Final, Protocol

from agency_core.errors import Rejected
from agency_core.messaging.parts_cap import DEFAULT_MAX_PARTS, MAX_PARTS_INVALID, MOST_MAX_PARTS, read_max_parts
from agency_core.payments.fees import FeePolicy
from agency_core.records import ApplicationStatus
from agency_core.spec.constants import SENDER_ID_MAX_LENGTH
from agency_core.spec.inputs import ABSENT, input_of
from agency_core.spec.numbers import json_whole_number
from agency_core.spec.validation import INVALID_PHONE, normalise_phone

ADMIN_PHONE_COUNT: Final = 4
SENDER_PATTERN: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 .&-]*$")
PHONES_REQUIRED: Final = f"Enter {ADMIN_PHONE_COUNT} admin phone numbers"
SENDER_REQUIRED: Final = "Sender id is required"
SENDER_TOO_LONG: Final = f"Sender id must be at most {SENDER_ID_MAX_LENGTH} characters"
SENDER_INVALID: Final = "Sender id may only hold letters, digits, spaces and . & -"
SWITCH_REQUIRED: Final = "Must be true or false"
MAX_APPOINTMENT_CAPACITY: Final = 50
# How far ahead a booking may be and how many one person may hold a day (appointments/booking_limits.py).
DEFAULT_HORIZON_DAYS: Final = 90
MAX_HORIZON_DAYS: Final = 730
DEFAULT_DAILY_BOOKINGS: Final = 2
MAX_DAILY_BOOKINGS: Final = 20
HORIZON_INVALID: Final = f"Booking horizon must be a whole number of days from 1 to {MAX_HORIZON_DAYS}"
DAILY_LIMIT_INVALID: Final = f"Bookings per person per day must be a whole number from 1 to {MAX_DAILY_BOOKINGS}"
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
    booking_horizon_days: int = DEFAULT_HORIZON_DAYS
    """How many days ahead an appointment may be booked (:mod:`agency_core.appointments.booking_limits`)."""
    daily_bookings_per_person: int = DEFAULT_DAILY_BOOKINGS
    """How many live bookings one phone or e-mail may hold on one day."""
    sms_max_parts: int = DEFAULT_MAX_PARTS
    """The most SMS parts a message template may take at its longest (:mod:`agency_core.messaging.parts_cap`)."""

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
class SettingsInput:
    """The settings as sent: ``{adminPhones, smsSender, statusSms, appointmentCapacity, closedDates}``;
    the appointment settings may be left out (:data:`~agency_core.spec.inputs.ABSENT`)."""

    admin_phones: object = None
    sms_sender: object = None
    status_sms: object = None
    appointment_capacity: object = ABSENT
    closed_dates: object = ABSENT
    booking_horizon_days: object = ABSENT
    daily_bookings_per_person: object = ABSENT
    sms_max_parts: object = ABSENT


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """The command to save checked settings; ``None``: keep what is saved."""

    admin_phones: tuple[str, ...]
    sms_sender: str
    status_sms: Mapping[ApplicationStatus, bool]
    appointment_capacity: int | None = None
    closed_dates: tuple[date, ...] | None = None
    booking_horizon_days: int | None = None
    daily_bookings_per_person: int | None = None
    sms_max_parts: int | None = None

    def applied_to(self, kept: AdminSettings) -> AdminSettings:
        """The settings this change makes of ``kept`` (whose fee policy it never touches)."""
        return AdminSettings(
            self.admin_phones,
            self.sms_sender,
            self.status_sms,
            kept.appointment_capacity if self.appointment_capacity is None else self.appointment_capacity,
            kept.closed_dates if self.closed_dates is None else self.closed_dates,
            kept.fee_policy,
            kept.booking_horizon_days if self.booking_horizon_days is None else self.booking_horizon_days,
            (
                kept.daily_bookings_per_person
                if self.daily_bookings_per_person is None
                else self.daily_bookings_per_person
            ),
            sms_max_parts=kept.sms_max_parts if self.sms_max_parts is None else self.sms_max_parts,
        )


@dataclass(frozen=True, slots=True)
class SettingsCheck:
    change: SettingsChange | None
    errors: dict[str, str]


def _capacity(raw: object, errors: dict[str, str]) -> int | None:
    return _whole_number(raw, MAX_APPOINTMENT_CAPACITY, "appointmentCapacity", CAPACITY_INVALID, errors)


def _whole_number(raw: object, most: int, name: str, message: str, errors: dict[str, str]) -> int | None:
    """A whole number from 1 to ``most``; ``None`` when left out (keep what is saved)."""
    if raw is ABSENT:
        return None
    number = json_whole_number(raw)
    if number is None or not 1 <= number <= most:
        errors[name] = message
        return 1
    return number


def read_closed_dates(raw: object) -> tuple[date, ...] | None:
    """``["2026-12-25", ...]`` as sorted dates; ``None`` unless it is a list of such dates."""
    days: set[date] = set()
    if isinstance(raw, Sequence) and not isinstance(raw, str):
        for item in raw:
            try:
                days.add(date.fromisoformat(item) if isinstance(item, str) and len(item) == 10 else date.min)
            except ValueError:
                days.add(date.min)
    if date.min in days or not isinstance(raw, Sequence) or isinstance(raw, str):
        return None
    return tuple(sorted(days))


def _sms_max_parts(raw: object, errors: dict[str, str]) -> int | None:
    if raw is ABSENT:
        return None
    cap = read_max_parts(raw)
    if cap is None:
        errors["smsMaxParts"] = MAX_PARTS_INVALID
    return cap


def _closed_dates(raw: object, errors: dict[str, str]) -> tuple[date, ...] | None:
    if raw is ABSENT:
        return None
    days = read_closed_dates(raw)
    if days is None:
        errors["closedDates"] = CLOSED_DATES_INVALID
        return ()
    return days


def _phones(raw: object, errors: dict[str, str]) -> tuple[str, ...]:
    phones: list[str] = []
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) != ADMIN_PHONE_COUNT:
        errors["adminPhones"] = PHONES_REQUIRED
        return ()
    for i, item in enumerate(raw):
        e164 = normalise_phone(item) if isinstance(item, str) else None
        if e164 is None:
            errors[f"adminPhones.{i}"] = INVALID_PHONE
        else:
            phones.append(e164)
    return tuple(phones)


def _sender(raw: object, errors: dict[str, str]) -> str:
    sender = raw.strip() if isinstance(raw, str) else ""
    if not sender:
        errors["smsSender"] = SENDER_REQUIRED
    elif len(sender) > SENDER_ID_MAX_LENGTH:
        errors["smsSender"] = SENDER_TOO_LONG
    elif not SENDER_PATTERN.match(sender):
        errors["smsSender"] = SENDER_INVALID
    return sender


def _switches(raw: object, errors: dict[str, str]) -> dict[ApplicationStatus, bool]:
    switches: dict[ApplicationStatus, bool] = {}
    for status in ApplicationStatus:
        value = raw.get(status.value) if isinstance(raw, Mapping) else None
        if not isinstance(value, bool):
            errors[f"statusSms.{status.value}"] = SWITCH_REQUIRED
        else:
            switches[status] = value
    return switches


def check_settings(data: Mapping[str, object]) -> SettingsCheck:
    """Check ``{adminPhones, smsSender, statusSms, appointmentCapacity, closedDates}`` (camelCase, as the
    API sends it); the appointment settings are optional and keep what is saved when left out."""
    sent = input_of(SettingsInput, data)
    errors: dict[str, str] = {}
    capacity = _capacity(sent.appointment_capacity, errors)
    horizon = _whole_number(sent.booking_horizon_days, MAX_HORIZON_DAYS, "bookingHorizonDays", HORIZON_INVALID, errors)
    per_person = _whole_number(
        sent.daily_bookings_per_person, MAX_DAILY_BOOKINGS, "dailyBookingsPerPerson", DAILY_LIMIT_INVALID, errors
    )
    closed = _closed_dates(sent.closed_dates, errors)
    phones = _phones(sent.admin_phones, errors)
    sender = _sender(sent.sms_sender, errors)
    switches = _switches(sent.status_sms, errors)
    max_parts = _sms_max_parts(sent.sms_max_parts, errors)
    if errors:
        return SettingsCheck(None, errors)
    change = SettingsChange(phones, sender, switches, capacity, closed, horizon, per_person, sms_max_parts=max_parts)
    return SettingsCheck(change, {})


def export_rules() -> dict[str, object]:
    """The settings form's rules for the client (``admin-rules.json`` -> ``settingsForm``): the limits and
    messages of :func:`check_settings`; the phone pattern is the loose one of ``patterns.phone`` (the
    server then parses the number, Ghana by default)."""
    return {
        "adminPhoneCount": ADMIN_PHONE_COUNT,
        "senderMaxLength": SENDER_ID_MAX_LENGTH,
        "senderPattern": SENDER_PATTERN.pattern,
        "maxAppointmentCapacity": MAX_APPOINTMENT_CAPACITY,
        "maxBookingHorizonDays": MAX_HORIZON_DAYS,
        "maxDailyBookingsPerPerson": MAX_DAILY_BOOKINGS,
        "maxSmsParts": MOST_MAX_PARTS,
        "messages": {
            "smsMaxPartsInvalid": MAX_PARTS_INVALID,
            "phoneInvalid": INVALID_PHONE,
            "senderRequired": SENDER_REQUIRED,
            "senderTooLong": SENDER_TOO_LONG,
            "senderInvalid": SENDER_INVALID,
            "capacityInvalid": CAPACITY_INVALID,
            "closedDatesInvalid": CLOSED_DATES_INVALID,
            "horizonInvalid": HORIZON_INVALID,
            "dailyLimitInvalid": DAILY_LIMIT_INVALID,
        },
    }


def parse_settings(data: Mapping[str, object]) -> SettingsChange:
    """The command of what staff sent; ``Rejected`` with a message per field otherwise."""
    checked = check_settings(data)
    if checked.change is None:
        raise Rejected(checked.errors)
    return checked.change
