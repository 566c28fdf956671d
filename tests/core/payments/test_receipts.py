"""Receipts: the next number in the payment's own write (no gaps, no duplicates under races),
the fee each application owes as decided at submission, the receipt link and e-mail."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from agency_core.ids import IdGenerator
from agency_core.payments.keys import payment_key_hash
from agency_core.payments.model import Charge, Fee, Payment, Verdict, decide
from agency_core.payments.receipts import receipt_label, receipt_path, receipt_token, token_matches
from agency_core.payments.service import ApplicationUnknown, NoFeeDue, PaymentService, Receipts, receipt_mail_id
from agency_core.records import Application, Channel, FeeDue, OutboxMessage, PaymentState
from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.unit_of_work import PreconditionFailed, Writes
from tests.core.fakes import FakeUnitOfWork, Write
from tests.core.payments.test_payments import FakeGateway

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
KEY = "key"
SECRET = "s" * 40


def application(n: int, fee: FeeDue | None = None) -> Application:
    data = {"firstName": "Ama", "lastName": f"Owusu{n}", "phone": "+233241234567", "email": f"a{n}@x.com"}
    return Application(f"VA17{n:011d}", form_of(ApplicationForm, data), (), NOW, payment_key_hash(KEY), fee)


@dataclass
class ManyPayments:
    """Payments of many applications, with the receipt counter checked at commit as the stores do."""

    applications: dict[str, Application]
    payments: dict[str, Payment] = field(default_factory=dict)
    outbox: list[OutboxMessage] = field(default_factory=list)
    last_receipt: int = 0
    uow: FakeUnitOfWork = field(default_factory=FakeUnitOfWork)

    def __post_init__(self) -> None:
        self.uow.on_commit = self.commit

    async def load(self, application_id: str) -> tuple[Application, Payment] | None:
        await asyncio.sleep(0)
        found = self.applications.get(application_id)
        return None if found is None else (found, self.payments.get(application_id, Payment()))

    async def next_receipt_number(self) -> int:
        await asyncio.sleep(0)  # let racing confirmations read the same number
        return self.last_receipt + 1

    def commit(self, writes: list[Write]) -> None:
        for write in writes:
            if write.repository == "payments":
                application_id, before, after = write.args
                current = self.payments.get(application_id, Payment())
                if (current.state, current.reference) != (before.state, before.reference):
                    raise PreconditionFailed("payment")
                taking = after.receipt_number is not None and before.receipt_number is None
                if taking and after.receipt_number != self.last_receipt + 1:
                    raise PreconditionFailed("receipt number")
        for write in writes:
            if write.repository == "payments":
                application_id, _, after = write.args
                self.payments[application_id] = after
                self.last_receipt = max(self.last_receipt, after.receipt_number or 0)
            elif write.repository == "outbox":
                self.outbox.extend(write.args[0])


def service(store: ManyPayments, gateway: FakeGateway | None = None) -> PaymentService:
    fee = Fee(5000, "USD")
    receipts = Receipts(store, fee, secret=SECRET, site_url=lambda: "https://vandy.example", clock=lambda: NOW)
    return PaymentService(
        store, gateway or FakeGateway(), fee, Writes(IdGenerator(), store.uow, lambda: NOW), receipts=receipts
    )


def charge(app: Application, amount: int = 5000) -> Charge:
    return Charge(f"{app.id}-abcdef", "success", amount, "USD", "card", NOW)


async def test_racing_confirmations_of_many_payments_take_consecutive_numbers_once_each() -> None:
    apps = [application(n) for n in range(40)]
    store = ManyPayments({a.id: a for a in apps})
    svc = service(store)
    # every payment confirmed three times at once (verify, webhook, a webhook retry), all interleaved
    await asyncio.gather(*(svc.apply(a.id, charge(a), via) for a in apps for via in ("verify", "webhook", "retry")))
    numbers = sorted(p.receipt_number or 0 for p in store.payments.values())
    assert numbers == list(range(1, 41))
    assert all(p.state is PaymentState.PAID for p in store.payments.values())
    mails = [m for m in store.outbox if m.kind == "email"]
    assert sorted(m.id for m in mails) == sorted(receipt_mail_id(a.id) for a in apps)


async def test_the_receipt_email_carries_the_number_and_a_link_that_opens_the_receipt() -> None:
    app = application(1)
    store = ManyPayments({app.id: app})
    svc = service(store)
    await svc.apply(app.id, charge(app), "webhook")
    (mail,) = [m for m in store.outbox if m.kind == "email"]
    body = json.loads(mail.text)
    assert (mail.address, mail.channel) == ("a1@x.com", Channel.EMAIL)
    assert body["subject"] == f"Receipt 000001 for application {app.id}"
    link = f"https://vandy.example{receipt_path(SECRET, app.id, 1)}"
    assert "Receipt number: 000001\nAmount: USD 50\nPaid by: Card" in body["text"]
    assert link in body["text"]
    token = link.rsplit("=", 1)[1]
    receipt = await svc.receipts.receipt(app.id, token)
    assert (receipt.number, receipt.amount, receipt.label, receipt.payer) == (1, "USD 50", "$50", "Ama Owusu1")
    for wrong in (
        "",
        token[:-1] + ("1" if token.endswith("0") else "0"),
        receipt_token("another secret key of 40 characters......", app.id, 1),
    ):
        with pytest.raises(ApplicationUnknown):
            await svc.receipts.receipt(app.id, wrong)
    with pytest.raises(ApplicationUnknown):
        await svc.receipts.receipt("VA1", token)


async def test_no_receipt_for_an_unpaid_fee() -> None:
    app = application(2)
    svc = service(ManyPayments({app.id: app}))
    with pytest.raises(ApplicationUnknown):
        await svc.receipts.receipt(app.id, receipt_token(SECRET, app.id, 1))


def test_tokens_belong_to_one_application_and_number() -> None:
    token = receipt_token(SECRET, "VA1", 7)
    assert token_matches(SECRET, "VA1", 7, token)
    assert not token_matches(SECRET, "VA2", 7, token)
    assert not token_matches(SECRET, "VA1", 8, token)
    assert receipt_label(7) == "000007"


async def test_the_fee_decided_at_submission_is_the_one_charged() -> None:
    free = application(3, FeeDue(0, "USD", "country:United Arab Emirates", "Employer pays"))
    cheap = application(4, FeeDue(3000, "USD", "country:Singapore", "Reduced"))
    store = ManyPayments({free.id: free, cheap.id: cheap})
    svc = service(store)
    with pytest.raises(NoFeeDue):
        await svc.start(free.id, KEY, "https://vandy.example/payment/callback")
    assert await svc.fee_for(free.id, KEY) == free.fee
    with pytest.raises(ApplicationUnknown):
        await svc.fee_for(free.id, "wrong key")
    # the configured $50 is not this application's fee: only its own $30 pays it
    assert (await svc.apply(cheap.id, charge(cheap, 5000), "webhook")).state is PaymentState.UNPAID
    assert (await svc.apply(cheap.id, charge(cheap, 3000), "webhook")).state is PaymentState.PAID
    assert decide(Payment(), charge(cheap, 3000), Fee(3000, "USD"), NOW).verdict is Verdict.PAID
