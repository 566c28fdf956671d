"""``/api/admin/applications``: list with filters, CSV export, detail, files, status changes."""

from __future__ import annotations

from typing import Annotated, Any, Final

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter, SkipValidation

from agency_core.errors import NotFound, Rejected
from agency_core.payments.refund_service import RefundService
from agency_core.ports import FileStore
from agency_core.signin.identity import AdminUser
from agency_core.spec.forms import form_fields
from agency_core.spec.validation import APPLICATION
from agency_core.staff.applications import ApplicationsAdmin
from agency_core.staff.csv_export import form_columns
from agency_core.staff.notes_service import NotesService
from agency_core.staff.query import ApplicationQuery, ApplicationQueryInput, parse_application_query, unknown_filter
from app.admin.common import CONFLICT, csv_response, page_request, private_file
from app.admin.schemas.applications import (
    ApplicationDetail,
    ApplicationNeighbours,
    ApplicationSummary,
    StatusChange,
    application_detail,
    application_neighbours,
    application_summary,
    payment_values,
)
from app.admin.schemas.common import Page, page_of, to_core
from app.admin.schemas.refunds import refunded_by_application
from app.checked_body import CoreChecked

FILE_FIELDS = ("cv", "passport", "photo")
CSV_START = ("applicationId", "createdAt", "status", "opened")
CSV_FIELDS = form_columns(APPLICATION)
VIEW_HELP = "today: submitted today; new: still received; unread: never opened"
PAYMENT_CSV_FIELDS = ("payment", "paymentReference", "paymentAmount", "paymentCurrency", "paymentChannel", "paidAt")
OWNER_CSV_FIELDS = ("owner", "lastNoteAt")
MINE = "me"
OwnerFilter = Annotated[
    str | None, QueryParameter(description="A staff member's id, or \"me\" for the signed-in one's applications")
]


def mine(owner: str | None, admin: AdminUser) -> str | None:
    """The ``owner`` filter with "me" read as the signed-in staff member."""
    return admin.id if (owner or "").strip() == MINE else owner


def _query(
    q: str | None,
    status: str | None,
    job_category: str | None,
    country: str | None,
    start: str | None,
    end: str | None,
    payment: str | None = None,
    job_id: str | None = None,
    view: str | None = None,
    owner: str | None = None,
) -> ApplicationQuery:
    sent = ApplicationQueryInput(
        q=q,
        status=status,
        job_category=job_category,
        preferred_country=country,
        start=start,
        end=end,
        payment=payment,
        job_id=job_id,
        view=view,
        owner=owner,
    )
    return parse_application_query(sent)


def filtered_applications(
    admin: NamedDependency[AdminUser],
    q: FromQuery[str | None] = None,
    status: FromQuery[str | None] = None,
    job_category: Annotated[str | None, QueryParameter(name="jobCategory")] = None,
    preferred_country: Annotated[str | None, QueryParameter(name="preferredCountry")] = None,
    date_from: Annotated[str | None, QueryParameter(name="from")] = None,
    date_to: Annotated[str | None, QueryParameter(name="to")] = None,
    payment: FromQuery[str | None] = None,
    job_id: Annotated[str | None, QueryParameter(name="jobId")] = None,
    view: Annotated[str | None, QueryParameter(description=VIEW_HELP)] = None,
    owner: OwnerFilter = None,
) -> ApplicationQuery:
    """The list's filters, shared by the list, its CSV export and next/previous ("me" is the signed-in one)."""
    return _query(
        q, status, job_category, preferred_country, date_from, date_to, payment, job_id, view, mine(owner, admin)
    )


FILTERS: Final = {"filters": Provide(filtered_applications, sync_to_thread=False)}
"""The filtered list's query parameters, read once for the three routes that take them."""


