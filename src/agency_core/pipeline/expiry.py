"""The expiry watch (issue 45 item 4): a daily sweep of the applicants' current documents.

The sweep is an outbox task (channel ``task``, kind ``expiry_sweep``) with an id from its day,
``expiry-sweep-2026-11-28``: every instance queues today's at start, and a document recorded does
too (:meth:`ExpiryWatch.schedule`, only while there are documents to watch), and each sweep queues the
next day's, all with ``enqueue_new``, so one task per day exists however many instances queue it, and
the outbox's lease runs it on one of them.

A sweep looks at every current document version with an expiry (passport, medical, police
clearance, visa) of an applicant in the pipeline and not Closed. One expiring within its kind's
window (:class:`ExpiryWindows`: passport 9 months, medical 14 days, police clearance 30 days, visa
30 days by default; staff set them, :mod:`agency_core.pipeline.expiry_settings`) gets one
:class:`~agency_core.pipeline.welfare_ports.ExpiryNotice` for the applicant's owner, and for a
passport an SMS to the applicant (template ``sms.expiry.passport``). The notice is kept once per
document version (the store refuses a second), so a sweep run twice, or every day after, reminds
once; a renewal makes a new version (reminded anew only when it too expires soon), and a Closed
applicant is skipped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from typing import Final
from zoneinfo import ZoneInfo

from agency_core.errors import InvalidPhone
from agency_core.messaging import outbox_messages
from agency_core.messaging.phones import stored_phone_for_sms
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import Texts, render
from agency_core.pipeline.documents import DocumentKind, DocumentVersion, expiry
from agency_core.pipeline.expiry_settings import ExpiryWindows, ExpiryWindowsStore, stored_of
from agency_core.pipeline.gate import GateSettings
from agency_core.pipeline.moves import PipelineStore
from agency_core.pipeline.stages import StageKey, current_stage
from agency_core.pipeline.welfare_ports import ExpiryNotice, WelfareStore
from agency_core.ports import SendResult
from agency_core.records import OutboxMessage
from agency_core.staff.context import StaffContext
from agency_core.staff.records import ApplicationRecord

SWEEP_TASK: Final = "expiry_sweep"
"""The outbox kind of the daily sweep (channel ``task``)."""
SWEEP_AT: Final = time(6, 0)
"""The sweep's time of day in the office's zone."""
PASSPORT_SMS: Final = "expiry_passport"
PASSPORT_TEMPLATE: Final = "sms.expiry.passport"
DEFAULT_WINDOWS: Final = ExpiryWindows()


@dataclass(frozen=True, slots=True)
class Expiring:
    version: DocumentVersion
    expires_on: date


def sweep_task(day: date, zone: str, now: datetime) -> OutboxMessage:
    """The sweep of ``day``, due at :data:`SWEEP_AT` in the office's zone (at once when that is past)."""
    at = datetime.combine(day, SWEEP_AT, ZoneInfo(zone))
    return outbox_messages.task(
        id=f"expiry-sweep-{day.isoformat()}", source_id="expiry-sweep", kind=SWEEP_TASK, payload=day.isoformat(),
        now=now, at=at,
    )  # fmt: skip


