"""The SMS outbox worker: delivers what the stores enqueued, retrying with backoff.

It works against two ports, :class:`~agency_core.ports.Outbox` and
:class:`~agency_core.ports.SmsGateway`; the app runs :meth:`OutboxWorker.run` as a background
task. Each message is leased to this worker's ``owner`` id before it is sent, so a crashed
worker's messages come back when the lease runs out (and not before: many instances may share
one outbox), and the message id goes to the gateway as the idempotency key. A result is written
only while this worker still holds the lease; :meth:`OutboxWorker.release` hands every lease
back on a clean shutdown, so another instance takes the messages over at once.

A text whose answer was lost is not retried with backoff (a gateway that ignores the key would send
it twice): it is held unsettled until its delivery report, or ``unsettled_wait``, says what happened
(:mod:`agency_core.messaging.delivery`). The hold is in the outbox, so every instance keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Final, Protocol

from agency_core.clock import Clock, utc_now
from agency_core.masking import mask_email, mask_phone
from agency_core.messaging.delivery import DEFAULT_SETTLE_WAIT
from agency_core.messaging.email import EmailSender
from agency_core.messaging.outbox_messages import email_of
from agency_core.ports import Delivery, Outbox, SendResult, SmsGateway
from agency_core.records import Channel, OutboxMessage

logger = logging.getLogger("agency.outbox")

NOT_NEEDED: Final = "not sent: WhatsApp reported the message delivered"
"""The end of a fallback SMS whose WhatsApp message reached the handset first."""


class WhatsAppChannel(Protocol):
    """The worker's WhatsApp side (``agency_core.whatsapp.delivery.WhatsAppDelivery``)."""

    async def hand_over(self, message: OutboxMessage) -> bool:
        """Whether an SMS row now goes by WhatsApp (its WhatsApp row and fallback written, it withdrawn)."""
        ...

    async def send(self, message: OutboxMessage) -> SendResult: ...

    def fallback_of(self, message: OutboxMessage) -> str:
        """The id of the SMS that stands in for a ``whatsapp`` row."""
        ...

    async def fallback_goes(self, message: OutboxMessage) -> bool:
        """Whether an SMS that falls due still goes (not a fallback whose WhatsApp message arrived)."""
        ...


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Exponential backoff with "equal jitter": attempt n waits between half and all of
    ``min(cap, base * 2**(n-1))`` seconds; after ``max_attempts`` the message fails."""

    base_s: float = 2.0
    cap_s: float = 300.0
    max_attempts: int = 8

    def delay_s(self, attempts: int, rand: float) -> float:
        ceiling: float = min(self.cap_s, self.base_s * 2.0 ** max(attempts - 1, 0))
        return ceiling / 2 + ceiling / 2 * rand


@dataclass(frozen=True, slots=True)
class Pacing:
    """How often and how much a worker sends: its retries, leases, batches and waits."""

    policy: RetryPolicy = RetryPolicy()
    lease_s: float = 30.0
    batch_size: int = 50
    concurrency: int = 16
    poll_s: float = 1.0
    settle_s: float = 0.02
    """How long a round waits after a wake-up: the request that woke it answers first, and the
    wake-ups of the requests committing meanwhile share the round (one claim for them all)."""
    unsettled_wait: timedelta = DEFAULT_SETTLE_WAIT
    """How long a text whose answer was lost waits for its delivery report before a resend."""


class OutboxWorker:
    tasks: Callable[[OutboxMessage], Awaitable[SendResult]] | None = None
    """Runs the outbox's tasks (channel ``task``: the daily expiry sweep, a welfare check-in), set by the
    composition; without it they wait in the outbox."""
    whatsapp: WhatsAppChannel | None = None
    """Sends the ``whatsapp`` rows and checks each fallback SMS before it goes (set by the composition
    when the channel is on; without it a ``whatsapp`` row fails and its fallback SMS goes when due)."""

    def __init__(
        self,
        outbox: Outbox,
        gateway: SmsGateway,
        *,
        clock: Clock = utc_now,
        pacing: Pacing = Pacing(),
        rand: Callable[[], float] = random.random,
        email: EmailSender | None = None,
        owner: str | None = None,
        on_outcome: Callable[[Channel, str], None] | None = None,
    ) -> None:
        self.on_outcome = on_outcome
        """Told each attempt's channel and outcome (``sent``, ``unsettled``, ``failed``, ``retry``): the metrics."""
        self.email = email
        """Sends the outbox's e-mails (kind ``email``); without one they wait in the outbox."""
        self.outbox = outbox
        self.owner = owner or f"worker-{secrets.token_hex(8)}"
        self.gateway = gateway
        self.clock = clock
        self.pacing = pacing
        self.policy = pacing.policy
        self.lease = timedelta(seconds=pacing.lease_s)
        self.rand = rand
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False

    def wake(self) -> None:
        """Ask for a delivery round now (safe from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake.set()
        else:
            loop.call_soon_threadsafe(self._wake.set)

    async def run_once(self) -> int:
        """Claim the due messages and send them, all at once (bounded); returns how many."""
        if self._stopping:
            return 0
        now = self.clock()
        claimed = await self.outbox.claim(now, now + self.lease, self.pacing.batch_size, self.owner)
        if claimed:
            limit = asyncio.Semaphore(self.pacing.concurrency)

            async def bounded(message: OutboxMessage) -> None:
                async with limit:
                    if not self._stopping:  # once stopping, a claimed text not yet sent waits for release()
                        await self._send(message)

            await asyncio.gather(*(bounded(m) for m in claimed))
        return len(claimed)

    async def _send_email(self, message: OutboxMessage) -> SendResult:
        if self.email is None:
            return SendResult(False, "no e-mail sender configured")
        try:
            await self.email.send(email_of(message), message.id)
        except Exception as exc:  # a mail server outage is a failed attempt, retried with backoff
            return SendResult(False, f"{type(exc).__name__}: {exc}"[:500])
        return SendResult(True, "E-mail sent")

    async def _run_task(self, message: OutboxMessage) -> SendResult:
        if self.tasks is None:
            return SendResult(False, "no task runner configured")
        try:
            return await self.tasks(message)
        except Exception as exc:  # a task that raised is a failed attempt, retried with backoff
            logger.exception("outbox task failed", extra={"sms_id": message.id, "kind": message.kind})
            return SendResult(False, f"{type(exc).__name__}: {exc}"[:500])

    async def send_now(self, message_id: str) -> tuple[OutboxMessage | None, SendResult | None]:
        """One attempt at one message now, whenever its next attempt was due (a script waiting for
        its own text). Returns the message as it then stands and the gateway's answer; ``None`` for
        the answer when no attempt was made (already delivered or failed, another worker holds it,
        or it is held unsettled after a lost answer)."""
        now = self.clock()
        claimed = await self.outbox.claim_message(message_id, now, now + self.lease, self.owner)
        result = await self._send(claimed) if claimed is not None else None
        return await self.outbox.get(message_id), result

    async def _send(self, message: OutboxMessage) -> SendResult:
        if message.unsettled_since is not None and message.attempts > self.policy.max_attempts:
            # Held after its last attempt's answer was lost: no report came in the settle wait, and
            # the attempts are spent.
            error = f"no answer and no delivery report after {message.attempts - 1} attempts"
            await self.outbox.mark_failed(message.id, error, self.owner)
            self._tell(message, "failed")
            return SendResult(False, error)
        whatsapp = await self._whatsapp_first(message)
        if whatsapp is not None:
            return whatsapp
        if message.channel is Channel.EMAIL:
            result = await self._send_email(message)
        elif message.channel is Channel.TASK:
            result = await self._run_task(message)
        else:
            try:
                result = await self.gateway.send(message.address, message.text, idempotency_key=message.id)
            except Exception as exc:  # a gateway must not raise; if one does, it is a failed attempt
                logger.exception("sms gateway raised", extra={"sms_id": message.id})
                result = SendResult(False, f"{type(exc).__name__}: {exc}"[:500])
        now = self.clock()
        fields = {
            "sms_id": message.id,
            "kind": message.kind,
            "phone": mask_email(message.address) if message.channel is Channel.EMAIL else mask_phone(message.address),
            "attempt": message.attempts,
        }
        if result.success:
            held = await self.outbox.mark_delivered(message.id, now, self.owner, gateway_id=result.gateway_id)
            self._tell(message, "sent")
            logger.info("sms delivered", extra=fields)
        elif result.outcome is Delivery.UNKNOWN and message.channel is Channel.SMS:
            held = await self.outbox.mark_unsettled(
                message.id, result.message, now, self.pacing.unsettled_wait, self.owner
            )
            self._tell(message, "unsettled")
            wait_min = round(self.pacing.unsettled_wait.total_seconds() / 60, 1)
            logger.warning("sms answer lost: held for its report", extra={**fields, "settle_wait_min": wait_min})
        elif message.attempts >= self.policy.max_attempts:
            held = await self.outbox.mark_failed(message.id, result.message, self.owner)
            self._tell(message, "failed")
            logger.error("sms failed for good", extra={**fields, "error": result.message})
        else:
            delay = self.policy.delay_s(message.attempts, self.rand())
            held = await self.outbox.mark_retry(message.id, result.message, now + timedelta(seconds=delay), self.owner)
            self._tell(message, "retry")
            logger.warning("sms send failed", extra={**fields, "error": result.message, "retry_in_s": round(delay, 2)})
        if not held:
            # The lease ran out and another worker took the message over: its result stands.
            logger.warning("sms lease lost before its result was written", extra=fields)
        return result

    async def _whatsapp_first(self, message: OutboxMessage) -> SendResult | None:
        """A ``whatsapp`` row sent, an SMS to an opted-in phone handed over to WhatsApp, or a fallback
        SMS whose WhatsApp message arrived ended unsent; ``None`` for any other message (it goes on its
        channel)."""
        if message.channel is Channel.WHATSAPP:
            return await self._send_whatsapp(message)
        if self.whatsapp is not None and await self.whatsapp.hand_over(message):
            self._tell(message, "whatsapp")
            self.wake()  # its WhatsApp row is due now
            return SendResult(True, "handed over to WhatsApp")
        if (
            message.channel is Channel.SMS
            and self.whatsapp is not None
            and not await self.whatsapp.fallback_goes(message)
        ):
            await self.outbox.mark_failed(message.id, NOT_NEEDED, self.owner)
            self._tell(message, "not_needed")
            return SendResult(False, NOT_NEEDED)
        return None

    async def _send_whatsapp(self, message: OutboxMessage) -> SendResult:
        """A WhatsApp row gets one attempt: accepted, it waits for its statuses (and its fallback SMS
        for its time); refused, it fails and its fallback SMS goes now."""
        channel = self.whatsapp
        result = await channel.send(message) if channel is not None else SendResult(False, "WhatsApp is off")
        now = self.clock()
        if result.success:
            await self.outbox.mark_delivered(message.id, now, self.owner, gateway_id=result.gateway_id)
            self._tell(message, "sent")
            return result
        await self.outbox.mark_failed(message.id, result.message, self.owner)
        self._tell(message, "failed")
        logger.warning("whatsapp send failed: its SMS goes now", extra={"sms_id": message.id, "error": result.message})
        if channel is not None:
            await self.send_now(channel.fallback_of(message))
        return result

    def _tell(self, message: OutboxMessage, outcome: str) -> None:
        if self.on_outcome is not None:
            self.on_outcome(message.channel, outcome)

    def stop(self) -> None:
        """Stop taking work: no new claim and no new send; the sends already with the gateway finish and
        their results are written, then :meth:`run` returns. Then :meth:`release` hands back the rest."""
        self._stopping = True
        self._wake.set()

    async def release(self) -> int:
        """Hand back every lease this worker holds (call once :meth:`run` has returned or was cancelled)."""
        released = await self.outbox.release(self.owner)
        if released:
            logger.info("outbox leases released", extra={"count": released, "owner": self.owner})
        return released

    async def run(self) -> None:
        """Deliver until :meth:`stop` (or cancelled): a round ``settle_s`` after a wake-up (the wake-ups
        until then coalesce), else every ``poll_s``; a wake-up during a round asks for another."""
        self._loop = asyncio.get_running_loop()
        while not self._stopping:
            self._wake.clear()
            try:
                handled = await self.run_once()
            except Exception:
                logger.exception("outbox round failed")
                handled = 0
            if handled >= self.pacing.batch_size:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.pacing.poll_s)
            if self._wake.is_set():
                await asyncio.sleep(self.pacing.settle_s)
