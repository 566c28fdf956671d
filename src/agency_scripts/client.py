"""Change an application's status from a script, exactly as the admin area does.

:class:`AsyncStatusClient` (and its synchronous face :class:`StatusClient`) runs the admin's use
case (:meth:`ApplicationsAdmin.change_status`): the status moves by the core's rules, the text goes to
the outbox with the admin settings' switch and sender ID, the audit entry names the script's actor,
all in one unit of work. It then sends the text itself (one attempt, with the outbox message id as
the gateway's ``Idempotency-Key``) and reports a typed outcome. A re-run finds the status already
moved and its text in the outbox: a delivered text is reported ``replayed``, not sent again; one
whose first attempt failed or got no answer is tried again with the same key. :meth:`show` reads an
application's status and texts, changing nothing.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Coroutine, Iterable, Mapping, Sequence
from types import TracebackType
from typing import Any, Self, TypeVar

from agency_core.errors import Conflict, Rejected, UnknownApplication, UseCaseError
from agency_core.messaging.notifications import NAME_REQUIRED
from agency_core.messaging.outcomes import (
    DryRun,
    NoSms,
    NotSent,
    Outcome,
    Queued,
    outcome_of_message,
    outcome_of_result,
)
from agency_core.ports import SendResult
from agency_core.records import ApplicationStatus, OutboxMessage, OutboxStatus
from agency_core.staff.applications import StatusChangePlan
from agency_scripts.compose import GATEWAY_NOT_CONFIGURED, ScriptParts, build_parts
from agency_scripts.reports import (
    ApplicationLookup,
    BatchRejected,
    BatchReport,
    GatewayNotConfigured,
    StatusReport,
    StatusRow,
    StatusText,
    describe,
    is_status_text,
)
from agency_scripts.settings import read_settings, script_actor

T = TypeVar("T")
OTHER_SENDER_POLL_S = 0.2
ALREADY_NO_SMS = "The application already has status {status} and no status SMS of this change is in the outbox"


class AsyncStatusClient:
    """``async with AsyncStatusClient.from_env() as client: await client.change_status("VA…", "approved")``."""

    def __init__(self, parts: ScriptParts, *, actor: str | None = None, dry_run: bool = False) -> None:
        self._parts = parts
        self.actor = script_actor(actor) if actor and actor.strip() else parts.script.actor
        self.dry_run = dry_run
        self._sending = asyncio.Semaphore(parts.script.concurrency)
        self._started = False

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, *, actor: str | None = None, dry_run: bool = False
    ) -> AsyncStatusClient:
        """Built from the app's settings (``AGENCY_*`` in the environment, or ``env``): only those a
        script uses (the gateway unless ``dry_run``); raises
        :class:`~agency_scripts.settings.SettingsMissing` naming every one unset or wrong."""
        settings, script = read_settings(os.environ if env is None else env, sends=not dry_run)
        return cls(build_parts(settings, script), actor=actor, dry_run=dry_run)

    async def start(self) -> None:
        if not self._started:
            await self._parts.start()
            self._started = True

    async def aclose(self) -> None:
        await self._parts.close()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    def _refuse_without_gateway(self, dry_run: bool) -> None:
        if not dry_run and self._parts.gateway is None:
            raise GatewayNotConfigured(GATEWAY_NOT_CONFIGURED)

    async def check(self, row: StatusRow) -> StatusChangePlan:
        """Check one change, writing and sending nothing; raises the refusal (unknown application
        or status, a move the rules refuse, an invalid or ambiguous phone, no name to text)."""
        await self.start()
        plan = await self._parts.admin.plan_status_change(
            row.application_id, str(row.status), region=row.region, idempotency_key=row.idempotency_key
        )
        data = plan.record.application.data
        if plan.sms is not None and not f"{data.first_name}{data.last_name}".strip():
            raise Rejected({"name": f"{row.application_id}: {NAME_REQUIRED}"})
        return plan

    async def show(self, application_id: str) -> ApplicationLookup:
        """The application's status and its status texts: whether and when each went, and its
        delivery. Reads only; raises :class:`UnknownApplication` naming the ID."""
        await self.start()
        record = await self._parts.admin_store.application(application_id)
        if record is None:
            raise UnknownApplication(application_id)
        messages = await self._parts.store.outbox.list(application_id)
        texts = tuple(StatusText.of(m) for m in messages if is_status_text(m))
        return ApplicationLookup(application_id, record.status, texts)

    async def change_status(
        self,
        application_id: str,
        status: str | ApplicationStatus,
        *,
        region: str | None = None,
        idempotency_key: str | None = None,
        wait: bool = True,
        dry_run: bool | None = None,
    ) -> StatusReport:
        """Change one status and (``wait``) send its text now; raises the refusals of :meth:`check`
        and :class:`GatewayNotConfigured` before anything is written or sent."""
        dry = self.dry_run if dry_run is None else dry_run
        self._refuse_without_gateway(dry)
        row = StatusRow(application_id, status, region, idempotency_key)
        plan = await self.check(row)
        return await self._carry_out(row, plan, wait=wait, dry_run=dry)

    async def change_statuses(
        self, rows: Iterable[StatusRow], *, wait: bool = True, dry_run: bool | None = None
    ) -> BatchReport:
        """Many changes: every row is checked first (:class:`BatchRejected`, naming each refused
        row, when any is wrong: nothing is then changed or sent), then all run at once, at most
        ``AGENCY_SCRIPT_CONCURRENCY`` texts in flight; one report per row, in order."""
        dry = self.dry_run if dry_run is None else dry_run
        self._refuse_without_gateway(dry)
        batch = list(rows)
        plans = await self._check_all(batch)
        reports = await asyncio.gather(
            *(self._carry_out(row, plan, wait=wait, dry_run=dry) for row, plan in zip(batch, plans, strict=True))
        )
        return BatchReport(tuple(reports))

    async def _check_all(self, batch: Sequence[StatusRow]) -> list[StatusChangePlan]:
        results = await asyncio.gather(*(self._checked(row) for row in batch))
        refused: dict[int, UseCaseError] = {i: r for i, r in enumerate(results) if isinstance(r, UseCaseError)}
        seen: dict[str, int] = {}
        for i, row in enumerate(batch):
            if row.application_id in seen and i not in refused:
                refused[i] = Conflict(f"{row.application_id} is also on row {seen[row.application_id] + 1}")
            seen.setdefault(row.application_id, i)
        if refused:
            raise BatchRejected(dict(sorted(refused.items())), len(batch))
        return [r for r in results if isinstance(r, StatusChangePlan)]

    async def _checked(self, row: StatusRow) -> StatusChangePlan | UseCaseError:
        try:
            return await self.check(row)
        except UseCaseError as exc:
            return exc

    async def _carry_out(self, row: StatusRow, plan: StatusChangePlan, *, wait: bool, dry_run: bool) -> StatusReport:
        new = plan.new
        if dry_run:
            return StatusReport(row.application_id, new, False, await self._dry_outcome(plan))
        changed = False
        if not plan.done:
            try:
                await self._parts.admin.change_status(
                    self.actor, row.application_id, new, region=row.region, idempotency_key=row.idempotency_key
                )
            except UseCaseError as exc:  # changed meanwhile by someone else (the rules were checked before)
                return StatusReport(
                    row.application_id, new, False, NotSent(plan.sms.id if plan.sms else "", describe(exc))
                )
            changed = True
        return StatusReport(row.application_id, new, changed, await self._text_outcome(plan, wait=wait))

    async def _dry_outcome(self, plan: StatusChangePlan) -> Outcome:
        sms = plan.sms
        if sms is None:
            return NoSms("", plan.no_sms_reason)
        stored = await self._parts.store.outbox.get(sms.id)
        went = stored.delivered_at if stored is not None and stored.status is OutboxStatus.DELIVERED else None
        return DryRun(sms.id, sms.address, sms.text, already_sent_at=went)

    async def _text_outcome(self, plan: StatusChangePlan, *, wait: bool) -> Outcome:
        if plan.sms is None:
            return NoSms("", plan.no_sms_reason)
        key = plan.sms.id
        if not wait:
            stored = await self._parts.store.outbox.get(key)
            if stored is not None and stored.status is not OutboxStatus.PENDING:
                return outcome_of_message(stored)
            return Queued(key) if stored is not None else NoSms(key, ALREADY_NO_SMS.format(status=plan.new.value))
        async with self._sending:
            message, result = await self._parts.worker.send_now(key)
            if result is None and message is not None and message.status is OutboxStatus.PENDING:
                # Leased by another sender (the app's outbox worker polls the same outbox): wait
                # for its result, or for its lease to run out and then try once more.
                message, result = await self._after_other_sender(key)
        if result is not None:
            return outcome_of_result(key, result)
        if message is None:
            return NoSms(key, ALREADY_NO_SMS.format(status=plan.new.value))
        return outcome_of_message(message)

    async def _after_other_sender(self, key: str) -> tuple[OutboxMessage | None, SendResult | None]:
        outbox, worker = self._parts.store.outbox, self._parts.worker
        deadline = asyncio.get_running_loop().time() + worker.lease.total_seconds()
        while asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(OTHER_SENDER_POLL_S)
            message = await outbox.get(key)
            if message is None or message.status is not OutboxStatus.PENDING:
                return message, None
            if message.lease_owner is None or message.lease_until is None or message.lease_until <= worker.clock():
                break  # the other attempt failed, or its sender died and the lease ran out: try it now
        return await worker.send_now(key)


class StatusClient:
    """The synchronous face, for a plain script: ``with StatusClient.from_env() as client: ...``.

    The client's event loop runs in a thread of its own for the client's life, so the calls block
    the caller only (and work from code that has a loop running, e.g. a notebook)."""

    def __init__(self, inner: AsyncStatusClient) -> None:
        self._inner = inner
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="agency-status-client", daemon=True)
        self._thread.start()

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, *, actor: str | None = None, dry_run: bool = False
    ) -> StatusClient:
        return cls(AsyncStatusClient.from_env(env, actor=actor, dry_run=dry_run))

    def _call(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result()

    @property
    def actor(self) -> str:
        return self._inner.actor

    def __enter__(self) -> Self:
        self._call(self._inner.start())
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        if self._loop.is_closed():
            return
        try:
            self._call(self._inner.aclose())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()

    def check(self, row: StatusRow) -> StatusChangePlan:
        return self._call(self._inner.check(row))

    def show(self, application_id: str) -> ApplicationLookup:
        return self._call(self._inner.show(application_id))

    def change_status(
        self,
        application_id: str,
        status: str | ApplicationStatus,
        *,
        region: str | None = None,
        idempotency_key: str | None = None,
        wait: bool = True,
        dry_run: bool | None = None,
    ) -> StatusReport:
        return self._call(
            self._inner.change_status(
                application_id, status, region=region, idempotency_key=idempotency_key, wait=wait, dry_run=dry_run
            )
        )

    def change_statuses(
        self, rows: Iterable[StatusRow], *, wait: bool = True, dry_run: bool | None = None
    ) -> BatchReport:
        return self._call(self._inner.change_statuses(rows, wait=wait, dry_run=dry_run))
