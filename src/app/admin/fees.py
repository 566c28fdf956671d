"""``/api/admin/fee-policy``: the fee policy (default fee, rules by country and by job, refund rules)."""

from __future__ import annotations

from litestar import Controller, get, put
from litestar.di import NamedDependency
from litestar.params import JSONBody

from agency_core.payments.fees import parse_fee_policy
from agency_core.signin.identity import AdminUser
from agency_core.spec.constants import APPLICATION_COUNTRIES
from agency_core.staff.fee_policy import FeePolicyService
from app.admin.schemas.common import to_core
from app.admin.schemas.fees import FeePolicyBody, FeePolicyIn, fee_policy_body
from app.checked_body import CoreChecked


class FeePolicyController(Controller):
    path = "/fee-policy"

    @get("/", summary="The fee policy in force")
    async def read(self, fee_policy: NamedDependency[FeePolicyService]) -> FeePolicyBody:
        return fee_policy_body(await fee_policy.policy(), APPLICATION_COUNTRIES)

    @put(
        "/",
        summary="Save the fee policy: applications submitted from now on owe what it says (audited)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def save(
        self,
        fee_policy: NamedDependency[FeePolicyService],
        admin: NamedDependency[AdminUser],
        data: JSONBody[FeePolicyIn],
    ) -> FeePolicyBody:
        return fee_policy_body(
            await fee_policy.put(admin.email, parse_fee_policy(to_core(data))), APPLICATION_COUNTRIES
        )
