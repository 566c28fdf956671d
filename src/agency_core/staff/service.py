"""The admin area's use cases: what a signed-in admin can read and change, with the audit log.

They return their result and refuse with :mod:`agency_core.errors` (:class:`NotFound`,
:class:`Conflict`, :class:`Rejected`); the app maps those to HTTP.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.admin_settings import AdminSettings, LiveSettings, SettingsChange
from agency_core.appointments.booking_limits import staff_calendar_problem
from agency_core.appointments.changes import cancellation_messages
from agency_core.appointments.offices import Office, find_office, held_at, main_office, office_calendar
from agency_core.appointments.records import AppointmentRecord
from agency_core.appointments.reminders import WITHDRAWN_CANCELLED, reminder_ids
from agency_core.appointments.slots import office_today
from agency_core.appointments.staff_calendar import CALENDAR_SPANS, StaffCalendar, calendar_days, span_bounds
from agency_core.audit import AuditEntry
from agency_core.clock import Clock, utc_now
from agency_core.errors import Conflict, NotFound, Rejected, UnknownApplication, UnknownStatus
from agency_core.ids import IdGenerator, IdTaken
from agency_core.jobs.model import Job
from agency_core.jobs.rules import JobForm, check_job
from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import (
    DEFAULT_DEADLINE,
    FLAG_WINDOW,
    DeliveryView,
    delivery_view,
    not_delivered_in_time,
)
from agency_core.messaging.notifications import status_messages
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.paging import ALL, Page, PageRequest, page_of
from agency_core.payments.refunds import RefundStore
from agency_core.payments.shown import ShownPayment
from agency_core.ports import Outbox
from agency_core.records import (
    APPOINTMENT_OUTCOMES,
    ApplicationStatus,
    AppointmentStatus,
    BlogPost,
    JobAlert,
    JobStatus,
    NewsletterSubscription,
    OutboxMessage,
)
from agency_core.spec import constants as c
from agency_core.spec.phone_numbers import ReadPhone
from agency_core.spec.uploads import BLOG_IMAGE_EXTENSIONS, content_matches
from agency_core.spec.validation import DEFAULT_PHONE_REGION
from agency_core.staff.blog_input import PostChange
from agency_core.staff.phone_confirmations import ALREADY_CONFIRMED, PhoneToConfirm, chosen_reading, phone_to_confirm
from agency_core.staff.ports import AdminStore, MediaStore
from agency_core.staff.query import ApplicationQuery, View, parse_status, status_must_be
from agency_core.staff.records import ApplicationRecord, Counts, MessageRecord, OutboxHealth
from agency_core.staff.shown_payments import shown_payments, with_shown_payment
from agency_core.staff.statuses import (
    NOT_STARTED,
    can_move,
    can_move_appointment,
    move_refused_message,
    not_started_yet,
)
from agency_core.staff.views import (
    DayFigures,
    Neighbours,
    application_filters,
    appointment_filter,
    message_filter,
    neighbours,
    office_day,
)
from agency_core.unit_of_work import PreconditionFailed, UnitOfWork

LATEST_APPLICATIONS: Final = 5
FREE_POST_ID_ATTEMPTS: Final = 20
BLOG_IMAGE_MAX_BYTES: Final = 2 * 1024 * 1024
BLOG_IMAGE_INVALID: Final = "Image must be a .jpg, .jpeg, .png or .webp file"
BLOG_IMAGE_TOO_LARGE: Final = "Image must be at most 2MB"


@dataclass(frozen=True, slots=True)
class AppointmentFigures:
    today: int
    """Bookings (not cancelled) whose slot is today in the office's zone."""
    no_show_rate: float | None
    """This month's no-shows among the outcomes recorded (attended + no-show); ``None`` without any."""


@dataclass(frozen=True, slots=True)
class Dashboard:
    counts: Counts
    latest: list[ApplicationRecord]
    outbox: OutboxHealth
    appointments: AppointmentFigures = AppointmentFigures(0, None)
    not_delivered: tuple[OutboxMessage, ...] = ()
    """SMS not delivered in time (``agency_core.messaging.delivery.not_delivered_in_time``)."""
    day: DayFigures = field(default_factory=lambda: DayFigures({}, 0, 0))
    todays_appointments: tuple[AppointmentRecord, ...] = ()
    """Today's bookings by start time (at most a page of them)."""


