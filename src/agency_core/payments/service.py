"""Use cases of the processing fee: start a payment, verify it, take the gateway's webhook.

Each change of an application's payment is one compare-and-set in the store, with its audit
entry and (when it becomes paid) the receipt SMS in the same unit of work; a lost race is
decided again on the fresh record, so concurrent and repeated confirmations agree.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from agency_core.audit import AuditEntry
from agency_core.clock import Clock, utc_now
from agency_core.errors import Conflict, NotFound, Unavailable, UseCaseError
from agency_core.masking import mask_phone
from agency_core.messaging import outbox_messages
from agency_core.messaging.notifications import SmsKind
from agency_core.messaging.sms_texts import payment_receipt_message
from agency_core.messaging.template_store import NO_EDITS, TemplateSource
from agency_core.messaging.templates import Texts
from agency_core.payments.fees import NO_FEE_DUE
from agency_core.payments.keys import payment_key_matches
from agency_core.payments.model import (
    ALREADY_PAID,
    APPLICATION_NOT_FOUND,
    PAYMENT_NOT_FOUND,
    PAYMENTS_UNAVAILABLE,
    TEST_OUTCOMES,
    Charge,
    Checkout,
    Fee,
    GatewayRefund,
    GatewayUnavailable,
    Payment,
    PaymentGateway,
    PaymentStore,
    TestCheckout,
    TestTransaction,
    Verdict,
    application_of,
    can_start,
    decide,
    make_reference,
    started,
)
from agency_core.payments.receipts import Receipt, receipt_email, receipt_path, token_matches
from agency_core.payments.refunds import RefundStore, refund_status, refunded_minor
from agency_core.records import Application, Channel, FeeDue, OutboxMessage, PaymentState
from agency_core.spec.constants import AGENCY_TIME_ZONE, ID_PREFIX
from agency_core.unit_of_work import PreconditionFailed, Writes

logger = logging.getLogger("agency.payments")

GATEWAY_ACTOR = "paystack"
APPLICANT_ACTOR = "applicant"
_RETRIES = 5
_RECEIPT_RETRIES = 60
"""A paid fee may lose the race for the next receipt number to other confirmations (other
instances too); each loss reads the number again."""


class PaymentsUnavailable(Unavailable):
    """No gateway is configured (no secret key): online payment is not offered."""

    def __init__(self) -> None:
        super().__init__(PAYMENTS_UNAVAILABLE)


class ApplicationUnknown(NotFound):
    """No application (or no payment) has this ID or reference; ``message`` says which was asked for."""

    def __init__(self, message: str) -> None:
        UseCaseError.__init__(self, message)


class AlreadyPaid(Conflict):
    def __init__(self) -> None:
        super().__init__(ALREADY_PAID)


class NoFeeDue(Conflict):
    """The fee policy gave this application no fee: there is nothing to pay."""

    def __init__(self) -> None:
        super().__init__(NO_FEE_DUE)


CHANNEL_LABELS = {"card": "Card", "mobile_money": "Mobile money", "test": "Test checkout", "bank": "Bank"}


def channel_label(channel: str | None) -> str:
    return CHANNEL_LABELS.get(channel or "", (channel or "Paystack").replace("_", " ").capitalize())


@dataclass(frozen=True, slots=True)
class PaymentView:
    """What the applicant's result page is told."""

    application_id: str
    payment: Payment


def receipt_id(application_id: str) -> str:
    """One receipt per application, whatever the repeats: the outbox id is fixed."""
    return f"{application_id}-payment-receipt"


def receipt_mail_id(application_id: str) -> str:
    return f"{application_id}-payment-receipt-mail"


