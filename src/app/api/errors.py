"""Every error as JSON: 422 ``{"errors": {...}}`` for form rules, ``{"message": ...}`` otherwise
(the core's refusals through :mod:`app.use_case_errors`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, SerializationException, ValidationException
from litestar.status_codes import (
    HTTP_400_BAD_REQUEST,
    HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    HTTP_429_TOO_MANY_REQUESTS,
    HTTP_500_INTERNAL_SERVER_ERROR,
)
from litestar.types import ExceptionHandlersMap

from app.error_bodies import ErrorMessage
from app.use_case_errors import USE_CASE_ERRORS

logger = logging.getLogger("agency.api")

INTERNAL_ERROR = "Something went wrong on our side. Please try again."


def _json(status: int, message: str, headers: Mapping[str, str] | None = None) -> Response[ErrorMessage]:
    return Response(ErrorMessage(message), status_code=status, media_type=MediaType.JSON, headers=dict(headers or {}))


def _body_message(exc: ValidationException) -> str:
    """Litestar's own decoding errors (malformed JSON, wrong types) as one readable line."""
    problems = exc.extra if isinstance(exc.extra, list) else []
    parts = []
    for problem in problems:
        if not isinstance(problem, dict):
            continue
        text = str(problem.get("message", "")).strip()
        key = problem.get("key")
        if key and key != "data":
            text = f"{text} (field {str(key).removeprefix('data.')})"
        if text:
            parts.append(text)
    detail = "; ".join(parts) or str(exc.detail)
    if "JSON" in detail or "malformed" in detail.lower():
        return f"The request body is not valid JSON: {detail}"
    return f"The request body does not have the expected shape: {detail}"


def _validation(_: Request[Any, Any, Any], exc: ValidationException) -> Response[ErrorMessage]:
    return _json(HTTP_400_BAD_REQUEST, _body_message(exc))


def _http(rate_limit_per_minute: int) -> Any:
    def handler(_: Request[Any, Any, Any], exc: HTTPException) -> Response[ErrorMessage]:
        status = exc.status_code
        if status == HTTP_413_REQUEST_ENTITY_TOO_LARGE:
            message = "The request body is too large."
        elif status == HTTP_429_TOO_MANY_REQUESTS:
            message = (
                f"Too many requests: at most {rate_limit_per_minute} submissions a minute from one address. "
                "Please wait a minute and try again."
            )
        elif isinstance(exc.__cause__, SerializationException):
            message = f"The request body is not valid JSON: {exc.detail}"
        elif status >= HTTP_500_INTERNAL_SERVER_ERROR:
            logger.error("http error", extra={"status": status, "detail": exc.detail})
            message = INTERNAL_ERROR
        else:
            message = str(exc.detail)
        return _json(status, message, exc.headers)

    return handler


def _unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[ErrorMessage]:
    logger.error(
        "unhandled error", exc_info=exc, extra={"method": request.method, "path": request.scope.get("path", "")}
    )
    return _json(HTTP_500_INTERNAL_SERVER_ERROR, INTERNAL_ERROR)


NOT_UTF8 = "The request is not valid UTF-8."
TOO_DEEP = "The request body is nested too deeply."
UNKNOWN_CHARSET = "The request names a character set this server does not know."


def _not_utf8(_: Request[Any, Any, Any], __: UnicodeDecodeError) -> Response[ErrorMessage]:
    # Raised while decoding what the client sent (JSON or multipart text parts).
    return _json(HTTP_400_BAD_REQUEST, NOT_UTF8)


def _too_deep(_: Request[Any, Any, Any], __: RecursionError) -> Response[ErrorMessage]:
    # msgspec refuses JSON nested deeper than it can decode.
    return _json(HTTP_400_BAD_REQUEST, TOO_DEEP)


def _lookup(request: Request[Any, Any, Any], exc: LookupError) -> Response[ErrorMessage]:
    """``codecs`` raises a bare LookupError for a multipart part's unknown ``charset=``; any
    other LookupError (KeyError, IndexError) is a bug of ours and stays a 500."""
    if type(exc) is LookupError and str(exc).startswith("unknown encoding"):
        return _json(HTTP_400_BAD_REQUEST, UNKNOWN_CHARSET)
    return _unexpected(request, exc)


def exception_handlers(rate_limit_per_minute: int) -> ExceptionHandlersMap:
    return {
        UnicodeDecodeError: _not_utf8,
        RecursionError: _too_deep,
        LookupError: _lookup,
        **USE_CASE_ERRORS,
        ValidationException: _validation,
        HTTPException: _http(rate_limit_per_minute),
        Exception: _unexpected,
    }
