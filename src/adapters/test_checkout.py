"""The built-in test checkout: implements :class:`agency_core.payments.model.TestCheckout`.

Used in demo mode without Paystack keys (``make run``), so that "Pay with Paystack", a checkout
and the result page's success toast work end to end, as Paystack's test mode would, without
moving money. Transactions live in memory (a demo; a restart forgets open ones) and there
are no webhooks: the result page's verification confirms the payment.
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
    TestTransaction,
    WebhookEvent,
)

CHECKOUT_PATH = "/test-checkout"
TEST_CHANNEL = "test"


class InMemoryTestCheckout:
    __test__ = False  # not a pytest class

    def __init__(self) -> None:
        self._transactions: dict[str, TestTransaction] = {}
        self._paid_at: dict[str, datetime] = {}

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
