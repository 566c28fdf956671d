"""``/api/admin/welfare``: the welfare cases opened by "I need help" answers and the documents the
expiry watch finds expiring soon; ``/api/admin/applications/{id}/welfare``: an applicant's check-ins
and cases; ``/api/admin/welfare/expiry-windows``: the expiry watch's window per document type, set on
the version read. Opening and closing a case (with a note) and a change of the windows are audited."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

import msgspec
from litestar import Controller, get, post, put
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody

from agency_core.errors import Rejected
from agency_core.pipeline.expiry_settings import StoredWindows
from agency_core.pipeline.welfare import MESSAGE_MAX, CaseView, open_counts
from agency_core.pipeline.welfare_ports import Answer, CheckIn
from agency_core.signin.identity import AdminUser
from agency_core.spec.numbers import json_whole_number
from app.admin.common import CONFLICT
from app.admin.schemas.common import UNSET, Body, to_core
from app.checked_body import CoreChecked
from app.composition.welfare import WelfareArea


class WelfareCaseOut(Body):
    id: str
    application_id: str
    message: str
    owner_id: str
    owner_name: str
    created_at: datetime
    opened_at: datetime | None
    opened_by: str
    closed_at: datetime | None
    closed_by: str
    close_note: str
    flagged: bool
    """Open, and nobody opened it within 24 hours of the answer."""


class WelfareCases(Body):
    cases: list[WelfareCaseOut]
    open: int
    flagged: int


class CloseCase(Body):
    """The note saying how the case was closed: required, not blank, at most 1,000 characters."""

    note: Annotated[str, msgspec.Meta(min_length=1, max_length=MESSAGE_MAX, pattern=r"\S")]


class CheckInOut(Body):
    day: int
    sent_at: datetime
    expires_at: datetime
    answer: Answer | None
    answered_at: datetime | None
    message: str


class ApplicantWelfare(Body):
    application_id: str
    check_ins: list[CheckInOut]
    cases: list[WelfareCaseOut]


class ExpiringDocument(Body):
    application_id: str
    applicant_name: str
    kind: str
    expires_on: date
    owner_name: str


class Expiring(Body):
    counts: dict[str, int]
    documents: list[ExpiringDocument]


class ExpiryWindowsOut(Body):
    """The windows in force at ``version`` (0: never set, the defaults; send it back as
    ``expectedVersion``): a document is "expiring soon" this long before its expiry."""

    version: int
    passport_months: int
    medical_days: int
    police_clearance_days: int
    visa_days: int
    updated_by: str
    updated_at: datetime | None


class ExpiryWindowsIn(Body):
    """The windows, set on the ``expectedVersion`` read (months 1 to 24, days 1 to 365)."""

    expected_version: int = UNSET
    passport_months: int = UNSET
    medical_days: int = UNSET
    police_clearance_days: int = UNSET
    visa_days: int = UNSET


def windows_out(stored: StoredWindows) -> ExpiryWindowsOut:
    w = stored.windows
    return ExpiryWindowsOut(
        version=stored.version,
        passport_months=w.passport_months,
        medical_days=w.medical_days,
        police_clearance_days=w.police_clearance_days,
        visa_days=w.visa_days,
        updated_by=stored.updated_by,
        updated_at=stored.updated_at,
    )


def case_out(view: CaseView) -> WelfareCaseOut:
    k = view.case
    return WelfareCaseOut(
        id=k.id,
        application_id=k.application_id,
        message=k.message,
        owner_id=k.owner_id,
        owner_name=k.owner_name,
        created_at=k.created_at,
        opened_at=k.opened_at,
        opened_by=k.opened_by,
        closed_at=k.closed_at,
        closed_by=k.closed_by,
        close_note=k.close_note,
        flagged=view.flagged,
    )


def check_in_out(k: CheckIn) -> CheckInOut:
    return CheckInOut(
        day=k.day,
        sent_at=k.sent_at,
        expires_at=k.expires_at,
        answer=k.answer,
        answered_at=k.answered_at,
        message=k.message,
    )


class WelfareController(Controller):
    path = "/welfare"

    @get("/cases", summary="Welfare cases, newest first (open ones only with open=true)")
    async def cases(self, welfare: NamedDependency[WelfareArea], open: FromQuery[bool] = False) -> WelfareCases:
        found = await welfare.cases.cases(open_only=open)
        live, flagged = open_counts(found)
        return WelfareCases(cases=[case_out(v) for v in found], open=live, flagged=flagged)

    @post("/cases/{case_id:str}/open", status_code=200, summary="A staff member opened the case (audited once)")
    async def open_case(
        self, welfare: NamedDependency[WelfareArea], admin: NamedDependency[AdminUser], case_id: FromPath[str]
    ) -> WelfareCaseOut:
        return case_out(await welfare.cases.open(admin.email, case_id))

    @post(
        "/cases/{case_id:str}/close",
        status_code=200,
        summary="Close the case with a note (audited)",
        dto=CoreChecked,
        return_dto=None,
    )
    async def close_case(
        self,
        welfare: NamedDependency[WelfareArea],
        admin: NamedDependency[AdminUser],
        case_id: FromPath[str],
        data: JSONBody[CloseCase],
    ) -> WelfareCaseOut:
        return case_out(await welfare.cases.close(admin.email, case_id, to_core(data).get("note")))

    @get("/expiring", summary="Documents expiring soon today, by kind (the expiry watch's windows)")
    async def expiring(self, welfare: NamedDependency[WelfareArea]) -> Expiring:
        found = await welfare.watch.expiring()
        counts: dict[str, int] = {}
        for _, e in found:
            counts[e.version.kind.value] = counts.get(e.version.kind.value, 0) + 1
        documents = [
            ExpiringDocument(
                application_id=r.id,
                applicant_name=r.application.data.applicant_name,
                kind=e.version.kind.value,
                expires_on=e.expires_on,
                owner_name=r.owner_name,
            )
            for r, e in found
        ]
        return Expiring(counts=counts, documents=documents)

    @get("/expiry-windows", summary="The expiry watch's window per document type, with its version")
    async def expiry_windows(self, welfare: NamedDependency[WelfareArea]) -> ExpiryWindowsOut:
        return windows_out(await welfare.windows.stored())

    @put(
        "/expiry-windows",
        summary="Set the expiry windows on the version read (audited; 409 when they changed meanwhile)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def set_expiry_windows(
        self,
        welfare: NamedDependency[WelfareArea],
        admin: NamedDependency[AdminUser],
        data: JSONBody[ExpiryWindowsIn],
    ) -> ExpiryWindowsOut:
        body = to_core(data)
        expected = json_whole_number(body.get("expectedVersion"))
        if expected is None:
            raise Rejected({"expectedVersion": "Send the version of the windows the change was made on"})
        return windows_out(await welfare.windows.set(admin.email, body, expected))


class ApplicantWelfareController(Controller):
    path = "/applications/{application_id:str}/welfare"

    @get("/", summary="The applicant's welfare check-ins and cases")
    async def welfare(self, welfare: NamedDependency[WelfareArea], application_id: FromPath[str]) -> ApplicantWelfare:
        check_ins = await welfare.cases.check_ins(application_id)
        cases = await welfare.cases.cases(application_id=application_id)
        return ApplicantWelfare(
            application_id=application_id,
            check_ins=[check_in_out(k) for k in check_ins],
            cases=[case_out(v) for v in cases],
        )


__all__ = ["ApplicantWelfareController", "WelfareController"]
