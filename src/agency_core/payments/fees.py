"""The fee policy: which processing fee an application owes, decided when it is submitted.

Staff keep it in the admin settings: a default fee (the spec's ``PROCESSING_FEE_USD`` unless
``AGENCY_APPLICATION_FEE`` says otherwise) and rules by destination country and by job, each an
amount or no fee at all, each with a short reason the applicant is shown. A job's rule comes
before its country's, a country's before the default. The decision (:class:`FeeDue`) is stored
with the application, so a later change of the policy never alters what was owed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Protocol

from agency_core.errors import Rejected
from agency_core.payments.model import Fee
from agency_core.records import FeeDue
from agency_core.spec.inputs import input_of, inputs_of

DEFAULT_RULE: Final = "default"
REASON_MAX: Final = 200
REFUND_RULES_MAX: Final = 2000
MAX_RULES: Final = 100

DEFAULT_REFUND_RULES: Final = (
    "The processing fee is refunded in full if we cannot take your application forward or if we reject it "
    "before we start processing it. Refunds go back to the card or mobile money account that paid, "
    "through Paystack, and usually arrive within 5 to 10 working days."
)

AMOUNT_INVALID: Final = "Enter an amount such as 50 or 49.99, or leave it empty for no fee"
REASON_REQUIRED: Final = "Give the reason the applicant is shown"
REASON_TOO_LONG: Final = f"Reason must be at most {REASON_MAX} characters"
MATCH_REQUIRED: Final = "Choose what this rule applies to"
MATCH_TWICE: Final = "Only one rule may apply to the same country or job"
RULES_INVALID: Final = f"Rules must be a list of at most {MAX_RULES}"
REFUND_RULES_REQUIRED: Final = "Describe the refund rules"
REFUND_RULES_TOO_LONG: Final = f"Refund rules must be at most {REFUND_RULES_MAX} characters"

NO_FEE_DUE: Final = "No processing fee is due for this application."


@dataclass(frozen=True, slots=True)
class FeeRule:
    match: str
    """The destination country (as the application form names it) or the job's ID."""
    amount_minor: int | None
    """``None``: no fee."""
    reason: str


@dataclass(frozen=True, slots=True)
class FeePolicy:
    currency: str
    default_minor: int | None
    default_reason: str = ""
    countries: tuple[FeeRule, ...] = ()
    jobs: tuple[FeeRule, ...] = ()
    refund_rules: str = DEFAULT_REFUND_RULES


def standard_policy(fee: Fee) -> FeePolicy:
    """The policy until staff save one: the configured fee for everyone."""
    return FeePolicy(fee.currency, fee.amount_minor)


def decide_fee(policy: FeePolicy, country: str, job_id: str) -> FeeDue:
    """The fee an application to ``country`` (for the job ``job_id``, or "") owes under ``policy``."""
    for kind, rules, key in (("job", policy.jobs, job_id), ("country", policy.countries, country)):
        for rule in rules:
            if key and rule.match == key:
                return FeeDue(rule.amount_minor or 0, policy.currency, f"{kind}:{rule.match}", rule.reason)
    return FeeDue(policy.default_minor or 0, policy.currency, DEFAULT_RULE, policy.default_reason)


def fee_of(due: FeeDue) -> Fee:
    return Fee(due.amount_minor, due.currency)


def fee_label(amount_minor: int | None, currency: str) -> str:
    """``$50``, or ``No fee``."""
    return Fee(amount_minor, currency).label if amount_minor else "No fee"


# -- checking what staff send (camelCase, as the API carries it) ----------------------------

_AMOUNT = re.compile(r"\d{1,7}(?:\.\d{1,2})?", re.ASCII)


