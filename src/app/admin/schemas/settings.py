"""The settings staff change (alert phones, SMS sender id, status-SMS switches) and the audit log."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from agency_core import admin_settings
from agency_core.admin_settings import settings_to_dict
from agency_core.audit import AuditEntry as AuditRecord
from agency_core.records import ApplicationStatus
from app.admin.schemas.common import UNSET, Body, Text, Words, documented, from_object, from_record


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


Switches = Annotated[
    Any, documented({"type": "object", "properties": {s.value: {"type": "boolean"} for s in ApplicationStatus}})
]


Count = Annotated[Any, documented({"type": "integer"})]


class AdminSettingsIn(Body):
    """The settings to save: 422 with a message per field (``adminPhones.1``, ``statusSms.approved``...)."""

    admin_phones: Words = UNSET
    sms_sender: Text = UNSET
    status_sms: Switches = UNSET
    appointment_capacity: Count = UNSET
    closed_dates: Words = UNSET


class AuditEntry(Body):
    id: str
    actor: str
    action: str
    target: str
    at: datetime


def settings_body(settings: admin_settings.AdminSettings) -> AdminSettings:
    return from_record(AdminSettings, settings_to_dict(settings))


def audit_entry(entry: AuditRecord) -> AuditEntry:
    return from_object(AuditEntry, entry)
