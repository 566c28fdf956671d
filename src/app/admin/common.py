"""Shared pieces of the admin area's controllers: pages, JSON shapes, CSV answers, errors."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, TypeVar

from litestar import MediaType, Request, Response
from litestar.types import ExceptionHandlersMap

from agency_core.admin import AuditEntry, Job, Page, PageRequest, check_page, parse_status, status_must_be, to_csv
from agency_core.admin_service import AdminProblem, Conflict, NotFound, Rejected
from agency_core.records import BlogPost, OutboxMessage

T = TypeVar("T")


def iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


S = TypeVar("S", bound=StrEnum)


def status_filter(raw: str | None, kind: type[S]) -> S | None:
    """A ``?status=`` filter: nothing when absent, 422 when not one of ``kind``."""
    if not raw:
        return None
    status = parse_status(raw, kind)
    if status is None:
        raise Rejected({"status": status_must_be(kind)})
    return status


def page_request(page: str | None, page_size: str | None) -> PageRequest:
    request, errors = check_page(page, page_size)
    if request is None:
        raise Rejected(errors)
    return request


def page_json(page: Page[T], item: Callable[[T], dict[str, Any]]) -> dict[str, Any]:
    return {"items": [item(i) for i in page.items], "total": page.total, "page": page.page, "pageSize": page.page_size}


def csv_response(name: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Response[str]:
    """``text/csv`` attachment ``<name>-YYYYMMDD.csv`` (UTC date), never cached."""
    filename = f"{name}-{datetime.now(UTC):%Y%m%d}.csv"
    return Response(
        to_csv(header, rows),
        media_type="text/csv",  # Litestar adds "; charset=utf-8" to text types
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def _problem(_: Request[Any, Any, Any], exc: AdminProblem) -> Response[dict[str, Any]]:
    if isinstance(exc, Rejected):
        return Response({"errors": exc.errors}, status_code=422, media_type=MediaType.JSON)
    status = 404 if isinstance(exc, NotFound) else 409 if isinstance(exc, Conflict) else 400
    message = exc.message if isinstance(exc, NotFound | Conflict) else str(exc)
    return Response({"message": message}, status_code=status, media_type=MediaType.JSON)


PROBLEMS: ExceptionHandlersMap = {AdminProblem: _problem}
"""Controllers' ``exception_handlers``: 422 ``{"errors"}``, 404/409 ``{"message"}``."""


def sms_json(m: OutboxMessage) -> dict[str, Any]:
    return {
        "id": m.id,
        "kind": m.kind,
        "phone": m.phone,
        "status": m.status.value,
        "attempts": m.attempts,
        "lastError": m.last_error,
        "createdAt": iso(m.created_at),
        "deliveredAt": iso(m.delivered_at),
    }


def job_json(job: Job) -> dict[str, Any]:
    return {
        "id": job.id,
        "title": job.title,
        "country": job.country,
        "category": job.category,
        "salaryRange": job.salary_range,
        "description": job.description,
        "status": job.status.value,
        "createdAt": iso(job.created_at),
        "updatedAt": iso(job.updated_at),
        "city": job.city,
        "employmentType": job.employment_type,
        "positions": job.positions,
        "salaryMin": job.salary_min,
        "salaryMax": job.salary_max,
        "salaryCurrency": job.salary_currency,
        "salaryPeriod": job.salary_period,
        "salary": job.salary,
        "requirements": job.requirements,
        "benefits": list(job.benefits),
        "closingDate": None if job.closing_date is None else job.closing_date.isoformat(),
        "publishedAt": iso(job.published_at),
    }


def post_json(post: BlogPost) -> dict[str, Any]:
    return {
        "id": post.id,
        "title": post.title,
        "excerpt": post.excerpt,
        "image": post.image,
        "author": post.author,
        "date": post.date,
        "content": post.content,
        "category": post.category,
        "tags": list(post.tags),
        "readTime": post.read_time,
        "featured": post.featured,
        "published": post.published,
        "updatedAt": iso(post.updated_at),
    }


def audit_json(entry: AuditEntry) -> dict[str, Any]:
    return {"id": entry.id, "actor": entry.actor, "action": entry.action, "target": entry.target, "at": iso(entry.at)}
