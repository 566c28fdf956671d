"""The fee an application owes, as the submission's answer and the payment modal carry it."""

from __future__ import annotations

import msgspec

from agency_core.payments.fees import fee_label
from agency_core.payments.model import Fee
from agency_core.records import FeeDue


class Out(msgspec.Struct, rename="camel", kw_only=True):
    """Base of the fee bodies: camelCase on the wire."""


class FeeDueOut(Out):
    due: bool
    """False: no fee for this application (the payment step is skipped)."""
    amount: str
    """In the currency's main unit (``"50"``; ``"0"`` when no fee is due)."""
    currency: str
    label: str
    """As shown: ``"$50"`` or ``"No fee"``."""
    reason: str
    """Why this fee (or no fee) applies; may be empty for the default fee."""


def fee_due_out(due: FeeDue) -> FeeDueOut:
    return FeeDueOut(
        due=due.due,
        amount=Fee(due.amount_minor, due.currency).major,
        currency=due.currency,
        label=fee_label(due.amount_minor, due.currency),
        reason=due.reason,
    )
