"""The fee policy staff keep in the admin settings (default fee, rules by country and by job)."""

from __future__ import annotations

from agency_core.payments.fees import FeePolicy, FeeRule
from agency_core.payments.model import Fee
from app.admin.schemas.common import UNSET, Body


class FeeRuleBody(Body):
    match: str
    """The destination country (as the application form lists it) or the job's ID."""
    amount: str | None
    """In the policy's currency, main unit (``"50"``); ``null``: no fee."""
    reason: str
    """Shown to the applicant in the payment modal and on the Terms page."""


class FeePolicyBody(Body):
    currency: str
    """The currency of every amount (``AGENCY_APPLICATION_FEE``'s)."""
    default_amount: str | None
    default_reason: str
    countries: list[FeeRuleBody]
    jobs: list[FeeRuleBody]
    refund_rules: str
    countries_offered: list[str]
    """The destination countries the application form offers."""


class FeePolicyIn(Body, kw_only=True):
    """The policy to save: 422 with a message per field (``countries.0.reason``, ``defaultAmount``...)."""

    default_amount: str | None = UNSET
    """In the policy's currency, main unit (``"50"``); ``null`` or ``""``: no fee."""
    default_reason: str = UNSET
    countries: list[FeeRuleBody] = UNSET
    jobs: list[FeeRuleBody] = UNSET
    refund_rules: str


def _amount(minor: int | None, currency: str) -> str | None:
    return None if not minor else Fee(minor, currency).major


def _rule(rule: FeeRule, currency: str) -> FeeRuleBody:
    return FeeRuleBody(match=rule.match, amount=_amount(rule.amount_minor, currency), reason=rule.reason)


def fee_policy_body(policy: FeePolicy, countries_offered: tuple[str, ...]) -> FeePolicyBody:
    return FeePolicyBody(
        currency=policy.currency,
        default_amount=_amount(policy.default_minor, policy.currency),
        default_reason=policy.default_reason,
        countries=[_rule(r, policy.currency) for r in policy.countries],
        jobs=[_rule(r, policy.currency) for r in policy.jobs],
        refund_rules=policy.refund_rules,
        countries_offered=list(countries_offered),
    )
