"""Use cases of the public site: validate, make IDs, plan SMS, store everything in one unit of work.

They return :class:`Accepted` and refuse with :mod:`agency_core.errors` (:class:`Rejected`,
:class:`DuplicateSubmission`); the app maps those to HTTP. Nothing here knows about HTTP.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
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
from agency_core.errors import Conflict, DuplicateSubmission, Rejected, Unavailable
from agency_core.ids import FRESH_ID_ATTEMPTS, IdGenerator, IdTaken
from agency_core.jobs.board import JobBoard
from agency_core.jobs.model import Job
from agency_core.jobs.rules import JOB_NOT_OPEN
from agency_core.masking import mask_email, mask_phone
from agency_core.messaging import outbox_messages
from agency_core.messaging.confirmation_emails import application_email, appointment_email, confirmation
from agency_core.messaging.id_reminders import id_reminders
from agency_core.messaging.notifications import OutgoingSms, SmsKind, application_messages, appointment_messages
from agency_core.messaging.sms_texts import ApplicationAlert, AppointmentDetails
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import DEFAULTS, Texts
from agency_core.newsletter.subscriptions import NewsletterSubscriptions
from agency_core.payments.fees import FeeSchedule
from agency_core.payments.keys import new_payment_key, payment_key_hash
from agency_core.ports import FileStore, Store
from agency_core.privacy.consent import with_consent
from agency_core.records import (
    NEW_APPOINTMENT,
    AdminNotification,
    Application,
    ApplicationStatus,
    Appointment,
    BlogPost,
    ContactMessage,
    FeeDue,
    JobAlert,
    OutboxMessage,
    StoredFile,
)
from agency_core.spec import validation as v
from agency_core.spec.constants import AGENCY_TIME_ZONE
from agency_core.spec.forms import (
    ApplicationForm,
    AppointmentRequest,
    ContactForm,
    F,
    JobAlertRequest,
    NewAppointmentNotice,
    NewsletterForm,
    spec_name,
)
from agency_core.spec.uploads import CONTENT_TYPES, HEAD_BYTES, check_upload, extension_of
from agency_core.unit_of_work import DuplicateKeyTaken, SlotFull

HONEYPOT_FIELD = "website"
"""A field hidden from people on every public form: bots fill it, and their submission is dropped."""
DUPLICATE_WINDOW = timedelta(hours=24)
DUPLICATE_APPLICATION = (
    "An application with this email, job category and preferred country already exists (received in the last "
    "24 hours). Its application ID has been sent again to the phone and email on record."
)
"""Says nothing of the first application: whoever knows someone's e-mail learns no ID from it."""
UPLOAD_FIELDS = tuple(f.name for f in v.APPLICATION.fields if f.upload is not None)
JOB_FIELD = spec_name("job_id")
"""The application's optional field naming an open job (checked here, not by the form's rules)."""
_DATE_FIELD, _TIME_FIELD = spec_name("preferred_date"), spec_name("preferred_time")

logger = logging.getLogger("agency.submissions")


@dataclass(frozen=True, slots=True)
class Upload:
    """A file as the client sent it; its name only tells the claimed type."""

    filename: str
    content: bytes


@dataclass(frozen=True, slots=True)
class DaySlots:
    day: date
    zone: str
    zone_name: str
    slots: list[SlotView]


@dataclass(frozen=True, slots=True)
class Accepted:
    id: str
    created: bool = True
    discarded: bool = False
    """True for a honeypot hit: answered as usual, stored nowhere."""
    payment_key: str = ""
    """An application's payment key (only its hash is stored): needed to start paying its fee."""
    fee: FeeDue | None = None
    """The fee an application owes, decided by the fee policy at submission (``None``: not decided)."""
    change_token: str = ""
    """A booking's change token (only its hash is stored): its confirmation links the calendar file with it."""


def _is_bot(data: Mapping[str, object]) -> bool:
    value = data.get(HONEYPOT_FIELD)
    if value is None:
        return False
    return not isinstance(value, str) or bool(value.strip())


