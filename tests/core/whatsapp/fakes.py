"""In-memory WhatsApp ports for the core tests: the Cloud API sender and the message-state store."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

from agency_core.ports import SendResult
from agency_core.records import OutboxMessage, OutboxStatus
from agency_core.whatsapp.channel import WhatsAppOut
from agency_core.whatsapp.model import MessageState, OptIn, next_state
from tests.core.messaging.test_outbox import FakeOutbox


class FakeSender:
    """Accepts every send (a ``wamid.<n>`` each) unless ``down``."""

    def __init__(self) -> None:
        self.sent: list[tuple[WhatsAppOut, str]] = []
        self.down = False

    async def send(self, out: WhatsAppOut, idempotency_key: str) -> SendResult:
        if self.down:
            return SendResult(False, "WhatsApp Cloud API: 503")
        self.sent.append((out, idempotency_key))
        return SendResult(True, "accepted", gateway_id=f"wamid.{len(self.sent)}")


class FakeMessages:
    """The WhatsAppMessages port in memory, with the stores' forward-only rule (and the phones'
    last inbound times, as the inbound log keeps them)."""

    def __init__(self) -> None:
        self.by_wamid: dict[str, tuple[str, MessageState]] = {}
        self.inbound: dict[str, datetime] = {}

    async def sent(self, outbox_id: str, wa_message_id: str, phone: str, at: datetime) -> None:
        known = self.by_wamid.get(wa_message_id)
        state = known[1] if known is not None else MessageState.QUEUED
        self.by_wamid[wa_message_id] = (outbox_id, next_state(state, MessageState.SENT) or state)

    async def report(self, wa_message_id: str, state: MessageState, at: datetime) -> bool:
        outbox_id, current = self.by_wamid.get(wa_message_id, ("", MessageState.QUEUED))
        moved = next_state(current, state)
        if moved is None:
            return False
        self.by_wamid[wa_message_id] = (outbox_id, moved)
        return True

    async def state_of(self, outbox_id: str) -> MessageState | None:
        return next((s for o, s in self.by_wamid.values() if o == outbox_id), None)

    async def outbox_id_of(self, wa_message_id: str) -> str | None:
        known = self.by_wamid.get(wa_message_id)
        return known[0] or None if known is not None else None

    async def saw_inbound(self, phone: str, at: datetime) -> None:
        self.inbound[phone] = max(at, self.inbound.get(phone, at))

    async def last_inbound(self, phone: str) -> datetime | None:
        return self.inbound.get(phone)


class ClaimingOutbox(FakeOutbox):
    """The core tests' outbox with ``claim_message`` (a fallback SMS brought forward)."""

    async def claim_message(
        self, message_id: str, now: datetime, lease_until: datetime, owner: str
    ) -> OutboxMessage | None:
        m = self.rows.get(message_id)
        if m is None or m.status is not OutboxStatus.PENDING or (m.lease_until is not None and m.lease_until > now):
            return None
        self.rows[message_id] = replace(m, attempts=m.attempts + 1, lease_until=lease_until, lease_owner=owner)
        return self.rows[message_id]


class FakeOptIns:
    """The OptInStore port in memory."""

    def __init__(self, *opt_ins: OptIn) -> None:
        self.by_phone = {o.phone: o for o in opt_ins}

    async def record(self, opt_in: OptIn) -> None:
        self.by_phone[opt_in.phone] = opt_in

    async def opt_out(self, phone: str, at: datetime) -> None:
        known = self.by_phone.get(phone)
        if known is not None and known.opted_out_at is None:
            self.by_phone[phone] = replace(known, opted_out_at=at)

    async def current(self, phone: str) -> OptIn | None:
        return self.by_phone.get(phone)


class _OutboxWrites:
    def __init__(self, outbox: ClaimingOutbox) -> None:
        self.outbox = outbox
        self.steps: list[Callable[[], None]] = []

    async def enqueue_new(self, messages: Sequence[OutboxMessage]) -> None:
        def step() -> None:
            for m in messages:
                self.outbox.rows.setdefault(m.id, m)

        self.steps.append(step)

    async def withdraw(self, message_ids: Sequence[str], reason: str) -> None:
        def step() -> None:
            for message_id in message_ids:
                m = self.outbox.rows.get(message_id)
                if m is not None and m.status is OutboxStatus.PENDING:
                    self.outbox.rows[message_id] = replace(
                        m, status=OutboxStatus.FAILED, last_error=reason, lease_until=None, lease_owner=None
                    )

        self.steps.append(step)


class FakeOutboxUnit:
    """A unit of work over the fake outbox: its writes land together on a clean exit, none on an error."""

    def __init__(self, outbox: ClaimingOutbox) -> None:
        self.outbox = _OutboxWrites(outbox)

    async def __aenter__(self) -> FakeOutboxUnit:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            for step in self.outbox.steps:
                step()
