"""Admin writes take the body type their handler declares, and nothing else: JSON, or the
multipart form of an upload.

One guard on the whole admin router (:func:`declared_body_only`), after the session and CSRF
checks, so a stranger learns nothing from it. A JSON body sent as ``text/plain`` or a form was
decoded and acted on before; now any write whose ``Content-Type`` is not the declared one answers
415 before its handler runs, so nothing is written. A write with no body and no ``Content-Type``
(sign-out, mark read) passes.
"""

from __future__ import annotations

from typing import Any, Final

from litestar.connection import ASGIConnection
from litestar.enums import RequestEncodingType
from litestar.handlers.base import BaseRouteHandler
from litestar.params import BodyKwarg
from litestar.status_codes import HTTP_415_UNSUPPORTED_MEDIA_TYPE

from app.admin.security import SAFE_METHODS, AdminError

JSON: Final = RequestEncodingType.JSON.value


def declared_body_type(handler: BaseRouteHandler) -> str:
    """The media type of the handler's ``data`` (``Body(media_type=...)``); JSON when it names none."""
    data = handler.parsed_data_field
    kwarg = data.kwarg_definition if data is not None else None
    if isinstance(kwarg, BodyKwarg):
        return str(RequestEncodingType(kwarg.media_type).value)
    return JSON


def _sent_type(connection: ASGIConnection[Any, Any, Any, Any]) -> str:
    return connection.headers.get("content-type", "").split(";")[0].strip().lower()


def _has_body(connection: ASGIConnection[Any, Any, Any, Any]) -> bool:
    length = connection.headers.get("content-length", "").strip()
    return "transfer-encoding" in connection.headers or (length not in ("", "0"))


async def declared_body_only(connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler) -> None:
    """415 for a write whose body is not of the declared type (async: no thread hop per request)."""
    if connection.scope.get("method", "GET") in SAFE_METHODS:
        return
    sent = _sent_type(connection)
    if not sent and not _has_body(connection):
        return
    expected = declared_body_type(handler)
    if sent != expected:
        raise AdminError(
            HTTP_415_UNSUPPORTED_MEDIA_TYPE, f"Unsupported content type {sent or '(none)'!r}: send {expected}."
        )
