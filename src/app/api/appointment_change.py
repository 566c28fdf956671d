"""The applicant's page to move or cancel a booking: ``/appointment?token=...`` (the confirmation's link),
and its calendar file, ``/appointment/calendar.ics?token=...`` ("Add to calendar").

Served by Python as plain HTML with forms, so it works without JavaScript. Opening it changes
nothing (mail scanners and link previews follow links); only its buttons POST. A token that is
unknown, of a booking no longer booked, or past the appointment's start gets one neutral page that
says nothing about any booking. Every answer is personal: ``Cache-Control: no-store``, no referrer.
"""

from __future__ import annotations

import html
from datetime import date
from typing import Annotated, Final

import msgspec
from litestar import Controller, MediaType, Response, get, post
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromQuery

from agency_core.appointments.calendar_file import FILENAME
from agency_core.appointments.changes import CHANGE_PATH, INVALID_LINK, AppointmentChanges, OwnBooking, calendar_path
from agency_core.appointments.slots import SlotState, appointment_date
from agency_core.errors import Conflict, NotFound, Rejected
from agency_core.spec import constants as c

PAGE_TITLE: Final = "Your appointment"
CANCEL_BUTTON: Final = "Cancel my appointment"
MOVE_BUTTON: Final = "Move my appointment"
SHOW_TIMES: Final = "Show free times"
CANCELLED: Final = "Your appointment is cancelled. We have sent you a confirmation."
MOVED: Final = "Your appointment is moved. We have sent you a confirmation."
NO_FREE_TIMES: Final = "No free times on this date. Please choose another date."
ADD_TO_CALENDAR: Final = "Add to calendar"
PAGE_HEADERS: Final = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer"}


class CancelForm(msgspec.Struct):
    token: str = ""


class MoveForm(msgspec.Struct):
    token: str = ""
    date: str = ""
    time: str = ""


def _page(body: str, status: int) -> Response[str]:
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{PAGE_TITLE} | Vandy Travel</title>'
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'
        "<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937}"
        "main{max-width:32rem;margin:0 auto}button{font:inherit;min-height:44px;padding:.75rem 1.5rem;border:0;"
        "border-radius:.5rem;background:#1e3a8a;color:#fff;cursor:pointer}a{color:#1e3a8a}"
        "fieldset{border:1px solid #d1d5db;border-radius:.5rem;margin:1rem 0}label{display:block;padding:.5rem 0}"
        "input[type=date]{font:inherit;min-height:44px}.danger{background:#b91c1c}dt{font-weight:600}</style>"
        f"</head><body><main><h1>{PAGE_TITLE}</h1>{body}"
        '<p><a href="/">Vandy Travel home</a></p></main></body></html>'
    )
    return Response(document, status_code=status, media_type=MediaType.HTML, headers=PAGE_HEADERS)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _message(text: str, role: str = "status") -> str:
    return f'<p role="{role}">{_e(text)}</p>'


def _booking(own: OwnBooking, token: str) -> str:
    """The booking as it stands (its date with the weekday), and its calendar file to download."""
    d = own.details
    service = c.SERVICE_TYPE_LABELS.get(d.service, d.service)
    return (
        f"<dl><dt>Service</dt><dd>{_e(service)}</dd><dt>Date</dt><dd>{_e(d.date)}</dd>"
        f"<dt>Time</dt><dd>{_e(d.time)}</dd><dt>Reference</dt><dd>{_e(d.reference)}</dd></dl>"
        f'<p><a href="{_e(calendar_path(token))}" download="{FILENAME}">{ADD_TO_CALENDAR}</a></p>'
    )


def _move_form(own: OwnBooking, token: str) -> str:
    day = own.day.isoformat()
    pick = (
        f'<form method="get" action="{CHANGE_PATH}"><input type="hidden" name="token" value="{_e(token)}">'
        f'<label for="move-date">New date</label><input id="move-date" type="date" name="date" value="{day}"'
        f' min="{own.window.today.isoformat()}" max="{own.window.last_day.isoformat()}">'
        f' <button type="submit">{SHOW_TIMES}</button></form>'
    )
    free = [s for s in own.slots if s.state is SlotState.FREE and s.starts_at != own.appointment.starts_at]
    if not free:
        return f"<h2>Move to another time</h2>{pick}{_message(NO_FREE_TIMES)}"
    # No time is checked: the applicant picks one (a pre-checked first slot moved bookings to 9:00 in one tap);
    # a move without one is refused with "Please select a preferred time".
    options = "".join(
        f'<label><input type="radio" name="time" value="{_e(s.label)}"> {_e(s.label)}</label>' for s in free
    )
    move = (
        f'<form method="post" action="{CHANGE_PATH}/move"><input type="hidden" name="token" value="{_e(token)}">'
        f'<input type="hidden" name="date" value="{day}">'
        f"<fieldset><legend>Free times on {appointment_date(own.day)} ({_e(own.details.time.split(' ', 2)[-1])})"
        f"</legend>{options}</fieldset>"
        f'<button type="submit">{MOVE_BUTTON}</button></form>'
    )
    return f"<h2>Move to another time</h2>{pick}{move}"


