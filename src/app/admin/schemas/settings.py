"""The settings staff change (alert phones, SMS sender id, status-SMS switches) and the audit log."""

from __future__ import annotations

from datetime import datetime

from agency_core import admin_settings
from agency_core.audit import AuditEntry as AuditRecord
from agency_core.records import ApplicationStatus
from app.admin.schemas.common import UNSET, Body, from_object


class WhatsAppChannelStatus(Body):
    """Whether the WhatsApp channel is on (``AGENCY_WHATSAPP_*``, read-only: set where the app is deployed)."""

    on: bool
    line: str
    """What the settings page shows, e.g. "On (phone number ID …; SMS fallback after 15 min)"."""


class StatusSmsSwitches(Body):
    """Whether the applicant gets an SMS when the application moves to each status."""

    received: bool
    processing: bool
    approved: bool
    rejected: bool


class AdminSettings(Body):
    admin_phones: list[str]
    """The four phones (E.164) that get the new-submission alerts."""
    sms_sender: str
    status_sms: StatusSmsSwitches
    appointment_capacity: int
    """Consultations booked per slot."""
    closed_dates: list[str]
    """Dates (YYYY-MM-DD) the office takes no bookings, besides weekends."""
    booking_horizon_days: int
    """How many days ahead an appointment may be booked."""
    daily_bookings_per_person: int
    """How many bookings one phone or e-mail may hold on one day."""
    sms_max_parts: int
    """The most SMS parts a message template may take at its longest (saving one past it is refused)."""


class AdminSettingsIn(Body, kw_only=True):
    """The settings to save: 422 with a message per field (``adminPhones.1``, ``statusSms.approved``...)."""

    admin_phones: list[str]
    sms_sender: str
    status_sms: StatusSmsSwitches
    appointment_capacity: int = UNSET
    """Left out: unchanged."""
    closed_dates: list[str] = UNSET
    """Left out: unchanged."""
    booking_horizon_days: int = UNSET
    """Left out: unchanged."""
    daily_bookings_per_person: int = UNSET
    """Left out: unchanged."""
    sms_max_parts: int = UNSET
    """Left out: unchanged."""


class AuditEntry(Body):
    id: str
    actor: str
    action: str
    target: str
    at: datetime


def settings_body(settings: admin_settings.AdminSettings) -> AdminSettings:
    switches = {status.value: settings.sends_status_sms(status) for status in ApplicationStatus}
    return AdminSettings(
        admin_phones=list(settings.admin_phones),
        sms_sender=settings.sms_sender,
        status_sms=StatusSmsSwitches(**switches),
        appointment_capacity=settings.appointment_capacity,
        closed_dates=[day.isoformat() for day in settings.closed_dates],
        booking_horizon_days=settings.booking_horizon_days,
        daily_bookings_per_person=settings.daily_bookings_per_person,
        sms_max_parts=settings.sms_max_parts,
    )


def audit_entry(entry: AuditRecord) -> AuditEntry:
    return from_object(AuditEntry, entry)
