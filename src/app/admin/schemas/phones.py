"""Phones to confirm: stored numbers that may be another agency country's, and staff's choice."""

from __future__ import annotations

from datetime import datetime

from agency_core.spec.phone_numbers import ReadPhone, region_name
from agency_core.staff.phone_confirmations import PhoneToConfirm as CorePhone
from app.admin.schemas.common import Body


class PhoneChoice(Body):
    """One country the number may be, with the number it is there."""

    region: str
    """ISO 3166 code, e.g. ``AE``."""
    country: str
    phone: str
    """E.164."""


class PhoneToConfirm(Body):
    application_id: str
    applicant_name: str
    phone: str
    """As stored (Ghana's reading)."""
    typed: str
    """Its local form, as the applicant most likely typed it."""
    choices: list[PhoneChoice]
    """The stored reading first."""
    created_at: datetime


class PhonesToConfirm(Body):
    """Applications stored before phones kept their country whose number may be another agency
    country's; scripts and bulk sends refuse to text them until confirmed."""

    items: list[PhoneToConfirm]


class PhoneConfirmIn(Body):
    """The country staff confirm: one of the item's ``choices`` (its ``region``)."""

    region: str


class ConfirmedPhone(Body):
    application_id: str
    phone: str
    region: str


def phone_choice(reading: ReadPhone) -> PhoneChoice:
    return PhoneChoice(region=reading.region, country=region_name(reading.region), phone=reading.e164)


def phone_to_confirm(item: CorePhone) -> PhoneToConfirm:
    return PhoneToConfirm(
        application_id=item.application_id,
        applicant_name=item.applicant_name,
        phone=item.phone,
        typed=item.typed,
        choices=[phone_choice(c) for c in item.choices],
        created_at=item.created_at,
    )
