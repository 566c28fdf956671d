"""``/api/admin/session`` (sign in, who am I, sign out) and ``/api/admin/demo-credentials``.

The use case is :class:`agency_core.signin.service.SignIn`; these handlers turn its results into the
answers, cookies and log lines of the admin API (its refusals are answered by :mod:`app.use_case_errors`).
"""

from __future__ import annotations

from typing import Any, cast

import msgspec
from litestar import Request, Response, delete, get, post
from litestar.di import NamedDependency
from litestar.exceptions import ValidationException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import JSONBody

from agency_core.errors import Refusal, SignInRefused
from agency_core.signin.identity import DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, NOT_SIGNED_IN, AdminUser
from agency_core.signin.service import EMAIL_AND_PASSWORD_REQUIRED, SignIn
from app.admin.security import (
    PUBLIC,
    SESSION_COOKIE,
    AdminCookies,
    admin_error,
    check_admin,
    current_session,
    end_session_cookies,
    ensure_csrf_cookie,
    log,
    make_csrf_token,
    set_csrf_cookie,
    set_session_cookies,
)
from app.api.schemas import ErrorMessage
from app.client_address import client_address
from app.metrics import count_sign_in_refusal


class Credentials(msgspec.Struct, forbid_unknown_fields=False):
    email: str
    password: str


class SessionUser(msgspec.Struct):
    """The signed-in admin (spec section 3)."""

    id: str
    email: str
    name: str


class DemoCredentials(msgspec.Struct):
    email: str
    password: str


Answer = Response[SessionUser]
"""The session routes answer the admin (200), or an :class:`ErrorMessage` with the error status
documented in the route's ``responses``."""


def _user(admin: AdminUser) -> SessionUser:
    return SessionUser(admin.id, admin.email, admin.name)


def _message(status: int, message: str) -> Answer:
    # The body is an ErrorMessage; typed as the route's answer so its 200 schema stays SessionUser.
    return cast(Answer, Response(ErrorMessage(message), status_code=status))


def _bad_body(_: Request[Any, Any, Any], __: ValidationException) -> Answer:
    return _message(400, EMAIL_AND_PASSWORD_REQUIRED)


def _log_refusal(refused: SignInRefused, email: str, ip: str) -> None:
    count_sign_in_refusal(refused.reason.value)
    match refused.reason:
        case Refusal.THROTTLED:
            log.info("admin sign-in limited", email=email, ip=ip)
        case Refusal.BAD_CREDENTIALS:
            log.info("admin sign-in refused", email=email, ip=ip)
        case Refusal.IDENTITY_UNAVAILABLE:
            log.error("identity provider unavailable", error=refused.detail)
        case Refusal.ROLE_CHECK_FAILED:
            log.error("role check failed", email=email, error=refused.detail)
        case Refusal.NOT_AUTHORIZED:
            log.info("admin sign-in not authorized", email=email)
        case _:
            return


REFUSALS = {
    status: ResponseSpec(ErrorMessage, description=description, generate_examples=False)
    for status, description in (
        (400, "Email or password missing"),
        (401, "Wrong credentials"),
        (403, "Not an admin, or CSRF token missing or invalid"),
        (429, "Too many failed sign-ins (Retry-After)"),
        (503, "Identity provider or role check unavailable"),
    )
}


@post(
    "/session",
    opt={PUBLIC: True},
    status_code=200,
    summary="Sign in",
    exception_handlers={ValidationException: _bad_body},
    responses=REFUSALS,
)
async def sign_in(
    request: Request[Any, Any, Any],
    sign_in: NamedDependency[SignIn],
    admin_cookies: NamedDependency[AdminCookies],
    data: JSONBody[Credentials],
) -> Answer:
    ip = client_address(request)
    try:
        outcome = await sign_in.sign_in(
            data.email,
            data.password,
            ip=ip,
            previous_token=request.cookies.get(SESSION_COOKIE),
            csrf_token=make_csrf_token(admin_cookies.secret_key),
        )
    except SignInRefused as refused:
        _log_refusal(refused, data.email.strip().lower(), ip)
        raise  # answered by app.use_case_errors (status, message, Retry-After)
    log.info("admin signed in", user_id=outcome.admin.id)
    response: Answer = Response(_user(outcome.admin), status_code=200)
    set_session_cookies(response, request, admin_cookies, outcome.session)
    return response


@get(
    "/session",
    opt={PUBLIC: True},
    summary="The signed-in admin",
    responses={
        401: ResponseSpec(ErrorMessage, description="Not signed in", generate_examples=False),
        403: ResponseSpec(ErrorMessage, description="No longer an admin: the session ends", generate_examples=False),
        503: ResponseSpec(ErrorMessage, description="Role check unavailable", generate_examples=False),
    },
)
async def who_am_i(
    request: Request[Any, Any, Any], sign_in: NamedDependency[SignIn], admin_cookies: NamedDependency[AdminCookies]
) -> Answer:
    session = current_session(request)
    if session is None:
        response = _message(401, NOT_SIGNED_IN)
        if request.cookies.get(SESSION_COOKIE):
            end_session_cookies(response)
        ensure_csrf_cookie(response, request, admin_cookies)
        return response
    admin = await check_admin(sign_in, session)
    response = Response(_user(admin), status_code=200)
    set_csrf_cookie(response, request, admin_cookies, session.csrf_token)
    return response


@delete(
    "/session",
    opt={PUBLIC: True},
    status_code=204,
    summary="Sign out",
    responses={
        403: ResponseSpec(ErrorMessage, description="CSRF token missing or invalid", generate_examples=False),
        500: ResponseSpec(ErrorMessage, description="The session could not be ended", generate_examples=False),
    },
)
async def sign_out(
    request: Request[Any, Any, Any], sign_in: NamedDependency[SignIn], admin_cookies: NamedDependency[AdminCookies]
) -> Response[None]:
    try:
        await sign_in.sign_out(request.cookies.get(SESSION_COOKIE), current_session(request))
    except SignInRefused as refused:
        log.error("sign-out failed", error=refused.detail)
        raise admin_error(refused) from None
    response: Response[None] = Response(None, status_code=204)
    end_session_cookies(response)
    set_csrf_cookie(response, request, admin_cookies, make_csrf_token(admin_cookies.secret_key))
    return response


@get("/demo-credentials", opt={PUBLIC: True}, summary="Demo mode only: the default admin's credentials")
async def demo_credentials() -> DemoCredentials:
    return DemoCredentials(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
