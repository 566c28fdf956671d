"""The processing fee's rules: fee parsing, the amount and currency check, state moves, idempotency."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.audit import AuditEntry
from agency_core.errors import NotFound
from agency_core.ids import IdGenerator
from agency_core.messaging.gsm import is_gsm7
from agency_core.messaging.sms_texts import payment_receipt_message
from agency_core.payments.keys import new_payment_key, payment_key_hash, payment_key_matches
from agency_core.payments.model import (
    APPLICATION_NOT_FOUND,
    PAYMENT_NOT_FOUND,
    Charge,
    Checkout,
    Decision,
    Fee,
    Payment,
    Verdict,
    WebhookEvent,
    application_of,
    can_start,
    charge_matches,
    decide,
    make_reference,
    parse_fee,
    started,
)
from agency_core.payments.service import (
    AlreadyPaid,
    ApplicationUnknown,
    PaymentService,
    PaymentsUnavailable,
    receipt_id,
    receipt_mail_id,
)
from agency_core.records import Application, OutboxMessage, PaymentState
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.unit_of_work import PreconditionFailed, Writes
from tests.core.fakes import FakeUnitOfWork, Write

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
FEE = Fee(5000, "USD")
REF = "VA1700000000000-abc123"


def test_parse_fee() -> None:
    assert parse_fee("50 USD") == FEE
    assert parse_fee(" 49.99 usd ") == Fee(4999, "USD")
    assert parse_fee("750 GHS") == Fee(75000, "GHS")
    for bad in ("50", "USD 50", "50 EUR", "0 USD", "-5 USD", "5.123 USD", ""):
        with pytest.raises(ValueError, match="AGENCY_APPLICATION_FEE"):
            parse_fee(bad)


def test_fee_labels() -> None:
    assert (FEE.label, FEE.plain, FEE.major) == ("$50", "USD 50", "50")
    assert Fee(75050, "GHS").label == "GH\u20b5750.50"


def test_references_carry_the_application_id() -> None:
    assert application_of(make_reference("VA1700000000000", "abc123")) == "VA1700000000000"
    for bad in ("", "VA1", "VA1-", "XX1-abcdef", "VA1-ab", "VA1-abc/def", "VA1-abcdef-x"):
        assert application_of(bad) is None


def test_receipt_text_is_gsm7_and_names_everything() -> None:
    text = payment_receipt_message("Kwamé Mensah", "VA1", "USD 50", REF)
    assert is_gsm7(text)
    assert "USD 50" in text
    assert "VA1" in text
    assert REF in text


charges = st.builds(
    Charge,
    reference=st.sampled_from([REF, "VA1700000000000-other1"]),
    status=st.sampled_from(["success", "failed", "abandoned", "reversed", "ongoing", "pending", "queued"]),
    amount_minor=st.sampled_from([5000, 4999, 5001, 0, 500000]),
    currency=st.sampled_from(["USD", "usd", "GHS", "NGN"]),
    channel=st.sampled_from([None, "card", "mobile_money"]),
)
payments = st.builds(
    Payment,
    state=st.sampled_from(list(PaymentState)),
    reference=st.sampled_from([None, REF, "VA1700000000000-other1"]),
    amount_minor=st.just(5000),
    currency=st.just("USD"),
)


@given(charges)
def test_amount_and_currency_must_equal_the_fee(charge: Charge) -> None:
    assert charge_matches(charge, FEE) == (charge.amount_minor == 5000 and charge.currency.upper() == "USD")


@given(payments, charges)
def test_only_a_matching_success_makes_paid(current: Payment, charge: Charge) -> None:
    decision = decide(current, charge, FEE, NOW)
    if decision.payment.state is PaymentState.PAID and current.state is not PaymentState.PAID:
        assert charge.status == "success"
        assert charge_matches(charge, FEE)
        assert decision.verdict is Verdict.PAID
        assert decision.payment.reference == charge.reference
    if charge.status == "success" and not charge_matches(charge, FEE) and current.state is not PaymentState.PAID:
        assert decision == Decision(Verdict.MISMATCH, current)


@given(charges)
def test_paid_is_final(charge: Charge) -> None:
    paid = Payment(PaymentState.PAID, REF, 5000, "USD", "card", NOW, NOW)
    assert decide(paid, charge, FEE, NOW) == Decision(Verdict.UNCHANGED, paid)
    assert not can_start(paid)


@given(payments, st.lists(charges, max_size=6))
def test_deciding_is_idempotent(current: Payment, reports: list[Charge]) -> None:
    """Applying the same charge twice in a row is the same as once (repeats change nothing)."""
    state = current
    for charge in reports:
        once = decide(state, charge, FEE, NOW).payment
        twice = decide(once, charge, FEE, NOW)
        assert twice.payment == once
        assert twice.verdict in (Verdict.UNCHANGED, Verdict.MISMATCH)
        state = once


@given(payments, charges)
def test_failure_only_for_the_current_pending_attempt(current: Payment, charge: Charge) -> None:
    decision = decide(current, charge, FEE, NOW)
    if decision.verdict is Verdict.FAILED:
        assert current.state is PaymentState.PENDING
        assert charge.reference == current.reference
        assert charge.status in ("failed", "abandoned", "reversed")


def test_state_moves() -> None:
    pending = started(Payment(), REF, FEE, NOW)
    assert (pending.state, pending.reference, pending.amount_minor, pending.currency) == (
        PaymentState.PENDING,
        REF,
        5000,
        "USD",
    )
    failed = decide(pending, Charge(REF, "failed", 5000, "USD"), FEE, NOW).payment
    assert failed.state is PaymentState.FAILED
    again = started(failed, "VA1700000000000-second", FEE, NOW)
    assert again.state is PaymentState.PENDING
    assert decide(again, Charge(REF, "abandoned", 5000, "USD"), FEE, NOW).verdict is Verdict.UNCHANGED
    paid = decide(again, Charge(REF, "success", 5000, "usd", "mobile_money"), FEE, NOW).payment
    assert (paid.state, paid.reference, paid.currency, paid.channel) == (PaymentState.PAID, REF, "USD", "mobile_money")
    with pytest.raises(ValueError, match="paid application"):
        started(paid, "VA1700000000000-third", FEE, NOW)


# -- the service against in-memory fakes of its ports --------------------------------------


@dataclass
class MemoryPayments:
    application: Application
    payment: Payment = field(default_factory=Payment)
    outbox: list[OutboxMessage] = field(default_factory=list)
    audit: list[AuditEntry] = field(default_factory=list)
    uow: FakeUnitOfWork = field(default_factory=FakeUnitOfWork)
    last_receipt: int = 0

    def __post_init__(self) -> None:
        self.uow.on_commit = self.commit

    async def next_receipt_number(self) -> int:
        return self.last_receipt + 1

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        await asyncio.sleep(0)  # let concurrent callers interleave
        return (self.application, self.payment) if application_id == self.application.id else None

    def commit(self, writes: list[Write]) -> None:
        """The backend's side of a unit of work: check the conditions, then apply every write."""
        for write in writes:
            if write.repository == "payments":
                before = write.args[1]
                if (self.payment.state, self.payment.reference) != (before.state, before.reference):
                    raise PreconditionFailed("payment")
                number = write.args[2].receipt_number
                if number is not None and before.receipt_number is None and number != self.last_receipt + 1:
                    raise PreconditionFailed("receipt number")
            if write.repository == "outbox" and {m.id for m in write.args[0]} & {o.id for o in self.outbox}:
                raise PreconditionFailed("receipt")
        for write in writes:
            if write.repository == "payments":
                self.payment = write.args[2]
                self.last_receipt = max(self.last_receipt, self.payment.receipt_number or 0)
            elif write.repository == "outbox":
                self.outbox.extend(write.args[0])
            elif write.repository == "audit":
                self.audit.append(write.args[0])