class AgencyService:
    def __init__(
        self,
        store: Store,
        files: FileStore,
        ids: IdGenerator,
        settings: SettingsSource,
        clock: Clock = utc_now,
        on_enqueue: Callable[[], None] = lambda: None,
        jobs: JobBoard | None = None,
        site_url: Callable[[], str] = lambda: "",
        track_url: str = "",
        office_zone: str = AGENCY_TIME_ZONE,
        templates: TemplateSource = NO_EDITS,
        newsletter: NewsletterSubscriptions | None = None,
        fees: FeeSchedule | None = None,
    ) -> None:
        self.fees = fees
        """The fee policy: the fee each application owes is decided (and stored) at submission."""
        self.templates = templates
        """The message texts staff saved (read per submission; a text never saved is its default)."""
        self.newsletter = newsletter
        """Double opt-in subscriptions with their welcome e-mail."""
        self.office_zone = office_zone
        """The office's IANA zone: slots are read, and "today" and "past" judged, in it."""
        self.site_url = site_url
        """The public origin, for the ``/track`` link of the applicant's confirmation e-mail."""
        self.jobs = jobs
        """The public job board: an application may name one of its open jobs (``jobId``)."""
        self.store = store
        self.uow = store.unit_of_work
        """A new unit of work per submission: a record and its messages commit together."""
        self.files = files
        self.track_url = track_url
        """The short ``/track`` link every status SMS ends with (``""``: none)."""
        self.ids = ids
        self.settings = settings
        """The admin area's settings, read per submission: alert phones and the "received" SMS switch."""
        self.clock = clock
        self.on_enqueue = on_enqueue

    async def _application_fan_out(self, alert: ApplicationAlert, texts: Texts) -> list[OutgoingSms]:
        current = await self.settings.current()
        planned = application_messages(alert, current.admin_phones, self.track_url, texts)
        if not current.sends_status_sms(ApplicationStatus.RECEIVED):
            planned = [sms for sms in planned if sms.kind is not SmsKind.STATUS]
        return planned

    def today(self) -> date:
        return self.clock().astimezone(ZoneInfo(self.office_zone)).date()

    async def office_calendar(self) -> OfficeCalendar:
        current = await self.settings.current()
        return OfficeCalendar(self.office_zone, current.appointment_capacity, frozenset(current.closed_dates))

    def _outbox(self, source_id: str, planned: Sequence[OutgoingSms], now: datetime) -> list[OutboxMessage]:
        return [
            outbox_messages.sms(
                id=f"{source_id}-{i}", source_id=source_id, kind=sms.kind.value, phone=sms.phone, text=sms.text, now=now
            )
            for i, sms in enumerate(planned)
        ]

    def _parse(self, form: v.Form, kind: type[F], data: Mapping[str, object]) -> F:
        """The typed form of ``data`` by ``form``'s rules, or :class:`Rejected` with their messages."""
        cleaned = v.validate(form, data, self.today())
        if not cleaned.ok:
            logger.info("submission invalid", extra={"form": form.name, "fields": sorted(cleaned.errors)})
            raise Rejected(cleaned.errors)
        return cleaned.form(kind)

    def _discard(self, form: str) -> Accepted:
        logger.info("submission discarded", extra={"form": form, "reason": "honeypot"})
        return Accepted(self.ids.next_id(), discarded=True, payment_key=new_payment_key())

    # -- applications ---------------------------------------------------------------------

    async def submit_application(self, data: Mapping[str, object], uploads: Mapping[str, Upload]) -> Accepted:
        if _is_bot(data):
            return self._discard("application")
        form, present = await self._check_application(data, uploads)
        now = self.clock()
        since = now - DUPLICATE_WINDOW
        earlier = await self.store.applications.find_duplicate(form.duplicate_key, since)
        if earlier is not None:
            raise await self._duplicate(earlier)
        stored = await self._save_uploads(present)
        attempt = 0
        while True:
            payment_key = new_payment_key()
            application, alert, outbox = await self._application_writes(form, stored, now, payment_key)
            try:
                async with self.uow() as uow:
                    await uow.applications.add(application, since)
                    await uow.outbox.enqueue(outbox)
            except DuplicateKeyTaken as duplicate:
                await self._delete_uploads(stored)
                raise await self._duplicate(duplicate.earlier) from None
            except IdTaken:
                attempt += 1
                logger.warning("application id taken by another instance", extra={"id": application.id})
                if attempt < FRESH_ID_ATTEMPTS:
                    continue
                await self._delete_uploads(stored)
                raise
            except BaseException:
                await self._delete_uploads(stored)
                raise
            break
        self.on_enqueue()
        logger.info(
            "application stored",
            extra={
                "id": application.id,
                "email": mask_email(alert.email),
                "phone": mask_phone(alert.phone),
                "files": [f.field for f in stored],
                "sms_enqueued": len(outbox),
            },
        )
        return Accepted(application.id, payment_key=payment_key, fee=application.fee)

    async def _check_application(
        self, data: Mapping[str, object], uploads: Mapping[str, Upload]
    ) -> tuple[ApplicationForm, dict[str, Upload]]:
        """The typed form (with the job applied for) and the uploads given; raises every problem."""
        present = {name: up for name, up in uploads.items() if name in UPLOAD_FIELDS and (up.filename or up.content)}
        fields = {k: val for k, val in data.items() if k not in UPLOAD_FIELDS}
        fields.update({name: up.filename or "upload" for name, up in present.items()})
        cleaned = v.validate(v.APPLICATION, fields, self.today())
        errors = dict(cleaned.errors)
        job, job_error = await self._job_applied_for(data.get(JOB_FIELD))
        if job_error is not None:
            errors[JOB_FIELD] = job_error
        for name, upload in present.items():
            message = check_upload(name, upload.filename, len(upload.content), upload.content[:HEAD_BYTES])
            if message is not None:
                errors[name] = message
        if errors:
            logger.info("submission invalid", extra={"form": "application", "fields": sorted(errors)})
            raise Rejected(errors)
        form = cleaned.form(ApplicationForm)
        if job is not None:
            form = replace(form, job_id=job.id, job_title=job.title)
        return form, present

    async def _application_writes(
        self, form: ApplicationForm, stored: tuple[StoredFile, ...], now: datetime, payment_key: str
    ) -> tuple[Application, ApplicationAlert, list[OutboxMessage]]:
        """A new application (a fresh ID) and the messages it sends, to be written in one unit."""
        fee = await self.fees.due(form.preferred_country, form.job_id) if self.fees is not None else None
        application = Application(
            self.ids.next_id(), with_consent(form, now), stored, now, payment_key_hash(payment_key), fee
        )
        alert = ApplicationAlert(
            form.applicant_name,
            form.email,
            form.phone,
            form.job_category,
            form.preferred_country,
            application.id,
            form.job_title,
        )
        texts = await self.templates.texts()
        outbox = self._outbox(application.id, await self._application_fan_out(alert, texts), now)
        outbox.append(
            confirmation(
                application_email(
                    alert.email,
                    alert.applicant_name,
                    application.id,
                    alert.job_title,
                    self.site_url(),
                    # no payment link when the fee policy gave the application no fee
                    payment_key if fee is None or fee.due else "",
                    texts,
                ),
                application.id,
                now,
            )
        )
        return application, alert, outbox

    async def _job_applied_for(self, raw: object) -> tuple[Job | None, str | None]:
        """The open job an application names, or the message refusing it."""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            return None, None
        if not isinstance(raw, str) or self.jobs is None:
            return None, JOB_NOT_OPEN
        job = await self.jobs.public_job(raw.strip())
        if job is None or not self.jobs.is_open(job):
            return None, JOB_NOT_OPEN
        return job, None

    async def _duplicate(self, earlier: Application) -> DuplicateSubmission:
        """The refusal of a repeat, which tells the requester nothing of ``earlier``: its ID goes
        again to the phone and e-mail on record, through the outbox, once per application (a
        repeat is only refused within 24 hours of the first, so that is once per window)."""
        texts = await self.templates.texts()
        resend = id_reminders(earlier, self.track_url, self.site_url(), self.clock(), texts)
        async with self.uow() as uow:
            await uow.outbox.enqueue_new(resend)
        if resend:
            self.on_enqueue()
        logger.info("application duplicate", extra={"existing_id": earlier.id, "id_resent": len(resend)})
        return DuplicateSubmission(DUPLICATE_APPLICATION)

    async def _save_uploads(self, uploads: Mapping[str, Upload]) -> tuple[StoredFile, ...]:
        stored: list[StoredFile] = []
        try:
            for name, upload in uploads.items():
                extension = extension_of(upload.filename)
                key = await self.files.save(upload.content, extension)
                stored.append(StoredFile(name, key, upload.filename, CONTENT_TYPES[extension], len(upload.content)))
        except BaseException:
            await self._delete_uploads(stored)
            raise
        return tuple(stored)

    async def _delete_uploads(self, stored: Sequence[StoredFile]) -> None:
        for item in stored:
            await self.files.delete(item.key)

    # -- appointments ---------------------------------------------------------------------

    async def book_appointment(self, data: Mapping[str, object]) -> Accepted:
        if _is_bot(data):
            return self._discard("appointment")
        request = self._parse(v.APPOINTMENT, AppointmentRequest, data)
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
        notice = NewAppointmentNotice(
            reference=reference,
            full_name=request.full_name,
            email=request.email,
            phone=phone,
            service_type=request.service_type,
            preferred_date=request.preferred_date,
            preferred_time=request.preferred_time,
        )
        notification = AdminNotification(f"{reference}-admin", NEW_APPOINTMENT, notice, now)
        remind_at = reminder_time(starts_at, now)
        promise = remind_at is not None
        outbox = self._outbox(reference, appointment_messages(phone, details, promise, texts, link), now)
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

    # -- contact, newsletter, job alerts --------------------------------------------------

    async def send_contact_message(self, data: Mapping[str, object]) -> Accepted:
        if _is_bot(data):
            return self._discard("contact")
        form = self._parse(v.CONTACT, ContactForm, data)
        now = self.clock()
        message = ContactMessage(self.ids.next_id(), with_consent(form, now), now)
        async with self.uow() as uow:
            await uow.contact_messages.add(message)
        logger.info(
            "contact message stored",
            extra={"id": message.id, "email": mask_email(form.email)},
        )
        return Accepted(message.id)

    async def subscribe_newsletter(self, data: Mapping[str, object]) -> Accepted:
        """Validated here; stored, and its welcome e-mail queued, by :mod:`agency_core.newsletter.subscriptions`."""
        if _is_bot(data):
            return self._discard("newsletter")
        form = self._parse(v.NEWSLETTER, NewsletterForm, data)
        if self.newsletter is None:
            raise Unavailable("The newsletter is not available")
        return Accepted(await self.newsletter.subscribe(form))

    async def create_job_alert(self, data: Mapping[str, object]) -> Accepted:
        if _is_bot(data):
            return self._discard("jobAlert")
        request = self._parse(v.JOB_ALERT, JobAlertRequest, data)
        now = self.clock()
        alert = JobAlert(self.ids.next_id(), with_consent(request, now), now)
        async with self.uow() as uow:
            await uow.job_alerts.add(alert)
        logger.info("job alert stored", extra={"id": alert.id, "email": mask_email(request.email)})
        return Accepted(alert.id)

    # -- blog -----------------------------------------------------------------------------

    async def blog_posts(self) -> list[BlogPost]:
        return await self.store.blog_posts.published()

    async def blog_post(self, post_id: str) -> BlogPost | None:
        post = await self.store.blog_posts.get(post_id)
        return post if post is not None and post.published else None


def _day_bounds(day: date, zone: str) -> tuple[datetime, datetime]:
    """The UTC instants ``day`` starts and ends at in ``zone``."""
    tz = ZoneInfo(zone)
    start = datetime.combine(day, time(0), tz).astimezone(UTC)
    return start, datetime.combine(day + timedelta(days=1), time(0), tz).astimezone(UTC)
