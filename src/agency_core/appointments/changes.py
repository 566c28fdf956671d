"""The applicant's own change of a booking: the link with a secret token, moving to another free
slot, cancelling.

The confirmation carries ``/appointment?token=...``: 256 random bits, of which only the SHA-256 is
stored, so the database never holds a working link. The link works while the booking is booked and
has not started (it expires at the appointment's start, the current one after a move). Opening it
changes nothing (mail scanners follow links); the page's buttons POST. A move takes a seat of the
new slot and frees the old one in one unit of work, with the same capacity rule as a booking
(:class:`~agency_core.unit_of_work.SlotFull` at commit); it withdraws the old reminders and
schedules the new ones (ids per version, so each channel has exactly one live reminder). Staff are
told by SMS through the outbox; the applicant gets an SMS and an e-mail with the updated calendar
file (``SEQUENCE`` one more) or the cancellation (``METHOD:CANCEL``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.admin_settings import SettingsSource
from agency_core.appointments.booking_limits import BookingWindow
from agency_core.appointments.calendar_file import CalendarMethod, appointment_calendar, calendar_attachment
from agency_core.appointments.change_texts import (
    cancelled_email,
    cancelled_message,
    moved_email,
    moved_message,
    staff_cancel_message,
    staff_change_message,
)
from agency_core.appointments.reminders import (
    WITHDRAWN_CANCELLED,
    WITHDRAWN_MOVED,
    reminder_ids,
    reminder_messages,
    reminder_time,
)
from agency_core.appointments.slots import (
    OFFICE_CLOSED,
    SLOT_FULL,
    OfficeCalendar,
    SlotView,
    appointment_date,
    booking_problem,
    day_slots,
    local_date,
    local_label,
    office_today,
    slot_start,
)
from agency_core.audit import AuditEntry
from agency_core.errors import Conflict, NotFound, Rejected, UseCaseError
from agency_core.messaging import outbox_messages
from agency_core.messaging.notifications import SmsKind
from agency_core.messaging.sms_texts import AppointmentDetails
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import DEFAULTS, Texts
from agency_core.ports import Store
from agency_core.records import Appointment, AppointmentStatus, OutboxMessage
from agency_core.spec import constants as c
from agency_core.unit_of_work import PreconditionFailed, SlotFull

CHANGE_PATH: Final = "/appointment"
CALENDAR_PATH: Final = f"{CHANGE_PATH}/calendar.ics"
TOKEN_BYTES: Final = 16
"""128 bits: the issue's floor, and the link still fits the booking SMS in two parts."""
INVALID_LINK: Final = "This link is not valid any more. Please contact us to change your appointment."
CHANGED_MEANWHILE: Final = "Your appointment changed meanwhile. Please open the link again."
SAME_SLOT: Final = "Your appointment is already at this time."
APPLICANT: Final = "applicant"


class InvalidLink(NotFound):
    """The link opens nothing: unknown token, booking no longer booked, or past its start (one refusal for all)."""

    def __init__(self) -> None:
        UseCaseError.__init__(self, INVALID_LINK)


def new_change_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def change_link(site_url: str, token: str) -> str:
    return f"{site_url}{CHANGE_PATH}?token={token}" if site_url else ""


def calendar_path(token: str) -> str:
    """The booking's calendar file, keyed by its change token (never by its guessable reference)."""
    return f"{CALENDAR_PATH}?token={token}"


def link_works(appointment: Appointment, status: AppointmentStatus, token: str, now: datetime) -> bool:
    """The token is this booking's, the booking is still booked and has not started."""
    if not appointment.token_hash or not hmac.compare_digest(appointment.token_hash, token_hash(token)):
        return False
    return status is AppointmentStatus.BOOKED and appointment.starts_at is not None and now < appointment.starts_at


def appointment_details(appointment: Appointment, zone: str) -> AppointmentDetails:
    """What the texts and the change page say: the date with its weekday (:func:`appointment_date`)
    and the time with its zone, both in the appointment's (the office's) zone."""
    starts_at = appointment.starts_at or appointment.created_at
    zone = appointment.time_zone or zone
    return AppointmentDetails(
        appointment.data.service_type,
        local_date(starts_at, zone) if appointment.starts_at else _stored_date(appointment.data.preferred_date),
        local_label(starts_at, zone),
        appointment.reference,
    )


def _stored_date(value: str) -> str:
    """A booking stored before slots were kept: its form's date, with its weekday when it reads as one."""
    try:
        return appointment_date(date.fromisoformat(value))
    except ValueError:
        return value


def event_title(appointment: Appointment) -> str:
    service = appointment.data.service_type
    return f"{c.SERVICE_TYPE_LABELS.get(service, service)} appointment with {c.AGENCY_NAME}"


def calendar_file(appointment: Appointment, method: CalendarMethod, sequence: int, now: datetime, zone: str) -> str:
    return appointment_calendar(
        appointment.reference,
        event_title(appointment),
        appointment.starts_at or appointment.created_at,
        appointment.time_zone or zone,
        appointment.data.email,
        sequence,
        method,
        now,
    )


