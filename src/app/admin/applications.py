"""``/api/admin/applications``: list with filters, CSV export, detail, files, status changes."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody, QueryParameter, SkipValidation

from agency_core.admin import ApplicationQuery, ApplicationRecord, check_application_query, next_statuses
from agency_core.admin_service import AdminService, ApplicationDetail, NotFound, Rejected
from agency_core.identity import AdminUser
from agency_core.payments import Fee
from agency_core.ports import FileStore
from app.admin.common import PROBLEMS, csv_response, iso, page_json, page_request, sms_json

FILE_FIELDS = ("cv", "passport", "photo")
CSV_FIELDS = (
    "firstName",
    "lastName",
    "email",
    "phone",
    "country",
    "city",
    "dateOfBirth",
    "nationality",
    "preferredCountry",
    "jobCategory",
    "experience",
    "education",
    "languages",
    "availability",
    "salary",
    "hasPassport",
    "passportNumber",
    "passportExpiry",
    "additionalInfo",
)
PAYMENT_CSV_FIELDS = ("payment", "paymentReference", "paymentAmount", "paymentCurrency", "paymentChannel", "paidAt")


def summary_json(record: ApplicationRecord) -> dict[str, Any]:
    data = record.application.data
    return {
        "applicationId": record.id,
        "firstName": data.get("firstName"),
        "lastName": data.get("lastName"),
        "email": data.get("email"),
        "phone": data.get("phone"),
        "jobCategory": data.get("jobCategory"),
        "preferredCountry": data.get("preferredCountry"),
        "jobId": data.get("jobId"),
        "jobTitle": data.get("jobTitle"),
        "status": record.status.value,
        "createdAt": iso(record.application.created_at),
        "opened": record.opened_at is not None,
        "payment": record.payment.state.value,
    }


def payment_json(record: ApplicationRecord) -> dict[str, Any]:
    """The processing fee's record (amount in the currency's main unit, e.g. ``"50"``)."""
    pay = record.payment
    return {
        "paymentReference": pay.reference,
        "paymentAmount": None if pay.amount_minor is None else Fee(pay.amount_minor, pay.currency or "").major,
        "paymentCurrency": pay.currency,
        "paymentChannel": pay.channel,
        "paidAt": iso(pay.paid_at),
        "paymentUpdatedAt": iso(pay.updated_at),
    }


def detail_json(detail: ApplicationDetail) -> dict[str, Any]:
    record = detail.record
    base = f"/api/admin/applications/{record.id}/files"
    return {
        **{k: (list(v) if isinstance(v, list | tuple) else v) for k, v in record.application.data.items()},
        **summary_json(record),
        **payment_json(record),
        "openedAt": iso(record.opened_at),
        "nextStatuses": [s.value for s in next_statuses(record.status)],
        "files": [
            {
                "field": f.field,
                "filename": f.filename,
                "size": f.size,
                "contentType": f.content_type,
                "url": f"{base}/{f.field}",
            }
            for f in record.application.files
        ],
        "sms": [sms_json(m) for m in detail.sms],
    }


def _query(
    q: str | None,
    status: str | None,
    job_category: str | None,
    country: str | None,
    start: str | None,
    end: str | None,
    payment: str | None = None,
    job_id: str | None = None,
) -> ApplicationQuery:
    query, errors = check_application_query(
        {
            "q": q,
            "status": status,
            "jobCategory": job_category,
            "preferredCountry": country,
            "from": start,
            "to": end,
            "payment": payment,
            "jobId": job_id,
        }
    )
    if query is None:
        raise Rejected(errors)
    return query


class ApplicationsController(Controller):
    path = "/applications"
    exception_handlers = PROBLEMS

    @get("/", summary="Applications, newest first, filtered and paginated")
    async def list_applications(
        self,
        area: NamedDependency[AdminService],
        q: FromQuery[str | None] = None,
        status: FromQuery[str | None] = None,
        job_category: Annotated[str | None, QueryParameter(name="jobCategory")] = None,
        preferred_country: Annotated[str | None, QueryParameter(name="preferredCountry")] = None,
        date_from: Annotated[str | None, QueryParameter(name="from")] = None,
        date_to: Annotated[str | None, QueryParameter(name="to")] = None,
        page: FromQuery[str | None] = None,
        page_size: Annotated[str | None, QueryParameter(name="pageSize")] = None,
        payment: FromQuery[str | None] = None,
        job_id: Annotated[str | None, QueryParameter(name="jobId")] = None,
    ) -> dict[str, Any]:
        query = _query(q, status, job_category, preferred_country, date_from, date_to, payment, job_id)
        found = await area.applications(query, page_request(page, page_size))
        return page_json(found, summary_json)

    @get("/export.csv", summary="CSV of the filtered list (audited)")
    async def export(
        self,
        area: NamedDependency[AdminService],
        admin: NamedDependency[AdminUser],
        q: FromQuery[str | None] = None,
        status: FromQuery[str | None] = None,
        job_category: Annotated[str | None, QueryParameter(name="jobCategory")] = None,
        preferred_country: Annotated[str | None, QueryParameter(name="preferredCountry")] = None,
        date_from: Annotated[str | None, QueryParameter(name="from")] = None,
        date_to: Annotated[str | None, QueryParameter(name="to")] = None,
        payment: FromQuery[str | None] = None,
        job_id: Annotated[str | None, QueryParameter(name="jobId")] = None,
    ) -> Response[str]:
        query = _query(q, status, job_category, preferred_country, date_from, date_to, payment, job_id)
        rows = await area.export_applications(admin.email, query)
        header = ("applicationId", "createdAt", "status", "opened", *CSV_FIELDS, "files", *PAYMENT_CSV_FIELDS)
        return csv_response(
            "applications",
            header,
            (
                (
                    r.id,
                    r.application.created_at,
                    r.status.value,
                    r.opened_at is not None,
                    *(r.application.data.get(name) for name in CSV_FIELDS),
                    [f.field for f in r.application.files],
                    r.payment.state.value,
                    *(payment_json(r)[name] for name in PAYMENT_CSV_FIELDS[1:]),
                )
                for r in rows
            ),
        )

    @get("/{application_id:str}", summary="Every field, files and SMS history; marks it opened")
    async def detail(
        self, area: NamedDependency[AdminService], admin: NamedDependency[AdminUser], application_id: FromPath[str]
    ) -> dict[str, Any]:
        return detail_json(await area.open_application(application_id, admin.email))

    @get("/{application_id:str}/files/{field:str}", summary="Download an uploaded file")
    async def download(
        self,
        area: NamedDependency[AdminService],
        admin: NamedDependency[AdminUser],
        files: NamedDependency[SkipValidation[FileStore]],
        application_id: FromPath[str],
        field: FromPath[str],
    ) -> Response[bytes]:
        """The file decrypted (documents are encrypted at rest); the download is audited."""
        if field not in FILE_FIELDS:
            raise NotFound("File")
        _, key, content_type, filename = await area.application_file(application_id, field, admin.email)
        try:
            content = await files.read(key)
        except ValueError as exc:
            raise NotFound("File") from exc
        if content is None:
            raise NotFound("File")
        return Response(
            content,
            media_type=content_type,
            headers={
                "Content-Disposition": f'attachment; filename="{filename}"',
                "Cache-Control": "private, no-store",
                "X-Content-Type-Options": "nosniff",
            },
        )

    @post("/{application_id:str}/status", status_code=200, summary="Move the status on; queues the status SMS")
    async def change_status(
        self,
        area: NamedDependency[AdminService],
        admin: NamedDependency[AdminUser],
        application_id: FromPath[str],
        data: JSONBody[dict[str, Any]],
    ) -> dict[str, Any]:
        detail = await area.change_status(admin.email, application_id, data.get("status"))
        return detail_json(detail)