@dataclass(frozen=True, slots=True)
class ApplicationDetail:
    record: ApplicationRecord
    sms: list[OutboxMessage]
    delivery: Mapping[str, DeliveryView] = field(default_factory=dict)
    """Each message's delivery state, by message id."""


KEY_USED_ELSEWHERE: Final = "This idempotency key was already used for application {other}"
KEY_USED_BEFORE: Final = "This idempotency key was already used for an earlier status change of this application"
SMS_SWITCHED_OFF: Final = "Status SMS for {status} is switched off in the admin settings"
NO_PHONE: Final = "The application has no phone number"


@dataclass(frozen=True, slots=True)
class StatusChangePlan:
    """A status change checked and planned, nothing written: what :meth:`AdminService.change_status`
    commits. ``done``: the application already has ``new`` (a repeat of this change); ``sms`` is the
    text it sends, its id the idempotency key (``None`` with ``no_sms_reason``)."""

    record: ApplicationRecord
    new: ApplicationStatus
    done: bool
    sms: OutboxMessage | None
    no_sms_reason: str = ""


def _with_form(job: Job, form: JobForm) -> Job:
    """``job`` with what the job form sets."""
    return replace(
        job,
        title=form.title,
        country=form.country,
        city=form.city,
        category=form.category,
        employment_type=form.employment_type,
        positions=form.positions,
        salary_min=form.salary_min,
        salary_max=form.salary_max,
        salary_currency=form.salary_currency,
        salary_period=form.salary_period,
        salary_range=form.salary_range,
        description=form.description,
        requirements=form.requirements,
        benefits=form.benefits,
        closing_date=form.closing_date,
        status=JobStatus(form.status),
    )


