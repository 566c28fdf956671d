"""The fee policy: which rule decides, what staff may save, and that a decision stays with the application."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.errors import Rejected
from agency_core.payments import fees as f
from agency_core.payments.model import DEFAULT_FEE, Fee
from agency_core.records import FeeDue
from agency_core.spec.constants import APPLICATION_COUNTRIES
from agency_core.staff.fee_policy import describe_policy

UAE = "United Arab Emirates"
UAE_REASON = "No fee: the employer pays all recruitment costs for jobs in the UAE"

POLICY = f.FeePolicy(
    "USD",
    5000,
    "",
    countries=(f.FeeRule(UAE, None, UAE_REASON), f.FeeRule("Singapore", 3000, "Reduced fee for Singapore")),
    jobs=(f.FeeRule("J7", 1000, "Employer pays part"), f.FeeRule("J8", None, "Employer pays all")),
)


def test_the_standard_policy_is_the_configured_fee_for_everyone() -> None:
    policy = f.standard_policy(DEFAULT_FEE)
    assert f.decide_fee(policy, UAE, "") == FeeDue(5000, "USD", "default", "")
    assert f.decide_fee(f.standard_policy(Fee(75000, "GHS")), "Qatar", "J1") == FeeDue(75000, "GHS", "default", "")


def test_a_job_rule_comes_before_its_country_and_a_country_before_the_default() -> None:
    assert f.decide_fee(POLICY, UAE, "") == FeeDue(0, "USD", f"country:{UAE}", UAE_REASON)
    assert not f.decide_fee(POLICY, UAE, "").due
    assert f.decide_fee(POLICY, "Singapore", "") == FeeDue(
        3000, "USD", "country:Singapore", "Reduced fee for Singapore"
    )
    assert f.decide_fee(POLICY, UAE, "J7") == FeeDue(1000, "USD", "job:J7", "Employer pays part")
    assert f.decide_fee(POLICY, "Qatar", "J8") == FeeDue(0, "USD", "job:J8", "Employer pays all")
    assert f.decide_fee(POLICY, "Qatar", "J9") == FeeDue(5000, "USD", "default", "")
    no_default = replace(POLICY, default_minor=None, default_reason="We charge no processing fee")
    assert f.decide_fee(no_default, "Qatar", "") == FeeDue(0, "USD", "default", "We charge no processing fee")


@given(st.sampled_from(APPLICATION_COUNTRIES), st.sampled_from(("", "J7", "J8", "J9")))
def test_every_decision_names_the_rule_that_gave_it(country: str, job: str) -> None:
    due = f.decide_fee(POLICY, country, job)
    if due.rule.startswith("job:"):
        (rule,) = [r for r in POLICY.jobs if f"job:{r.match}" == due.rule]
    elif due.rule.startswith("country:"):
        (rule,) = [r for r in POLICY.countries if f"country:{r.match}" == due.rule]
    else:
        assert due.rule == "default"
        assert (due.amount_minor, due.reason) == (POLICY.default_minor, POLICY.default_reason)
        return
    assert (due.amount_minor or None, due.reason) == (rule.amount_minor, rule.reason)


def test_checking_what_staff_send() -> None:
    change = f.parse_fee_policy(
        {
            "defaultAmount": "49.50",
            "defaultReason": "  Our  standard fee ",
            "countries": [{"match": UAE, "amount": None, "reason": UAE_REASON}],
            "jobs": [{"match": "J7", "amount": "10", "reason": "Employer pays part"}],
            "refundRules": "Refunded in full if we cannot place you.",
        }
    )
    policy = change.policy("USD")
    assert policy == f.FeePolicy(
        "USD",
        4950,
        "Our standard fee",
        (f.FeeRule(UAE, None, UAE_REASON),),
        (f.FeeRule("J7", 1000, "Employer pays part"),),
        "Refunded in full if we cannot place you.",
    )
    assert describe_policy(policy) == f"default $49.50; country {UAE}: No fee; job J7: $10"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"defaultAmount": "fifty"}, {"defaultAmount": f.AMOUNT_INVALID}),
        ({"defaultAmount": "1.234"}, {"defaultAmount": f.AMOUNT_INVALID}),
        ({"defaultAmount": True}, {"defaultAmount": f.AMOUNT_INVALID}),
        ({"countries": [{"match": UAE, "amount": None, "reason": ""}]}, {"countries.0.reason": f.REASON_REQUIRED}),
        ({"countries": [{"match": "", "amount": "1", "reason": "x"}]}, {"countries.0.match": f.MATCH_REQUIRED}),
        (
            {"jobs": [{"match": "J1", "amount": "1", "reason": "x"}, {"match": "J1", "amount": "2", "reason": "y"}]},
            {"jobs.1.match": f.MATCH_TWICE},
        ),
        ({"jobs": "J1"}, {"jobs": f.RULES_INVALID}),
        ({"defaultReason": "x" * 201}, {"defaultReason": f.REASON_TOO_LONG}),
        ({"refundRules": " "}, {"refundRules": f.REFUND_RULES_REQUIRED}),
    ],
)
def test_refusals_name_the_field(data: dict[str, object], expected: dict[str, str]) -> None:
    base: dict[str, object] = {"defaultAmount": "50", "refundRules": "Rules"}
    change, errors = f.check_fee_policy({**base, **data})
    assert change is None
    assert errors == expected
    with pytest.raises(Rejected) as refused:
        f.parse_fee_policy({**base, **data})
    assert refused.value.errors == expected


class Stored:
    def __init__(self, policy: f.FeePolicy | None) -> None:
        self.policy = policy

    async def stored_fee_policy(self) -> f.FeePolicy | None:
        return self.policy


async def test_a_decision_is_made_once_and_a_later_policy_does_not_change_it() -> None:
    source = Stored(None)
    schedule = f.FeeSchedule(source, DEFAULT_FEE)
    before = await schedule.due(UAE, "")
    assert before == FeeDue(5000, "USD", "default", "")
    source.policy = POLICY
    after = await schedule.due(UAE, "")
    assert after == FeeDue(0, "USD", f"country:{UAE}", UAE_REASON)
    assert before == FeeDue(5000, "USD", "default", "")  # the stored decision is a value: nothing reaches back
