"""The built-in test checkout: implements :class:`agency_core.payments.model.TestCheckout`.

Used in demo mode without Paystack keys (``make run``), so that "Pay with Paystack", a checkout
and the result page's success toast work end to end, as Paystack's test mode would, without
moving money. Transactions live in memory (a demo; a restart forgets open ones) and there
are no webhooks: the result page's verification confirms the payment.

Refunds (:class:`agency_core.payments.refunds.RefundGateway`) are processed at once, as nothing was
taken: a transaction this checkout knows must have succeeded and is refunded at most in full; one
it forgot at a restart is refunded as asked (the refund service has already checked the stored
payment is paid and what is left of it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import UTC, datetime
from urllib.parse import quote, urlsplit

from agency_core.payments.model import (
    TEST_OUTCOMES,
    Charge,
    Checkout,
    Fee,
    GatewayRefund,
    GatewayUnavailable,
    RefundState,
    TestTransaction,
    WebhookEvent,
)

CHECKOUT_PATH = "/test-checkout"
TEST_CHANNEL = "test"
NOT_PAID_HERE = "The test checkout's payment of this transaction did not succeed: nothing to refund"
MORE_THAN_PAID = "The test checkout cannot refund more than was paid in this transaction"


class InMemoryTestCheckout:
    __test__ = False  # not a pytest class

    def __init__(self) -> None:
        self._transactions: dict[str, TestTransaction] = {}
        self._paid_at: dict[str, datetime] = {}
        self._refunded: dict[str, list[int]] = {}

    async def initialize(
        self,
        *,
        reference: str,
        email: str,
        fee: Fee,
        callback_url: str,
        metadata: Mapping[str, str],  # noqa: ARG002 - the port's signature; nothing to keep it for
    ) -> Checkout:
        self._transactions[reference] = TestTransaction(reference, fee, email, callback_url)
        parts = urlsplit(callback_url)
        origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
        return Checkout(f"{origin}{CHECKOUT_PATH}/{quote(reference)}", reference)

    async def verify(self, reference: str) -> Charge | None:
        found = self._transactions.get(reference)
        if found is None:
            return None
        channel = None if found.status == "ongoing" else TEST_CHANNEL
        return Charge(
            reference, found.status, found.fee.amount_minor, found.fee.currency, channel, self._paid_at.get(reference)
        )

    async def refund(
        self,
        *,
        transaction_reference: str,
        amount_minor: int,
        currency: str,  # noqa: ARG002 - the port's signature; a test transaction has one currency
        note: str,  # noqa: ARG002 - the port's signature; nobody reads a test refund's note
    ) -> GatewayRefund:
        found = self._transactions.get(transaction_reference)
        done = self._refunded.setdefault(transaction_reference, [])
        if found is not None:
            if found.status != "success":
                raise GatewayUnavailable(NOT_PAID_HERE)
            if sum(done) + amount_minor > found.fee.amount_minor:
                raise GatewayUnavailable(MORE_THAN_PAID)
        done.append(amount_minor)
        gateway_id = f"test-refund-{transaction_reference}-{len(done)}"
        return GatewayRefund(transaction_reference, gateway_id, RefundState.PROCESSED, amount_minor)

    def parse_webhook(self, body: bytes, signature: str | None) -> WebhookEvent | None:  # noqa: ARG002
        return None  # no webhooks: nothing is ever signed by a test checkout

    def transaction(self, reference: str) -> TestTransaction | None:
        return self._transactions.get(reference)

    def complete(self, reference: str, outcome: str) -> TestTransaction | None:
        found = self._transactions.get(reference)
        if found is None or found.status != "ongoing" or outcome not in TEST_OUTCOMES:
            return None
        done = dataclasses.replace(found, status=outcome)
        self._transactions[reference] = done
        if outcome == "success":
            self._paid_at[reference] = datetime.now(UTC)
        return done

    async def aclose(self) -> None:
        self._transactions.clear()
        self._refunded.clear()