@dataclass
class FakeGateway:
    charges: dict[str, Charge] = field(default_factory=dict)

    async def initialize(
        self, *, reference: str, email: str, fee: Fee, callback_url: str, metadata: Mapping[str, str]
    ) -> Checkout:
        return Checkout(f"https://checkout.example/{reference}", reference)

    async def verify(self, reference: str) -> Charge | None:
        return self.charges.get(reference)

    def parse_webhook(self, body: bytes, signature: str | None) -> WebhookEvent | None:
        return None

    async def aclose(self) -> None:
        return None


KEY = "the-applicants-payment-key"
APPLICATION = Application(
    "VA1700000000000",
    form_of(ApplicationForm, {"firstName": "Ama", "lastName": "Owusu", "phone": "+233241234567", "email": "a@x.com"}),
    (),
    NOW,
    payment_key_hash(KEY),
)


def service(gateway: FakeGateway | None = None) -> tuple[PaymentService, MemoryPayments]:
    store = MemoryPayments(APPLICATION)
    return PaymentService(store, gateway or FakeGateway(), FEE, Writes(IdGenerator(), store.uow, lambda: NOW)), store


async def test_concurrent_confirmations_pay_once_with_one_receipt() -> None:
    gateway = FakeGateway()
    svc, store = service(gateway)
    checkout = await svc.start(APPLICATION.id, KEY, "https://site/payment/callback")
    gateway.charges[checkout.reference] = Charge(checkout.reference, "success", 5000, "USD", "card")
    charge = gateway.charges[checkout.reference]
    views = await asyncio.gather(*(svc.verify(checkout.reference) for _ in range(10)))
    applied = await asyncio.gather(*(svc.apply(APPLICATION.id, charge, "webhook") for _ in range(10)))
    assert store.payment.state is PaymentState.PAID
    assert [m.id for m in store.outbox] == [receipt_id(APPLICATION.id), receipt_mail_id(APPLICATION.id)]
    assert [a.action for a in store.audit].count("payment.paid") == 1
    assert {v.payment.state for v in views} == {PaymentState.PAID}
    assert {a.state for a in applied} == {PaymentState.PAID}
    with pytest.raises(AlreadyPaid):
        await svc.start(APPLICATION.id, KEY, "https://site/payment/callback")


