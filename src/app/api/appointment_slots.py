"""``GET /api/appointment-slots?date=YYYY-MM-DD``: the spec's nine slots of a date, free, full, past or closed.

The booking form shows it; the server still judges each booking at commit. It names no booking and
no person, only counts of free seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Annotated, Final

from litestar import Response, get
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import QueryParameter

from agency_core.appointments.booking import Bookings, DaySlots
from agency_core.appointments.slots import WindowSlots
from agency_core.errors import Rejected
from app.api.schemas import ValidationErrors

DATE_INVALID: Final = "Enter a date as YYYY-MM-DD"


@dataclass
class SlotOut:
    time: str
    """The spec's label, unchanged (``"10:00 AM"``), in the office's zone."""
    startsAt: datetime
    """The UTC instant the slot starts."""
    state: str
    """``free``, ``full``, ``past`` (already started, in the office's zone) or ``closed`` (weekend, holiday)."""
    free: int


@dataclass
class DaySlotsOut:
    date: str
    timeZone: str
    """The office's IANA zone."""
    zoneName: str
    """Its short name on that date (``GMT``)."""
    slots: list[SlotOut]


def day_slots_body(found: DaySlots) -> DaySlotsOut:
    return DaySlotsOut(
        found.day.isoformat(),
        found.zone,
        found.zone_name,
        [SlotOut(s.label, s.starts_at, s.state.value, s.free) for s in found.slots],
    )


@dataclass
class WindowSlotsOut:
    """What cannot be booked from today to the booking horizon: the form loads it once, when it opens, and
    knows a date's taken slots as soon as it is picked. A slot named nowhere is free."""

    first: str
    last: str
    timeZone: str
    closed: list[str]
    """Days the office is closed (weekends, holidays): no slot can be booked."""
    taken: dict[str, list[str]]
    """Per open day (``YYYY-MM-DD``), the spec's labels of the slots that are full or already past."""


def window_slots_body(found: WindowSlots) -> WindowSlotsOut:
    return WindowSlotsOut(
        found.first.isoformat(),
        found.last.isoformat(),
        found.zone,
        [day.isoformat() for day in found.closed],
        {day.isoformat(): labels for day, labels in found.taken.items()},
    )


@get("/api/appointment-slots/window", tags=["forms"], summary="What cannot be booked in the whole booking window")
async def window_slots(bookings: NamedDependency[Bookings]) -> Response[WindowSlotsOut]:
    body = window_slots_body(await bookings.window_slots())
    return Response(body, headers={"Cache-Control": "no-store"})


@get(
    "/api/appointment-slots",
    tags=["forms"],
    summary="The slots of a date and their free seats",
    responses={422: ResponseSpec(ValidationErrors, description=DATE_INVALID, generate_examples=False)},
)
async def appointment_slots(
    bookings: NamedDependency[Bookings], day: Annotated[str | None, QueryParameter(name="date")] = None
) -> Response[DaySlotsOut]:
    raw = (day or "").strip()
    try:
        asked = date.fromisoformat(raw) if len(raw) == 10 and raw.isascii() else None
    except ValueError:
        asked = None
    if asked is None:
        raise Rejected({"date": DATE_INVALID})
    body = day_slots_body(await bookings.appointment_slots(asked))
    return Response(body, headers={"Cache-Control": "no-store"})
