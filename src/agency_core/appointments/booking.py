"""The public booking of a consultation: the form's slots (a day's, or the whole window's taken ones),
and a booking with its confirmations, reminders and the staff's notification, in one unit of work.
A booking's changes are :mod:`agency_core.appointments.changes`; staff's side is
:mod:`agency_core.staff.appointments`."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from agency_core.admin_settings import SettingsSource
from agency_core.appointments.booking_limits import BookingWindow, bookings_of, daily_limit_reached
from agency_core.appointments.calendar_file import CalendarMethod, calendar_attachment
from agency_core.appointments.changes import calendar_file, change_link, new_change_token, token_hash
from agency_core.appointments.reminders import reminder_messages, reminder_time
from agency_core.appointments.slots import (
    OFFICE_CLOSED,
    SLOT_FULL,
    OfficeCalendar,
    SlotView,
    WindowSlots,
    booking_problem,
    day_slots,
    local_date,
    local_label,
    slot_start,
    window_slots,
    zone_name,
)
from agency_core.clock import Clock, utc_now
from agency_core.errors import Conflict, Rejected
from agency_core.ids import IdGenerator
from agency_core.masking import mask_email, mask_phone
from agency_core.messaging.confirmation_emails import appointment_email, confirmation
from agency_core.messaging.notifications import appointment_messages
from agency_core.messaging.sms_texts import AppointmentDetails
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import DEFAULTS, Texts
from agency_core.ports import Store
from agency_core.records import NEW_APPOINTMENT, AdminNotification, Appointment, OutboxMessage
from agency_core.spec import validation as v
from agency_core.spec.consent import with_consent
from agency_core.spec.constants import AGENCY_TIME_ZONE
from agency_core.spec.forms import AppointmentRequest, NewAppointmentNotice, form_of, form_values, spec_name
from agency_core.submitted import Accepted, discarded, is_bot, parse_form, sms_outbox
from agency_core.unit_of_work import SlotFull

_DATE_FIELD, _TIME_FIELD = spec_name("preferred_date"), spec_name("preferred_time")

logger = logging.getLogger("agency.submissions")


@dataclass(frozen=True, slots=True)
class DaySlots:
    day: date
    zone: str
    zone_name: str
    slots: list[SlotView]


def _nothing() -> None:
    return None


class Bookings:
    def __init__(
        self,
        store: Store,
        ids: IdGenerator,
        settings: SettingsSource,
        *,
        clock: Clock = utc_now,
        on_enqueue: Callable[[], None] = _nothing,
        site_url: Callable[[], str] = lambda: "",
        office_zone: str = AGENCY_TIME_ZONE,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.store = store
        self.uow = store.unit_of_work
        """A new unit of work per booking: the booking and its messages commit together."""
        self.ids = ids
        self.settings = settings
        """The admin area's settings, read per booking: capacity, closed dates, horizon, daily limit."""
        self.clock = clock
        self.on_enqueue = on_enqueue
        self.site_url = site_url
        """The public origin, for the change link of the confirmations."""
        self.office_zone = office_zone
        """The office's IANA zone: slots are read, and "today" and "past" judged, in it."""
        self.templates = templates
        """The message texts staff saved (read per booking; a text never saved is its default)."""

    def today(self) -> date:
        return self.clock().astimezone(ZoneInfo(self.office_zone)).date()

    async def office_calendar(self) -> OfficeCalendar:
        current = await self.settings.current()
        return OfficeCalendar(self.office_zone, current.appointment_capacity, frozenset(current.closed_dates))

    async def book_appointment(self, data: v.Sent) -> Accepted:
        """Book the slot ``data`` asks for (the decoded body as sent: :func:`~agency_core.spec.validation.validate`
        reads it by spec name)."""
        if is_bot(data):
            return discarded(self.ids, "appointment")
        request = parse_form(v.APPOINTMENT, AppointmentRequest, data, self.today())
        now = self.clock()
        calendar = await self.office_calendar()
        day, label = date.fromisoformat(request.preferred_date), request.preferred_time
        await self._check_date(day, request)
        problem = booking_problem(day, label, calendar, now)
        if problem is not None:
            logger.info("appointment refused", extra={"reason": problem})
            raise Rejected({_DATE_FIELD if problem == OFFICE_CLOSED else _TIME_FIELD: problem})
        starts_at = slot_start(day, label, calendar.zone)
        reference = self.ids.next_id()
        token = new_change_token()
        appointment = Appointment(
            reference, with_consent(request, now), now, starts_at, calendar.zone, token_hash=token_hash(token)
        )
        link = change_link(self.site_url(), token)
        notification, outbox = self._appointment_messages(appointment, link, await self.templates.texts())
        try:
            async with self.uow() as uow:
                await uow.appointments.add(appointment, notification, calendar.capacity)
                await uow.outbox.enqueue(outbox)
        except SlotFull:
            logger.info("appointment slot full", extra={"starts_at": starts_at.isoformat()})
            raise Conflict(SLOT_FULL) from None
        self.on_enqueue()
        logger.info(
            "appointment stored",
            extra={
                "id": reference,
                "email": mask_email(request.email),
                "phone": mask_phone(request.phone),
            },
        )
        return Accepted(reference, change_token=token)

    async def booking_window(self) -> BookingWindow:
        """The dates that can be booked: from today (the office's) to the horizon staff set."""
        return BookingWindow(self.today(), (await self.settings.current()).booking_horizon_days)

    async def _check_date(self, day: date, request: AppointmentRequest) -> None:
        """Refuse a date beyond the booking horizon, or one on which this phone or e-mail already holds
        as many bookings as one person may (so nobody books every slot of a day, each texting a phone)."""
        problem = (await self.booking_window()).problem(day)
        if problem is None:
            limit = (await self.settings.current()).daily_bookings_per_person
            live = await self.store.appointments.live_between(*_day_bounds(day, self.office_zone))
            if bookings_of(live, request.phone, request.email) >= limit:
                problem = daily_limit_reached(limit)
        if problem is not None:
            logger.info("appointment refused", extra={"reason": problem})
            raise Rejected({_DATE_FIELD: problem})

    def _appointment_messages(
        self, appointment: Appointment, link: str = "", texts: Texts = DEFAULTS
    ) -> tuple[AdminNotification, list[OutboxMessage]]:
        """The admin notification and the confirmations (SMS, e-mail) of a new booking; times name the zone.
        The applicant's confirmations carry the change ``link``; the e-mail, the calendar file."""
        request, reference, now = appointment.data, appointment.reference, appointment.created_at
        phone = request.phone
        starts_at = appointment.starts_at or now
        zone = appointment.time_zone or self.office_zone
        details = AppointmentDetails(
            request.service_type, local_date(starts_at, zone), local_label(starts_at, zone), reference
        )
        notice = form_of(NewAppointmentNotice, {**form_values(request), "reference": reference})
        notification = AdminNotification(f"{reference}-admin", NEW_APPOINTMENT, notice, now)
        remind_at = reminder_time(starts_at, now)
        promise = remind_at is not None
        outbox = sms_outbox(reference, appointment_messages(phone, details, promise, texts, link), now)
        email = request.email
        name = request.full_name
        mail = appointment_email(
            email, name, reference, details.service, details.date, details.time, promise, link, texts
        )
        ics = calendar_file(appointment, CalendarMethod.REQUEST, 0, now, self.office_zone)
        mail = replace(mail, attachments=(calendar_attachment(ics, CalendarMethod.REQUEST),))
        outbox.append(confirmation(mail, reference, now))
        if remind_at is not None:
            outbox += reminder_messages(details, phone, email, name, remind_at, now, texts=texts, change_link=link)
        return notification, outbox

    async def appointment_slots(self, day: date) -> DaySlots:
        """The spec's nine slots of ``day`` as the booking form shows them (free, full, past, closed);
        a day outside the booking window is :class:`Rejected` (``date``)."""
        problem = (await self.booking_window()).problem(day)
        if problem is not None:
            raise Rejected({"date": problem})
        calendar = await self.office_calendar()
        start, end = _day_bounds(day, calendar.zone)
        booked = await self.store.appointments.booked(start, end)
        slots = day_slots(day, calendar, booked, self.clock())
        return DaySlots(day, calendar.zone, zone_name(start, calendar.zone), slots)

    async def window_slots(self) -> WindowSlots:
        """What cannot be booked from today to the horizon, in one answer: the form knows a date's taken
        slots as soon as it is picked, without a request per date."""
        window = await self.booking_window()
        calendar = await self.office_calendar()
        start = _day_bounds(window.today, calendar.zone)[0]
        end = _day_bounds(window.last_day, calendar.zone)[1]
        booked = await self.store.appointments.booked(start, end)
        return window_slots(window.today, window.last_day, calendar, booked, self.clock())


def _day_bounds(day: date, zone: str) -> tuple[datetime, datetime]:
    """The UTC instants ``day`` starts and ends at in ``zone``."""
    tz = ZoneInfo(zone)
    start = datetime.combine(day, time(0), tz).astimezone(UTC)
    return start, datetime.combine(day + timedelta(days=1), time(0), tz).astimezone(UTC)


__all__ = ["Bookings", "DaySlots"]
