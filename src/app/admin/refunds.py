"""``/api/admin/applications/{id}/refunds``: refund an application's paid fee through Paystack."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody
from litestar.status_codes import HTTP_201_CREATED

from agency_core.payments.refund_service import RefundService, refund_input
from agency_core.signin.identity import AdminUser
from app.admin.common import CONFLICT
from app.admin.schemas.common import to_core
from app.admin.schemas.refunds import RefundIn, RefundsBody, refunds_body
from app.checked_body import CoreChecked


class RefundsController(Controller):
    path = "/applications/{application_id:str}/refunds"

    @get("/", summary="The application's payment and its refunds")
    async def read(self, refunds: NamedDependency[RefundService], application_id: FromPath[str]) -> RefundsBody:
        return refunds_body(*await refunds.of(application_id))

    @post(
        "/",
        status_code=HTTP_201_CREATED,
        summary="Refund the paid fee, in full (amount left out) or in part, with a reason (audited)",
        responses={409: CONFLICT},  # no paid fee, or no Paystack configured
        dto=CoreChecked,
        return_dto=None,
    )
    async def refund(
        self,
        refunds: NamedDependency[RefundService],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[RefundIn],
    ) -> RefundsBody:
        await refunds.request(admin.email, application_id, refund_input(to_core(data)))
        return refunds_body(*await refunds.of(application_id))
