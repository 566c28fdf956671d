"""The built-in test checkout's refunds: processed at once for a paid transaction, never beyond what
was paid nor of one that did not succeed; one it forgot at a restart is refunded as asked."""

from __future__ import annotations

import pytest

from adapters.test_checkout import MORE_THAN_PAID, NOT_PAID_HERE, InMemoryTestCheckout
from agency_core.payments.model import Fee, GatewayUnavailable, RefundState


async def checkout_with(reference: str, outcome: str) -> InMemoryTestCheckout:
    checkout = InMemoryTestCheckout()
    await checkout.initialize(
        reference=reference, email="a@example.com", fee=Fee(5000, "USD"), callback_url="http://x/cb", metadata={}
    )
    checkout.complete(reference, outcome)
    return checkout


async def test_a_paid_test_transaction_is_refunded_at_once_up_to_what_was_paid() -> None:
    checkout = await checkout_with("VA1-a", "success")
    first = await checkout.refund(transaction_reference="VA1-a", amount_minor=2000, currency="USD", note="part")
    assert (first.state, first.amount_minor, first.gateway_id) == (RefundState.PROCESSED, 2000, "test-refund-VA1-a-1")
    with pytest.raises(GatewayUnavailable, match=MORE_THAN_PAID):
        await checkout.refund(transaction_reference="VA1-a", amount_minor=3001, currency="USD", note="too much")
    rest = await checkout.refund(transaction_reference="VA1-a", amount_minor=3000, currency="USD", note="rest")
    assert rest.gateway_id == "test-refund-VA1-a-2"


async def test_a_declined_test_transaction_is_not_refunded() -> None:
    checkout = await checkout_with("VA1-b", "failed")
    with pytest.raises(GatewayUnavailable, match=NOT_PAID_HERE):
        await checkout.refund(transaction_reference="VA1-b", amount_minor=100, currency="USD", note="x")


async def test_a_transaction_forgotten_at_a_restart_is_refunded_as_asked() -> None:
    answer = await InMemoryTestCheckout().refund(
        transaction_reference="VA1-c", amount_minor=5000, currency="USD", note="after a restart"
    )
    assert answer.state is RefundState.PROCESSED
