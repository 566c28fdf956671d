"""The fee policy in public: the fee an application owes (for the payment modal, with the
application's payment key) and the policy as a whole (for the Terms page)."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import FromPath, JSONBody
from litestar.status_codes import HTTP_200_OK

from agency_core.jobs.board import JobBoard
from agency_core.payments.fees import FeePolicy, FeeRule, fee_label
from agency_core.payments.service import PaymentService
from agency_core.staff.fee_policy import FeePolicyService
from app.api.fee_schemas import FeeDueOut, Out, fee_due_out
from app.api.schemas import ErrorMessage, PaymentStartIn


class FeeRuleOut(Out):
    applies_to: str
    """The destination country, or the job's title."""
    label: str
    reason: str


class FeePolicyOut(Out):
    currency: str
    default_label: str
    default_reason: str
    countries: list[FeeRuleOut]
    jobs: list[FeeRuleOut]
    refund_rules: str


def _rule(rule: FeeRule, applies_to: str, currency: str) -> FeeRuleOut:
    return FeeRuleOut(applies_to=applies_to, label=fee_label(rule.amount_minor, currency), reason=rule.reason)


async def policy_out(policy: FeePolicy, board: JobBoard) -> FeePolicyOut:
    """The policy as applicants see it: job rules only for jobs the public board shows, by title."""
    jobs: list[FeeRuleOut] = []
    for rule in policy.jobs:
        job = await board.public_job(rule.match)
        if job is not None:
            jobs.append(_rule(rule, job.title, policy.currency))
    return FeePolicyOut(
        currency=policy.currency,
        default_label=fee_label(policy.default_minor, policy.currency),
        default_reason=policy.default_reason,
        countries=[_rule(r, r.match, policy.currency) for r in policy.countries],
        jobs=jobs,
        refund_rules=policy.refund_rules,
    )


@get("/api/fees", tags=["payments"], summary="The fee policy and the refund rules (the Terms page)")
async def fee_policy(
    fee_policy: NamedDependency[FeePolicyService], job_board: NamedDependency[JobBoard]
) -> FeePolicyOut:
    return await policy_out(await fee_policy.policy(), job_board)


class FeeLookup(Controller):
    """Rate limited with the public forms, like starting a payment."""

    path = "/api/applications"
    tags = ["payments"]  # noqa: RUF012 - Litestar reads it per class

    @post(
        "/{application_id:str}/fee",
        status_code=HTTP_200_OK,
        summary="The fee this application owes and why (the payment modal)",
        responses={
            404: ResponseSpec(
                ErrorMessage, description="No such application, or not its payment key", generate_examples=False
            )
        },
    )
    async def fee(
        self, payments: NamedDependency[PaymentService], application_id: FromPath[str], data: JSONBody[PaymentStartIn]
    ) -> FeeDueOut:
        return fee_due_out(await payments.fee_for(application_id, data.paymentKey))
