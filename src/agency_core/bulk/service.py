"""Bulk actions: a status move for many applicants (their SMS held for an undo window) and one
message to many, each previewed first (the texts, the count, the parts) and stored and audited.

Typed commands in, records out; refusals from :mod:`agency_core.errors`. A move is done and
audited one applicant at a time, so one refused or failed move stops none of the others; it is
reported in the stored action. A message to many is written in one unit of work: every message
or none, each under the id ``<bulk id>-<application id>-sms``, so nobody gets it twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

from agency_core.audit import AuditEntry
from agency_core.bulk.model import (
    ALREADY_UNDONE,
    BULK_ID_INVALID,
    BULK_PREFIX,
    CHANGED_MEANWHILE,
    CHANGED_SINCE,
    MAX_SELECTION,
    NOT_UNDOABLE,
    SELECTION_REQUIRED,
    SELECTION_TOO_LARGE,
    UNDO_CLOSED,
    WITHDRAWN_UNDONE,
    BulkAction,
    BulkItem,
    BulkKind,
    BulkStore,
    Selection,
    is_bulk_id,
)
from agency_core.errors import Conflict, InvalidPhone, NotFound, Rejected, UnknownStatus, UseCaseError
from agency_core.messaging import outbox_messages
from agency_core.messaging.bulk_texts import check_bulk_message, render_bulk_message
from agency_core.messaging.delivery import DeliveryState, delivery_state
from agency_core.messaging.gsm import sms_parts
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.paging import ALL
from agency_core.records import ApplicationStatus, OutboxMessage, OutboxStatus
from agency_core.spec import constants as c
from agency_core.spec.validation import DEFAULT_PHONE_REGION
from agency_core.staff.applications import ApplicationsAdmin, StatusChangePlan
from agency_core.staff.context import StaffContext
from agency_core.staff.query import parse_status, status_must_be
from agency_core.staff.records import ApplicationRecord
from agency_core.staff.statuses import move_refused_message
from agency_core.unit_of_work import PreconditionFailed

BULK_MESSAGE_KIND: Final = "bulk_message"
HOLD_GRACE: Final = timedelta(seconds=1)
"""The held SMS become due a moment after the undo window closes, so an undo at its last instant
never races a worker that has just claimed them."""
NO_PHONE: Final = "The application has no phone number"


@dataclass(frozen=True, slots=True)
class BulkOptions:
    undo_window_s: int = 30
    """How long staff may undo a status move; its SMS wait in the outbox until then."""
    sms_per_minute: int = 100
    """The rate a message to many is spread at (the gateway's accepted rate)."""


@dataclass(frozen=True, slots=True)
class PlannedSms:
    """What one selected applicant would get (or why they are left out: ``error``)."""

    application_id: str
    name: str
    text: str = ""
    parts: int = 0
    error: str = ""
    note: str = ""
    """Why a done move sends no SMS (switched off, no phone)."""


@dataclass(frozen=True, slots=True)
class BulkPreview:
    bulk_id: str
    """The id the confirmation must carry (a repeated confirmation does nothing twice)."""
    kind: BulkKind
    items: tuple[PlannedSms, ...]
    status: ApplicationStatus | None = None
    undo_window_s: int = 0

    @property
    def count(self) -> int:
        return sum(1 for i in self.items if not i.error)

    @property
    def messages(self) -> int:
        return sum(1 for i in self.items if i.text and not i.error)

    @property
    def total_parts(self) -> int:
        return sum(i.parts for i in self.items if not i.error)


@dataclass(frozen=True, slots=True)
class BulkProgress:
    """A stored action with each of its messages (by message id): the outbox's state and where the
    text stands as the gateway reported it (:func:`~agency_core.messaging.delivery.delivery_state`)."""

    action: BulkAction
    states: dict[str, OutboxStatus] = field(default_factory=dict)
    deliveries: dict[str, DeliveryState] = field(default_factory=dict)

    def count(self, state: DeliveryState) -> int:
        """Messages waiting, sent (accepted, no final report), delivered, failed (reported failed or
        given up by the outbox) or withdrawn by an undo."""
        return sum(1 for s in self.deliveries.values() if s is state)


def _name(record: ApplicationRecord) -> str:
    data = record.application.data
    return f"{data.first_name.strip()} {data.last_name.strip()}".strip()


def _refusal(exc: UseCaseError) -> str:
    if isinstance(exc, Rejected) and not isinstance(exc, InvalidPhone):
        return "; ".join(exc.errors.values())
    return exc.message


class BulkService:
    def __init__(
        self,
        area: ApplicationsAdmin,
        bulks: BulkStore,
        context: StaffContext,
        *,
        options: BulkOptions = BulkOptions(),
        phone_region: str = DEFAULT_PHONE_REGION,
    ) -> None:
        """``area`` plans each status move as staff's own; ``context`` gives the stores, clock and unit of work."""
        self.area = area
        self.bulks = bulks
        self.store, self.outbox, self.ids, self.uow = context.store, context.outbox, context.ids, context.uow
        self.clock, self.on_enqueue = context.clock, context.on_enqueue
        self.options = options
        self.phone_region = phone_region

    def _audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(c.ID_PREFIX), actor, action, target, self.clock())

    def _new_id(self) -> str:
        return BULK_PREFIX + self.ids.next_id().removeprefix(c.ID_PREFIX)

    async def _records(self, selection: Selection) -> list[ApplicationRecord]:
        """The selected applications (a picked id that does not exist is left out)."""
        if selection.query is not None:
            found = (await self.store.applications(selection.query, ALL)).items
            if not found:
                raise Rejected({"applicationIds": SELECTION_REQUIRED})
            if len(found) > MAX_SELECTION:
                raise Rejected({"applicationIds": SELECTION_TOO_LARGE})
            return found
        records = [await self.store.application(i) for i in selection.ids]
        return [r for r in records if r is not None]

    async def _ids(self, selection: Selection) -> list[str]:
        if selection.query is not None:
            return [r.id for r in await self._records(selection)]
        return list(selection.ids)

    async def bulk_action(self, bulk_id: str) -> BulkAction:
        action = await self.bulks.bulk_action(bulk_id) if is_bulk_id(bulk_id) else None
        if action is None:
            raise NotFound("Bulk action")
        return action

    async def _existing(self, bulk_id: object) -> BulkAction | None:
        if not is_bulk_id(bulk_id):
            raise Rejected({"bulkId": BULK_ID_INVALID})
        assert isinstance(bulk_id, str)
        return await self.bulks.bulk_action(bulk_id)

    # -- status moves ----------------------------------------------------------------------

    @staticmethod
    def _status(raw: object) -> ApplicationStatus:
        new = parse_status(raw, ApplicationStatus)
        if new is None:
            raise UnknownStatus(status_must_be(ApplicationStatus))
        return new

    async def _plan(self, bulk_id: str, application_id: str, new: ApplicationStatus) -> StatusChangePlan:
        plan = await self.area.plan_status_change(
            application_id, new.value, idempotency_key=f"{bulk_id}-{application_id}-sms"
        )
        if plan.done:
            raise Conflict(move_refused_message(plan.record.status, new))
        return plan

    async def _planned(self, bulk_id: str, application_id: str, new: ApplicationStatus) -> PlannedSms:
        try:
            plan = await self._plan(bulk_id, application_id, new)
        except UseCaseError as exc:
            record = await self.store.application(application_id)
            return PlannedSms(application_id, _name(record) if record else "", error=_refusal(exc))
        if plan.sms is None:
            return PlannedSms(application_id, _name(plan.record), note=plan.no_sms_reason)
        return PlannedSms(application_id, _name(plan.record), plan.sms.text, sms_parts(plan.sms.text))

    async def preview_move(self, selection: Selection, raw_status: object) -> BulkPreview:
        """The move checked for each selected applicant and the SMS each would get; writes nothing."""
        new = self._status(raw_status)
        bulk_id = self._new_id()
        items = [await self._planned(bulk_id, i, new) for i in await self._ids(selection)]
        return BulkPreview(bulk_id, BulkKind.STATUS, tuple(items), new, self.options.undo_window_s)

    async def _move_one(
        self, actor: str, bulk_id: str, application_id: str, new: ApplicationStatus, hold_until: datetime
    ) -> BulkItem:
        try:
            plan = await self._plan(bulk_id, application_id, new)
        except UseCaseError as exc:
            return BulkItem(application_id, error=_refusal(exc))
        sms = plan.sms.not_before(hold_until) if plan.sms is not None else None
        note = f"status SMS held until {hold_until.isoformat(timespec='seconds')}" if sms else "status SMS off"
        old = plan.record.status
        audit = self._audit(
            actor, "application.status", f"{application_id}: {old.value} -> {new.value} (bulk {bulk_id}, {note})"
        )
        try:
            async with self.uow() as uow:
                await uow.applications.set_status(application_id, old, new)
                await uow.outbox.enqueue([sms] if sms is not None else [])
                await uow.audit.add(audit)
        except PreconditionFailed:
            return BulkItem(application_id, error=CHANGED_MEANWHILE)
        return BulkItem(application_id, sms.id if sms is not None else "", old)

    async def move(self, actor: str, bulk_id: object, selection: Selection, raw_status: object) -> BulkAction:
        """Move every selected applicant to the status; each move is done and audited on its own
        (one refused stops none of the others) and its SMS waits in the outbox until the undo
        window closes. A confirmation repeated with the same ``bulk_id`` does nothing again."""
        existing = await self._existing(bulk_id)
        if existing is not None:
            return existing
        assert isinstance(bulk_id, str)
        new = self._status(raw_status)
        now = self.clock()
        undo_until = now + timedelta(seconds=self.options.undo_window_s)
        items = [
            await self._move_one(actor, bulk_id, i, new, undo_until + HOLD_GRACE) for i in await self._ids(selection)
        ]
        action = BulkAction(
            bulk_id, BulkKind.STATUS, actor, now, selection.describe(), tuple(items), new, undo_until=undo_until
        )
        summary = f"{bulk_id}: {len(action.done)} -> {new.value}, {len(action.refused)} refused ({action.selection})"
        async with self.uow() as uow:
            await uow.bulk_actions.add(action)
            await uow.audit.add(self._audit(actor, "applications.bulk_status", summary))
        return action

    async def undo(self, actor: str, bulk_id: str) -> BulkAction:
        """Within the undo window: every move of the action reverted (conditional on each status
        being still the one it was moved to) and its held SMS withdrawn, all or nothing, audited."""
        action = await self.bulk_action(bulk_id)
        now = self.clock()
        if action.kind is not BulkKind.STATUS or action.status is None:
            raise Conflict(NOT_UNDOABLE)
        if action.undone_at is not None:
            raise Conflict(ALREADY_UNDONE)
        if action.undo_until is None or now >= action.undo_until:
            raise Conflict(UNDO_CLOSED)
        done = [i for i in action.done if i.previous is not None]
        reverted = ", ".join(i.application_id for i in done)
        entry = self._audit(
            actor, "applications.bulk_status.undo", f"{bulk_id}: {action.status.value} reverted for {reverted}"
        )
        try:
            async with self.uow() as uow:
                for item in done:
                    assert item.previous is not None
                    await uow.applications.set_status(item.application_id, action.status, item.previous)
                await uow.outbox.withdraw([i.message_id for i in done if i.message_id], WITHDRAWN_UNDONE)
                await uow.bulk_actions.mark_undone(bulk_id, now, actor)
                await uow.audit.add(entry)
        except PreconditionFailed:
            raise Conflict(CHANGED_SINCE) from None
        return await self.bulk_action(bulk_id)

    # -- messages to many ------------------------------------------------------------------

    def _template(self, raw_text: object) -> str:
        template, error = check_bulk_message(raw_text)
        if error:
            raise Rejected({"text": error})
        return template

    def _message(
        self, bulk_id: str, record: ApplicationRecord, template: str, at: datetime
    ) -> tuple[OutboxMessage | None, str]:
        data = record.application.data
        phone = data.phone.strip()
        if not phone:
            return None, NO_PHONE
        try:
            e164 = stored_phone_for_sms(record.id, phone, data.phone_region, None, self.phone_region)
        except InvalidPhone as exc:
            return None, exc.message
        text = render_bulk_message(template, _name(record))
        now = self.clock()
        return outbox_messages.scheduled_sms(
            id=f"{bulk_id}-{record.id}-sms",
            source_id=record.id,
            kind=BULK_MESSAGE_KIND,
            phone=e164,
            text=text,
            now=now,
            at=at,
        ), ""

    async def preview_message(self, selection: Selection, raw_text: object) -> BulkPreview:
        """Each recipient's text and parts (the whole message, placeholders filled); writes nothing."""
        template = self._template(raw_text)
        bulk_id = self._new_id()
        now = self.clock()
        items = []
        for record in await self._records(selection):
            message, error = self._message(bulk_id, record, template, now)
            text = message.text if message else ""
            items.append(PlannedSms(record.id, _name(record), text, sms_parts(text) if text else 0, error))
        return BulkPreview(bulk_id, BulkKind.MESSAGE, tuple(items))

    async def send_message(self, actor: str, bulk_id: object, selection: Selection, raw_text: object) -> BulkAction:
        """One message to every selected applicant through the outbox, spread at the gateway's
        rate, all queued in one unit of work with the stored action and its audit entry. The
        same ``bulk_id`` again sends nothing more: each message's id is ``<bulk id>-<application>-sms``."""
        existing = await self._existing(bulk_id)
        if existing is not None:
            return existing
        assert isinstance(bulk_id, str)
        template = self._template(raw_text)
        now = self.clock()
        spacing = 60.0 / self.options.sms_per_minute
        items: list[BulkItem] = []
        messages: list[OutboxMessage] = []
        for record in await self._records(selection):
            due = now + timedelta(seconds=spacing * len(messages))
            message, error = self._message(bulk_id, record, template, due)
            if message is not None:
                messages.append(message)
            items.append(BulkItem(record.id, message.id if message else "", error=error))
        action = BulkAction(bulk_id, BulkKind.MESSAGE, actor, now, selection.describe(), tuple(items), text=template)
        summary = f"{bulk_id}: {len(messages)} messages, {len(action.refused)} left out ({action.selection})"
        try:
            async with self.uow() as uow:
                await uow.bulk_actions.add(action)  # first: a repeat fails here, before any message
                await uow.outbox.enqueue(messages)
                await uow.audit.add(self._audit(actor, "applications.bulk_sms", summary))
        except PreconditionFailed:  # the same confirmation, committed meanwhile by another request
            return await self.bulk_action(bulk_id)
        self.on_enqueue()
        return action

    async def progress(self, bulk_id: str) -> BulkProgress:
        """The action and, for each of its messages, the outbox's state and its delivery state
        (pending, sent, delivered or failed as the gateway reported)."""
        action = await self.bulk_action(bulk_id)
        progress = BulkProgress(action)
        for item in action.items:
            if item.message_id:
                message = await self.outbox.get(item.message_id)
                if message is not None:
                    progress.states[item.message_id] = message.status
                    progress.deliveries[item.message_id] = delivery_state(message)
        return progress


__all__: Sequence[str] = ["BulkOptions", "BulkPreview", "BulkProgress", "BulkService", "PlannedSms"]
