"""Shared pieces of the admin area's controllers: dependencies, filters, pages, CSV answers, private
file downloads, the 409 spec."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from typing import TypeVar

from litestar import Response
from litestar.openapi.datastructures import ResponseSpec

from agency_core.errors import NotFound, Rejected
from agency_core.paging import PageRequest, check_page
from agency_core.ports import FileStore
from agency_core.staff.csv_export import to_csv
from agency_core.staff.query import View, check_view, parse_status, status_must_be
from app.error_bodies import ErrorMessage


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


def view_filter(raw: str | None, allowed: Sequence[View]) -> View | None:
    """A ``?view=`` quick view: nothing when absent, 422 when not one of ``allowed``."""
    errors: dict[str, str] = {}
    view = check_view(raw, allowed, errors)
    if errors:
        raise Rejected(errors)
    return view


def page_request(page: str | None, page_size: str | None) -> PageRequest:
    request, errors = check_page(page, page_size)
    if request is None:
        raise Rejected(errors)
    return request


UTF8_BOM = "\ufeff"


def csv_response(name: str, now: datetime, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Response[str]:
    """``text/csv`` attachment ``<name>-YYYYMMDD.csv``, dated ``now`` (the app's clock) in UTC, never cached.
    It starts with the UTF-8 byte-order mark, so Excel on Windows reads "Ɔdɔm" as UTF-8, not in the local code page."""
    filename = f"{name}-{now.astimezone(UTC):%Y%m%d}.csv"
    return Response(
        UTF8_BOM + to_csv(header, rows),
        media_type="text/csv",  # Litestar adds "; charset=utf-8" to text types
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


async def private_file(files: FileStore, key: str, content_type: str, filename: str) -> Response[bytes]:
    """A staff download of a kept file (a CV, an order's letter, a document's scan): opened from its seal,
    sent as an attachment and never cached; 404 when it is gone or cannot be opened."""
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


CONFLICT: ResponseSpec = ResponseSpec(
    ErrorMessage, description="The record's current state does not allow the change", generate_examples=False
)
"""The 409 of a status change (documented with its body; the other errors come from :mod:`app.openapi_conformance`)."""
