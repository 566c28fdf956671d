"""``/api/admin/data-requests``: find everything held about a person by e-mail or phone, export it
as one ZIP, erase it (with the identifier typed again as confirmation). All three are audited."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromQuery, JSONBody

from agency_core.admin_service import Rejected
from agency_core.data_requests import (
    CONFIRM_MISMATCH,
    IDENTIFIER_INVALID,
    DataRequestService,
    Person,
    PersonalData,
    export_json,
    parse_person,
)
from agency_core.identity import AdminUser
from app.admin.common import PROBLEMS


def _person(raw: object) -> Person:
    person = parse_person(raw)
    if person is None:
        raise Rejected({"q": IDENTIFIER_INVALID})
    return person


def found_json(found: PersonalData) -> dict[str, Any]:
    return {"query": found.person.raw, "counts": found.counts(), **export_json(found)}


class DataRequestsController(Controller):
    path = "/data-requests"
    exception_handlers = PROBLEMS

    @get("/", summary="Everything held about a person (q: e-mail or phone); audited")
    async def find(
        self,
        data_requests: NamedDependency[DataRequestService],
        admin: NamedDependency[AdminUser],
        q: FromQuery[str | None] = None,
    ) -> dict[str, Any]:
        return found_json(await data_requests.find(admin.email, _person(q)))

    @get("/export.zip", summary="One ZIP: data.json plus the person's files, decrypted; audited")
    async def export(
        self,
        data_requests: NamedDependency[DataRequestService],
        admin: NamedDependency[AdminUser],
        q: FromQuery[str | None] = None,
    ) -> Response[bytes]:
        person = _person(q)
        _, archive = await data_requests.export(admin.email, person)
        name = "data-request-" + "".join(ch if ch.isalnum() else "-" for ch in person.masked) + ".zip"
        return Response(
            archive,
            media_type="application/zip",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-store"},
        )

    @post("/erase", status_code=200, summary="Erase everything held about a person; confirm with the same identifier")
    async def erase(
        self,
        data_requests: NamedDependency[DataRequestService],
        admin: NamedDependency[AdminUser],
        data: JSONBody[dict[str, Any]],
    ) -> dict[str, Any]:
        person = _person(data.get("q"))
        confirm = parse_person(data.get("confirm"))
        if confirm != person:
            raise Rejected({"confirm": CONFIRM_MISMATCH})
        found = await data_requests.erase(admin.email, person)
        return {"erased": found.counts(), "masked": person.masked}