class AdminService:
    def __init__(
        self,
        store: AdminStore,
        outbox: Outbox,
        settings: LiveSettings,
        media: MediaStore,
        ids: IdGenerator,
        clock: Clock = utc_now,
        on_enqueue: Callable[[], None] = lambda: None,
        on_publish: Callable[[Job], Awaitable[object]] | None = None,
        track_url: str = "",
        *,
        uow: Callable[[], UnitOfWork],
        phone_region: str = DEFAULT_PHONE_REGION,
        office_zone: str = c.AGENCY_TIME_ZONE,
        offices: Sequence[Office] = (),
        delivery_deadline: timedelta = DEFAULT_DEADLINE,
        templates: TemplateSource = NO_EDITS,
        refunds: RefundStore | None = None,
    ) -> None:
        self.refunds = refunds
        """The fees' refunds: the list shows and filters "refunded" and "partly refunded" by them."""
        self._offices = tuple(offices)
        self.delivery_deadline = delivery_deadline
        """A text not delivered this long after it was sent is flagged (``AGENCY_SMS_DELIVERY_DEADLINE_MIN``)."""
        self.templates = templates
        """The message texts staff saved: a status SMS uses its template as saved, else the default."""
        self.office_zone = office_zone
        """The office's IANA zone: "today" and "this month" of the appointment figures."""
        self.store = store
        self.phone_region = phone_region
        """The region a stored local phone number is read in (unless a change names one)."""
        self.uow = uow
        """A new unit of work per change: the change, its SMS and its audit entry commit together."""
        self.outbox = outbox
        self._on_publish = on_publish
        self.track_url = track_url
        self.settings = settings
        self.media = media
        self.ids = ids
        self.clock = clock
        self.on_enqueue = on_enqueue

    async def on_publish(self, job: Job) -> None:
        """A job was opened to the public for the first time (job alerts hook in here)."""
        if self._on_publish is not None:
            await self._on_publish(job)

    def _audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), actor, action, target, self.clock())

    # -- dashboard ------------------------------------------------------------------------

    async def dashboard(self) -> Dashboard:
        counts = replace(await self.store.counts(), active_jobs=len(await self._jobs_on_today(JobStatus.OPEN)))
        latest = await self.store.applications(ApplicationQuery(), PageRequest(1, LATEST_APPLICATIONS))
        health = await self.store.outbox_health(self.clock() - timedelta(hours=24))
        today = await self.appointments(None, PageRequest(), View.TODAY)
        day = await self.day_figures()
        now = self.clock()  # every booking of today has its start; the fallback only satisfies the type
        by_start = tuple(sorted(today.items, key=lambda r: r.appointment.starts_at or now))
        return Dashboard(
            counts,
            latest.items,
            health,
            await self.appointment_figures(),
            await self.not_delivered_in_time(),
            day,
            by_start,
        )

    async def day_figures(self) -> DayFigures:
        async def total(query: ApplicationQuery) -> int:
            return (await self.applications(query, PageRequest(1, 1))).total

        by_status = {status: await total(ApplicationQuery(status=status)) for status in ApplicationStatus}
        return DayFigures(
            by_status, await total(ApplicationQuery(view=View.TODAY)), await total(ApplicationQuery(view=View.UNREAD))
        )

    async def not_delivered_in_time(self) -> tuple[OutboxMessage, ...]:
        """Texts of the last :data:`FLAG_WINDOW` the gateway accepted but did not deliver in time."""
        now = self.clock()
        waiting = await self.outbox.awaiting_delivery(now - FLAG_WINDOW)
        return tuple(m for m in waiting if not_delivered_in_time(m, now, self.delivery_deadline))

    def deliveries(self, messages: Sequence[OutboxMessage]) -> dict[str, DeliveryView]:
        """Each message's delivery state and "not delivered in time" flag, by message id."""
        now = self.clock()
        return {m.id: delivery_view(m, now, self.delivery_deadline) for m in messages}

    async def appointment_figures(self) -> AppointmentFigures:
        zone = ZoneInfo(self.office_zone)
        today = self.clock().astimezone(zone).date()
        month = today.replace(day=1)
        next_month = (month + timedelta(days=32)).replace(day=1)

        def midnight(day: date) -> datetime:
            return datetime.combine(day, time(0), zone).astimezone(UTC)

        booked_today = await self.store.appointment_counts(midnight(today), midnight(today + timedelta(days=1)))
        in_month = await self.store.appointment_counts(midnight(month), midnight(next_month))
        seen = in_month.get(AppointmentStatus.ATTENDED, 0) + in_month.get(AppointmentStatus.NO_SHOW, 0)
        rate = in_month.get(AppointmentStatus.NO_SHOW, 0) / seen if seen else None
        live = sum(n for status, n in booked_today.items() if status is not AppointmentStatus.CANCELLED)
        return AppointmentFigures(live, rate)

    # -- settings and audit ---------------------------------------------------------------

    async def get_settings(self) -> AdminSettings:
        return await self.settings.current()

    async def put_settings(self, actor: str, change: SettingsChange) -> AdminSettings:
        """Save the settings staff sent (checked by :func:`~agency_core.admin_settings.parse_settings`)."""
        before = await self.settings.current()
        saved = change.applied_to(before)
        changed = [
            name
            for name, old, new in (
                ("adminPhones", before.admin_phones, saved.admin_phones),
                ("smsSender", before.sms_sender, saved.sms_sender),
                ("statusSms", dict(before.status_sms), dict(saved.status_sms)),
                ("appointmentCapacity", before.appointment_capacity, saved.appointment_capacity),
                ("closedDates", before.closed_dates, saved.closed_dates),
                ("smsMaxParts", before.sms_max_parts, saved.sms_max_parts),
            )
            if old != new
        ]
        entry = self._audit(actor, "settings.update", ", ".join(changed) or "no change")
        async with self.uow() as uow:
            await uow.settings.put(saved, entry.at)
            await uow.audit.add(entry)
        self.settings.updated(saved)
        return saved

    async def audit_log(self, page: PageRequest) -> Page[AuditEntry]:
        return await self.store.audit_log(page)

    async def record_export(self, actor: str, what: str, target: str) -> None:
        await self._record(self._audit(actor, f"{what}.export", target))

    async def _record(self, entry: AuditEntry) -> None:
        """An audit entry on its own (a read worth recording)."""
        async with self.uow() as uow:
            await uow.audit.add(entry)

    # -- applications ---------------------------------------------------------------------

    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        """The list, its view (today, new, unread) as filters. A paid, refunded or partly refunded
        filter takes each paid fee's refunds, so that part of the list is cut here."""
        filters = application_filters(query, office_day(self.clock(), self.office_zone))
        wanted = filters.shown_payment
        if wanted is None or not wanted.needs_refunds:
            return await self.store.applications(filters, page)
        rows = (await self.store.applications(filters, ALL)).items
        return page_of(await with_shown_payment(self.refunds, rows, wanted), page)

    async def shown_payments(self, rows: Sequence[ApplicationRecord]) -> dict[str, ShownPayment]:
        """The payment each row shows in the list (its refunds make a paid fee "refunded")."""
        return await shown_payments(self.refunds, rows)

    async def application_neighbours(self, application_id: str, query: ApplicationQuery) -> Neighbours:
        """The applications before and after ``application_id`` in the list ``query`` gives (newest first)."""
        rows = (await self.applications(query, ALL)).items
        return neighbours([r.id for r in rows], application_id)

    async def export_applications(self, actor: str, query: ApplicationQuery) -> list[ApplicationRecord]:
        rows = (await self.applications(query, ALL)).items
        await self.record_export(actor, "applications", f"{query.describe()} ({len(rows)} rows)")
        return rows

    async def _application(self, application_id: str) -> ApplicationRecord:
        record = await self.store.application(application_id)
        if record is None:
            raise NotFound("Application")
        return record

    async def open_application(self, application_id: str, actor: str | None = None) -> ApplicationDetail:
        """The detail view: marks the application opened (its "New" badge goes). When ``actor``
        reads it, the read is audited (``application.view``)."""
        record = await self._application(application_id)
        now = self.clock()
        async with self.uow() as uow:
            if actor is not None:
                await uow.audit.add(self._audit(actor, "application.view", application_id))
            if record.opened_at is None:
                await uow.applications.mark_opened(application_id, now)
        if record.opened_at is None:
            record = replace(record, opened_at=now)
        return await self._detail(record)

    async def _detail(self, record: ApplicationRecord) -> ApplicationDetail:
        sms = await self.outbox.list(record.id)
        return ApplicationDetail(record, sms, self.deliveries(sms))

    async def application_file(
        self, application_id: str, field: str, actor: str | None = None
    ) -> tuple[ApplicationRecord, str, str, str]:
        """(record, storage key, content type, download name) of one uploaded file. When ``actor``
        downloads it, the read is audited (``application.file.download``)."""
        record = await self._application(application_id)
        for item in record.application.files:
            if item.field == field:
                if actor is not None:
                    await self._record(self._audit(actor, "application.file.download", f"{application_id}: {field}"))
                extension = item.key[item.key.rfind(".") :].lower() if "." in item.key else ""
                return record, item.key, item.content_type, f"{record.id}-{field}{extension}"
        raise NotFound("File")

    async def plan_status_change(
        self,
        application_id: str,
        raw_status: object,
        *,
        region: str | None = None,
        idempotency_key: str | None = None,
    ) -> StatusChangePlan:
        """Check a status change and plan its SMS, writing nothing. Raises :class:`UnknownStatus`,
        :class:`UnknownApplication`, :class:`Conflict` (a move the rules refuse),
        :class:`~agency_core.errors.InvalidPhone` or :class:`~agency_core.errors.AmbiguousPhone`."""
        new = parse_status(raw_status, ApplicationStatus)
        if new is None:
            raise UnknownStatus(status_must_be(ApplicationStatus))
        record = await self.store.application(application_id)
        if record is None:
            raise UnknownApplication(application_id)
        done = record.status is new
        if not done and not can_move(record.status, new):
            raise Conflict(move_refused_message(record.status, new))
        key = idempotency_key or f"{application_id}-status-{new.value}"
        if idempotency_key:
            used = await self.outbox.get(idempotency_key)
            if used is not None and used.source_id != application_id:
                raise Rejected({"idempotencyKey": KEY_USED_ELSEWHERE.format(other=used.source_id)})
            if used is not None and not done:  # a new change under an old change's key would send nothing
                raise Rejected({"idempotencyKey": KEY_USED_BEFORE})
        settings = await self.settings.current()
        data = record.application.data
        phone = data.phone.strip()
        if not settings.sends_status_sms(new):
            return StatusChangePlan(record, new, done, None, SMS_SWITCHED_OFF.format(status=new.value))
        if not phone:
            return StatusChangePlan(record, new, done, None, NO_PHONE)
        e164 = stored_phone_for_sms(application_id, phone, data.phone_region, region, self.phone_region)
        name = f"{data.first_name.strip()} {data.last_name.strip()}".strip()
        (sms,) = status_messages(e164, name, new, self.track_url, await self.templates.texts())
        now = self.clock()
        return StatusChangePlan(
            record,
            new,
            done,
            outbox_messages.sms(
                id=key, source_id=application_id, kind=sms.kind.value, phone=sms.phone, text=sms.text, now=now
            ),
        )

    async def change_status(
        self,
        actor: str,
        application_id: str,
        raw_status: object,
        *,
        region: str | None = None,
        idempotency_key: str | None = None,
    ) -> ApplicationDetail:
        """Move the application's status by the rules; its SMS (by the admin settings' switch, to the
        phone read in ``region``) goes to the outbox under ``idempotency_key`` (default
        ``<id>-status-<status>``) in the same unit of work as the status and its audit entry."""
        plan = await self.plan_status_change(application_id, raw_status, region=region, idempotency_key=idempotency_key)
        record, new = plan.record, plan.new
        if plan.done:
            raise Conflict(move_refused_message(record.status, new))
        outbox = [plan.sms] if plan.sms is not None else []
        sms_note = "status SMS queued" if outbox else "status SMS off"
        audit = self._audit(
            actor, "application.status", f"{application_id}: {record.status.value} -> {new.value} ({sms_note})"
        )
        try:
            async with self.uow() as uow:
                await uow.applications.set_status(application_id, record.status, new)
                await uow.outbox.enqueue(outbox)
                await uow.audit.add(audit)
                if record.opened_at is None:  # the answer is its detail view, which opens it
                    await uow.applications.mark_opened(application_id, audit.at)
        except PreconditionFailed:
            current = await self._application(application_id)
            raise Conflict(move_refused_message(current.status, new)) from None
        if outbox:
            self.on_enqueue()
        return await self._detail(await self._application(application_id))

    # -- phones to confirm ----------------------------------------------------------------

    async def phones_to_confirm(self) -> list[PhoneToConfirm]:
        """Applications whose stored phone may be another agency country's, newest first (reads
        every application: a list that only shrinks, as staff confirm and new forms keep regions)."""
        records = (await self.store.applications(ApplicationQuery(), ALL)).items
        return [item for item in map(phone_to_confirm, records) if item is not None]

    async def confirm_phone(self, actor: str, application_id: str, raw_region: object) -> ReadPhone:
        """Keep the reading of the application's phone in the region staff picked, with its audit
        entry; :class:`Conflict` when it awaits no confirming (or was confirmed meanwhile)."""
        record = await self._application(application_id)
        item = phone_to_confirm(record)
        if item is None:
            raise Conflict(ALREADY_CONFIRMED)
        chosen = chosen_reading(item, raw_region)
        changed = "kept" if chosen.e164 == item.phone else "changed to the other country's reading"
        entry = self._audit(actor, "application.phone.confirm", f"{application_id}: {chosen.region} ({changed})")
        try:
            async with self.uow() as uow:
                await uow.applications.confirm_phone(record.application, chosen.e164, chosen.region)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise Conflict(ALREADY_CONFIRMED) from None
        return chosen

    # -- appointments ---------------------------------------------------------------------

    async def appointments(
        self, status: AppointmentStatus | None, page: PageRequest, view: View | None = None
    ) -> Page[AppointmentRecord]:
        """The list; ``view`` today: slots today, new: booked and not yet marked."""
        wanted = appointment_filter(status, view, office_day(self.clock(), self.office_zone))
        return await self.store.appointments(
            wanted.status, page, starts_from=wanted.starts_from, starts_before=wanted.starts_before
        )

    async def export_appointments(
        self, actor: str, status: AppointmentStatus | None, view: View | None = None
    ) -> list[AppointmentRecord]:
        rows = (await self.appointments(status, ALL, view)).items
        listed = f"{status.value if status else 'all'}{f' view={view.value}' if view else ''}"
        await self.record_export(actor, "appointments", f"{listed} ({len(rows)} rows)")
        return rows

    @property
    def offices(self) -> tuple[Office, ...]:
        """The offices that take bookings, the main one first."""
        return self._offices or (main_office(self.office_zone),)

    async def appointment_calendar(self, start: date, days: int, office_id: str = "") -> StaffCalendar:
        """``days`` (1 or 7) of one office's slots from ``start`` (``""``: the main office), with their
        bookings and free seats."""
        if days not in CALENDAR_SPANS:
            raise Rejected({"days": "Days must be 1 or 7"})
        office = find_office(self.offices, office_id)
        out_of_range = staff_calendar_problem(start, days, office_today(self.clock(), self.office_zone))
        if out_of_range is not None:
            raise Rejected({"start": out_of_range})
        if office is None:
            raise NotFound("Office")
        current = await self.settings.current()
        calendar = office_calendar(office, current.appointment_capacity, current.closed_dates)
        records = await self.store.appointments_between(*span_bounds(start, days, office.zone))
        return calendar_days(start, days, calendar, [r for r in records if held_at(r.appointment, office)], office)

    async def set_appointment_status(self, actor: str, reference: str, raw_status: object) -> AppointmentRecord:
        new = parse_status(raw_status, AppointmentStatus, APPOINTMENT_OUTCOMES)
        if new is None:
            raise Rejected({"status": status_must_be(APPOINTMENT_OUTCOMES)})
        record = await self.store.appointment(reference)
        if record is None:
            raise NotFound("Appointment")
        if record.status is new:
            return record
        if not can_move_appointment(record.status, new):
            raise Conflict(f"The appointment is already {record.status.value}.")
        if not_started_yet(record.appointment, new, self.clock()):
            raise Conflict(NOT_STARTED)
        audit = self._audit(actor, "appointment.status", f"{reference}: {record.status.value} -> {new.value}")
        texts = await self.templates.texts()
        try:
            async with self.uow() as uow:
                await uow.appointments.set_status(reference, record.status, new, record.appointment.version)
                if new is AppointmentStatus.CANCELLED:
                    appointment = record.appointment
                    await uow.outbox.withdraw(reminder_ids(reference, appointment.version), WITHDRAWN_CANCELLED)
                    messages = cancellation_messages(appointment, self.office_zone, self.clock(), texts=texts)
                    await uow.outbox.enqueue(messages)
                await uow.audit.add(audit)
        except PreconditionFailed:
            raise Conflict("The appointment changed meanwhile; reload it.") from None
        if new is AppointmentStatus.CANCELLED:
            self.on_enqueue()
        return replace(record, status=new)

    # -- messages -------------------------------------------------------------------------

    async def messages(self, page: PageRequest, view: View | None = None) -> Page[MessageRecord]:
        """The inbox; ``view`` today: received today, unread: not marked read."""
        wanted = message_filter(view, office_day(self.clock(), self.office_zone))
        return await self.store.messages(page, unread=wanted.unread, since=wanted.since)

    async def mark_read(self, actor: str, message_id: str) -> MessageRecord:
        now = self.clock()
        record = await self.store.message(message_id)
        if record is None:
            raise NotFound("Message")
        if record.read_at is None:
            try:
                async with self.uow() as uow:
                    await uow.contact_messages.mark_read(message_id, now)
                    await uow.audit.add(self._audit(actor, "message.read", message_id))
            except PreconditionFailed:
                pass  # read meanwhile by someone else, whose read is the one audited
        updated = await self.store.message(message_id)
        assert updated is not None
        return updated

    # -- jobs -----------------------------------------------------------------------------

    def today(self) -> date:
        return self.clock().astimezone(ZoneInfo(c.AGENCY_TIME_ZONE)).date()

    def _as_today(self, job: Job) -> Job:
        """The job with the status it has today: an open job past its closing date reads as closed
        (nothing is written; the stored status stays until staff save the job)."""
        status = job.status_on(self.today())
        return job if status is job.status else replace(job, status=status)

    async def _jobs_on_today(self, status: JobStatus | None) -> list[Job]:
        jobs = [self._as_today(j) for j in (await self.store.jobs(None, ALL)).items]
        return [j for j in jobs if status is None or j.status is status]

    async def jobs(self, status: JobStatus | None, page: PageRequest) -> Page[Job]:
        """Newest first, by the status each job has today (read whole: an agency has tens of jobs)."""
        return page_of(await self._jobs_on_today(status), page)

    async def applications_per_job(self, job_ids: list[str]) -> dict[str, int]:
        return await self.store.applications_per_job(job_ids)

    def _check_job(self, data: Mapping[str, object]) -> JobForm:
        form, errors = check_job(data, self.today())
        if errors:
            raise Rejected(errors)
        return form

    async def create_job(self, actor: str, data: Mapping[str, object]) -> Job:
        form = self._check_job(data)
        now = self.clock()
        new_id = "JB" + self.ids.next_id().removeprefix(c.ID_PREFIX)
        job = _with_form(Job(new_id, "", "", "", "", "", JobStatus.DRAFT, now, now), form)
        if job.status is JobStatus.OPEN:
            job = replace(job, published_at=now)
        await self._save_job(job, self._audit(actor, "job.create", f"{job.id}: {job.title}"))
        if job.status is JobStatus.OPEN:
            await self.on_publish(job)
        return job

    async def update_job(self, actor: str, job_id: str, data: Mapping[str, object]) -> Job:
        form = self._check_job(data)
        stored = await self.store.job(job_id)
        if stored is None:
            raise NotFound("Job")
        job = self._as_today(stored)
        now = self.clock()
        updated = replace(_with_form(job, form), updated_at=now)
        first_publish = updated.status is JobStatus.OPEN and job.published_at is None
        if first_publish:
            updated = replace(updated, published_at=now)
        if job.status is JobStatus.OPEN and updated.status is JobStatus.CLOSED:
            action = "job.close"
        elif job.status is not JobStatus.OPEN and updated.status is JobStatus.OPEN:
            action = "job.publish"
        else:
            action = "job.update"
        await self._save_job(updated, self._audit(actor, action, f"{job.id}: {updated.title}"))
        if first_publish:
            await self.on_publish(updated)
        return updated

    async def _save_job(self, job: Job, audit: AuditEntry) -> None:
        async with self.uow() as uow:
            await uow.jobs.save(job)
            await uow.audit.add(audit)

    async def delete_job(self, actor: str, job_id: str) -> None:
        job = await self.store.job(job_id)
        if job is None:
            raise NotFound("Job")
        try:
            async with self.uow() as uow:
                await uow.jobs.delete(job_id)
                await uow.audit.add(self._audit(actor, "job.delete", f"{job_id}: {job.title}"))
        except PreconditionFailed:
            raise NotFound("Job") from None

    # -- blog -----------------------------------------------------------------------------

    async def posts(self, page: PageRequest) -> Page[BlogPost]:
        return await self.store.posts(page)

    async def create_post(self, actor: str, change: PostChange) -> BlogPost:
        now = self.clock()
        for _ in range(FREE_POST_ID_ATTEMPTS):
            try:
                async with self.uow() as uow:
                    post = change.post(await uow.posts.next_id(), now)
                    await uow.posts.create(post)
                    await uow.audit.add(self._audit(actor, "blog.create", post.id))
            except IdTaken:
                continue  # another admin took that id meanwhile
            return post
        raise RuntimeError("could not find a free blog post id")

    async def update_post(self, actor: str, post_id: str, change: PostChange) -> BlogPost:
        post = change.post(post_id, self.clock())
        try:
            async with self.uow() as uow:
                await uow.posts.replace(post)
                await uow.audit.add(self._audit(actor, "blog.update", f"{post_id}: {post.title}"))
        except PreconditionFailed:
            raise NotFound("Blog post") from None
        return post

    async def delete_post(self, actor: str, post_id: str) -> None:
        try:
            entry = self._audit(actor, "blog.delete", post_id)
            async with self.uow() as uow:
                await uow.posts.delete(post_id, entry.at)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise NotFound("Blog post") from None

    async def upload_image(self, actor: str, filename: str, content: bytes) -> str:
        """Check and keep a blog image; returns its media name (the app knows where it is served)."""
        extension = filename[filename.rfind(".") :].lower() if "." in filename else ""
        if extension not in BLOG_IMAGE_EXTENSIONS or not content_matches(extension, content):
            raise Rejected({"image": BLOG_IMAGE_INVALID})
        if len(content) > BLOG_IMAGE_MAX_BYTES:
            raise Rejected({"image": BLOG_IMAGE_TOO_LARGE})
        name = await self.media.save(content, extension)
        await self._record(self._audit(actor, "blog.image", name))
        return name

    # -- subscribers ----------------------------------------------------------------------

    async def newsletter(self, page: PageRequest) -> Page[NewsletterSubscription]:
        return await self.store.newsletter(page)

    async def job_alerts(self, page: PageRequest) -> Page[JobAlert]:
        return await self.store.job_alerts(page)

    async def export_newsletter(self, actor: str) -> list[NewsletterSubscription]:
        rows = (await self.store.newsletter(ALL)).items
        await self.record_export(actor, "newsletter", f"{len(rows)} rows")
        return rows

    async def export_job_alerts(self, actor: str) -> list[JobAlert]:
        rows = (await self.store.job_alerts(ALL)).items
        await self.record_export(actor, "jobAlerts", f"{len(rows)} rows")
        return rows


__all__ = ["AdminService", "ApplicationDetail", "Dashboard", "StatusChangePlan"]
