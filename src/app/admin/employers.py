"""``/api/admin/employers``, ``/api/admin/job-orders`` and ``/api/admin/job-links``: employers (list
with search, create, edit), job orders (create, edit, the approval reference, the compliance
override, the demand letter and power of attorney, kept sealed, downloads audited) and the jobs of
the board linked to an order. Every change is audited (who, when, what); errors go through the one
error map (422 by field, 404, 409)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Response, delete, get, post, put
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Body as BodyParam
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter, SkipValidation

from agency_core.employers.employers_admin import EmployersAdmin
from agency_core.employers.orders_admin import ORDER_FILE_RULE, OrdersAdmin
from agency_core.employers.packs import PacksAdmin
from agency_core.errors import NotFound, Rejected
from agency_core.ports import FileStore
from agency_core.signin.identity import AdminUser
from agency_core.spec.uploads import SentFile
from app.admin.common import CONFLICT, page_request, private_file
from app.admin.schemas.common import UNSET, Body, Page, page_of, to_core
from app.admin.schemas.employers import (
    ApprovalIn,
    EmployerIn,
    EmployerOut,
    JobLinks,
    JobOrders,
    LinkIn,
    OrderIn,
    OrderOut,
    OverrideIn,
    employer_out,
    job_link_out,
    order_out,
)
from app.admin.schemas.packs import figures_out
from app.checked_body import CoreChecked
from app.error_bodies import ErrorMessage

CHOOSE_FILE = "Choose a file to upload"
UNKNOWN_EMPLOYER = ResponseSpec(ErrorMessage, description="No employer has that employerId", generate_examples=False)


def _expected(data: dict[str, object]) -> int | None:
    raw = data.get("expectedVersion")
    return raw if isinstance(raw, int) and not isinstance(raw, bool) else None


class OrderFileUpload(Body):
    """multipart/form-data: ``kind`` (``demand_letter`` or ``power_of_attorney``) and ``file``
    (.pdf, .jpg, .jpeg, .png; at most 5MB, its content what its extension says, as a CV's)."""

    kind: str = UNSET
    file: UploadFile = UNSET


class EmployersController(Controller):
    path = "/employers"

    @get("/", summary="Employers by company; q finds them as applicants are found (folded words or a phone)")
    async def list_employers(
        self,
        employers_admin: NamedDependency[EmployersAdmin],
        q: FromQuery[str | None] = None,
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[EmployerOut]:
        return page_of(await employers_admin.employers(q or "", page_request(page, page_size)), employer_out)

    @post("/", status_code=201, summary="Create an employer (audited)", dto=CoreChecked, return_dto=None)
    async def create(
        self,
        employers_admin: NamedDependency[EmployersAdmin],
        admin: NamedDependency[AdminUser],
        data: JSONBody[EmployerIn],
    ) -> EmployerOut:
        return employer_out(await employers_admin.create(admin.email, to_core(data)))

    @get("/{employer_id:str}", summary="One employer")
    async def detail(self, employers_admin: NamedDependency[EmployersAdmin], employer_id: FromPath[str]) -> EmployerOut:
        return employer_out(await employers_admin.employer(employer_id))

    @put(
        "/{employer_id:str}",
        summary="Edit an employer (audited with the fields it changed)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def update(
        self,
        employers_admin: NamedDependency[EmployersAdmin],
        admin: NamedDependency[AdminUser],
        employer_id: FromPath[str],
        data: JSONBody[EmployerIn],
    ) -> EmployerOut:
        body = to_core(data)
        return employer_out(await employers_admin.update(admin.email, employer_id, body, _expected(body)))


class JobOrdersController(Controller):
    path = "/job-orders"

    @get("/", summary="Job orders, newest first (of one employer with employerId), each with its fill")
    async def list_orders(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        employer_id: Annotated[str | None, QueryParameter(name="employerId")] = None,
    ) -> JobOrders:
        return JobOrders(items=[order_out(v) for v in await orders_admin.orders(employer_id or None)])

    @post(
        "/",
        status_code=201,
        summary="Create a job order (audited)",
        responses={404: UNKNOWN_EMPLOYER},
        dto=CoreChecked,
        return_dto=None,
    )
    async def create(
        self, orders_admin: NamedDependency[OrdersAdmin], admin: NamedDependency[AdminUser], data: JSONBody[OrderIn]
    ) -> OrderOut:
        return order_out(await orders_admin.create(admin.email, to_core(data)))

    @get(
        "/{order_id:str}",
        summary="One job order with its fill, jobs, CV packs' figures and what keeps its jobs from publishing",
    )
    async def detail(self, packs_admin: NamedDependency[PacksAdmin], order_id: FromPath[str]) -> OrderOut:
        figures = await packs_admin.figures(order_id)
        return msgspec.structs.replace(order_out(figures.order), packs=figures_out(figures.packs))

    @put(
        "/{order_id:str}",
        summary="Edit a job order (audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def update(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        data: JSONBody[OrderIn],
    ) -> OrderOut:
        body = to_core(data)
        return order_out(await orders_admin.update(admin.email, order_id, body, _expected(body)))

    @put(
        "/{order_id:str}/approval",
        summary="Set the Labour Department approval reference (labour certificate or MoU; audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def approval(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        data: JSONBody[ApprovalIn],
    ) -> OrderOut:
        body = to_core(data)
        return order_out(await orders_admin.set_approval(admin.email, order_id, body, _expected(body)))

    @put(
        "/{order_id:str}/override",
        summary="Record a compliance override for domestic work in a GCC household (reason, who, when; audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def override(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        data: JSONBody[OverrideIn],
    ) -> OrderOut:
        body = to_core(data)
        return order_out(await orders_admin.record_override(admin.email, order_id, body, _expected(body)))

    @post(
        "/{order_id:str}/files",
        status_code=201,
        summary="Attach a demand letter or power of attorney (checked as a CV is, kept encrypted; audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def attach(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        admin: NamedDependency[AdminUser],
        order_id: FromPath[str],
        data: Annotated[OrderFileUpload, BodyParam(media_type=RequestEncodingType.MULTI_PART)],
    ) -> OrderOut:
        upload = data.file
        if not isinstance(upload, UploadFile):
            raise Rejected({"file": CHOOSE_FILE})
        content = await upload.read(ORDER_FILE_RULE.max_bytes + 1)
        sent = SentFile(upload.filename or "", content)
        return order_out(await orders_admin.attach(admin.email, order_id, data.kind, sent))

    @get("/{order_id:str}/files/{file_id:str}", summary="Download an order's file (decrypted; audited)")
    async def download(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        admin: NamedDependency[AdminUser],
        files: NamedDependency[SkipValidation[FileStore]],
        order_id: FromPath[str],
        file_id: FromPath[str],
    ) -> Response[bytes]:
        found = await orders_admin.download(admin.email, order_id, file_id)
        return await private_file(files, found.key, found.content_type, found.download_name)


class JobLinksController(Controller):
    """The jobs of the board and the order each is filled for."""

    path = "/job-links"

    @get("/", summary="Every job linked to an order (the jobs board shows each job's order)")
    async def list_links(self, orders_admin: NamedDependency[OrdersAdmin]) -> JobLinks:
        return JobLinks(items=[job_link_out(link) for link in await orders_admin.links()])

    @put(
        "/{job_id:str}",
        summary="Link a job to an order (an open job only to an order its rules let publish; audited)",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def link(
        self,
        orders_admin: NamedDependency[OrdersAdmin],
        admin: NamedDependency[AdminUser],
        job_id: FromPath[str],
        data: JSONBody[LinkIn],
    ) -> OrderOut:
        order_id = to_core(data).get("orderId")
        if not isinstance(order_id, str) or not order_id.strip():
            raise Rejected({"orderId": "Choose an order"})
        view = await orders_admin.link_job(admin.email, job_id, order_id.strip())
        if view is None:
            raise NotFound("Order")
        return order_out(view)

    @delete("/{job_id:str}", status_code=204, summary="Unlink a job from its order (audited)")
    async def unlink(
        self, orders_admin: NamedDependency[OrdersAdmin], admin: NamedDependency[AdminUser], job_id: FromPath[str]
    ) -> None:
        await orders_admin.link_job(admin.email, job_id, None)
