"""Refunds: the state machine (any order, repeats harmless), the limit, and one refund with one
message however Paystack's answer and its webhooks come."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.ids import IdGenerator, IdTaken
from agency_core.payments.model import Fee, GatewayRefund, GatewayUnavailable, Payment
from agency_core.payments.refund_service import NotPaid, RefundInput, RefundService
from agency_core.payments.refunds import (
    PARTLY_REFUNDED,
    REFUNDED,
    Refund,
    RefundState,
    advance,
    refund_status,
    refundable,
    state_of,
    too_much,
)
from agency_core.records import Application, OutboxMessage, PaymentState
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.unit_of_work import PreconditionFailed
from tests.core.fakes import FakeUnitOfWork, Write

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
APP = Application(
    "VA1700000000001",
    form_of(ApplicationForm, {"firstName": "Ama", "lastName": "Owusu", "phone": "+233241234567", "email": "a@x.com"}),
    (),
    NOW,
)
PAID = Payment(PaymentState.PAID, f"{APP.id}-abcdef", 5000, "USD", "card", NOW, NOW, 1)

states = st.sampled_from(list(RefundState))


@given(st.lists(states, max_size=12))
def test_a_refund_takes_the_first_final_report_and_keeps_it(reports: list[RefundState]) -> None:
    state = RefundState.PENDING
    for reported in reports:
        state = advance(state, reported)
    finals = [r for r in reports if r is not RefundState.PENDING]
    assert state == (finals[0] if finals else RefundState.PENDING)
    # repeating any report changes nothing
    assert all(advance(state, r) == state for r in reports)


def test_paystack_statuses() -> None:
    assert state_of("processed") is RefundState.PROCESSED
    assert state_of("failed") is RefundState.FAILED
    assert state_of("processing") is RefundState.PENDING
    assert state_of("pending") is RefundState.PENDING
    assert state_of("made up") is None


def refund(n: int, amount: int, state: RefundState = RefundState.PENDING) -> Refund:
    return Refund(f"{APP.id}-refund-{n}", APP.id, amount, "USD", "reason", "staff", NOW, state)


def test_what_remains_and_how_the_payment_reads() -> None:
    assert refundable(PAID, []) == 5000
    assert refundable(PAID, [refund(1, 2000), refund(2, 1000, RefundState.FAILED)]) == 3000
    assert refundable(Payment(), []) == 0
    assert refund_status(PAID, [refund(1, 2000)]) is None
    assert refund_status(PAID, [refund(1, 2000, RefundState.PROCESSED)]) == PARTLY_REFUNDED
    assert refund_status(PAID, [refund(1, 2000, RefundState.PROCESSED), refund(2, 3000, RefundState.PROCESSED)]) == (
        REFUNDED
    )


@dataclass
class Memory:
    payment: Payment = PAID
    refunds: dict[str, Refund] = field(default_factory=dict)
    outbox: list[OutboxMessage] = field(default_factory=list)
    audit: list[str] = field(default_factory=list)
    uow: FakeUnitOfWork = field(default_factory=FakeUnitOfWork)

    def __post_init__(self) -> None:
        self.uow.on_commit = self.commit

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        return (APP, self.payment) if application_id == APP.id else None

    async def next_receipt_number(self) -> int:
        return 1

    async def refunds_of(self, application_id: str) -> list[Refund]:
        return sorted((r for r in self.refunds.values() if r.application_id == application_id), key=lambda r: r.id)

    def commit(self, writes: list[Write]) -> None:
        for w in writes:
            if w.repository == "refunds" and w.method == "add" and w.args[0].id in self.refunds:
                raise IdTaken(w.args[0].id)
            if w.repository == "refunds" and w.method == "move":
                before = w.args[0]
                now = self.refunds[before.id]
                if (now.state, now.gateway_id) != (before.state, before.gateway_id):
                    raise PreconditionFailed("refund")
            if w.repository == "outbox" and {m.id for m in w.args[0]} & {m.id for m in self.outbox}:
                raise PreconditionFailed("outbox")
        for w in writes:
            if w.repository == "refunds":
                saved = w.args[0] if w.method == "add" else w.args[1]
                self.refunds[saved.id] = saved
            elif w.repository == "outbox":
                self.outbox.extend(w.args[0])
            elif w.repository == "audit":
                self.audit.append(w.args[0].action)


@dataclass
class Gateway:
    """Answers "pending"; with ``webhook_first``, the webhook is taken before the answer returns."""

    service: RefundService | None = None
    webhook_first: RefundState | None = None
    down: bool = False
    asked: list[tuple[str, int]] = field(default_factory=list)

    async def refund(self, *, transaction_reference: str, amount_minor: int, currency: str, note: str) -> GatewayRefund:
        if self.down:
            raise GatewayUnavailable("down")
        self.asked.append((transaction_reference, amount_minor))
        gateway_id = f"RF{len(self.asked)}"
        if self.webhook_first is not None and self.service is not None:
            await self.service.webhook(
                GatewayRefund(transaction_reference, gateway_id, self.webhook_first, amount_minor)
            )
        return GatewayRefund(transaction_reference, gateway_id, RefundState.PENDING, amount_minor)


def service(memory: Memory, gateway: Gateway) -> RefundService:
    svc = RefundService(memory, memory, gateway, IdGenerator(), clock=lambda: NOW, uow=memory.uow)
    gateway.service = svc
    return svc


def messages(memory: Memory) -> list[str]:
    return sorted(m.id for m in memory.outbox)


@pytest.mark.parametrize("webhook_first", [None, RefundState.PROCESSED])
async def test_full_refund_with_the_webhook_before_or_after_the_answer_is_one_refund_one_message(
    webhook_first: RefundState | None,
) -> None:
    memory, gateway = Memory(), Gateway(webhook_first=webhook_first)
    svc = service(memory, gateway)
    made = await svc.request("staff@x.com", APP.id, RefundInput(reason="Rejected before processing"))
    assert made.amount_minor == 5000
    report = GatewayRefund(PAID.reference or "", "RF1", RefundState.PROCESSED, 5000)
    for _ in range(3):  # the webhook (again), repeats harmless
        await svc.webhook(report)
    (only,) = memory.refunds.values()
    assert (only.state, only.gateway_id) == (RefundState.PROCESSED, "RF1")
    assert messages(memory) == [f"{only.id}-mail", f"{only.id}-sms"]
    sms = next(m for m in memory.outbox if m.id.endswith("-sms"))
    assert "we have refunded USD 50 of the processing fee" in sms.text
    mail = json.loads(next(m for m in memory.outbox if m.id.endswith("-mail")).text)
    assert "Reason: Rejected before processing" in mail["text"]
    assert memory.audit.count("refund.processed") == 1
    assert gateway.asked == [(PAID.reference, 5000)]


async def test_partial_refunds_up_to_what_was_paid_and_no_more() -> None:
    memory, gateway = Memory(), Gateway()
    svc = service(memory, gateway)
    await svc.request("staff", APP.id, RefundInput(amount="20", reason="Part of the fee"))
    with pytest.raises(Rejected) as refused:
        await svc.request("staff", APP.id, RefundInput(amount="30.01", reason="Too much"))
    assert refused.value.errors == {"amount": too_much(Fee(3000, "USD"))}
    with pytest.raises(Rejected) as missing:
        await svc.request("staff", APP.id, RefundInput(amount="abc", reason=" "))
    assert set(missing.value.errors) == {"amount", "reason"}
    await svc.request("staff", APP.id, RefundInput(amount="", reason="The rest"))
    assert [r.amount_minor for r in await memory.refunds_of(APP.id)] == [2000, 3000]
    with pytest.raises(NotPaid):
        await svc.request("staff", APP.id, RefundInput(reason="Nothing left"))
    # a failed refund gives its amount back
    await svc.webhook(GatewayRefund(PAID.reference or "", "RF2", RefundState.FAILED, 3000))
    assert refundable(PAID, await memory.refunds_of(APP.id)) == 3000
    assert messages(memory) == []  # nothing processed yet: no message


async def test_an_unpaid_fee_cannot_be_refunded_and_a_gateway_outage_leaves_a_failed_refund() -> None:
    memory = Memory(payment=Payment())
    with pytest.raises(NotPaid):
        await service(memory, Gateway()).request("staff", APP.id, RefundInput(reason="x"))
    memory = Memory()
    with pytest.raises(GatewayUnavailable):
        await service(memory, Gateway(down=True)).request("staff", APP.id, RefundInput(reason="x"))
    (only,) = memory.refunds.values()
    assert only.state is RefundState.FAILED
    assert refundable(PAID, [only]) == 5000


async def test_a_webhook_for_an_unknown_refund_or_transaction_changes_nothing() -> None:
    memory = Memory()
    svc = service(memory, Gateway())
    await svc.webhook(GatewayRefund(PAID.reference or "", "RF9", RefundState.PROCESSED, 5000))
    await svc.webhook(GatewayRefund("not-ours", "RF9", RefundState.PROCESSED, 5000))
    assert memory.refunds == {}
    assert memory.outbox == []


async def test_racing_requests_never_refund_more_than_was_paid() -> None:
    import asyncio

    memory = Memory()
    svc = service(memory, Gateway())
    results = await asyncio.gather(
        *(svc.request("staff", APP.id, RefundInput(amount="30", reason="race")) for _ in range(4)),
        return_exceptions=True,
    )
    made = [r for r in results if isinstance(r, Refund)]
    assert len(made) == 1
    assert all(isinstance(r, Rejected) for r in results if not isinstance(r, Refund))
    assert replace(made[0], updated_at=None).amount_minor == 3000
