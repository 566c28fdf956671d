"""Phones to confirm: applications stored before phones kept their country, whose number may be
another agency country's (:func:`agency_core.messaging.phones.needs_confirmation`).

Until staff confirm one, scripts and bulk sends refuse to text it. Confirming picks one of the
readings of the number's local form (``050 123 4567``: Ghana's ``+233501234567`` or the UAE's
``+971501234567``); the record then holds that number with its region, like a new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Final

from agency_core.errors import Rejected
from agency_core.messaging.phones import needs_confirmation
from agency_core.spec.phone_numbers import ReadPhone, local_form, local_readings
from agency_core.staff.records import ApplicationRecord

REGION_NOT_OFFERED: Final = "Choose one of the countries this number is valid in"
ALREADY_CONFIRMED: Final = "This phone needs no confirming: its country is known"


@dataclass(frozen=True, slots=True)
class PhoneToConfirm:
    """One application's phone awaiting staff: the number as stored and each country it may be."""

    application_id: str
    applicant_name: str
    phone: str
    """As stored (Ghana's reading of what was typed)."""
    typed: str
    """Its local form, as the applicant most likely typed it (``050 123 4567``)."""
    choices: tuple[ReadPhone, ...]
    """Every reading of the local form in the agency's countries, the stored one first."""
    created_at: datetime


def phone_to_confirm(record: ApplicationRecord) -> PhoneToConfirm | None:
    """The application's phone when it awaits confirming, else ``None``."""
    data = record.application.data
    phone = data.phone.strip()
    if not needs_confirmation(phone, data.phone_region):
        return None
    return PhoneToConfirm(
        record.id,
        data.applicant_name.strip(),
        phone,
        local_form(phone),
        local_readings(phone),
        record.application.created_at,
    )


def chosen_reading(item: PhoneToConfirm, raw_region: object) -> ReadPhone:
    """The reading staff picked by its region (``AE``), or :class:`Rejected` under ``region``."""
    code = raw_region.strip().upper() if isinstance(raw_region, str) else ""
    for reading in item.choices:
        if reading.region == code:
            return reading
    raise Rejected({"region": REGION_NOT_OFFERED})


__all__ = ["ALREADY_CONFIRMED", "REGION_NOT_OFFERED", "PhoneToConfirm", "chosen_reading", "phone_to_confirm"]
