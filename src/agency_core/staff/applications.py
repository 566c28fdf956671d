"""The admin area's applications: the list and its exports, an applicant's page and files, and
the status change with its SMS (alone here, or one by one in a bulk move,
:mod:`agency_core.bulk.service`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from agency_core.errors import Conflict, NotFound, Rejected, UnknownApplication, UnknownStatus
from agency_core.messaging import outbox_messages
from agency_core.messaging.delivery import DeliveryView
from agency_core.messaging.notifications import status_messages
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.paging import ALL, Page, PageRequest, page_of
from agency_core.payments.refunds import RefundStore
from agency_core.payments.shown import ShownPayment
from agency_core.records import ApplicationStatus, OutboxMessage
from agency_core.spec.validation import DEFAULT_PHONE_REGION
from agency_core.staff.context import StaffContext
from agency_core.staff.deliveries import Deliveries
from agency_core.staff.query import ApplicationQuery, parse_status, status_must_be
from agency_core.staff.records import ApplicationRecord
from agency_core.staff.shown_payments import shown_payments, with_shown_payment
from agency_core.staff.statuses import can_move, move_refused_message
from agency_core.staff.views import Neighbours, application_filters, neighbours
from agency_core.unit_of_work import PreconditionFailed

KEY_USED_ELSEWHERE: Final = "This idempotency key was already used for application {other}"
KEY_USED_BEFORE: Final = "This idempotency key was already used for an earlier status change of this application"
SMS_SWITCHED_OFF: Final = "Status SMS for {status} is switched off in the admin settings"
NO_PHONE: Final = "The application has no phone number"


@dataclass(frozen=True, slots=True)
class ApplicationDetail:
    record: ApplicationRecord
    sms: list[OutboxMessage]
    delivery: Mapping[str, DeliveryView] = field(default_factory=dict)
    """Each message's delivery state, by message id."""


@dataclass(frozen=True, slots=True)
class StatusChangePlan:
    """A status change checked and planned, nothing written: what :meth:`ApplicationsAdmin.change_status`
    commits. ``done``: the application already has ``new`` (a repeat of this change); ``sms`` is the
    text it sends, its id the idempotency key (``None`` with ``no_sms_reason``)."""

    record: ApplicationRecord
    new: ApplicationStatus
    done: bool
    sms: OutboxMessage | None
    no_sms_reason: str = ""


class ApplicationsAdmin:
    def __init__(
        self,
        context: StaffContext,
        deliveries: Deliveries,
        *,
        track_url: str = "",
        phone_region: str = DEFAULT_PHONE_REGION,
        templates: TemplateSource = NO_EDITS,
        refunds: RefundStore | None = None,
    ) -> None:
        self.context = context
        self.deliveries = deliveries
        self.track_url = track_url
        self.phone_region = phone_region
        """The region a stored local phone number is read in (unless a change names one)."""
        self.templates = templates
        """The message texts staff saved: a status SMS uses its template as saved, else the default."""
        self.refunds = refunds
        """The fees' refunds: the list shows and filters "refunded" and "partly refunded" by them."""

    async def applications(self, query: ApplicationQuery, page: PageRequest) -> Page[ApplicationRecord]:
        """The list, its view (today, new, unread) as filters. A paid, refunded or partly refunded
        filter takes each paid fee's refunds, so that part of the list is cut here."""
        store = self.context.store
        filters = application_filters(query, self.context.office_day())
        wanted = filters.shown_payment
        if wanted is None or not wanted.needs_refunds:
            return await store.applications(filters, page)
        rows = (await store.applications(filters, ALL)).items
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
        await self.context.record_export(actor, "applications", f"{query.describe()} ({len(rows)} rows)")
        return rows

    async def open_application(self, application_id: str, actor: str | None = None) -> ApplicationDetail:
        """The detail view: marks the application opened (its "New" badge goes). When ``actor``
        reads it, the read is audited (``application.view``)."""
        ctx = self.context
        record = await ctx.application(application_id)
        now = ctx.clock()
        async with ctx.uow() as uow:
            if actor is not None:
                await uow.audit.add(ctx.audit(actor, "application.view", application_id))
            if record.opened_at is None:
                await uow.applications.mark_opened(application_id, now)
        if record.opened_at is None:
            record = replace(record, opened_at=now)
        return await self._detail(record)

    async def _detail(self, record: ApplicationRecord) -> ApplicationDetail:
        sms = await self.context.outbox.list(record.id)
        return ApplicationDetail(record, sms, self.deliveries.views(sms))

    async def application_file(
        self, application_id: str, field: str, actor: str | None = None
    ) -> tuple[ApplicationRecord, str, str, str]:
        """(record, storage key, content type, download name) of one uploaded file. When ``actor``
        downloads it, the read is audited (``application.file.download``)."""
        ctx = self.context
        record = await ctx.application(application_id)
        for item in record.application.files:
            if item.field == field:
                if actor is not None:
                    await ctx.record(ctx.audit(actor, "application.file.download", f"{application_id}: {field}"))
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
        record = await self.context.store.application(application_id)
        if record is None:
            raise UnknownApplication(application_id)
        done = record.status is new
        if not done and not can_move(record.status, new):
            raise Conflict(move_refused_message(record.status, new))
        key = idempotency_key or f"{application_id}-status-{new.value}"
        if idempotency_key:
            used = await self.context.outbox.get(idempotency_key)
            if used is not None and used.source_id != application_id:
                raise Rejected({"idempotencyKey": KEY_USED_ELSEWHERE.format(other=used.source_id)})
            if used is not None and not done:  # a new change under an old change's key would send nothing
                raise Rejected({"idempotencyKey": KEY_USED_BEFORE})
        settings = await self.context.settings.current()
        data = record.application.data
        phone = data.phone.strip()
        if not settings.sends_status_sms(new):
            return StatusChangePlan(record, new, done, None, SMS_SWITCHED_OFF.format(status=new.value))
        if not phone:
            return StatusChangePlan(record, new, done, None, NO_PHONE)
        e164 = stored_phone_for_sms(application_id, phone, data.phone_region, region, self.phone_region)
        name = f"{data.first_name.strip()} {data.last_name.strip()}".strip()
        (sms,) = status_messages(
            e164, name, new, self.track_url, await self.templates.texts(), application_id=application_id
        )
        now = self.context.clock()
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
        audit = self.context.audit(
            actor, "application.status", f"{application_id}: {record.status.value} -> {new.value} ({sms_note})"
        )
        try:
            async with self.context.uow() as uow:
                await uow.applications.set_status(application_id, record.status, new)
                await uow.outbox.enqueue(outbox)
                await uow.audit.add(audit)
                if record.opened_at is None:  # the answer is its detail view, which opens it
                    await uow.applications.mark_opened(application_id, audit.at)
        except PreconditionFailed:
            current = await self.context.application(application_id)
            raise Conflict(move_refused_message(current.status, new)) from None
        if outbox:
            self.context.on_enqueue()
        return await self._detail(await self.context.application(application_id))


__all__ = ["ApplicationDetail", "ApplicationsAdmin", "StatusChangePlan"]
