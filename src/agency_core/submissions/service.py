"""Use cases of the public site: validate, make IDs, plan SMS, store everything in one unit of work.

They return :class:`Accepted` and refuse with :mod:`agency_core.errors` (:class:`Rejected`,
:class:`DuplicateSubmission`); the app maps those to HTTP. Nothing here knows about HTTP.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from agency_core.errors import DuplicateSubmission, Rejected, Unavailable
from agency_core.ids import FRESH_ID_ATTEMPTS, IdTaken
from agency_core.jobs.board import JobBoard
from agency_core.jobs.model import Job
from agency_core.jobs.rules import JOB_NOT_OPEN
from agency_core.masking import mask_email, mask_phone
from agency_core.messaging.confirmation_emails import application_email, confirmation
from agency_core.messaging.id_reminders import id_reminders
from agency_core.messaging.notifications import OutgoingSms, SmsKind, application_messages
from agency_core.messaging.sms_texts import ApplicationAlert
from agency_core.messaging.templates import Texts
from agency_core.newsletter.subscriptions import NewsletterSubscriptions
from agency_core.payments.fees import FeeSchedule
from agency_core.payments.keys import new_payment_key, payment_key_hash
from agency_core.ports import FileStore
from agency_core.records import (
    Application,
    ApplicationStatus,
    BlogPost,
    ContactMessage,
    JobAlert,
    OutboxMessage,
    StoredFile,
)
from agency_core.spec import validation as v
from agency_core.spec.consent import with_consent
from agency_core.spec.forms import (
    ApplicationForm,
    ContactForm,
    JobAlertRequest,
    NewsletterForm,
    spec_name,
)
from agency_core.spec.uploads import CONTENT_TYPES, HEAD_BYTES, check_upload, extension_of
from agency_core.submitted import Accepted, PublicContext, discarded, is_bot, parse_form, sms_outbox
from agency_core.unit_of_work import DuplicateKeyTaken

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


class AgencyService:
    def __init__(
        self,
        context: PublicContext,
        files: FileStore,
        *,
        jobs: JobBoard | None = None,
        track_url: str = "",
        newsletter: NewsletterSubscriptions | None = None,
        fees: FeeSchedule | None = None,
    ) -> None:
        self.context = context
        self.store, self.ids, self.settings, self.clock = context.store, context.ids, context.settings, context.clock
        self.on_enqueue, self.site_url, self.templates = context.on_enqueue, context.site_url, context.templates
        self.uow = context.store.unit_of_work
        """A new unit of work per submission: a record and its messages commit together."""
        self.fees = fees
        """The fee policy: the fee each application owes is decided (and stored) at submission."""
        self.newsletter = newsletter
        """Double opt-in subscriptions with their welcome e-mail."""
        self.jobs = jobs
        """The public job board: an application may name one of its open jobs (``jobId``)."""
        self.files = files
        self.track_url = track_url
        """The short ``/track`` link every status SMS ends with (``""``: none)."""

    async def _application_fan_out(self, alert: ApplicationAlert, texts: Texts) -> list[OutgoingSms]:
        current = await self.settings.current()
        planned = application_messages(alert, current.admin_phones, self.track_url, texts)
        if not current.sends_status_sms(ApplicationStatus.RECEIVED):
            planned = [sms for sms in planned if sms.kind is not SmsKind.STATUS]
        return planned

    def today(self) -> date:
        return self.context.today()

    async def submit_application(self, data: Mapping[str, object], uploads: Mapping[str, Upload]) -> Accepted:
        if is_bot(data):
            return discarded(self.ids, "application")
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
        checked = v.validate(v.APPLICATION, fields, self.today(), ApplicationForm)
        errors = dict(checked.errors) if isinstance(checked, v.Invalid) else {}
        job, job_error = await self._job_applied_for(data.get(JOB_FIELD))
        if job_error is not None:
            errors[JOB_FIELD] = job_error
        for name, upload in present.items():
            message = check_upload(name, upload.filename, len(upload.content), upload.content[:HEAD_BYTES])
            if message is not None:
                errors[name] = message
        if errors or isinstance(checked, v.Invalid):
            logger.info("submission invalid", extra={"form": "application", "fields": sorted(errors)})
            raise Rejected(errors)
        form = checked
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
        outbox = sms_outbox(application.id, await self._application_fan_out(alert, texts), now)
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
        if job is None or not await self.jobs.accepts(job):
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

    # -- contact, newsletter, job alerts --------------------------------------------------

    async def send_contact_message(self, data: v.Sent) -> Accepted:
        if is_bot(data):
            return discarded(self.ids, "contact")
        form = parse_form(v.CONTACT, ContactForm, data, self.today())
        now = self.clock()
        message = ContactMessage(self.ids.next_id(), with_consent(form, now), now)
        async with self.uow() as uow:
            await uow.contact_messages.add(message)
        logger.info(
            "contact message stored",
            extra={"id": message.id, "email": mask_email(form.email)},
        )
        return Accepted(message.id)

    async def subscribe_newsletter(self, data: v.Sent) -> Accepted:
        """Validated here; stored, and its welcome e-mail queued, by :mod:`agency_core.newsletter.subscriptions`."""
        if is_bot(data):
            return discarded(self.ids, "newsletter")
        form = parse_form(v.NEWSLETTER, NewsletterForm, data, self.today())
        if self.newsletter is None:
            raise Unavailable("The newsletter is not available")
        return Accepted(await self.newsletter.subscribe(form))

    async def create_job_alert(self, data: v.Sent) -> Accepted:
        if is_bot(data):
            return discarded(self.ids, "jobAlert")
        request = parse_form(v.JOB_ALERT, JobAlertRequest, data, self.today())
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