class ExpiryWatch:
    def __init__(
        self,
        context: StaffContext,
        store: WelfareStore,
        pipeline: PipelineStore,
        gate_settings: Callable[[str], Awaitable[GateSettings]],
        *,
        windows: ExpiryWindows = DEFAULT_WINDOWS,
        windows_store: ExpiryWindowsStore | None = None,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.context = context
        self.store = store
        self.pipeline = pipeline
        self.gate_settings = gate_settings
        self.windows = windows
        """The windows when there is no store, or staff never set them."""
        self.windows_store = windows_store
        """Staff's windows (:mod:`agency_core.pipeline.expiry_settings`), read at every sweep and count."""
        self.templates = templates

    async def current_windows(self) -> ExpiryWindows:
        """The windows in force: the last staff set, else :attr:`windows`."""
        if self.windows_store is None:
            return self.windows
        changes = await self.windows_store.window_changes()
        return stored_of(changes).windows if changes else self.windows

    def today(self) -> date:
        return self.context.clock().astimezone(ZoneInfo(self.context.office_zone)).date()

    async def schedule(self) -> None:
        """Queue today's sweep when there are documents to watch (a known id is left as it is: every
        instance calls this at start, and after each document recorded)."""
        if await self.store.current_documents():
            await self._queue(self.today())

    async def _queue(self, day: date) -> None:
        async with self.context.uow() as uow:
            await uow.outbox.enqueue_new([sweep_task(day, self.context.office_zone, self.context.clock())])
        self.context.on_enqueue()

    async def run(self, message: OutboxMessage) -> SendResult:
        """The sweep task of a day: the sweep, then the next day's task."""
        day = date.fromisoformat(message.text)
        notices = await self.sweep(max(day, self.today()))
        if await self.store.current_documents():  # none left to watch: the next document queues it again
            await self._queue(max(day, self.today()) + timedelta(days=1))
        return SendResult(True, f"expiry sweep of {day.isoformat()}: {notices} new notices")

    async def expiring(self, today: date | None = None) -> list[tuple[ApplicationRecord, Expiring]]:
        """Every current document expiring within its window on ``today``, of applicants not Closed."""
        today = today or self.today()
        windows = await self.current_windows()
        by_application: dict[str, list[DocumentVersion]] = {}
        for version in await self.store.current_documents():
            if windows.last_day(version.kind, today) is not None:
                by_application.setdefault(version.application_id, []).append(version)
        found: list[tuple[ApplicationRecord, Expiring]] = []
        for application_id, versions in sorted(by_application.items()):
            record = await self.context.store.application(application_id)
            stage = current_stage(await self.pipeline.history(application_id))
            if record is None or stage is None or stage is StageKey.CLOSED:
                continue
            validity = (await self.gate_settings(record.application.data.preferred_country)).validity
            for version in versions:
                ends, last = expiry(version, validity), windows.last_day(version.kind, today)
                if ends is not None and last is not None and ends <= last:
                    found.append((record, Expiring(version, ends)))
        return found

    async def counts(self) -> dict[str, int]:
        """Documents expiring soon today, by kind (the dashboard's "Expiring soon")."""
        return dict(Counter(e.version.kind.value for _, e in await self.expiring()))

    async def sweep(self, today: date) -> int:
        """Notices (and passport texts) for what expires soon and was not noticed yet; how many are new."""
        texts = await self.templates.texts()
        made = 0
        for record, found in await self.expiring(today):
            notice = ExpiryNotice(
                found.version.id,
                record.id,
                found.version.kind.value,
                found.expires_on,
                record.owner_id,
                record.owner_name,
                self.context.clock(),
                texted=False,
            )
            messages = self._texts(record, found, texts) if found.version.kind is DocumentKind.PASSPORT else []
            notice = replace(notice, texted=bool(messages))
            if await self.store.add_notice(notice, messages):
                made += 1
        if made:
            self.context.on_enqueue()
        return made

    def _texts(self, record: ApplicationRecord, found: Expiring, texts: Texts) -> list[OutboxMessage]:
        data = record.application.data
        try:
            phone = stored_phone_for_sms(record.id, data.phone, data.phone_region) if data.phone.strip() else ""
        except InvalidPhone:
            return []
        if not phone:
            return []
        values = {
            "name": data.applicant_name,
            "date": found.expires_on.strftime("%d %b %Y"),
            "application_id": record.id,
        }
        text = render(PASSPORT_TEMPLATE, values, texts)
        return [
            outbox_messages.sms(
                id=f"{record.id}-expiry-{found.version.id}",
                source_id=record.id,
                kind=PASSPORT_SMS,
                phone=phone,
                text=text,
                now=self.context.clock(),
            )
        ]


__all__ = ["PASSPORT_SMS", "SWEEP_TASK", "Expiring", "ExpiryWatch", "ExpiryWindows", "sweep_task"]
