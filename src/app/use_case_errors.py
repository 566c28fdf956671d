"""The one place that turns a use case's refusal (:mod:`agency_core.errors`) into its HTTP answer.

Used by the whole app (:func:`app.api.errors.exception_handlers`) and the admin router:
422 ``{"errors": {...}}``; 404, 409 and 503 ``{"message": ...}`` (a duplicate application's 409
adds ``applicationId``; checks that failed add ``failing``, one message each); a sign-in refusal
gets its own status (with ``Retry-After`` when throttled); the payment gateway being unreachable is 502.
"""

from __future__ import annotations

import math
from typing import Any, Final

from litestar import MediaType, Request, Response
from litestar.types import ExceptionHandlersMap

from agency_core.errors import (
    ChecksFailed,
    Conflict,
    NotFound,
    Refusal,
    Rejected,
    SignInRefused,
    Unavailable,
    UseCaseError,
)
from agency_core.payments.model import GATEWAY_DOWN, GatewayUnavailable
from app.error_bodies import ErrorMessage, FailedChecks, ValidationErrors

REFUSAL_STATUS: Final = {
    Refusal.MISSING_CREDENTIALS: 400,
    Refusal.THROTTLED: 429,
    Refusal.BAD_CREDENTIALS: 401,
    Refusal.IDENTITY_UNAVAILABLE: 503,
    Refusal.ROLE_CHECK_FAILED: 503,
    Refusal.NOT_AUTHORIZED: 403,
    Refusal.SIGN_OUT_FAILED: 500,
}
"""The HTTP status of each sign-in refusal."""

_STATUS: Final[tuple[tuple[type[UseCaseError], int], ...]] = (
    (NotFound, 404),
    (Conflict, 409),
    (Unavailable, 503),
)


ErrorBody = ErrorMessage | ValidationErrors | FailedChecks


def _json(status: int, body: ErrorBody, headers: dict[str, str] | None = None) -> Response[ErrorBody]:
    return Response(body, status_code=status, media_type=MediaType.JSON, headers=headers)


def use_case_error_response(_: Request[Any, Any, Any], exc: UseCaseError) -> Response[ErrorBody]:
    if isinstance(exc, Rejected):
        return _json(422, ValidationErrors(dict(exc.errors)))
    if isinstance(exc, SignInRefused):
        throttled = exc.reason is Refusal.THROTTLED
        headers = {"Retry-After": str(math.ceil(exc.retry_after_s))} if throttled else None
        return _json(REFUSAL_STATUS[exc.reason], ErrorMessage(exc.message), headers)
    if isinstance(exc, ChecksFailed):
        return _json(409, FailedChecks(exc.message, list(exc.failing)))
    status = next((code for kind, code in _STATUS if isinstance(exc, kind)), 400)
    return _json(status, ErrorMessage(exc.message))


def _gateway_down(_: Request[Any, Any, Any], __: GatewayUnavailable) -> Response[ErrorBody]:
    return _json(502, ErrorMessage(GATEWAY_DOWN))


USE_CASE_ERRORS: Final[ExceptionHandlersMap] = {
    UseCaseError: use_case_error_response,
    GatewayUnavailable: _gateway_down,
}
"""The exception handlers of every refusal of the core; merged into the app's and the admin router's."""