async def test_without_a_gateway_nothing_is_offered() -> None:
    store = MemoryPayments(APPLICATION)
    svc = PaymentService(store, None, FEE, Writes(IdGenerator(), store.uow))
    assert not svc.available
    with pytest.raises(PaymentsUnavailable):
        await svc.start(APPLICATION.id, KEY, "https://site/payment/callback")
    with pytest.raises(PaymentsUnavailable):
        await svc.verify(REF)
    assert store.payment == Payment()


async def test_an_unknown_application_or_reference_is_not_found_with_what_was_asked_for() -> None:
    svc, _ = service()
    with pytest.raises(ApplicationUnknown) as unknown_application:
        await svc.start("VA1799999999999", KEY, "https://site/payment/callback")
    assert unknown_application.value.message == APPLICATION_NOT_FOUND
    with pytest.raises(ApplicationUnknown) as unknown_reference:
        await svc.verify("VA1799999999999-abcd")  # ours in form, but no such application
    assert unknown_reference.value.message == PAYMENT_NOT_FOUND
    with pytest.raises(NotFound):  # one hierarchy: the app answers every NotFound with 404
        await svc.verify("not-a-reference")


def test_a_payment_key_is_random_long_and_stored_only_as_its_hash() -> None:
    keys = {new_payment_key() for _ in range(100)}
    assert len(keys) == 100
    assert all(len(base64.urlsafe_b64decode(k + "==")) * 8 >= 128 for k in keys)
    key = keys.pop()
    assert payment_key_hash(key) != key
    assert payment_key_matches(payment_key_hash(key), key)
    assert not payment_key_matches(payment_key_hash(key), key + "x")
    assert not payment_key_matches("", "")  # an application stored before keys: no online start


async def test_a_stranger_with_only_the_id_cannot_start_a_payment() -> None:
    svc, store = service()
    for guess in ("", "VA1700000000000", "the-applicants-payment-kez"):
        with pytest.raises(ApplicationUnknown) as refused:
            await svc.start(APPLICATION.id, guess, "https://site/payment/callback")
        assert refused.value.message == APPLICATION_NOT_FOUND  # as if there were no such application
    assert store.payment == Payment()


async def test_only_the_exact_stored_reference_is_answered() -> None:
    gateway = FakeGateway()
    svc, _ = service(gateway)
    checkout = await svc.start(APPLICATION.id, KEY, "https://site/payment/callback")
    assert (await svc.verify(checkout.reference)).payment.reference == checkout.reference
    for made_up in (f"{APPLICATION.id}-AAAA", checkout.reference[:-1] + "z", checkout.reference + "0"):
        with pytest.raises(ApplicationUnknown) as refused:
            await svc.verify(made_up)
        assert refused.value.message == PAYMENT_NOT_FOUND