def _amount(raw: object) -> tuple[int | None, bool]:
    """``"50"`` -> 5000; ``None`` / ``""`` -> no fee; the flag says whether ``raw`` was understood."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None, True
    text = str(raw).strip() if isinstance(raw, str | int) and not isinstance(raw, bool) else ""
    if not _AMOUNT.fullmatch(text):
        return None, False
    minor = int(Decimal(text) * 100)
    return (minor or None), True


def _reason(raw: object, required: bool) -> tuple[str, str | None]:
    text = " ".join(raw.split()) if isinstance(raw, str) else ""
    if required and not text:
        return text, REASON_REQUIRED
    if len(text) > REASON_MAX:
        return text, REASON_TOO_LONG
    return text, None


@dataclass(frozen=True, slots=True)
class RuleInput:
    """One rule as sent: ``{match, amount, reason}``."""

    match: object = None
    amount: object = None
    reason: object = None


@dataclass(frozen=True, slots=True)
class FeePolicyInput:
    """The policy as sent: ``{defaultAmount, defaultReason, countries, jobs, refundRules}``."""

    default_amount: object = None
    default_reason: object = None
    countries: object = None
    jobs: object = None
    refund_rules: object = None


@dataclass(frozen=True, slots=True)
class FeePolicyChange:
    """The command to save a checked fee policy (in the currency of the policy in force)."""

    default_minor: int | None
    default_reason: str
    countries: tuple[FeeRule, ...]
    jobs: tuple[FeeRule, ...]
    refund_rules: str

    def policy(self, currency: str) -> FeePolicy:
        return FeePolicy(
            currency, self.default_minor, self.default_reason, self.countries, self.jobs, self.refund_rules
        )


def _rules(raw: object, field: str, errors: dict[str, str]) -> tuple[FeeRule, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, Sequence) or isinstance(raw, str) or len(raw) > MAX_RULES:
        errors[field] = RULES_INVALID
        return ()
    rules: list[FeeRule] = []
    seen: set[str] = set()
    for i, entry in enumerate(inputs_of(RuleInput, item) for item in raw):
        match = entry.match.strip() if isinstance(entry.match, str) else ""
        amount, ok = _amount(entry.amount)
        reason, reason_error = _reason(entry.reason, required=True)
        if not match:
            errors[f"{field}.{i}.match"] = MATCH_REQUIRED
        elif match in seen:
            errors[f"{field}.{i}.match"] = MATCH_TWICE
        if not ok:
            errors[f"{field}.{i}.amount"] = AMOUNT_INVALID
        if reason_error:
            errors[f"{field}.{i}.reason"] = reason_error
        seen.add(match)
        rules.append(FeeRule(match, amount, reason))
    return tuple(rules)


def _refund_rules(raw: object, errors: dict[str, str]) -> str:
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        errors["refundRules"] = REFUND_RULES_REQUIRED
    elif len(text) > REFUND_RULES_MAX:
        errors["refundRules"] = REFUND_RULES_TOO_LONG
    return text


def export_rules() -> dict[str, object]:
    """The fee policy form's rules for the client (``admin-rules.json`` -> ``feePolicyForm``), those of
    :func:`check_fee_policy`."""
    return {
        "amountPattern": _AMOUNT.pattern,
        "reasonMaxLength": REASON_MAX,
        "refundRulesMaxLength": REFUND_RULES_MAX,
        "maxRules": MAX_RULES,
        "messages": {
            "amountInvalid": AMOUNT_INVALID,
            "reasonRequired": REASON_REQUIRED,
            "reasonTooLong": REASON_TOO_LONG,
            "matchRequired": MATCH_REQUIRED,
            "matchTwice": MATCH_TWICE,
            "refundRulesRequired": REFUND_RULES_REQUIRED,
            "refundRulesTooLong": REFUND_RULES_TOO_LONG,
        },
    }


def check_fee_policy(data: Mapping[str, object]) -> tuple[FeePolicyChange | None, dict[str, str]]:
    """``{defaultAmount, defaultReason, countries: [{match, amount, reason}], jobs: [...], refundRules}``;
    amounts in the policy's currency's main unit as text (``"50"``), empty or null for no fee."""
    sent = input_of(FeePolicyInput, data)
    errors: dict[str, str] = {}
    default, ok = _amount(sent.default_amount)
    if not ok:
        errors["defaultAmount"] = AMOUNT_INVALID
    default_reason, reason_error = _reason(sent.default_reason, required=False)
    if reason_error:
        errors["defaultReason"] = reason_error
    countries = _rules(sent.countries, "countries", errors)
    jobs = _rules(sent.jobs, "jobs", errors)
    refund_rules = _refund_rules(sent.refund_rules, errors)
    if errors:
        return None, errors
    return FeePolicyChange(default, default_reason, countries, jobs, refund_rules), {}


def parse_fee_policy(data: Mapping[str, object]) -> FeePolicyChange:
    """The command of what staff sent; ``Rejected`` with a message per field otherwise."""
    change, errors = check_fee_policy(data)
    if change is None:
        raise Rejected(errors)
    return change


# -- what services read -----------------------------------------------------------------------


class PolicySource(Protocol):
    async def stored_fee_policy(self) -> FeePolicy | None: ...


class FeeSchedule:
    """The policy in force (the stored one, else the configured fee for everyone) and its decisions."""

    def __init__(self, source: PolicySource, configured: Fee) -> None:
        self.source = source
        self.configured = configured

    async def policy(self) -> FeePolicy:
        stored = await self.source.stored_fee_policy()
        return stored if stored is not None else standard_policy(self.configured)

    async def due(self, country: str, job_id: str) -> FeeDue:
        return decide_fee(await self.policy(), country, job_id)