class ApplicationsController(Controller):
    path = "/applications"

    @get("/", summary="Applications, newest first, filtered and paginated", dependencies=FILTERS)
    async def list_applications(
        self,
        applications_admin: NamedDependency[ApplicationsAdmin],
        filters: NamedDependency[ApplicationQuery],
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
    ) -> Page[ApplicationSummary]:
        found = await applications_admin.applications(filters, page_request(page, page_size))
        shown = await applications_admin.shown_payments(found.items)
        return page_of(found, lambda r: application_summary(r, shown[r.id]))

    @get("/export.csv", summary="CSV of the filtered list (audited)", dependencies=FILTERS)
    async def export(
        self,
        applications_admin: NamedDependency[ApplicationsAdmin],
        notes: NamedDependency[NotesService],
        admin: NamedDependency[AdminUser],
        refunds: NamedDependency[RefundService],
        filters: NamedDependency[ApplicationQuery],
        request: Request[Any, Any, Any],
    ) -> Response[str]:
        unknown = unknown_filter(request.query_params.keys())
        if unknown is not None:  # a misspelt filter would export every application
            raise Rejected({unknown[0]: unknown[1]})
        rows = list(await applications_admin.export_applications(admin.email, filters))
        last_notes = await notes.last_note_dates([r.id for r in rows])
        refunded = await refunded_by_application(refunds, rows)
        header = (
            *CSV_START,
            *CSV_FIELDS,
            "jobTitle",
            "files",
            *PAYMENT_CSV_FIELDS,
            "refunded",
            *OWNER_CSV_FIELDS,
        )
        return csv_response(
            "applications",
            applications_admin.context.clock(),
            header,
            (
                (
                    r.id,
                    r.application.created_at,
                    r.status.value,
                    r.opened_at is not None,
                    *form_fields(r.application.data, CSV_FIELDS),
                    r.application.data.job_title or None,
                    [f.field for f in r.application.files],
                    r.payment.state.value,
                    *(payment_values(r)[name] for name in PAYMENT_CSV_FIELDS[1:]),
                    refunded.get(r.id, ""),
                    r.owner_name,
                    last_notes.get(r.id),
                )
                for r in rows
            ),
        )

    @get(
        "/{application_id:str}/neighbours",
        summary="The applications before and after this one in the filtered list (next and previous)",
        dependencies=FILTERS,
    )
    async def neighbours(
        self,
        applications_admin: NamedDependency[ApplicationsAdmin],
        application_id: FromPath[str],
        filters: NamedDependency[ApplicationQuery],
    ) -> ApplicationNeighbours:
        """Position 0 (and no neighbours) when the application is not in the list: a guessed ID tells nothing."""
        return application_neighbours(await applications_admin.application_neighbours(application_id, filters))

    @get("/{application_id:str}", summary="Every field, files and SMS history; marks it opened")
    async def detail(
        self,
        applications_admin: NamedDependency[ApplicationsAdmin],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
    ) -> ApplicationDetail:
        return application_detail(await applications_admin.open_application(application_id, admin.email))

    @get("/{application_id:str}/files/{field:str}", summary="Download an uploaded file")
    async def download(
        self,
        applications_admin: NamedDependency[ApplicationsAdmin],
        admin: NamedDependency[AdminUser],
        files: NamedDependency[SkipValidation[FileStore]],
        application_id: FromPath[str],
        field: FromPath[str],
    ) -> Response[bytes]:
        """The file decrypted (documents are encrypted at rest); the download is audited."""
        if field not in FILE_FIELDS:
            raise NotFound("File")
        _, key, content_type, filename = await applications_admin.application_file(application_id, field, admin.email)
        return await private_file(files, key, content_type, filename)

    @post(
        "/{application_id:str}/status",
        status_code=200,
        summary="Move the status on; queues the status SMS",
        responses={409: CONFLICT},
        dto=CoreChecked,
        return_dto=None,
    )
    async def change_status(
        self,
        applications_admin: NamedDependency[ApplicationsAdmin],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[StatusChange],
    ) -> ApplicationDetail:
        detail = await applications_admin.change_status(admin.email, application_id, to_core(data).get("status"))
        return application_detail(detail)