def _manage(own: OwnBooking, token: str, notice: str = "") -> str:
    cancel = (
        f'<h2>Cancel</h2><form method="post" action="{CHANGE_PATH}/cancel">'
        f'<input type="hidden" name="token" value="{_e(token)}">'
        f'<button class="danger" type="submit">{CANCEL_BUTTON}</button></form>'
    )
    return f"{notice}{_booking(own, token)}{_move_form(own, token)}{cancel}"


def _invalid() -> Response[str]:
    return _page(_message(INVALID_LINK), 404)


def _day(raw: str | None) -> date | None:
    try:
        return date.fromisoformat(raw) if raw else None
    except ValueError:
        return None


async def _view_within_window(changes: AppointmentChanges, token: str, day: date | None) -> OwnBooking:
    """The booking with the slots of ``day``, or of its own date when ``day`` is outside the booking window."""
    try:
        return await changes.view(token, day)
    except Rejected:
        return await changes.view(token)


class AppointmentChangePage(Controller):
    path = CHANGE_PATH
    include_in_schema = False

    @get("/")
    async def show(
        self,
        appointment_changes: NamedDependency[AppointmentChanges],
        token: FromQuery[str] = "",
        date: FromQuery[str | None] = None,
    ) -> Response[str]:
        day = _day(date)
        try:
            own = await appointment_changes.view(token, day)
        except NotFound:
            return _invalid()
        except Rejected as refused:
            return await self._again(appointment_changes, token, None, refused)
        return _page(_manage(own, token), 200)

    @get("/calendar.ics")
    async def calendar(
        self, appointment_changes: NamedDependency[AppointmentChanges], token: FromQuery[str] = ""
    ) -> Response[str]:
        """The booking's ``.ics`` while its link works; otherwise the page's neutral 404 (nothing personal).
        Personal, so never stored by a cache."""
        try:
            text = await appointment_changes.calendar(token)
        except NotFound:
            return _invalid()
        headers = PAGE_HEADERS | {"Content-Disposition": f'attachment; filename="{FILENAME}"'}
        return Response(text, media_type="text/calendar; charset=utf-8", headers=headers)

    @post("/cancel", status_code=200)
    async def cancel(
        self,
        appointment_changes: NamedDependency[AppointmentChanges],
        data: Annotated[CancelForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
    ) -> Response[str]:
        try:
            await appointment_changes.cancel(data.token)
        except NotFound:
            return _invalid()
        except Conflict as refused:
            return _page(_message(refused.message, "alert"), 409)
        return _page(_message(CANCELLED), 200)

    @post("/move", status_code=200)
    async def move(
        self,
        appointment_changes: NamedDependency[AppointmentChanges],
        data: Annotated[MoveForm, Body(media_type=RequestEncodingType.URL_ENCODED)],
    ) -> Response[str]:
        day = _day(data.date)
        try:
            if day is None:
                raise Rejected({"preferredDate": "Please select a preferred date"})
            await appointment_changes.move(data.token, day, data.time)
        except NotFound:
            return _invalid()
        except (Rejected, Conflict) as refused:
            return await self._again(appointment_changes, data.token, day, refused)
        own = await appointment_changes.view(data.token, day)
        return _page(_manage(own, data.token, _message(MOVED)), 200)

    async def _again(
        self, changes: AppointmentChanges, token: str, day: date | None, refused: Rejected | Conflict
    ) -> Response[str]:
        text = refused.message if isinstance(refused, Conflict) else "; ".join(refused.errors.values())
        try:
            own = await _view_within_window(changes, token, day)
        except NotFound:
            return _invalid()
        status = 409 if isinstance(refused, Conflict) else 422
        return _page(_manage(own, token, _message(text, "alert")), status)
