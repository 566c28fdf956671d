"""``/api/admin/data-requests``: find everything held about a person by e-mail or phone, export it
as one ZIP, erase it (with the identifier typed again as confirmation). All three are audited."""

from __future__ import annotations

from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromQuery, JSONBody

from agency_core.errors import Rejected
from agency_core.privacy.data_requests import CONFIRM_MISMATCH, IDENTIFIER_INVALID, DataRequestService, parse_person
from agency_core.privacy.model import Person
from agency_core.signin.identity import AdminUser
from app.admin.schemas.common import to_core
from app.admin.schemas.data_requests import DataRequestResult, Erased, EraseRequest, data_request_result, erased
from app.checked_body import CoreChecked


def _person(raw: object) -> Person:
    person = parse_person(raw)
    if person is None:
        raise Rejected({"q": IDENTIFIER_INVALID})
    return person


class DataRequestsController(Controller):
    path = "/data-requests"

    @get("/", summary="Everything held about a person (q: e-mail or phone); audited")
    async def find(
        self,
        data_requests: NamedDependency[DataRequestService],
        admin: NamedDependency[AdminUser],
        q: FromQuery[str | None] = None,
    ) -> DataRequestResult:
        return data_request_result(await data_requests.find(admin.email, _person(q)))

    @get(
        "/export.zip",
        media_type="application/zip",
        summary="One ZIP: data.json plus the person's files, decrypted; audited",
    )
    async def export(
        self,
        data_requests: NamedDependency[DataRequestService],
        admin: NamedDependency[AdminUser],
        q: FromQuery[str | None] = None,
    ) -> Response[bytes]:
        person = _person(q)
        _, archive = await data_requests.export(admin.email, person)
        # ASCII only: a header value is Latin-1, and "ā" in an e-mail is a letter to isalnum().
        name = "data-request-" + "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in person.masked) + ".zip"
        return Response(
            archive,
            media_type="application/zip",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "private, no-store"},
        )

    @post(
        "/erase",
        status_code=200,
        summary="Erase everything held about a person; confirm with the same identifier",
        dto=CoreChecked,
        return_dto=None,
    )
    async def erase(
        self,
        data_requests: NamedDependency[DataRequestService],
        admin: NamedDependency[AdminUser],
        data: JSONBody[EraseRequest],
    ) -> Erased:
        body = to_core(data)
        person = _person(body.get("q"))
        confirm = parse_person(body.get("confirm"))
        if confirm != person:
            raise Rejected({"confirm": CONFIRM_MISMATCH})
        return erased(await data_requests.erase(admin.email, person), person)
