"""Phones to confirm (``/api/admin/phones-to-confirm``): applications stored before phones kept
their country, whose number may be another agency country's. Staff pick its country; audited."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from agency_core.signin.identity import AdminUser
from agency_core.staff.phones import PhonesAdmin
from app.admin.common import CONFLICT
from app.admin.schemas.phones import ConfirmedPhone, PhoneConfirmIn, PhonesToConfirm, phone_to_confirm
from app.checked_body import CoreChecked


class PhonesToConfirmController(Controller):
    path = "/phones-to-confirm"

    @get("/", summary="Applications whose stored phone may be another agency country's, newest first")
    async def list_phones(self, phones_admin: NamedDependency[PhonesAdmin]) -> PhonesToConfirm:
        return PhonesToConfirm(items=[phone_to_confirm(item) for item in await phones_admin.phones_to_confirm()])

    @post(
        "/{application_id:str}",
        status_code=200,
        summary="Confirm the phone's country: one of its choices (audited); 409 when it awaits no confirming",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def confirm(
        self,
        phones_admin: NamedDependency[PhonesAdmin],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[PhoneConfirmIn],
    ) -> ConfirmedPhone:
        chosen = await phones_admin.confirm_phone(admin.email, application_id, data.region)
        return ConfirmedPhone(application_id=application_id, phone=chosen.e164, region=chosen.region)