def cancellation_messages(
    appointment: Appointment, zone: str, now: datetime, admin_phones: Sequence[str] = (), texts: Texts = DEFAULTS
) -> list[OutboxMessage]:
    """The applicant's SMS and e-mail (``METHOD:CANCEL``, ``SEQUENCE`` one above the booking's), and with
    ``admin_phones`` (a cancel by the applicant) an SMS to each of them."""
    details = appointment_details(appointment, zone)
    ref, data = appointment.reference, appointment.data
    sms = cancelled_message(details, texts)
    messages = [
        outbox_messages.sms(
            id=f"{ref}-cancelled", source_id=ref, kind=SmsKind.APPOINTMENT.value, phone=data.phone, text=sms, now=now
        )
    ]
    email = data.email
    if email:
        ics = calendar_file(appointment, CalendarMethod.CANCEL, appointment.version + 1, now, zone)
        attachment = calendar_attachment(ics, CalendarMethod.CANCEL)
        mail = cancelled_email(email, data.full_name, details, attachment, texts)
        messages.append(outbox_messages.email(id=f"{ref}-cancelled-mail", source_id=ref, mail=mail, now=now))
    staff = staff_cancel_message(details, data.full_name, texts)
    messages += _to_staff(f"{ref}-cancelled", ref, admin_phones, staff, now)
    return messages


def _to_staff(prefix: str, ref: str, phones: Sequence[str], text: str, now: datetime) -> list[OutboxMessage]:
    kind = SmsKind.ADMIN_ALERT.value
    return [
        outbox_messages.sms(id=f"{prefix}-admin-{i}", source_id=ref, kind=kind, phone=phone, text=text, now=now)
        for i, phone in enumerate(phones)
    ]


@dataclass(frozen=True, slots=True)
class OwnBooking:
    """What the link's page shows: the booking, and the slots of the day asked for to move it to."""

    appointment: Appointment
    details: AppointmentDetails
    day: date
    slots: list[SlotView]
    window: BookingWindow
    """The dates it can be moved to (the page's date picker offers only those)."""


