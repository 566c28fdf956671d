"""An appointment with what staff added: its status."""

from __future__ import annotations

from dataclasses import dataclass

from agency_core.records import Appointment, AppointmentStatus


@dataclass(frozen=True, slots=True)
class AppointmentRecord:
    appointment: Appointment
    status: AppointmentStatus = AppointmentStatus.BOOKED
