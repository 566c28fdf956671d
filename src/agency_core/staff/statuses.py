"""Which status changes staff may make, and the messages when they may not."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Final

from agency_core.records import ApplicationStatus, Appointment, AppointmentStatus

_MOVES: Final[Mapping[ApplicationStatus, frozenset[ApplicationStatus]]] = {
    ApplicationStatus.RECEIVED: frozenset({ApplicationStatus.PROCESSING}),
    ApplicationStatus.PROCESSING: frozenset({ApplicationStatus.APPROVED, ApplicationStatus.REJECTED}),
    ApplicationStatus.APPROVED: frozenset(),
    ApplicationStatus.REJECTED: frozenset(),
}


def can_move(current: ApplicationStatus, new: ApplicationStatus) -> bool:
    """received -> processing -> approved or rejected; nothing else, no way back."""
    return new in _MOVES[current]


def next_statuses(current: ApplicationStatus) -> list[ApplicationStatus]:
    return sorted(_MOVES[current])


def move_refused_message(current: ApplicationStatus, new: ApplicationStatus) -> str:
    allowed = " or ".join(s.value for s in next_statuses(current))
    if not allowed:
        return f"The application is already {current.value}; its status cannot change."
    return f"The application is {current.value}: it can move to {allowed}, not {new.value}."


def can_move_appointment(current: AppointmentStatus, new: AppointmentStatus) -> bool:
    """booked -> attended | no_show | cancelled; every outcome is final."""
    return current is AppointmentStatus.BOOKED and new is not AppointmentStatus.BOOKED


NOT_STARTED: Final = "The appointment has not started yet: mark it attended or no-show from its start time."


def not_started_yet(appointment: Appointment, new: AppointmentStatus, now: datetime) -> bool:
    """Whether ``new`` is an outcome (attended, no-show) of a booking whose slot has not begun."""
    outcome = new in (AppointmentStatus.ATTENDED, AppointmentStatus.NO_SHOW)
    return outcome and appointment.starts_at is not None and appointment.starts_at > now