class AppointmentChanges:
    """The use cases behind the applicant's link: look, move, cancel."""

    def __init__(
        self,
        store: Store,
        settings: SettingsSource,
        office_zone: str,
        ids: Callable[[], str],
        site_url: Callable[[], str] = lambda: "",
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        on_enqueue: Callable[[], None] = lambda: None,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.store = store
        self.templates = templates
        self.settings = settings
        self.office_zone = office_zone
        self.ids = ids
        self.site_url = site_url
        self.clock = clock
        self.on_enqueue = on_enqueue

    async def _calendar(self) -> OfficeCalendar:
        current = await self.settings.current()
        return OfficeCalendar(self.office_zone, current.appointment_capacity, frozenset(current.closed_dates))

    async def _booking(self, token: str) -> Appointment:
        """The booking the token opens; anything else is the same neutral refusal (no hint of why)."""
        found = await self.store.appointments.by_token(token_hash(token)) if token else None
        if found is None or not link_works(found[0], found[1], token, self.clock()):
            raise InvalidLink
        return found[0]

    async def _window(self) -> BookingWindow:
        """The dates a booking can be moved to, and its page can show: today (office zone) to the horizon."""
        horizon = (await self.settings.current()).booking_horizon_days
        return BookingWindow(office_today(self.clock(), self.office_zone), horizon)

    async def _date_problem(self, day: date) -> str | None:
        """Why ``day`` cannot be shown or moved to (outside the booking window), or ``None``."""
        return (await self._window()).problem(day)

    async def view(self, token: str, day: date | None = None) -> OwnBooking:
        """The booking and the slots of ``day`` (its own date when ``None``); a ``day`` outside the
        booking window is :class:`Rejected` (``date``)."""
        appointment = await self._booking(token)
        window = await self._window()
        problem = None if day is None else window.problem(day)
        if problem is not None:
            raise Rejected({"date": problem})
        calendar = await self._calendar()
        starts_at = appointment.starts_at or appointment.created_at
        shown = day or date.fromisoformat(appointment.data.preferred_date or starts_at.date().isoformat())
        booked = await self.store.appointments.booked(*_day_bounds(shown, calendar.zone))
        slots = day_slots(shown, calendar, booked, self.clock())
        return OwnBooking(appointment, appointment_details(appointment, self.office_zone), shown, slots, window)

    async def calendar(self, token: str) -> str:
        """The booking's ``.ics`` as it stands (``REQUEST``, ``SEQUENCE`` its version, as the last e-mail's
        file), for the page's "Add to calendar"; the same neutral :class:`InvalidLink` as the page otherwise."""
        appointment = await self._booking(token)
        return calendar_file(appointment, CalendarMethod.REQUEST, appointment.version, self.clock(), self.office_zone)

    async def cancel(self, token: str) -> Appointment:
        appointment = await self._booking(token)
        now = self.clock()
        phones = (await self.settings.current()).admin_phones
        messages = cancellation_messages(appointment, self.office_zone, now, phones, await self.templates.texts())
        audit = self._audit("appointment.cancel", f"{appointment.reference}: booked -> cancelled")
        try:
            async with self.store.unit_of_work() as uow:
                await uow.appointments.set_status(
                    appointment.reference,
                    AppointmentStatus.BOOKED,
                    AppointmentStatus.CANCELLED,
                    appointment.version,
                )
                await uow.outbox.withdraw(reminder_ids(appointment.reference, appointment.version), WITHDRAWN_CANCELLED)
                await uow.outbox.enqueue(messages)
                await uow.audit.add(audit)
        except PreconditionFailed:
            raise Conflict(CHANGED_MEANWHILE) from None
        self.on_enqueue()
        return appointment

    async def move(self, token: str, day: date, label: str) -> Appointment:
        appointment = await self._booking(token)
        calendar = await self._calendar()
        now = self.clock()
        if label not in c.APPOINTMENT_TIME_SLOTS:
            raise Rejected({"preferredTime": "Please select a preferred time"})
        problem = await self._date_problem(day)
        if problem is not None:
            raise Rejected({"preferredDate": problem})
        problem = booking_problem(day, label, calendar, now)
        if problem is not None:
            raise Rejected({"preferredDate" if problem == OFFICE_CLOSED else "preferredTime": problem})
        starts_at = slot_start(day, label, calendar.zone)
        if starts_at == appointment.starts_at:
            raise Rejected({"preferredTime": SAME_SLOT})
        data = replace(appointment.data, preferred_date=day.isoformat(), preferred_time=label)
        moved = replace(
            appointment, data=data, starts_at=starts_at, time_zone=calendar.zone, version=appointment.version + 1
        )
        before = appointment_details(appointment, self.office_zone)
        phones = (await self.settings.current()).admin_phones
        link = change_link(self.site_url(), token)
        messages = self._move_messages(moved, before, phones, now, await self.templates.texts(), link)
        after = appointment_details(moved, self.office_zone)
        audit = self._audit(
            "appointment.move", f"{appointment.reference}: {before.date} {before.time} -> {after.date} {after.time}"
        )
        try:
            async with self.store.unit_of_work() as uow:
                await uow.appointments.move(appointment, moved, calendar.capacity)
                await uow.outbox.withdraw(reminder_ids(appointment.reference, appointment.version), WITHDRAWN_MOVED)
                await uow.outbox.enqueue(messages)
                await uow.audit.add(audit)
        except SlotFull:
            raise Conflict(SLOT_FULL) from None
        except PreconditionFailed:
            raise Conflict(CHANGED_MEANWHILE) from None
        self.on_enqueue()
        return moved

    def _move_messages(
        self,
        moved: Appointment,
        before: AppointmentDetails,
        phones: Sequence[str],
        now: datetime,
        texts: Texts,
        link: str = "",
    ) -> list[OutboxMessage]:
        """The applicant's SMS and e-mail (calendar ``REQUEST``, ``SEQUENCE`` = version), the new reminders
        (ids of the new version) and the staff SMS. The applicant's texts carry the change ``link`` (the
        token the move came with, which stays this booking's) and, when a reminder is scheduled, its promise."""
        ref, data, version = moved.reference, moved.data, moved.version
        details = appointment_details(moved, self.office_zone)
        phone, email, name = data.phone, data.email, data.full_name
        remind_at = reminder_time(moved.starts_at or now, now)
        prefix = f"{ref}-moved-v{version}"
        sms = moved_message(details, link, texts, remind_at is not None)
        messages = [
            outbox_messages.sms(
                id=prefix, source_id=ref, kind=SmsKind.APPOINTMENT.value, phone=phone, text=sms, now=now
            )
        ]
        if email:
            ics = calendar_file(moved, CalendarMethod.REQUEST, version, now, self.office_zone)
            mail = moved_email(
                email,
                name,
                details,
                link,
                calendar_attachment(ics, CalendarMethod.REQUEST),
                remind_at is not None,
                texts,
            )
            messages.append(outbox_messages.email(id=f"{prefix}-mail", source_id=ref, mail=mail, now=now))
        if remind_at is not None:
            messages += reminder_messages(
                details, phone, email, name, remind_at, now, version=version, texts=texts, change_link=link
            )
        staff = staff_change_message(details, name, f"{before.date} at {before.time}", texts)
        return messages + _to_staff(prefix, ref, phones, staff, now)

    def _audit(self, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids().removeprefix(c.ID_PREFIX), APPLICANT, action, target, self.clock())


def _day_bounds(day: date, zone: str) -> tuple[datetime, datetime]:
    tz = ZoneInfo(zone)
    start = datetime.combine(day, time(0), tz).astimezone(UTC)
    return start, datetime.combine(day + timedelta(days=1), time(0), tz).astimezone(UTC)