class PaymentService:
    def __init__(
        self,
        store: PaymentStore,
        gateway: PaymentGateway | None,
        fee: Fee,
        writes: Writes,
        *,
        receipts: Receipts | None = None,
        on_refund: Callable[[GatewayRefund], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.gateway = gateway
        self.fee = fee
        self.ids, self.uow, self.clock, self.on_enqueue = writes.ids, writes.uow, writes.clock, writes.on_enqueue
        """A new unit of work per change: the payment, its receipt SMS and its audit entry commit together."""
        self.receipts = receipts or Receipts(store, fee, clock=writes.clock)
        """The receipt of a paid fee: its page, its SMS and e-mail."""
        self.on_refund = on_refund
        """Takes the ``refund.*`` webhooks (:class:`~agency_core.payments.refund_service.RefundService`)."""

    @property
    def available(self) -> bool:
        return self.gateway is not None

    @property
    def test_mode(self) -> bool:
        """The built-in test checkout (demo mode without Paystack keys): no money moves."""
        return isinstance(self.gateway, TestCheckout)

    def test_transaction(self, reference: str) -> TestTransaction:
        """An open or finished transaction of the built-in test checkout; ApplicationUnknown otherwise."""
        gateway = self.gateway
        found = gateway.transaction(reference) if isinstance(gateway, TestCheckout) else None
        if found is None:
            raise ApplicationUnknown(PAYMENT_NOT_FOUND)
        return found

    def complete_test_checkout(self, reference: str, outcome: str) -> TestTransaction:
        """The payer's choice on the test checkout (a repeat changes nothing); the result page verifies it."""
        found = self.test_transaction(reference)
        gateway = self.gateway
        if outcome not in TEST_OUTCOMES or not isinstance(gateway, TestCheckout):
            raise ApplicationUnknown(PAYMENT_NOT_FOUND)
        return gateway.complete(reference, outcome) or found

    def _gateway(self) -> PaymentGateway:
        if self.gateway is None:
            raise PaymentsUnavailable
        return self.gateway

    def _audit(self, actor: str, action: str, target: str) -> AuditEntry:
        return AuditEntry("AU" + self.ids.next_id().removeprefix(ID_PREFIX), actor, action, target, self.clock())

    async def _save(
        self, application_id: str, before: Payment, after: Payment, outbox: Sequence[OutboxMessage], audit: AuditEntry
    ) -> bool:
        """Write ``after`` with ``outbox`` and ``audit``; False (nothing written) when the payment moved on."""
        try:
            async with self.uow() as uow:
                await uow.payments.set(application_id, before, after)
                await uow.outbox.enqueue(outbox)
                await uow.audit.add(audit)
        except PreconditionFailed:
            return False
        return True

    def fee_due(self, application: Application) -> FeeDue:
        """What ``application`` owes: the fee decided at its submission, else (stored before fee
        policies) the configured fee."""
        if application.fee is not None:
            return application.fee
        return FeeDue(self.fee.amount_minor, self.fee.currency, "default")

    def _fee(self, application: Application) -> Fee:
        due = self.fee_due(application)
        return Fee(due.amount_minor, due.currency)

    async def fee_for(self, application_id: str, payment_key: str) -> FeeDue:
        """The fee the payment modal shows (with its reason); the payment key as for starting."""
        application, _ = await self._load(application_id)
        if not payment_key_matches(application.payment_key_hash, payment_key):
            raise ApplicationUnknown(APPLICATION_NOT_FOUND)
        return self.fee_due(application)

    async def _load(self, application_id: str) -> tuple[Application, Payment]:
        loaded = await self.store.load(application_id)
        if loaded is None:
            raise ApplicationUnknown(APPLICATION_NOT_FOUND)
        return loaded

    # -- start ----------------------------------------------------------------------------

    async def start(self, application_id: str, payment_key: str, callback_url: str) -> Checkout:
        """A new attempt: the payment becomes pending under a new reference, and the gateway
        gives the checkout address. Raises PaymentsUnavailable, ApplicationUnknown (also for a
        wrong payment key: a stranger with the guessable ID learns nothing), AlreadyPaid or
        GatewayUnavailable (then the payment is left as it was)."""
        gateway = self._gateway()
        application, current = await self._load(application_id)
        if not payment_key_matches(application.payment_key_hash, payment_key):
            logger.info("payment start refused: wrong payment key", extra={"id": application_id})
            raise ApplicationUnknown(APPLICATION_NOT_FOUND)
        if not can_start(current):
            raise AlreadyPaid
        fee = self._fee(application)
        if fee.amount_minor <= 0:
            raise NoFeeDue
        reference = make_reference(application_id, secrets.token_hex(6))
        checkout = await gateway.initialize(
            reference=reference,
            email=application.data.email,
            fee=fee,
            callback_url=callback_url,
            metadata={"application_id": application_id},
        )
        for _ in range(_RETRIES):
            after = started(current, reference, fee, self.clock())
            audit = self._audit(
                APPLICANT_ACTOR,
                "payment.start",
                f"{application_id}: {current.state.value} -> pending ({reference}, {fee.plain})",
            )
            if await self._save(application_id, current, after, (), audit):
                logger.info("payment started", extra={"id": application_id, "reference": reference})
                return checkout
            _, current = await self._load(application_id)
            if not can_start(current):
                raise AlreadyPaid
        raise GatewayUnavailable("the payment record kept changing")  # pragma: no cover - needs 5 lost races

    # -- confirmations ----------------------------------------------------------------------

    async def verify(self, reference: str) -> PaymentView:
        """Ask the gateway about ``reference`` and apply what it says (idempotent)."""
        try:
            return await self._verify(reference)
        except ApplicationUnknown:
            raise ApplicationUnknown(PAYMENT_NOT_FOUND) from None

    async def _verify(self, reference: str) -> PaymentView:
        gateway = self._gateway()
        application_id = application_of(reference)
        if application_id is None:
            raise ApplicationUnknown(PAYMENT_NOT_FOUND)
        _, stored = await self._load(application_id)
        if stored.reference is None or not secrets.compare_digest(stored.reference, reference):
            # Only the exact reference of the application's current payment answers: a made-up
            # one that merely starts with a real ID tells nothing (not even that the ID exists).
            raise ApplicationUnknown(PAYMENT_NOT_FOUND)
        charge = await gateway.verify(reference)
        if charge is None or charge.reference != reference:
            _, current = await self._load(application_id)
            return PaymentView(application_id, current)
        return PaymentView(application_id, await self.apply(application_id, charge, "verify"))

    async def webhook(self, body: bytes, signature: str | None) -> bool:
        """Take one webhook delivery; False when its signature is wrong (nothing changes).
        Events other than ``charge.success`` and references not ours are acknowledged and ignored."""
        gateway = self._gateway()
        event = gateway.parse_webhook(body, signature)
        if event is None:
            logger.warning("payment webhook refused: bad signature")
            return False
        if event.refund is not None and self.on_refund is not None:
            await self.on_refund(event.refund)
            return True
        if event.event != "charge.success" or event.charge is None:
            logger.info("payment webhook ignored", extra={"event": event.event})
            return True
        application_id = application_of(event.charge.reference)
        if application_id is None or await self.store.load(application_id) is None:
            logger.info("payment webhook for an unknown reference", extra={"reference": event.charge.reference})
            return True
        await self.apply(application_id, event.charge, "webhook")
        return True

    async def apply(self, application_id: str, charge: Charge, via: str) -> Payment:
        """Decide on ``charge`` against the stored payment and write the outcome (compare-and-set);
        a payment that becomes paid takes the next receipt number in the same write."""
        for _ in range(_RECEIPT_RETRIES):
            application, current = await self._load(application_id)
            now = self.clock()
            fee = self._fee(application)
            decision = decide(current, charge, fee, now)
            if decision.verdict is Verdict.UNCHANGED:
                return current
            if decision.verdict is Verdict.MISMATCH:
                await self._mismatch(application_id, charge, fee, via)
                return current
            after = decision.payment
            outbox: list[OutboxMessage] = []
            if after.state is PaymentState.PAID:
                after = replace(after, receipt_number=await self.store.next_receipt_number())
                outbox = self.receipts.messages(application, after, await self.receipts.templates.texts())
            audit = self._audit(
                GATEWAY_ACTOR,
                f"payment.{after.state.value}",
                f"{application_id}: {current.state.value} -> {after.state.value} ({charge.reference}, {via})"
                + (f", receipt {after.receipt_number}" if after.receipt_number else ""),
            )
            if await self._save(application_id, current, after, outbox, audit):
                if outbox:
                    self.on_enqueue()
                logger.info(
                    "payment recorded",
                    extra={
                        "id": application_id,
                        "state": after.state.value,
                        "via": via,
                        "receipt_number": after.receipt_number,
                        "receipts": [mask_phone(m.address) for m in outbox if m.channel is Channel.SMS],
                    },
                )
                return after
            await asyncio.sleep(random.uniform(0, 0.02))
        raise GatewayUnavailable("the payment record kept changing")  # pragma: no cover - needs many lost races

    async def _mismatch(self, application_id: str, charge: Charge, fee: Fee, via: str) -> None:
        entry = self._audit(
            GATEWAY_ACTOR,
            "payment.mismatch",
            f"{application_id}: {charge.reference} {charge.currency} {charge.amount_minor} "
            f"is not the fee {fee.currency} {fee.amount_minor} ({via}); not paid",
        )
        async with self.uow() as uow:
            await uow.audit.add(entry)
        logger.warning("payment amount mismatch", extra={"id": application_id, "reference": charge.reference})


class Receipts:
    """A paid fee's receipt: its page for the holder of its link, and the SMS and e-mail that send it."""

    def __init__(
        self,
        store: PaymentStore,
        fee: Fee,
        *,
        secret: str = "",
        site_url: Callable[[], str] = lambda: "",
        refunds: RefundStore | None = None,
        office_zone: str = AGENCY_TIME_ZONE,
        clock: Clock = utc_now,
        templates: TemplateSource = NO_EDITS,
    ) -> None:
        self.store = store
        self.fee = fee
        self.templates = templates
        """The receipt SMS and e-mail use their templates as staff saved them, else the defaults."""
        self.receipt_secret = secret
        """Keys the receipt links' tokens (``AGENCY_SECRET_KEY``)."""
        self.site_url = site_url
        self.refunds = refunds
        """The refunds of each application: the receipt says what was refunded."""
        self.office_zone = office_zone
        """The zone receipts tell their date and time in (``AGENCY_OFFICE_TIME_ZONE``, as ``/track``)."""
        self.clock = clock

    def receipt_link(self, application_id: str, number: int) -> str:
        """The receipt page's address (site-relative when no site URL is known)."""
        return self.site_url() + receipt_path(self.receipt_secret, application_id, number)

    def receipt_of(self, application: Application, paid: Payment) -> Receipt | None:
        if paid.state is not PaymentState.PAID or paid.receipt_number is None:
            return None
        fee = Fee(paid.amount_minor or 0, paid.currency or self.fee.currency)
        name = application.data.applicant_name.strip()
        return Receipt(
            paid.receipt_number,
            application.id,
            name,
            fee.plain,
            fee.label,
            fee.currency,
            channel_label(paid.channel),
            paid.paid_at or paid.updated_at or application.created_at,
            paid.reference or "",
            time_zone=self.office_zone,
        )

    async def receipt(self, application_id: str, token: str) -> Receipt:
        """The receipt of a paid fee, for the holder of its link; ApplicationUnknown otherwise
        (an unknown ID, an unpaid fee and a wrong token answer alike)."""
        loaded = await self.store.load(application_id)
        if loaded is None or not self.receipt_secret:
            raise ApplicationUnknown(APPLICATION_NOT_FOUND)
        application, payment = loaded
        receipt = self.receipt_of(application, payment)
        if receipt is None or not token_matches(self.receipt_secret, application.id, receipt.number, token):
            raise ApplicationUnknown(APPLICATION_NOT_FOUND)
        if self.refunds is not None:
            refunds = await self.refunds.refunds_of(application.id)
            status = refund_status(payment, refunds)
            if status is not None:
                done = Fee(refunded_minor(refunds), receipt.currency).plain
                receipt = replace(receipt, refunded=f"{status.capitalize()}: {done}")
        return receipt

    def messages(self, application: Application, paid: Payment, texts: Texts) -> list[OutboxMessage]:
        phone = application.data.phone
        if not phone:
            return []  # pragma: no cover - the form requires a phone
        name = application.data.applicant_name
        amount = Fee(paid.amount_minor or self.fee.amount_minor, paid.currency or self.fee.currency).plain
        text = payment_receipt_message(name, application.id, amount, paid.reference or "", texts)
        now = self.clock()
        messages = [
            outbox_messages.sms(
                id=receipt_id(application.id),
                source_id=application.id,
                kind=SmsKind.PAYMENT_RECEIPT.value,
                phone=phone,
                text=text,
                now=now,
            )
        ]
        email, receipt = application.data.email, self.receipt_of(application, paid)
        if email and receipt is not None:
            link = self.receipt_link(application.id, receipt.number) if self.receipt_secret and self.site_url() else ""
            mail = receipt_email(email, receipt, link, texts)
            messages.append(
                outbox_messages.email(id=receipt_mail_id(application.id), source_id=application.id, mail=mail, now=now)
            )
        return messages


__all__ = [
    "APPLICANT_ACTOR",
    "GATEWAY_ACTOR",
    "AlreadyPaid",
    "ApplicationUnknown",
    "GatewayUnavailable",
    "NoFeeDue",
    "PaymentService",
    "PaymentView",
    "PaymentsUnavailable",
    "receipt_id",
]
